//! External referees: programs that speak GTP (GNU Go, Leela Zero, a user's own engine),
//! programs that speak rulediff's JSON-lines protocol (Go, chess and xiangqi bridges) and
//! rules libraries linked in process (the `goban` crate), each behind the same
//! [`Referee`](crate::referee::Referee) trait as our own rulesets, so runs and campaigns treat
//! them alike. An engine claims to follow one of its family's rulesets; runs add that ruleset
//! so the two are compared.

pub mod bridge_go;
pub mod goban_lib;
pub mod gtp;
pub mod gtp_reply;
pub mod json_bridge;
pub mod known;
pub mod leela;
pub mod process;
pub mod protocol;
pub mod restart;
pub mod spec;

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use crate::family::Family;
use crate::go::Go;
use crate::referee::{Fault, RefereeInfo, Refereed};
use gtp::GtpEngine;
use spec::{EngineFamily, EngineSpec, Kind};

/// The engines of one run, each ready to make referees (GTP engines keep a pool of
/// processes for as long as this lives).
pub struct Engines {
    entries: Vec<(EngineSpec, Option<Arc<GtpEngine>>)>,
}

impl Engines {
    /// The engines of these definitions (a GTP engine's definition is checked here; no
    /// process starts).
    pub fn new(specs: Vec<EngineSpec>) -> Result<Engines, Fault> {
        let entries = specs
            .into_iter()
            .map(|spec| {
                let gtp = match &spec.kind {
                    Kind::Gtp { .. } => Some(GtpEngine::new(spec.clone())?),
                    Kind::Goban { .. } | Kind::Bridge { .. } => None,
                };
                Ok((spec, gtp))
            })
            .collect::<Result<_, Fault>>()?;
        Ok(Engines { entries })
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Their definitions.
    pub fn specs(&self) -> impl Iterator<Item = &EngineSpec> {
        self.entries.iter().map(|(spec, _)| spec)
    }

    /// Starts every engine of family `F` on `setup` (a GTP process stays in its pool), so
    /// that a missing program, an engine that will not talk or one that refuses the board is
    /// known before a run begins: the engines that failed, with why.
    pub fn check<F: Refereed>(&self, setup: &F::Setup) -> Vec<(String, Fault)> {
        self.referees_for::<F>()
            .into_iter()
            .filter_map(|info| {
                let fault = (info.make)().start(setup).err()?;
                Some((info.id, fault))
            })
            .collect()
    }

    /// A registry entry per Go engine.
    pub fn referees(&self) -> Vec<RefereeInfo<Go>> {
        self.entries
            .iter()
            .filter(|(spec, _)| spec.family == EngineFamily::Go)
            .map(|(spec, gtp)| info(spec, gtp.clone()))
            .collect()
    }

    /// A registry entry per engine of family `F`.
    pub fn referees_for<F: Family>(&self) -> Vec<RefereeInfo<F>> {
        let of = |family| self.specs().filter(move |s| s.family == family);
        let all: Box<dyn Any> = if F::NAME == Go::NAME {
            Box::new(self.referees())
        } else if F::NAME == crate::chess::Chess::NAME {
            let chess = of(EngineFamily::Chess).map(crate::chess::bridge::from_spec);
            Box::new(chess.collect::<Vec<_>>())
        } else {
            let xiangqi = of(EngineFamily::Xiangqi).map(crate::xiangqi::ffish::from_spec);
            Box::new(xiangqi.collect::<Vec<_>>())
        };
        all.downcast::<Vec<RefereeInfo<F>>>()
            .map(|infos| *infos)
            .unwrap_or_default()
    }

    /// The ids of the engines of the family named `family`.
    pub fn ids_in(&self, family: &str) -> Vec<String> {
        self.specs()
            .filter(|s| s.family.name() == family)
            .map(|s| s.id.clone())
            .collect()
    }

    /// The rulesets the Go engines claim to follow, each once.
    pub fn claimed(&self) -> Vec<String> {
        self.claimed_in(Go::NAME)
    }

    /// The rulesets the engines of the family named `family` claim to follow, each once.
    pub fn claimed_in(&self, family: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let specs = self.specs().filter(|s| s.family.name() == family);
        for ruleset in specs.filter_map(|s| s.ruleset.clone()) {
            if !out.contains(&ruleset) {
                out.push(ruleset);
            }
        }
        out
    }

    /// The GTP engine behind `id`, for its process ids.
    pub fn gtp(&self, id: &str) -> Option<&Arc<GtpEngine>> {
        self.entries
            .iter()
            .find(|(spec, _)| spec.id == id)
            .and_then(|(_, gtp)| gtp.as_ref())
    }
}

fn info(spec: &EngineSpec, gtp: Option<Arc<GtpEngine>>) -> RefereeInfo<Go> {
    let summary = summary_of(spec);
    let source = spec.command_line();
    let info = match (&spec.kind, gtp) {
        (_, Some(engine)) => RefereeInfo::new(spec.id.clone(), summary, source, move || {
            Box::new(engine.referee())
        }),
        (Kind::Goban { rules }, None) => {
            let (id, rules) = (spec.id.clone(), *rules);
            RefereeInfo::new(spec.id.clone(), summary, source, move || {
                Box::new(goban_lib::GobanReferee::new(id.clone(), rules))
            })
        }
        (Kind::Bridge { argv }, None) => {
            let (id, argv) = (spec.id.clone(), argv.clone());
            let timeouts = spec.timeouts();
            let komi = spec.komi;
            RefereeInfo::new(spec.id.clone(), summary, source, move || {
                let bridge = bridge_go::GoBridge::new(&id, argv.clone(), timeouts.0, timeouts.1);
                Box::new(bridge.with_komi(komi))
            })
        }
        (Kind::Gtp { .. }, None) => {
            unreachable!("Engines::new makes a GtpEngine for every GTP spec")
        }
    };
    let info = match claims_of::<Go>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    };
    info.with_details(format!(
        "legality: {:?}; scoring: {:?}; timeout {} ms per command, {} ms to start",
        spec.legality,
        spec.scoring,
        spec.timeout_ms,
        spec.startup_ms()
    ))
}

/// An engine claims what the ruleset its definition names (`ruleset = "psk"`) claims.
pub fn claims_of<F: Refereed>(spec: &EngineSpec) -> Option<crate::referee::Claims> {
    let ruleset = spec.ruleset.as_deref()?;
    F::registry()
        .into_iter()
        .find(|r| r.id == ruleset)
        .map(|r| r.claims)
}

/// The summary line of a listing: the definition's own words, and the ruleset it claims.
pub fn summary_of(spec: &EngineSpec) -> String {
    let claims = spec
        .ruleset
        .as_deref()
        .map_or(String::new(), |r| format!("; claims `{r}`"));
    if spec.summary.is_empty() {
        format!("external engine{claims}")
    } else {
        format!("{}{claims}", spec.summary)
    }
}

impl EngineSpec {
    /// The bounds on a reply and on a new process's first reply.
    pub fn timeouts(&self) -> (Duration, Duration) {
        (
            Duration::from_millis(self.timeout_ms),
            Duration::from_millis(self.startup_ms()),
        )
    }
}
