//! The one list of game families. Every place that does something per family (reading a
//! case file, `rulediff rules`, the commands' `--family`, exhaustive search, the corpus
//! snapshots, the fuzz seeds and round trips, the engines of a run: [`engines`]) goes
//! through this list, so a new family touches its own folder (where it implements
//! [`Listed`]) and the one line below that names it.

pub mod engines;

use std::path::Path;

use crate::case::{Case, CaseError, Header, Source};
use crate::family::Family;
use crate::listed::{ForSearchable, Listed, Searchable, Seed};

/// Something to do with one family, for [`for_each`] and [`with_family`]: a generic
/// function, as a trait, because the families are types.
pub trait ForFamily {
    /// What doing it gives.
    type Output;
    /// Does it for family `F`.
    fn run<F: Listed>(&mut self) -> Self::Output;
}

/// Something to do with a case of any family, for [`AnyCase::visit`].
pub trait ForCase {
    /// What doing it gives.
    type Output;
    /// Does it for a case of family `F`.
    fn run<F: Listed>(self, case: Case<F>) -> Self::Output;
}

macro_rules! families {
    ($($variant:ident => $family:ty),+ $(,)?) => {
        /// A case of any family.
        #[derive(Debug, Clone)]
        pub enum AnyCase {
            $(
                #[doc = concat!("A case of ", stringify!($variant), ".")]
                $variant(Case<$family>),
            )+
        }

        impl AnyCase {
            /// The file the case was read from.
            pub fn path(&self) -> &Path {
                match self {
                    $(AnyCase::$variant(c) => &c.path,)+
                }
            }

            /// The family's name (`go`, `chess`, …).
            pub fn family(&self) -> &'static str {
                match self {
                    $(AnyCase::$variant(_) => <$family as Family>::NAME,)+
                }
            }

            /// Does `action` with the case, typed by its family.
            pub fn visit<A: ForCase>(self, action: A) -> A::Output {
                match self {
                    $(AnyCase::$variant(c) => action.run(c),)+
                }
            }
        }

        $(
            impl From<Case<$family>> for AnyCase {
                fn from(case: Case<$family>) -> AnyCase {
                    AnyCase::$variant(case)
                }
            }
        )+

        /// Every family's name, in list order.
        pub const NAMES: &[&str] = &[$(<$family as Family>::NAME),+];

        /// Does `action` once per family, in list order.
        pub fn for_each<A: ForFamily>(action: &mut A) -> Vec<A::Output> {
            vec![$(action.run::<$family>()),+]
        }

        /// Does `action` for the family named `name`; `None` when no family has that name.
        pub fn with_family<A: ForFamily>(name: &str, action: &mut A) -> Option<A::Output> {
            $(
                if name == <$family as Family>::NAME {
                    return Some(action.run::<$family>());
                }
            )+
            None
        }

        /// The case in `src`, read by the family its header names.
        fn parse_family(src: &Source, header: Header) -> Result<AnyCase, CaseError> {
            let name = header.family.get_ref().as_str();
            $(
                if name == <$family as Family>::NAME {
                    let case = <$family as Listed>::parse_case(src, header)?;
                    return Ok(AnyCase::$variant(canonical_expectations(case)?));
                }
            )+
            Err(src.error_in(
                &header.family,
                format!("unknown family `{name}` (known: {})", NAMES.join(", ")),
            ))
        }
    };
}

/// The case with each expectation under the id its referee is known by
/// ([`crate::referee::Refereed::canonical_spelling`]): `kee[rescind=erase,round=survives]`
/// expects of `kee:rescind-erases`. Two keys that name one referee are refused at the second.
fn canonical_expectations<F: Listed>(mut case: Case<F>) -> Result<Case<F>, CaseError> {
    let mut places = std::collections::BTreeMap::new();
    let mut seen: Vec<String> = Vec::new();
    for (id, _) in &mut case.expect {
        let canonical = F::canonical_spelling(id);
        let place = case.places.expect.get(id.as_str()).copied();
        if seen.contains(&canonical) {
            let (line, column) = place.unwrap_or((0, 0));
            return Err(CaseError {
                path: case.path.clone(),
                line,
                column,
                message: format!("`{id}` is `{canonical}`, which an earlier expectation names"),
            });
        }
        seen.push(canonical.clone());
        if let Some(place) = place {
            places.insert(canonical.clone(), place);
        }
        *id = canonical;
    }
    case.places.expect = places;
    Ok(case)
}

// The list. A new family: its folder, its `impl Listed`, and one line here.
families! {
    Go => crate::go::Go,
    Chess => crate::chess::Chess,
    Xiangqi => crate::xiangqi::Xiangqi,
}

/// The names of the families exhaustive search can search ([`Listed::if_searchable`]), in
/// list order.
pub fn searchable() -> Vec<&'static str> {
    struct Name;
    impl ForSearchable for Name {
        type Output = &'static str;
        fn run<F: Searchable>(&mut self) -> &'static str {
            F::NAME
        }
    }
    struct IfSearchable;
    impl ForFamily for IfSearchable {
        type Output = Option<&'static str>;
        fn run<F: Listed>(&mut self) -> Option<&'static str> {
            F::if_searchable(&mut Name)
        }
    }
    for_each(&mut IfSearchable).into_iter().flatten().collect()
}

/// Every family's fuzz seeds ([`Listed::fuzz_seeds`]), from the corpus in `corpus`.
pub fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
    struct Seeds<'a>(&'a Path);
    impl ForFamily for Seeds<'_> {
        type Output = std::io::Result<Vec<Seed>>;
        fn run<F: Listed>(&mut self) -> Self::Output {
            F::fuzz_seeds(self.0)
        }
    }
    let mut all = Vec::new();
    for seeds in for_each(&mut Seeds(corpus)) {
        all.extend(seeds?);
    }
    Ok(all)
}

/// Reads and parses one case file.
pub fn load(path: &Path) -> Result<AnyCase, CaseError> {
    let text =
        crate::util::read::text(path, crate::util::read::Kind::Case).map_err(|e| CaseError {
            path: path.to_path_buf(),
            line: 0,
            column: 0,
            message: format!("cannot read: {}", e.problem),
        })?;
    parse(path, &text)
}

/// Parses case text as if read from `path` (used for messages and relative file names).
pub fn parse(path: &Path, text: &str) -> Result<AnyCase, CaseError> {
    let src = Source { path, text };
    let header: Header = src.parse()?;
    parse_family(&src, header)
}
