//! External referees: programs that speak GTP (GNU Go, Leela Zero, a user's own engine) and
//! rules libraries linked in process (the `goban` crate), each behind the same
//! [`Referee`](crate::referee::Referee) trait as our own rulesets, so runs and campaigns treat
//! them alike. An engine claims to follow one of our rulesets; runs add that ruleset so the
//! two are compared.

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

use std::sync::Arc;

use crate::go::Go;
use crate::referee::{Fault, RefereeInfo};
use gtp::GtpEngine;
use spec::{EngineSpec, Kind};

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

    /// Starts every GTP engine on `setup` (the process stays in its pool), so that a missing
    /// program, an engine that will not talk or one that refuses the board is known before a
    /// run begins: the engines that failed, with why.
    pub fn check(&self, setup: &crate::go::GoSetup) -> Vec<(String, Fault)> {
        use crate::referee::Referee;
        let mut failed = Vec::new();
        for (spec, gtp) in &self.entries {
            let result = match gtp {
                Some(engine) => engine.referee().start(setup),
                None => (info(spec, None).make)().start(setup),
            };
            if let Err(fault) = result {
                failed.push((spec.id.clone(), fault));
            }
        }
        failed
    }

    /// A registry entry per engine.
    pub fn referees(&self) -> Vec<RefereeInfo<Go>> {
        self.entries
            .iter()
            .map(|(spec, gtp)| info(spec, gtp.clone()))
            .collect()
    }

    /// The rulesets the engines claim to follow, each once.
    pub fn claimed(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for ruleset in self.specs().filter_map(|s| s.ruleset.clone()) {
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
    let claims = spec
        .ruleset
        .as_deref()
        .map_or(String::new(), |r| format!("; claims `{r}`"));
    let summary = if spec.summary.is_empty() {
        format!("external engine{claims}")
    } else {
        format!("{}{claims}", spec.summary)
    };
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
            let timeouts = (
                std::time::Duration::from_millis(spec.timeout_ms),
                std::time::Duration::from_millis(spec.startup_ms()),
            );
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
    let info = match claimed(spec) {
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
fn claimed(spec: &EngineSpec) -> Option<crate::referee::Claims> {
    let ruleset = spec.ruleset.as_deref()?;
    <crate::go::Go as crate::referee::Refereed>::registry()
        .into_iter()
        .find(|r| r.id == ruleset)
        .map(|r| r.claims)
}
