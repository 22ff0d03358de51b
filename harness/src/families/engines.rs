//! The engines of a run, for every family on the list: definitions from `--engine` and
//! engines files, each checked against what its family's engines may be (the family's
//! [`Listed::engines`]), and each made into a referee of its family
//! ([`Listed::engine_referee`]). An engine's `family` is one of the list's names.

use std::path::Path;
use std::sync::Arc;

use super::{for_each, with_family, ForFamily, NAMES};
use crate::engine::gtp::Pool;
use crate::engine::spec::{self, Accepts, EngineSpec, SpecError};
use crate::engine::Engine;
use crate::family::Family;
use crate::listed::{Listed, StartOptions};
use crate::referee::{Fault, RefereeInfo};

/// What each family's engines may be, in list order (the first family is the default of a
/// definition that names none).
pub fn accepts() -> Vec<Accepts> {
    struct Of;
    impl ForFamily for Of {
        type Output = Accepts;
        fn run<F: Listed>(&mut self) -> Accepts {
            F::engines()
        }
    }
    for_each(&mut Of)
}

/// Every family's built-in engines.
pub fn built_in() -> Vec<EngineSpec> {
    accepts().into_iter().flat_map(|a| a.built_in).collect()
}

/// Parses `--engine` ([`spec::parse_arg`]) for the families of the list.
pub fn parse_arg(arg: &str) -> Result<EngineSpec, SpecError> {
    spec::parse_arg(arg, &accepts())
}

/// Parses the text of an engines file ([`spec::parse_file`]) for the families of the list.
pub fn parse_file(origin: &str, text: &str) -> Result<Vec<EngineSpec>, SpecError> {
    spec::parse_file(origin, text, &accepts())
}

/// Reads an engines file for the families of the list.
pub fn load_file(path: &Path) -> Result<Vec<EngineSpec>, SpecError> {
    spec::load_file(path, &accepts())
}

/// Engines given for a campaign of one family, none of which referees it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the engines given referee {} games, not {family} (an engines file sets `family`)", .theirs.join(" and "))]
pub struct OtherFamilies {
    /// The families the engines referee.
    pub theirs: Vec<String>,
    /// The campaign's family.
    pub family: &'static str,
}

/// An engine that failed before a run began: its id, and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("engine `{id}`: {fault}")]
pub struct Failed {
    /// The engine's id.
    pub id: String,
    /// Why it failed.
    pub fault: Fault,
}

/// The engines of one run, ready to make referees (a GTP engine keeps its processes for as
/// long as this lives).
pub struct Engines {
    entries: Vec<Engine>,
}

impl Engines {
    /// The engines of these definitions, each checked by its family as the referee it will be
    /// (a GTP engine's program is looked for); no process starts.
    pub fn new(specs: Vec<EngineSpec>) -> Result<Engines, Fault> {
        let entries: Vec<Engine> = specs.into_iter().map(Engine::new).collect();
        for engine in &entries {
            /// The engine made into a referee of its family, to see that it can be one.
            struct Check<'a>(&'a Engine);
            impl ForFamily for Check<'_> {
                type Output = Result<(), Fault>;
                fn run<F: Listed>(&mut self) -> Result<(), Fault> {
                    F::engine_referee(self.0).map(drop)
                }
            }
            let family = &engine.spec.family;
            with_family(family, &mut Check(engine)).unwrap_or_else(|| {
                Err(Fault::Unsupported {
                    detail: format!(
                        "engine `{}` referees `{family}` games, and no family has that name (known: {})",
                        engine.spec.id,
                        NAMES.join(", ")
                    ),
                })
            })?;
        }
        Ok(Engines { entries })
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Their definitions.
    pub fn specs(&self) -> impl Iterator<Item = &EngineSpec> {
        self.entries.iter().map(|e| &e.spec)
    }

    fn of<F: Family>(&self) -> impl Iterator<Item = &Engine> {
        self.entries.iter().filter(|e| e.spec.family == F::NAME)
    }

    /// A registry entry per engine of family `F`.
    pub fn referees<F: Listed>(&self) -> Result<Vec<RefereeInfo<F>>, Fault> {
        self.of::<F>().map(F::engine_referee).collect()
    }

    /// Starts every engine of family `F` on `setup` (a GTP process stays in its pool), so
    /// that a missing program, an engine that will not talk or one that refuses the board is
    /// known before a run begins: the engines that failed, with why.
    pub fn check<F: Listed>(&self, setup: &F::Setup) -> Vec<(String, Fault)> {
        self.of::<F>()
            .filter_map(|engine| {
                let fault = match F::engine_referee(engine) {
                    Ok(info) => (info.make)().start(setup).err()?,
                    Err(fault) => fault,
                };
                Some((engine.spec.id.clone(), fault))
            })
            .collect()
    }

    /// [`Engines::check`] as a run needs it: the first engine of `F` that failed on `setup`,
    /// counting one that cannot play the board (`Unsupported`) only where `strict`.
    pub fn preflight<F: Listed>(&self, setup: &F::Setup, strict: bool) -> Result<(), Failed> {
        for (id, fault) in self.check::<F>(setup) {
            if strict || !matches!(fault, Fault::Unsupported { .. }) {
                return Err(Failed { id, fault });
            }
        }
        Ok(())
    }

    /// [`Engines::preflight`] for a run of cases of the families named `families`: the engines
    /// of each family that asks for it ([`Accepts::checked_before_a_run`]) on its default start
    /// (Go: an empty 9×9 board), only where a case of the family will use them, so that a run
    /// of chess cases never waits for a Go engine.
    pub fn preflight_cases(&self, families: &[&str]) -> Result<(), Failed> {
        struct Preflight<'a>(&'a Engines);
        impl ForFamily for Preflight<'_> {
            type Output = Result<(), Failed>;
            fn run<F: Listed>(&mut self) -> Result<(), Failed> {
                let Some(first) = self.0.of::<F>().next() else {
                    return Ok(());
                };
                if !F::engines().checked_before_a_run {
                    return Ok(());
                }
                let start = F::start(&StartOptions::default()).map_err(|e| Failed {
                    id: first.spec.id.clone(),
                    fault: Fault::Unsupported {
                        detail: format!("no {} start to try it on: {e}", F::NAME),
                    },
                })?;
                self.0.preflight::<F>(&start.setup, false)
            }
        }
        for name in NAMES.iter().filter(|n| families.contains(n)) {
            with_family(name, &mut Preflight(self)).unwrap_or(Ok(()))?;
        }
        Ok(())
    }

    /// Refuses engines when none of them referees family `F` (a campaign of one family).
    pub fn refuse_other_families<F: Family>(&self) -> Result<(), OtherFamilies> {
        if self.is_empty() || self.of::<F>().next().is_some() {
            return Ok(());
        }
        let mut theirs: Vec<String> = self.specs().map(|s| s.family.clone()).collect();
        theirs.dedup();
        Err(OtherFamilies {
            theirs,
            family: F::NAME,
        })
    }

    /// The ids of the engines of family `F`.
    pub fn ids_in<F: Family>(&self) -> Vec<String> {
        self.of::<F>().map(|e| e.spec.id.clone()).collect()
    }

    /// The rulesets the engines of family `F` claim to follow, each once.
    pub fn claimed_in<F: Family>(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for ruleset in self.of::<F>().filter_map(|e| e.spec.ruleset.clone()) {
            if !out.contains(&ruleset) {
                out.push(ruleset);
            }
        }
        out
    }

    /// The pool of processes of the GTP engine `id`, for their process ids.
    pub fn pool(&self, id: &str) -> Option<&Arc<Pool>> {
        self.entries
            .iter()
            .find(|e| e.spec.id == id && matches!(e.spec.kind, spec::Kind::Gtp { .. }))
            .map(|e| &e.pool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::spec::{Kind, Legality, ScoringMode};

    #[test]
    fn command_line_forms() {
        let spec = parse_arg("mine:psk+suicide=./bot --gtp").unwrap();
        assert_eq!(spec.id, "mine");
        assert_eq!(spec.ruleset.as_deref(), Some("psk+suicide"));
        assert_eq!(
            spec.kind,
            Kind::Gtp {
                argv: vec!["./bot".into(), "--gtp".into()]
            }
        );
        let builtin = parse_arg("gnugo-psk=/opt/gnugo").unwrap();
        let Kind::Gtp { argv } = &builtin.kind else {
            panic!("gnugo is GTP")
        };
        assert_eq!(argv[0], "/opt/gnugo");
        assert!(argv.contains(&"--positional-superko".to_string()));
        assert_eq!(builtin.ruleset.as_deref(), Some("psk"));
        assert!(parse_arg("nobody")
            .unwrap_err()
            .message
            .contains("built-in"));
        assert!(parse_arg("bad id=x").is_err());
        assert!(parse_arg("x=").is_err());
        assert!(parse_arg("goban-chinese=/bin/true").is_err());
    }

    #[test]
    fn engines_file() {
        let text = "[[engine]]\nid = \"a\"\ncommand = [\"prog\", \"--x\"]\nruleset = \"ssk\"\ntimeout_ms = 50\nlegality = \"play\"\nscoring = \"engine\"\nkomi = 7.5\n\n[[engine]]\nid = \"gnugo-no-ko\"\n";
        let specs = parse_file("e.toml", text).unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].legality, Legality::Play);
        assert_eq!(specs[0].scoring, ScoringMode::Engine);
        assert_eq!(specs[0].timeout_ms, 50);
        assert_eq!(specs[1].ruleset.as_deref(), Some("no-ko"));
        let err = parse_file("e.toml", "[[engine]]\nid = \"a\"\ncolour = 1\n").unwrap_err();
        assert!(err.origin.starts_with("e.toml:"), "{err}");
        let twice = "[[engine]]\nid=\"a\"\ncommand=\"x\"\n[[engine]]\nid=\"a\"\ncommand=\"y\"\n";
        assert!(parse_file("e.toml", twice)
            .unwrap_err()
            .message
            .contains("twice"));
        assert!(parse_file("e.toml", "[[engine]]\nid=\"a\"\ncommand=\"x\"\nkomi=0.3\n").is_err());
    }

    #[test]
    fn claimed_rulesets_and_ids_are_checked() {
        let message = |arg: &str| parse_arg(arg).unwrap_err().message;
        assert!(message("a:nonsense-rule=x").contains("unknown ruleset `nonsense-rule`"));
        assert!(message("a:fide=x").contains("`fide` is a chess ruleset"));
        assert!(message("psk=x").contains("id `psk` is a built-in referee's (go)"));
        for spec in built_in() {
            assert!(
                spec::check("built-in", &spec, &accepts()).is_ok(),
                "{}",
                spec.id
            );
        }
    }

    #[test]
    fn chess_and_xiangqi_bridges_in_an_engines_file() {
        let text = "[[engine]]\nid = \"mine\"\nfamily = \"chess\"\ncommand = \"python3 b.py\"\nruleset = \"fide\"\nclaim_draws = true\ntimeout_ms = 300\n\n[[engine]]\nid = \"xq\"\nfamily = \"xiangqi\"\ncommand = [\"x\"]\nruleset = \"no-repetition\"\n";
        let specs = parse_file("e.toml", text).unwrap();
        assert_eq!(specs[0].family, "chess");
        assert!(specs[0].claim_draws);
        assert_eq!(specs[0].timeout_ms, 300);
        assert_eq!(
            specs[0].kind,
            Kind::Bridge {
                argv: vec!["python3".into(), "b.py".into()]
            }
        );
        assert_eq!(specs[1].family, "xiangqi");
        assert_eq!(specs[1].ruleset.as_deref(), Some("no-repetition"));
    }

    #[test]
    fn bad_chess_and_xiangqi_entries_name_their_line() {
        let error = |body: &str| {
            let text = format!("# engines\n\n[[engine]]\nid = \"e\"\n{body}");
            parse_file("e.toml", &text).unwrap_err().to_string()
        };
        let chess = "family = \"chess\"\ncommand = \"b\"\n";
        for (body, expected) in [
            (
                "family = \"chess\"\n",
                "e.toml:3: engine `e`: a chess engine needs `command`",
            ),
            (
                &format!("{chess}komi = 0.5\n"),
                "e.toml:3: engine `e`: `komi` applies to Go engines only",
            ),
            (
                &format!("{chess}protocol = \"gtp\"\n"),
                "speaks rulediff's JSON protocol",
            ),
            (
                &format!("{chess}ruleset = \"psk\"\n"),
                "`psk` is a go ruleset, and this engine referees chess games",
            ),
            (
                &format!("{chess}ruleset = \"nope\"\n"),
                "unknown ruleset `nope`; `rulediff rules` lists the chess rulesets",
            ),
            (
                "family = \"xiangqi\"\ncommand = \"b\"\nclaim_draws = true\n",
                "`claim_draws` applies to chess engines only",
            ),
            (
                "family = \"xiangqi\"\ncommand = \"b\"\nruleset = \"fide\"\n",
                "`fide` is a chess ruleset",
            ),
            (
                "command = \"b\"\nclaim_draws = false\n",
                "`claim_draws` applies to chess engines only",
            ),
            ("family = \"shogi\"\ncommand = \"b\"\n", "e.toml:5:"),
        ] {
            let got = error(body);
            assert!(got.contains(expected), "{body}: {got}");
        }
        let builtin = "[[engine]]\nid = \"python-chess\"\nfamily = \"chess\"\ncommand = \"b\"\n";
        let got = parse_file("e.toml", builtin).unwrap_err().to_string();
        assert!(got.contains("is a built-in referee's (chess)"), "{got}");
    }
}
