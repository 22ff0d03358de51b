#!/usr/bin/env node
// chessops (npm; lichess's rules library) as a rulediff chess referee, over rulediff's
// JSON-lines referee protocol. A chessops Position knows no history: Position#outcome()
// (README; src/chess.ts isEnd: variant end, insufficient material, no legal move) ends a game
// by checkmate, stalemate or insufficient material only; repetitions and move counts are the
// server's business (lila), so this referee has none.
// chessops ships its CommonJS build inside a "type": "module" package, which node cannot load
// with require, so this bridge is an ES module.
import {Chess, normalizeMove} from 'chessops/chess'
import {parseFen} from 'chessops/fen'
import {parseUci, makeUci} from 'chessops/util'
import bridge from './rulediff_bridge.js'

const {serve, versionOf} = bridge

let pos = null
const history = []

function legalMoves() {
  const moves = []
  for (const [from, dests] of pos.allDests()) {
    for (let to of dests) {
      // chessops moves the king onto its own rook to castle; UCI (and rulediff) moves it two
      // squares: file g toward the h-side rook, c toward the a-side one.
      if (pos.board.king.has(from) && pos.board[pos.turn].has(to)) {
        to = (to & ~7) | ((to & 7) > (from & 7) ? 6 : 2)
      }
      const promotes = pos.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7)
      for (const role of promotes ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) {
        moves.push(makeUci({from, to, promotion: role}))
      }
    }
  }
  return moves
}

// Every end chessops's predicates see (isCheckmate, isStalemate, isInsufficientMaterial),
// and its own result, Position#outcome(): the winner, or a draw ({winner: undefined}).
function status() {
  const ends = [
    ['checkmate', pos.isCheckmate()],
    ['stalemate', pos.isStalemate()],
    ['insufficient-material', pos.isInsufficientMaterial()]
  ]
    .filter(([, holds]) => holds)
    .map(([rule]) => rule)
  const outcome = pos.outcome()
  if (!outcome) return {over: false, ends, claims: []}
  return {over: true, ends, result: {winner: outcome.winner || null}}
}

function answer(request) {
  switch (request.cmd) {
    case 'start':
      pos = Chess.fromSetup(parseFen(request.setup.fen).unwrap()).unwrap()
      history.length = 0
      return {}
    case 'legal':
      return {moves: legalMoves()}
    case 'judge':
    case 'play': {
      // chessops reads castling as the king's move to its rook too; rulediff's UCI is the
      // king's two-square move, which parseUci/isLegal read as castling.
      const move = parseUci(request.move)
      if (!move || !legalMoves().includes(request.move)) return {legal: false, rule: 'illegal-move'}
      if (request.cmd === 'play') {
        history.push(pos.clone())
        pos.play(normalizeMove(pos, move))
      }
      return {legal: true}
    }
    case 'undo':
      pos = history.pop()
      return {}
    case 'status':
      return status()
    default:
      throw new Error('unknown command ' + request.cmd)
  }
}

serve(
  {
    name: 'chessops',
    version: versionOf('chessops'),
    family: 'chess',
    rules:
      'Position#outcome(): checkmate, stalemate, insufficient material (isInsufficientMaterial); ' +
      'no repetition or move-count rule (a position has no history)',
    undo: true
  },
  answer
)
