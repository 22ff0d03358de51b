#!/usr/bin/env node
// Sabaki's Go board (npm @sabaki/go-board) as a rulediff referee, over rulediff's JSON-lines
// referee protocol. Legality is GoBoard#makeMove with preventOverwrite and preventKo, and
// preventSuicide unless started with --suicide; a pass is makeMove with a vertex off the board,
// which the package documents as equivalent to clone(). The package has no end of game or
// scoring: hello says "ends": false, and rulediff ends the game at two passes and counts.
'use strict'

const GoBoard = require('@sabaki/go-board')
const {serve, versionOf} = require('./rulediff_bridge')

const suicide = process.argv.includes('--suicide')
const options = {preventOverwrite: true, preventKo: true, preventSuicide: !suicide}
const RULES = {
  'Overwrite prevented': 'occupied',
  'Ko prevented': 'ko',
  'Suicide prevented': 'suicide'
}

let board = null
let sign = 1
const history = []

function after(move) {
  if (move === 'pass') return board.makeMove(sign, [-1, -1])
  if (!Array.isArray(move) || !board.has(move)) throw new Error('not a point: ' + JSON.stringify(move))
  return board.makeMove(sign, move, options)
}

function judge(move) {
  try {
    return {next: after(move), reply: {legal: true}}
  } catch (error) {
    const rule = RULES[error.message]
    if (!rule) throw error
    return {next: null, reply: {legal: false, rule}}
  }
}

function answer(request) {
  switch (request.cmd) {
    case 'start': {
      const s = request.setup
      const signs = {'.': 0, X: 1, O: -1}
      board = new GoBoard(s.rows.map(row => [...row].map(c => signs[c])))
      sign = s.to_move === 'W' ? -1 : 1
      history.length = 0
      return {}
    }
    case 'judge':
      return judge(request.move).reply
    case 'play': {
      const {next, reply} = judge(request.move)
      if (next) {
        history.push([board, sign])
        board = next
        sign = -sign
      }
      return reply
    }
    case 'legal': {
      const moves = ['pass']
      for (let y = 0; y < board.height; y++) {
        for (let x = 0; x < board.width; x++) {
          if (board.get([x, y]) === 0 && judge([x, y]).next) moves.push([x, y])
        }
      }
      return {moves}
    }
    case 'undo': {
      if (!history.length) throw new Error('nothing to undo')
      ;[board, sign] = history.pop()
      return {}
    }
    case 'status':
      // The package has no end of game and no result to tell.
      return {over: false, ends: [], claims: []}
    default:
      throw new Error('unknown command ' + request.cmd)
  }
}

serve(
  {
    name: '@sabaki/go-board',
    version: versionOf('@sabaki/go-board'),
    family: 'go',
    rules:
      'makeMove with preventOverwrite, preventKo ("repeats the position that led to board") and ' +
      (suicide ? 'suicide allowed (the whole chain is removed)' : 'preventSuicide') +
      '; no end of game, no scoring (README, board.makeMove)',
    undo: true,
    ends: false
  },
  answer
)
