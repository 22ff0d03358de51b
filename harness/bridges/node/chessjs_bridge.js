#!/usr/bin/env node
// chess.js (npm) as a rulediff chess referee, over rulediff's JSON-lines referee protocol.
// chess.js ends a game by itself (README, isGameOver/isDraw): checkmate, stalemate,
// insufficient material, the fifty-move rule (isDrawByFiftyMoves: 100 half-moves) and
// threefold repetition (isThreefoldRepetition), with no claim: the bridge reports every
// predicate that holds, in that order, and never a claim.
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

// Every predicate chess.js answers, each asked on its own: isGameOver() is isCheckmate() or
// isDraw(), and isDraw() is any of the other four, so a checkmate on the 100th half-move
// without a capture or pawn move is both a checkmate and a draw by chess.js's own account.
// chess.js computes no result beyond them: the side to move is mated (README, isCheckmate)
// or the game is drawn (isDraw); where both hold the engine has given two and the bridge
// reports no result of its choosing.
function status() {
  const ends = [
    ['checkmate', game.isCheckmate()],
    ['stalemate', game.isStalemate()],
    ['insufficient-material', game.isInsufficientMaterial()],
    ['fifty-move', game.isDrawByFiftyMoves()],
    ['threefold', game.isThreefoldRepetition()]
  ]
    .filter(([, holds]) => holds)
    .map(([rule]) => rule)
  if (!game.isGameOver()) return {over: false, ends, claims: []}
  const mated = game.isCheckmate()
  const drawn = game.isDraw()
  let result = null
  if (mated && !drawn) result = {winner: game.turn() === 'w' ? 'black' : 'white', rule: 'checkmate'}
  if (drawn && !mated) result = {winner: null}
  return {over: true, ends, result}
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
