//! cchess (PyPI `cchess`), a Python xiangqi library, as an external referee: the bridge
//! `harness/bridges/cchess_bridge.py` answers as Fairy-Stockfish's does, so the referee is
//! [`super::ffish::StateBridge`]. cchess has move legality and the end by no legal move, no
//! repetition rule, so it claims `no-repetition`.
//!
//! `RULEDIFF_PYTHON` names the interpreter (default `python3`) and `RULEDIFF_CCHESS_BRIDGE`
//! the script (default: the one in this source tree).

use super::ffish::state_bridge;
use super::Xiangqi;
use crate::engine::bundled::python;
use crate::referee::{Claims, RefereeInfo};

/// The registry entry.
pub fn info() -> RefereeInfo<Xiangqi> {
    RefereeInfo::new(
        "cchess",
        "cchess (PyPI) through its bridge: legal moves as its no_moves() counts them, no repetition rule",
        "cchess 1.25.5 (PyPI, github.com/walker8088/cchess) board.py: is_valid_move and not is_checked_move; no moves loses; via harness/bridges/cchess_bridge.py",
        || Box::new(state_bridge("cchess", vec![python(), script()], None)),
    )
    .with_details(
        "External: needs python3 with cchess (pip install cchess). Claims no-repetition: cchess has no\n\
         repetition or move-count rule, and a side without a legal move has lost.",
    )
    .with_claims(Claims::own("no-repetition"))
}

fn script() -> String {
    std::env::var("RULEDIFF_CCHESS_BRIDGE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/cchess_bridge.py").into())
}
