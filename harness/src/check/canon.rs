//! Search states up to symmetry, for the finiteness search and the solver.
//!
//! A search state is what a referee reports with [`Referee::state_key`]: a summary of the
//! history that decides every future ruling. With symmetry, a [`Node`] also carries, for each
//! board symmetry σ (a graph automorphism for Go), a referee that played the σ-image of the
//! same game from the σ-image of the setup, and the node's *canonical key* is the least of
//! their keys' 128-bit fingerprints (the fingerprint's own collision bound is in
//! [`crate::util::fingerprint`]).
//!
//! Why this is exact. The rules mention only the board's structure, so σ maps every game to a
//! game with the same rulings and the same outcome: the future of the image of a game is the
//! image of its future. If two histories `h1`, `h2` get the same canonical key, then
//! `key(σ1 h1) = key(σ2 h2)` for some σ1, σ2; equal keys mean equal futures, so `h1`, `σ1 h1`,
//! `σ2 h2` and `h2` all have futures of the same shape, the same longest game and the same
//! game value. A cycle of canonical keys (`key(σ' h') = key(σ h)` with `h'` after `h`) is a
//! real endless game: with ρ = σ'⁻¹σ, `h'` is `ρ h` up to key, so playing the ρ-image of the
//! cycle from `h'` comes back to `ρ² h`, and after as many rounds as ρ's order to `h` itself
//! ([`unfold`] writes that cycle out). Nothing here trusts the symmetry blindly: every image
//! referee must find the image play legal exactly when the real referee finds the play legal,
//! or the search stops with [`SearchError::Asymmetric`].
//!
//! The identity is always the first symmetry, so with a limit of one symmetry the search is
//! the plain search over the referee's own keys.

use crate::family::{Family, Symmetric};
use crate::referee::{Fault, Referee, RefereeInfo};
use crate::util::fingerprint::fingerprint;

/// Why a search could not run or had to stop.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The referee cannot fork or has no state key (its id given).
    #[error("referee `{0}` cannot be searched exhaustively: it cannot copy itself or summarize its state (only internal rulesets with a state key can)")]
    Unsupported(String),
    #[error("referee `{id}` failed: {fault}")]
    /// A referee failed while searching.
    Fault {
        /// The referee.
        id: String,
        /// How it failed.
        fault: Fault,
    },
    #[error("referee `{id}` rules `{play}` differently in a mirror image of the same game, so symmetry reduction does not hold for it (run with symmetry off)")]
    /// A referee ruled a play and its mirror image differently.
    Asymmetric {
        /// The referee.
        id: String,
        /// The play, in the family's notation.
        play: String,
    },
    #[error("referee `{id}` does not allow move {at} (`{play}`) of the given start")]
    /// A referee refused a play of the prefix that leads to the search's start.
    Start {
        /// The referee.
        id: String,
        /// The move's number in the prefix (1-based).
        at: usize,
        /// The play, in the family's notation.
        play: String,
    },
}

/// The board symmetries a search uses (the identity first) and the setup they act on.
pub struct Symmetries<F: Symmetric> {
    setup: F::Setup,
    /// Plays made from the setup before the search starts.
    prefix: Vec<F::Play>,
    maps: Vec<F::Map>,
    /// Whether states include what decides the score besides legality
    /// ([`Referee::score_key_into`]): the solver's states do, the finiteness search's not.
    scored: bool,
}

/// One search state: the real game's referee first, then one per symmetry after the image
/// game.
pub struct Node<F: Family> {
    images: Vec<Box<dyn Referee<F>>>,
    /// As [`Symmetries`]' `scored`.
    scored: bool,
}

impl<F: Symmetric> Symmetries<F> {
    /// Up to `limit` symmetries of `setup`'s board (1: none but the identity).
    pub fn new(setup: &F::Setup, limit: usize) -> Self {
        Symmetries {
            setup: setup.clone(),
            prefix: Vec::new(),
            maps: F::symmetries(setup, limit.max(1)),
            scored: false,
        }
    }

    /// States carry the referee's score key too: two games in the same state whose scores
    /// will differ (prisoners under territory scoring) are different states.
    pub fn with_scores(mut self) -> Self {
        self.scored = true;
        self
    }

    /// Searches start after these plays from the setup.
    pub fn with_prefix(mut self, prefix: Vec<F::Play>) -> Self {
        self.prefix = prefix;
        self
    }

    /// Plays from the setup to the start of the search.
    pub fn prefix(&self) -> &[F::Play] {
        &self.prefix
    }

    /// The setup the symmetries act on.
    pub fn setup(&self) -> &F::Setup {
        &self.setup
    }

    pub(crate) fn maps(&self) -> &[F::Map] {
        &self.maps
    }

    /// The start state: a referee per symmetry, each started on its image of the setup and
    /// given its image of the prefix.
    pub fn start(&self, info: &RefereeInfo<F>) -> Result<Node<F>, SearchError> {
        let images = self
            .maps
            .iter()
            .map(|map| {
                let mut referee = (info.make)();
                referee
                    .start(&F::map_setup(map, &self.setup))
                    .map_err(|fault| fault_of(&info.id, fault))?;
                if referee.fork().is_none() || referee.state_key().is_none() {
                    return Err(SearchError::Unsupported(info.id.clone()));
                }
                for (at, play) in self.prefix.iter().enumerate() {
                    let verdict = referee
                        .play(&F::map_play(map, play))
                        .map_err(|fault| fault_of(&info.id, fault))?;
                    if !verdict.is_legal() {
                        return Err(SearchError::Start {
                            id: info.id.clone(),
                            at: at + 1,
                            play: F::play_text(&self.setup, play),
                        });
                    }
                }
                Ok(referee)
            })
            .collect::<Result<_, _>>()?;
        Ok(Node {
            images,
            scored: self.scored,
        })
    }

    /// The state after `play`, or `None` when the referee forbids it.
    pub fn play(&self, node: &Node<F>, play: &F::Play) -> Result<Option<Node<F>>, SearchError> {
        self.play_keeping(node, play, node.images.len())
    }

    /// The state after `play`, keeping only the first `images` symmetries: a node with
    /// fewer images is cheaper, and its canonical key is still the key of a state
    /// equivalent to it, so a search may mix both kinds and stay exact (it just merges
    /// fewer mirror images).
    pub fn play_keeping(
        &self,
        node: &Node<F>,
        play: &F::Play,
        images: usize,
    ) -> Result<Option<Node<F>>, SearchError> {
        let real = &node.images[0];
        let id = real.id().to_string();
        let kept = images.clamp(1, node.images.len());
        let mut images = Vec::with_capacity(kept);
        for (i, (referee, map)) in node.images[..kept].iter().zip(&self.maps).enumerate() {
            let mut next = referee
                .fork()
                .ok_or_else(|| SearchError::Unsupported(id.clone()))?;
            let image = F::map_play(map, play);
            let legal = next
                .play(&image)
                .map_err(|fault| fault_of(&id, fault))?
                .is_legal();
            match (i, legal) {
                (0, false) => return Ok(None),
                (0, true) => {}
                (_, true) => {}
                (_, false) => {
                    return Err(SearchError::Asymmetric {
                        id,
                        play: F::play_text(&self.setup, play),
                    })
                }
            }
            images.push(next);
        }
        Ok(Some(Node {
            images,
            scored: node.scored,
        }))
    }
}

impl<F: Family> Node<F> {
    /// The referee of the real game.
    pub fn referee(&mut self) -> &mut dyn Referee<F> {
        self.images[0].as_mut()
    }

    /// The canonical key: the least fingerprint (see [`fingerprint`]) of the images' keys
    /// (each followed by its score key when the states are scored), and which symmetry
    /// gives it.
    pub fn canonical(&self) -> Result<(u128, usize), SearchError> {
        thread_local! {
            static KEY: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let mut best = (u128::MAX, 0);
        for (i, referee) in self.images.iter().enumerate() {
            let print = KEY.with_borrow_mut(|key| {
                let known = referee.state_key_into(key);
                if self.scored {
                    referee.score_key_into(key);
                }
                known
                    .then(|| fingerprint(key))
                    .ok_or_else(|| SearchError::Unsupported(referee.id().to_string()))
            })?;
            if i == 0 || print < best.0 {
                best = (print, i);
            }
        }
        Ok(best)
    }

    /// How many referees the node carries (one per symmetry).
    pub fn images(&self) -> usize {
        self.images.len()
    }

    /// The game of image `image` alone, as a node of its own (one referee, keyed by its own
    /// state): its lines are the images of this node's lines under that image's symmetry.
    pub fn facing(&self, image: usize) -> Result<Node<F>, SearchError> {
        let referee = &self.images[image];
        let copy = referee
            .fork()
            .ok_or_else(|| SearchError::Unsupported(referee.id().to_string()))?;
        Ok(Node {
            images: vec![copy],
            scored: self.scored,
        })
    }
}

fn fault_of(id: &str, fault: Fault) -> SearchError {
    SearchError::Fault {
        id: id.to_string(),
        fault,
    }
}

/// A real cycle from a cycle of canonical keys: `plays` lead from a state `h` to a state that
/// is `rho h` up to key, so the plays, then their ρ-image, then their ρ²-image… return to `h`
/// once ρ's power is the identity.
pub fn unfold<F: Symmetric>(plays: &[F::Play], rho: &F::Map) -> Vec<F::Play> {
    let mut cycle = plays.to_vec();
    let mut power = rho.clone();
    while !F::is_identity(&power) {
        cycle.extend(plays.iter().map(|p| F::map_play(&power, p)));
        power = F::compose(&power, rho);
    }
    cycle
}

/// The ρ of [`unfold`] when the state at the end of a cycle took symmetry `last` to reach the
/// canonical key that the state at its start reached with symmetry `first`:
/// `key(last h') = key(first h)`, so `h'` is `last⁻¹ first h`.
pub fn cycle_map<F: Symmetric>(first: &F::Map, last: &F::Map) -> F::Map {
    F::compose(first, &F::inverse(last))
}
