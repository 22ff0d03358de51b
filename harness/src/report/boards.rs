//! The pictures of one divergence, from its minimized case alone (so reports of saved
//! results draw them too): the position before the disputed play and after it, and the
//! repeating cycle as a strip of small boards. Any family: Go on any graph (grids as
//! boards, other graphs laid out on a circle), chess, xiangqi.

use std::path::Path;

use crate::case::Case;
use crate::families::ForCase;
use crate::family::Explore;
use crate::listed::Listed;

/// A strip shows at most this many boards; a longer cycle shows its first and last ones.
pub const STRIP: usize = 8;

/// SVG pictures of a divergence.
#[derive(Clone, Debug, Default)]
pub struct Boards {
    /// Before the disputed play, the play marked.
    pub before: String,
    /// After it, as the referees that allow it see the board.
    pub after: String,
    /// The cycle's positions, from the earlier equal position to the one the play makes,
    /// each with a caption (`ply 3: D4`); the middle of a long cycle is left out.
    pub cycle: Vec<(String, String)>,
    /// Positions of the cycle left out of the strip.
    pub hidden: usize,
}

/// The pictures of the case in `text` (a case file as campaigns write them), whose last
/// play is the disputed one; `None` where it does not parse or has no play.
pub fn of_case_file(path: &str, text: &str) -> Option<Boards> {
    crate::families::parse(Path::new(path), text)
        .ok()?
        .visit(Pictures)
}

/// [`of`] as an action on a case of any family.
struct Pictures;

impl ForCase for Pictures {
    type Output = Option<Boards>;
    fn run<F: Listed>(self, case: Case<F>) -> Option<Boards> {
        of(&case)
    }
}

fn of<F: Explore>(case: &Case<F>) -> Option<Boards> {
    let setup = &case.setup;
    let (last, history) = case.plays.split_last()?;
    let mut state = F::initial(setup);
    let mut states = vec![state.clone()];
    let mut plays = Vec::new();
    for play in history {
        F::advance(setup, &mut state, play);
        states.push(state.clone());
        plays.push(F::play_text(setup, play));
    }
    let before = F::svg(setup, &state, Some(last));
    let mut after = state.clone();
    F::advance(setup, &mut after, last);
    let mut boards = Boards {
        before,
        after: F::svg(setup, &after, None),
        ..Boards::default()
    };
    let Some((_, back)) = F::cycle(setup, &state, last) else {
        return Some(boards);
    };
    let n = states.len();
    let first = (n + 1).saturating_sub(back + 1).min(n);
    let mut strip: Vec<(String, String)> = (first..n)
        .map(|i| {
            let caption = match i {
                0 => "start".to_string(),
                i => format!("ply {i}: {}", plays[i - 1]),
            };
            (caption, F::svg(setup, &states[i], None))
        })
        .collect();
    strip.push((
        format!("ply {}: {}", n, F::play_text(setup, last)),
        boards.after.clone(),
    ));
    if strip.len() > STRIP {
        let hidden = strip.len() - STRIP;
        strip.drain(STRIP / 2..STRIP / 2 + hidden);
        boards.hidden = hidden;
    }
    boards.cycle = strip;
    Some(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_basic_ko_shows_before_after_and_its_cycle() {
        let case = "family = \"go\"\nboard = \"5x5\"\nsetup = \"\"\"\n. . . . .\n. X O . .\nX . X O .\n. X O . .\n. . . . .\n\"\"\"\nto_move = \"W\"\nmoves = \"B3 C3\"\n";
        let boards = of_case_file("ko.toml", case).expect("parses");
        assert!(boards.before.starts_with("<svg") && boards.after.starts_with("<svg"));
        assert_ne!(boards.before, boards.after);
        // The start, White's capture at B3, Black's retake at C3 that brings the start back.
        let captions: Vec<&str> = boards.cycle.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(captions, ["start", "ply 1: B3", "ply 2: C3"]);
        assert_eq!(boards.cycle[0].1, boards.cycle[2].1);
    }

    #[test]
    fn graphs_chess_and_xiangqi_are_drawn() {
        let ring = "family = \"go\"\nboard = \"ring:5\"\nplayers = 2\nmoves = \"1 2\"\n";
        assert!(of_case_file("ring.toml", ring).is_some());
        let chess = "family = \"chess\"\nmoves = \"Nf3 Nf6 Ng1 Ng8\"\n";
        let boards = of_case_file("chess.toml", chess).expect("chess parses");
        assert!(boards.before.contains("<svg"));
        assert_eq!(
            boards.cycle.len(),
            5,
            "the start comes back after four plies"
        );
        let xq = "family = \"xiangqi\"\nranks = \"0-9\"\nmoves = \"h2e2\"\n";
        assert!(of_case_file("xq.toml", xq).is_some());
    }
}
