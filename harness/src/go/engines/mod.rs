//! Go's engines: programs over GTP (GNU Go, Leela Zero, a user's own: [`gtp`]), protocol
//! bridges in Go's dialect ([`bridge`]) and the `goban` crate in process ([`goban_lib`]); the
//! built-in definitions ([`known`]); and how an engine entry becomes a referee
//! ([`referee`]), which `Listed` for Go calls.

pub mod bridge;
pub mod goban_lib;
pub mod gtp;
pub mod gtp_vertex;
pub mod known;
pub mod leela;

use crate::engine::spec::{Accepts, Kind, Protocol};
use crate::engine::{claims_of, summary_of, Engine};
use crate::family::Family;
use crate::go::Go;
use crate::referee::{Fault, RefereeInfo, Refereed};
use goban_lib::{GobanReferee, GobanRules};

/// What Go's engines may be: GTP programs (the default) or protocol bridges, with the keys
/// of GTP engines, and the built-in engines of [`known`].
pub fn accepts() -> Accepts {
    Accepts {
        family: Go::NAME,
        title: "Go",
        protocols: vec![Protocol::Gtp, Protocol::Json],
        keys: vec!["legality", "scoring", "komi", "pipeline"],
        built_in: known::all(),
        referees: Go::registry().into_iter().map(|r| r.id).collect(),
        canonical: Go::canonical_id,
        checked_before_a_run: true,
        bundled: Vec::new(),
        asks,
    }
}

/// What rulediff asks a Go engine of each kind, for the listing.
fn asks(kind: &Kind) -> &'static str {
    match kind {
        Kind::Gtp { .. } => {
            "legal sets and single plays (all_legal / is_legal, or play and undo), each play; \
             rulediff ends the game at two passes and counts it (or final_score)"
        }
        Kind::Bridge { .. } => {
            "legal sets, single plays (judge), each play with the next legal set and status in one batch; \
             the game end and result where the bridge gives them, else rulediff ends at two passes and counts"
        }
        Kind::InProcess { .. } => {
            "legal sets, single plays, each play, the game end and its score"
        }
    }
}

/// The referee an engine entry of Go is (a GTP engine's program is looked for here; no
/// process starts).
pub fn referee(engine: &Engine) -> Result<RefereeInfo<Go>, Fault> {
    let spec = &engine.spec;
    let (summary, source) = (summary_of(spec), spec.command_line());
    let info = match &spec.kind {
        Kind::Gtp { .. } => {
            let engine = gtp::GtpEngine::new(engine)?;
            RefereeInfo::new(spec.id.clone(), summary, source, move || {
                Box::new(engine.referee())
            })
        }
        Kind::InProcess { .. } => {
            let rules = GobanRules::ALL
                .into_iter()
                .find(|r| r.id() == spec.id)
                .ok_or_else(|| Fault::Unsupported {
                    detail: format!("`{}` is no library Go links in", spec.id),
                })?;
            let id = spec.id.clone();
            RefereeInfo::new(spec.id.clone(), summary, source, move || {
                Box::new(GobanReferee::new(id.clone(), rules))
            })
        }
        Kind::Bridge { argv } => {
            let (id, argv) = (spec.id.clone(), argv.clone());
            let (timeouts, komi) = (spec.timeouts(), spec.komi);
            RefereeInfo::new(spec.id.clone(), summary, source, move || {
                Box::new(bridge::referee(&id, argv.clone(), timeouts, komi))
            })
        }
    };
    let info = match claims_of::<Go>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    };
    Ok(info.with_details(format!(
        "legality: {:?}; scoring: {:?}; timeout {} ms per command, {} ms to start",
        spec.legality,
        spec.scoring,
        spec.timeout_ms,
        spec.startup_ms()
    )))
}
