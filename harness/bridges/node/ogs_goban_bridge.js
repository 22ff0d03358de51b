#!/usr/bin/env node
// OGS's rule engine (npm goban, the GobanEngine under online-go.com) as a rulediff referee,
// over rulediff's JSON-lines referee protocol. `--rules NAME` picks one of GobanEngine's rules
// presets (chinese, aga, japanese, korean, ing, nz), which set allow_superko,
// superko_algorithm and allow_self_capture (GobanEngine.ts, the `switch (rules)` of its
// defaults). A move is GobanEngine#place(x, y, checkForKo = true, errorOnSuperKo = true), as
// the OGS client places a stone in play mode; a pass is place(-1, -1). The engine does not end
// games (after two passes the server runs the stone-removal phase): the bridge ends a game at
// two passes in a row, removes no stone, and reports GobanEngine#computeScore, the engine's
// count by the preset's scoring; hello says "ends": true.
//
// The package ships one browser bundle; its engine modules need no browser, so the bridge
// loads the bundle's engine entry (src/engine/index.ts) instead of the whole library.
'use strict'

const fs = require('fs')
const path = require('path')
const vm = require('vm')
const {serve, versionOf} = require('./rulediff_bridge')

function loadEngine() {
  const file = path.join(__dirname, 'node_modules', 'goban', 'build', 'goban.js')
  const entry = '__webpack_require__("./src/index.ts");'
  const text = fs.readFileSync(file, 'utf8')
  if (!text.includes(entry)) throw new Error('goban bundle without the expected entry point')
  const source = text.replace(entry, '__webpack_require__("./src/engine/index.ts");')
  const module_ = {exports: {}}
  globalThis.self = globalThis
  vm.runInThisContext('(function (module, exports, require) {' + source + '\n})', {filename: file})(
    module_,
    module_.exports,
    require
  )
  return module_.exports
}

const {GobanEngine} = loadEngine()
const at = process.argv.indexOf('--rules')
const rules = at >= 0 ? process.argv[at + 1] : 'chinese'
const RULES = {
  stone_already_placed_here: 'occupied',
  illegal_self_capture: 'suicide',
  illegal_ko_move: 'ko',
  illegal_board_repetition: 'superko'
}

let engine = null

const letter = n => String.fromCharCode(97 + n)

function start(setup) {
  const stones = {X: '', O: ''}
  setup.rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c !== '.') stones[c] += letter(x) + letter(y)
  }))
  engine = new GobanEngine({
    width: setup.width,
    height: setup.height,
    rules,
    komi: setup.komi,
    initial_player: setup.to_move === 'W' ? 'white' : 'black',
    initial_state: {black: stones.X, white: stones.O}
  })
}

// Tries a move; keeps it only when `keep`.
function tryMove(move, keep) {
  const before = engine.cur_move
  try {
    if (move === 'pass') engine.place(-1, -1)
    else engine.place(move[0], move[1], true, true)
  } catch (error) {
    const rule = RULES[error.message_id]
    if (!rule) throw error
    return {legal: false, rule}
  }
  if (!keep) engine.jumpTo(before)
  return {legal: true}
}

// Two passes in a row in the engine's move tree (MoveTree#passed; the root is no pass).
function twoPasses() {
  const last = engine.cur_move
  const before = last.parent
  return last.move_number > 0 && last.passed() && before && before.move_number > 0 && before.passed()
}

// GobanEngine plays no end of its own: on OGS two passes move the game to stone removal, run
// by the server. The bridge ends it there with no stone removed and reports the engine's own
// count, GobanEngine#computeScore(), by the preset's scoring (stones or territory, prisoners,
// komi, handicap): each colour's total.
function status() {
  if (!twoPasses()) return {over: false, ends: [], claims: []}
  const score = engine.computeScore(false)
  return {over: true, ends: ['two-passes'], result: {score: {B: score.black.total, W: score.white.total}}}
}

function answer(request) {
  switch (request.cmd) {
    case 'start':
      start(request.setup)
      return {}
    case 'judge':
      return tryMove(request.move, false)
    case 'play':
      return tryMove(request.move, true)
    case 'legal': {
      const moves = ['pass']
      for (let y = 0; y < engine.height; y++) {
        for (let x = 0; x < engine.width; x++) {
          if (!engine.board[y][x] && tryMove([x, y], false).legal) moves.push([x, y])
        }
      }
      return {moves}
    }
    case 'status':
      return status()
    default:
      throw new Error('unknown command ' + request.cmd)
  }
}

const probe = new GobanEngine({width: 3, height: 3, rules})
serve(
  {
    name: 'goban (OGS GobanEngine)',
    version: versionOf('goban'),
    family: 'go',
    rules:
      `rules preset "${rules}": allow_superko ${probe.allow_superko}, superko_algorithm ` +
      `"${probe.superko_algorithm}", allow_self_capture ${probe.allow_self_capture}; ` +
      'place(x, y, checkForKo, errorOnSuperKo) as the OGS client in play mode; ' +
      `at two passes computeScore() (score_stones ${probe.score_stones}, score_prisoners ` +
      `${probe.score_prisoners}, the game's komi)`,
    undo: false,
    ends: true
  },
  answer
)
