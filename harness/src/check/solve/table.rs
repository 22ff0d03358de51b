//! The solver's transposition table: an array of bounds on game values, keyed by the
//! canonical fingerprint of a state (see [`crate::check::canon`]). It starts small and doubles
//! while more than an eighth of its slots are in use (fuller, more states share a bucket of two
//! and evict each other: at a quarter, 2×2 under `kee` took 9% more nodes than with the whole
//! table from the start), up to the size the caller allows, so a small
//! problem costs little memory (a 2×2 solve used to fault in all of its 512 MiB for a few
//! thousand states) and a big one is bounded; at the limit, when two states compete for a
//! slot, the one whose value took more work to find stays (two entries per bucket: the more
//! expensive one, and the most recent).

/// What the table knows about one state: its value lies in `lower..=upper` (Black's view),
/// and the play that was best (an index into the referee's list of legal plays).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    print: u128,
    lower: i16,
    upper: i16,
    best: u8,
    /// log2 of the nodes the search below this state took; 0 marks an empty slot.
    work: u8,
}

impl Entry {
    /// Whether the entry bounds the value at all (else it only names a best play).
    fn proven(&self) -> bool {
        self.lower as i32 > -UNBOUNDED || (self.upper as i32) < UNBOUNDED
    }

    fn priority(&self) -> (bool, u8) {
        (self.proven(), self.work)
    }
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    used: usize,
    /// Most entries the table may grow to (a power of two).
    limit: usize,
}

/// Entries a table starts with (or its limit, if smaller).
const FIRST_ENTRIES: usize = 1 << 12;

/// A table hit: the bounds and the best play's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lower: i32,
    pub upper: i32,
    pub best: Option<usize>,
}

const NO_BEST: u8 = u8::MAX;

/// Bounds that say nothing: an entry with these only remembers a best play.
pub const UNBOUNDED: i32 = i16::MAX as i32;

impl Table {
    /// A table that grows to at most about `bytes` bytes (at least two entries, a power of
    /// two).
    pub fn with_bytes(bytes: usize) -> Self {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(2);
        let limit = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let size = limit.min(FIRST_ENTRIES);
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 1,
            used: 0,
            limit,
        }
    }

    /// Twice the slots, every entry moved to its new bucket (in the same order of priority,
    /// so a bucket keeps its more valuable state first).
    fn grow(&mut self) {
        let size = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![Entry::default(); size]);
        self.mask = size - 1;
        self.used = 0;
        for entry in old.into_iter().filter(|e| e.work > 0) {
            self.place(entry);
        }
    }

    /// Slots holding a state.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Slots in all (the tests check how the table grows).
    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.entries.len()
    }

    fn bucket(&self, print: u128) -> usize {
        (print as usize) & self.mask & !1
    }

    pub fn get(&self, print: u128) -> Option<Bounds> {
        let b = self.bucket(print);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.work > 0 && e.print == print)
            .map(|e| Bounds {
                lower: e.lower as i32,
                upper: e.upper as i32,
                best: (e.best != NO_BEST).then_some(e.best as usize),
            })
    }

    /// Records bounds found with `nodes` nodes of search; tightens what is there already.
    pub fn put(&mut self, print: u128, bounds: Bounds, nodes: u64) {
        let work = (64 - nodes.max(1).leading_zeros()) as u8;
        let clamp = |x: i32| x.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let best = bounds
            .best
            .and_then(|i| u8::try_from(i).ok())
            .filter(|&i| i != NO_BEST);
        let b = self.bucket(print);
        if let Some(i) = self.entries[b..b + 2]
            .iter()
            .position(|e| e.work > 0 && e.print == print)
        {
            let old = &mut self.entries[b + i];
            old.lower = old.lower.max(clamp(bounds.lower));
            old.upper = old.upper.min(clamp(bounds.upper));
            old.best = best.unwrap_or(old.best);
            old.work = old.work.max(work);
            return;
        }
        if self.used * 8 > self.entries.len() && self.entries.len() < self.limit {
            self.grow();
        }
        self.place(Entry {
            print,
            lower: clamp(bounds.lower),
            upper: clamp(bounds.upper),
            best: best.unwrap_or(NO_BEST),
            work,
        });
    }

    /// Puts a state not in the table into its bucket, evicting one if both slots are taken.
    fn place(&mut self, entry: Entry) {
        let b = self.bucket(entry.print);
        if self.entries[b].work == 0 {
            self.entries[b] = entry;
            self.used += 1;
            return;
        }
        // Slot 0 keeps the most valuable state (proven bounds first, then the work they
        // took), slot 1 the latest; a mere hint (a best play, no bounds) never evicts a
        // proven bound, which would have to be proven again.
        if entry.priority() >= self.entries[b].priority() {
            if self.entries[b + 1].work == 0 {
                self.used += 1;
            }
            self.entries[b + 1] = self.entries[b];
            self.entries[b] = entry;
        } else if self.entries[b + 1].work == 0 {
            self.entries[b + 1] = entry;
            self.used += 1;
        } else if entry.proven() || !self.entries[b + 1].proven() {
            self.entries[b + 1] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_tighten_and_survive_competition() {
        let mut t = Table::with_bytes(1 << 10);
        let b = |lower, upper| Bounds {
            lower,
            upper,
            best: Some(3),
        };
        t.put(7, b(-4, 4), 1000);
        t.put(7, b(0, 9), 10);
        assert_eq!(t.get(7), Some(b(0, 4)));
        // Two more states in the same bucket: the expensive one stays.
        let mask = t.mask as u128;
        let (x, y) = (7 + (mask + 1), 7 + 2 * (mask + 1));
        t.put(x, b(1, 1), 1);
        t.put(y, b(2, 2), 1);
        assert_eq!(t.get(7), Some(b(0, 4)));
        assert_eq!(t.get(y), Some(b(2, 2)));
        assert_eq!(t.get(x), None);
    }

    #[test]
    fn the_table_grows_to_its_limit_and_keeps_what_it_had() {
        let mut t = Table::with_bytes(1 << 30);
        assert_eq!(t.capacity(), FIRST_ENTRIES);
        let b = |v| Bounds {
            lower: v,
            upper: v,
            best: None,
        };
        let states = 3 * FIRST_ENTRIES as u128;
        for print in 1..=states {
            t.put(print * 0x9e37_79b9_7f4a_7c15, b((print % 100) as i32), 1);
        }
        // At most an eighth full, a bucket seldom overflows: nearly everything is still there.
        assert!(
            t.used() * 20 > states as usize * 19,
            "{} of {states}",
            t.used()
        );
        assert!(t.capacity() >= 8 * states as usize && t.capacity() <= 16 * states as usize);
        let mut found = 0;
        for print in 1..=states {
            if let Some(hit) = t.get(print * 0x9e37_79b9_7f4a_7c15) {
                assert_eq!(hit, b((print % 100) as i32));
                found += 1;
            }
        }
        assert_eq!(found, t.used());
        let mut small = Table::with_bytes(64 * std::mem::size_of::<Entry>());
        for print in 1..=states {
            small.put(print, b(0), 1);
        }
        assert_eq!(small.capacity(), 64, "never past its limit");
    }
}
