//! The [`Referee`] trait: one implementation of one ruleset, judging one game at a time.

use crate::family::Family;

use super::{Fault, Status, StepMemo, Verdict};

/// One implementation of one ruleset, judging one game at a time.
///
/// Call order: [`start`](Referee::start), then any mix of [`judge`](Referee::judge),
/// [`legal_plays`](Referee::legal_plays), [`status`](Referee::status) and
/// [`play`](Referee::play).
pub trait Referee<F: Family>: Send {
    /// Kebab-case id, as on the command line (`simple-ko`, `psk+suicide`, `fide`, …).
    fn id(&self) -> &str;
    /// Begins a new game from `setup`, forgetting any previous one.
    fn start(&mut self, setup: &F::Setup) -> Result<(), Fault>;
    /// Would `play` be allowed now? Changes nothing.
    fn judge(&mut self, play: &F::Play) -> Result<Verdict, Fault>;
    /// Makes `play` if it is legal and says so; an illegal play changes nothing.
    fn play(&mut self, play: &F::Play) -> Result<Verdict, Fault>;
    /// Has the game ended, and how?
    fn status(&mut self) -> Result<Status, Fault>;
    /// Every play allowed now for the player to move.
    fn legal_plays(&mut self) -> Result<Vec<F::Play>, Fault>;

    /// [`legal_plays`](Referee::legal_plays), for a campaign that asks every referee of one
    /// game at each step: `memo` goes to each in turn, so referees that work out the same
    /// thing about the same position (Go: what each stone play would capture) work it out
    /// once. The same plays as `legal_plays`, whatever the memo holds; the default ignores it.
    fn legal_plays_memo(&mut self, memo: &mut StepMemo) -> Result<Vec<F::Play>, Fault> {
        let _ = memo;
        self.legal_plays()
    }

    /// The seat whose turn it is, for rulesets in which a play can change the turn order (Kee
    /// Rules: a rescinded player replaces his play, so he moves again). `None` means the
    /// family's fixed order ([`Family::seat_to_move`]) holds.
    fn seat_to_move(&self) -> Option<usize> {
        None
    }

    /// Whether the last play this referee accepted left the position as it was although it
    /// names a point (KataGo's unblock action), so that a runner keeping the position in
    /// step with the referees does not make the play itself (see
    /// [`crate::family::Ruled`]). `false` for every ruleset whose plays all do what the
    /// family's notation says.
    fn last_play_unchanged(&self) -> bool {
        false
    }

    /// For exhaustive search: an independent copy of this referee as it stands. `None` where
    /// the referee cannot be copied (external programs).
    fn fork(&self) -> Option<Box<dyn Referee<F>>> {
        None
    }

    /// For exhaustive search: a summary of the history that decides every future ruling on
    /// legality and on the end of the game (equal keys, equal futures), written into `out`
    /// (cleared first) so a search can reuse one buffer; `false` where the referee has no
    /// such summary. Referees with a key implement this; [`state_key`](Referee::state_key)
    /// follows from it.
    fn state_key_into(&self, out: &mut Vec<u64>) -> bool {
        out.clear();
        false
    }

    /// For the solver: what of the history besides the state key decides the score of every
    /// game from here (the prisoners, under territory scoring), appended to `out`; `false`
    /// (nothing appended) where the state key decides the score alone. Legality never
    /// depends on it, so the finiteness search leaves it out: with it, a cycle that captures
    /// would never come back to the same state.
    fn score_key_into(&self, _out: &mut Vec<u64>) -> bool {
        false
    }

    /// [`state_key_into`](Referee::state_key_into) as a new vector; `None` where there is
    /// no key.
    fn state_key(&self) -> Option<Vec<u64>> {
        let mut key = Vec::new();
        self.state_key_into(&mut key).then_some(key)
    }

    /// Faults the referee recovered from since the last call (an engine restarted and the
    /// game replayed), for the run's record. Internal rulesets have none.
    fn incidents(&mut self) -> Vec<String> {
        Vec::new()
    }
}
