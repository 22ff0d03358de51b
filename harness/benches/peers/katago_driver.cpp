// rulediff's driver for KataGo's board, for the go_plays bench only (GPL-3.0-or-later).
// Compiled by benches/peers/katago.rs together with KataGo's own board sources, which stay
// outside this repository (RULEDIFF_KATAGO_SRC names their checkout). It replays games that
// rulediff recorded: each play is asked for legality the way KataGo's own code asks it, and
// made if legal. Plays are vertex numbers of a side x side grid, row by row; -1 is a pass.
#include <cstdint>

#include "game/board.h"
#include "game/boardhistory.h"
#include "game/rules.h"

namespace {

Loc locationOf(int32_t vertex, int side) {
  if(vertex < 0)
    return Board::PASS_LOC;
  return Location::getLoc(vertex % side, vertex / side, side);
}

}  // namespace

extern "C" {

// Fills KataGo's Zobrist tables; call once before anything else.
void rulediff_katago_init() {
  Board::initHash();
}

// Simple ko: Board::isLegal (suicide forbidden), then Board::playMoveAssumeLegal.
int64_t rulediff_katago_board(int side, const int32_t* plays, const int64_t* starts, int64_t games) {
  int64_t legal = 0;
  for(int64_t g = 0; g < games; g++) {
    Board board(side, side);
    Player pla = P_BLACK;
    for(int64_t i = starts[g]; i < starts[g + 1]; i++) {
      Loc loc = locationOf(plays[i], side);
      if(board.isLegal(loc, pla, false)) {
        board.playMoveAssumeLegal(loc, pla);
        pla = getOpp(pla);
        legal++;
      }
    }
  }
  return legal;
}

// Positional superko: BoardHistory under Tromp-Taylor-like rules with suicide forbidden,
// BoardHistory::isLegal then BoardHistory::makeBoardMoveAssumeLegal (which also ends and
// counts the game after two passes).
int64_t rulediff_katago_history(int side, const int32_t* plays, const int64_t* starts, int64_t games) {
  Rules rules = Rules::getTrompTaylorish();
  rules.multiStoneSuicideLegal = false;
  int64_t legal = 0;
  for(int64_t g = 0; g < games; g++) {
    Board board(side, side);
    BoardHistory history(board, P_BLACK, rules, 0, false);
    Player pla = P_BLACK;
    for(int64_t i = starts[g]; i < starts[g + 1]; i++) {
      Loc loc = locationOf(plays[i], side);
      if(history.isLegal(board, loc, pla)) {
        history.makeBoardMoveAssumeLegal(board, loc, pla, nullptr);
        pla = getOpp(pla);
        legal++;
      }
    }
  }
  return legal;
}

}  // extern "C"
