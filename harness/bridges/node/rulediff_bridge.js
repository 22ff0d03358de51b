// The framing of rulediff's JSON-lines referee protocol (version 2) for JavaScript bridges.
// A bridge hands `serve` its hello reply and a function answering one request; `serve` reads a
// request a line, echoes each request's id, answers `batch` requests in order, turns a thrown
// error into an {"error": ...} reply, and stops at `quit` or end of input. See
// docs/protocol.md.
'use strict'

const PROTOCOL = 2

function serve(hello, answer) {
  const one = request => {
    if (request.cmd === 'hello') return Object.assign({}, hello, {protocol: PROTOCOL})
    if (request.cmd === 'batch') return {replies: (request.requests || []).map(one)}
    try {
      return answer(request)
    } catch (error) {
      return {error: String(error && error.message ? error.message : error)}
    }
  }
  let pending = ''
  process.stdin.setEncoding('utf8')
  process.stdin.on('data', chunk => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop()
    let out = ''
    for (const line of lines) {
      if (!line.trim()) continue
      let request
      try {
        request = JSON.parse(line)
      } catch (error) {
        request = {cmd: 'not JSON'}
      }
      if (request.cmd === 'quit') {
        process.stdout.write(out)
        process.exit(0)
      }
      const reply = one(request)
      reply.id = request.id === undefined ? null : request.id
      out += JSON.stringify(reply) + '\n'
    }
    if (out) process.stdout.write(out)
  })
  process.stdin.on('end', () => process.exit(0))
}

// The version of a package installed beside the bridges, for hello (read from its
// package.json, which not every package exports).
function versionOf(name) {
  const fs = require('fs')
  const path = require('path')
  const file = path.join(__dirname, 'node_modules', name, 'package.json')
  return JSON.parse(fs.readFileSync(file, 'utf8')).version
}

module.exports = {serve, versionOf}
