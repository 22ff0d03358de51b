//! KataGo's own board-area tests (`cpp/tests/testboardarea.cpp`), transcribed as data in
//! `corpus/go/katago/board-area.txt`: for every position, rulediff's pass-alive areas
//! (`go::pass_alive::area`, KataGo's `calculateArea` in all eight modes) equal the test's
//! expected output, and KataGo's rules' independent-life regions
//! (`go::rules::katago::scoring::independent_life_area`, its `calculateIndependentLifeArea`
//! in all eight modes, with the region count) equal them too.

use rulediff::go::independent_life_area;
use rulediff::go::{
    pass_alive_area as area, pass_alive_area_into_graph as area_into_graph, AreaOptions, Benson,
    BLACK, WHITE,
};
use rulediff::go::{Colour, EMPTY};
use rulediff::Graph;

struct Block {
    test: String,
    graph: Graph,
    cells: Vec<Colour>,
    modes: Vec<(String, Vec<String>)>,
}

fn colour(ch: char) -> Colour {
    match ch {
        'x' | 'X' => BLACK,
        'o' | 'O' => WHITE,
        _ => EMPTY,
    }
}

fn blocks() -> Vec<Block> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/go/katago/board-area.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .peekable();
    let mut all = Vec::new();
    while let Some(line) = lines.next() {
        let test = line.strip_prefix("test ").expect("a test line").to_string();
        let size = lines
            .next()
            .unwrap()
            .strip_prefix("board ")
            .unwrap()
            .to_string();
        let (w, h) = size.split_once('x').unwrap();
        let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
        let rows: Vec<&str> = (0..h).map(|_| lines.next().unwrap()).collect();
        let mut cells = vec![EMPTY; w * h];
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                cells[(h - 1 - r) * w + x] = colour(ch);
            }
        }
        let mut modes = Vec::new();
        while lines
            .peek()
            .is_some_and(|l| l.starts_with("area ") || l.starts_with("life "))
        {
            let mode = lines.next().unwrap().to_string();
            let grid = (0..h).map(|_| lines.next().unwrap().to_string()).collect();
            modes.push((mode, grid));
        }
        all.push(Block {
            test,
            graph: Graph::grid(w, h, false).unwrap(),
            cells,
            modes,
        });
    }
    all
}

fn flag(mode: &str, name: &str) -> bool {
    mode.split_whitespace().any(|f| f == format!("{name}=1"))
}

fn render(graph: &Graph, owner: &[Colour]) -> Vec<String> {
    let g = graph.grid_shape().unwrap();
    (0..g.height)
        .map(|r| {
            (0..g.width)
                .map(|x| match owner[(g.height - 1 - r) * g.width + x] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// Every block of one kind (`area` or `life`) checked by `check`, which returns what the
/// mode gives; returns how many modes were checked.
fn check_modes(kind: &str, mut check: impl FnMut(&Block, &str) -> Vec<String>) -> usize {
    let all = blocks();
    assert_eq!(all.len(), 22, "every transcribed test is read");
    let mut checked = 0;
    for block in &all {
        for (mode, expected) in block.modes.iter().filter(|(m, _)| m.starts_with(kind)) {
            assert_eq!(&check(block, mode), expected, "{} / {mode}", block.test);
            checked += 1;
        }
    }
    checked
}

#[test]
fn calculate_area_in_every_mode_as_katago() {
    let mut benson = Benson::default();
    let checked = check_modes("area ", |block, mode| {
        let options = AreaOptions {
            non_pass_alive_stones: flag(mode, "stones"),
            safe_big_territories: flag(mode, "safe"),
            unsafe_big_territories: flag(mode, "unsafe"),
        };
        let owner = area(
            &block.graph,
            &block.cells,
            2,
            flag(mode, "suicide"),
            options,
            &mut benson,
        )
        .unwrap();
        // The graph path, which the grid path is diffed against, matches KataGo too.
        let mut by_graph = vec![EMPTY; owner.len()];
        area_into_graph(
            &block.graph,
            &block.cells,
            flag(mode, "suicide"),
            options,
            &mut Benson::default(),
            &mut by_graph,
        );
        assert_eq!(by_graph, owner, "graph path, {}", block.test);
        render(&block.graph, &owner)
    });
    assert_eq!(checked, 88);
}

#[test]
fn independent_life_area_in_every_mode_as_katago() {
    let mut benson = Benson::default();
    let checked = check_modes("life ", |block, mode| {
        let (owner, regions) = independent_life_area(
            &block.graph,
            &block.cells,
            flag(mode, "suicide"),
            flag(mode, "territories"),
            flag(mode, "stones"),
            &mut benson,
        );
        let expected: i64 = mode
            .split_whitespace()
            .find_map(|f| f.strip_prefix("white-minus-black="))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(regions[1] - regions[0], expected, "{} / {mode}", block.test);
        render(&block.graph, &owner)
    });
    assert!(checked >= 80, "{checked} life modes");
}
