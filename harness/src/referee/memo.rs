//! [`StepMemo`]: what referees of one game work out about the same position, kept for each
//! other while a campaign asks them in turn at one step.

use std::any::Any;

/// What a campaign hands every referee at a step (see
/// [`Referee::legal_plays_memo`](super::Referee::legal_plays_memo)) and empties between
/// steps: one slot per type of thing kept, so the fast referees' board analysis and the spec
/// referees' plain plays, asked in turn, do not push each other out. A referee keeps in it
/// whatever it worked out together with what that depends on, and uses what it finds only
/// where that matches its own game, so a memo filled by any other referee, or at another
/// step, can make a ruling slower but never different.
#[derive(Default)]
pub struct StepMemo {
    slots: Vec<Box<dyn Any + Send>>,
}

impl StepMemo {
    /// Forgets what the memo holds.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// The `T` in the memo if `fits` accepts it, else `make()`, kept in its place.
    pub fn get_or_make<T: Any + Send>(
        &mut self,
        fits: impl FnOnce(&T) -> bool,
        make: impl FnOnce() -> T,
    ) -> &T {
        let at = match self.slots.iter().position(|s| s.is::<T>()) {
            Some(at) => at,
            None => {
                self.slots.push(Box::new(make()));
                return self.slots[self.slots.len() - 1]
                    .downcast_ref::<T>()
                    .expect("just kept");
            }
        };
        let kept = self.slots[at].downcast_ref::<T>();
        if !kept.is_some_and(fits) {
            self.slots[at] = Box::new(make());
        }
        self.slots[at].downcast_ref::<T>().expect("just kept")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_value_is_used_only_where_it_fits() {
        let mut memo = StepMemo::default();
        assert_eq!(*memo.get_or_make(|_: &u32| true, || 1u32), 1);
        assert_eq!(*memo.get_or_make(|_: &u32| true, || 2u32), 1);
        assert_eq!(*memo.get_or_make(|&k: &u32| k == 2, || 2u32), 2);
        // Another type gets a slot of its own, leaving the first one's.
        assert_eq!(*memo.get_or_make(|_: &u64| true, || 3u64), 3);
        assert_eq!(*memo.get_or_make(|_: &u32| true, || 5u32), 2);
        memo.clear();
        assert_eq!(*memo.get_or_make(|_: &u64| true, || 4u64), 4);
    }
}
