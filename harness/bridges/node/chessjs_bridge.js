#!/usr/bin/env node
// chess.js (npm) as a rulediff chess referee, over rulediff's JSON-lines referee protocol.
// chess.js ends a game by itself (README, isGameOver/isDraw): checkmate, stalemate,
// insufficient material, the fifty-move rule (isDrawByFiftyMoves: 100 half-moves) and
// threefold repetition (isThreefoldRepetition), with no claim: the bridge reports its
// predicates in that order, and never a claim.
'use strict'

const {Chess} = require('chess.js')
const {serve, versionOf} = require('./rulediff_bridge')

let game = null

function find(uci) {
  const from = uci.slice(0, 2)
  const to = uci.slice(2, 4)
  const promotion = uci.length > 4 ? uci[4] : undefined
  return game
    .moves({verbose: true})
    .find(m => m.from === from && m.to === to && (m.promotion || undefined) === promotion)
}

function status() {
  const winner = game.turn() === 'w' ? 'black' : 'white'
  if (game.isCheckmate()) return {over: true, rule: 'checkmate', winner}
  if (game.isStalemate()) return {over: true, rule: 'stalemate', winner: null}
  if (game.isInsufficientMaterial()) return {over: true, rule: 'insufficient-material', winner: null}
  if (game.isDrawByFiftyMoves()) return {over: true, rule: 'fifty-move', winner: null}
  if (game.isThreefoldRepetition()) return {over: true, rule: 'threefold', winner: null}
  return {over: false, claim: null}
}

function answer(request) {
  switch (request.cmd) {
    case 'start':
      game = new Chess(request.setup.fen)
      return {}
    case 'legal':
      return {moves: game.moves({verbose: true}).map(m => m.from + m.to + (m.promotion || ''))}
    case 'judge':
    case 'play': {
      const move = find(request.move)
      if (!move) return {legal: false, rule: 'illegal-move'}
      if (request.cmd === 'play') game.move(move)
      return {legal: true}
    }
    case 'undo':
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
    name: 'chess.js',
    version: versionOf('chess.js'),
    family: 'chess',
    rules:
      'isGameOver: checkmate, stalemate, insufficient material, fifty moves (100 half-moves) ' +
      'and threefold repetition end the game without a claim',
    undo: true
  },
  answer
)
