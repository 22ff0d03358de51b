#!/usr/bin/env node
// Tenuki (npm tenuki), a JavaScript Go board and rules library, as a rulediff referee over
// rulediff's JSON-lines referee protocol. `--ko RULE` picks Tenuki's koRule ("simple",
// "positional-superko", "situational-superko", "natural-situational-superko"); the game is
// scored by area (Tenuki's `scoring: "area"`) with the setup's komi. Legality is
// Game#isIllegalAt (occupied, suicide, the ko rule) and Game#playAt; Tenuki ends a game at two
// passes in a row (Game#isOver) and counts it with Game#score, no stone marked dead.
//
// Tenuki's Game starts from an empty board with Black to move (or its fixed handicap points),
// so a setup with stones or with White to move is refused: the bridge does not build Tenuki's
// internal state by hand. (Built by hand, it would show that Tenuki's superko never compares
// with the start position, Game#_moves holding only the states after moves; from Tenuki's own
// starts no play can recreate the start position, so that is no bug of Tenuki's.)
'use strict'

const tenuki = require('tenuki')
const {serve, versionOf} = require('./rulediff_bridge')

const KO_RULES = ['simple', 'positional-superko', 'situational-superko', 'natural-situational-superko']
const at = process.argv.indexOf('--ko')
const koRule = at >= 0 ? process.argv[at + 1] : 'simple'
if (!KO_RULES.includes(koRule)) throw new Error('unknown --ko ' + koRule)

let game = null

function start(setup) {
  if (setup.width !== setup.height || setup.width > 19) {
    throw new Error('Tenuki plays square boards up to 19x19, not ' + setup.width + 'x' + setup.height)
  }
  if (setup.to_move !== 'B' || !setup.rows.every(row => /^\.*$/.test(row))) {
    throw new Error("Tenuki's Game starts from an empty board with Black to move")
  }
  game = new tenuki.Game({boardSize: setup.width, koRule, scoring: 'area', komi: setup.komi || 0})
}

function judge(move) {
  if (move === 'pass') return {legal: true}
  const [x, y] = move
  const n = game.boardSize
  if (!(x >= 0 && y >= 0 && x < n && y < n)) throw new Error('not a point: ' + JSON.stringify(move))
  if (!game.isIllegalAt(y, x)) return {legal: true}
  const state = game.currentState()
  if (!state.intersectionAt(y, x).isEmpty()) return {legal: false, rule: 'occupied'}
  if (game._ruleset._wouldBeSuicide(y, x, state)) return {legal: false, rule: 'suicide'}
  return {legal: false, rule: koRule === 'simple' ? 'ko' : 'superko'}
}

function play(move) {
  const reply = judge(move)
  if (!reply.legal) return reply
  const made = move === 'pass' ? game.pass({render: false}) : game.playAt(move[1], move[0], {render: false})
  if (!made) throw new Error('Tenuki refused a move it judged legal: ' + JSON.stringify(move))
  return reply
}

// Tenuki's one end is Game#isOver (two passes in a row) and its one result Game#score(): each
// colour's points, komi included, no winner or margin beyond them.
function status() {
  if (!game.isOver()) return {over: false, ends: [], claims: []}
  const score = game.score()
  return {over: true, ends: ['two-passes'], result: {score: {B: score.black, W: score.white}}}
}

function answer(request) {
  switch (request.cmd) {
    case 'start':
      start(request.setup)
      return {}
    case 'judge':
      return judge(request.move)
    case 'play':
      return play(request.move)
    case 'legal': {
      const moves = ['pass']
      for (let y = 0; y < game.boardSize; y++) {
        for (let x = 0; x < game.boardSize; x++) {
          if (!game.isIllegalAt(y, x)) moves.push([x, y])
        }
      }
      return {moves}
    }
    case 'undo':
      if (!game._moves.length) throw new Error('nothing to undo')
      game.undo()
      return {}
    case 'status':
      return status()
    default:
      throw new Error('unknown command ' + request.cmd)
  }
}

serve(
  {
    name: 'tenuki',
    version: versionOf('tenuki'),
    family: 'go',
    rules:
      'koRule ' + koRule + ', no suicide, scoring area (README "Ko and superko", ' +
      '"Configuring scoring"); the game ends at two passes in a row (Game#isOver)',
    undo: true,
    ends: true
  },
  answer
)
