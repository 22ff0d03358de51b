//! PGN import and export. The reader takes what real databases hold: tag pairs (a `FEN` tag
//! sets the start), `{…}` and `;` comments, `%` escape lines, nested `(…)` variations
//! (skipped), `$n` glyphs, move numbers (`12.`, `12...`, glued to the move or not), SAN with
//! `+ # ! ?` suffixes, castling written with zeros, `e.p.`, and the result tokens. A bad token
//! is an error naming its line and column.

use shakmaty::{Move, Position};

use super::notation::{fen_of, parse_fen, parse_move, san_of};
use super::Pos;

/// One game of a PGN file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs (`Event`, `FEN`, …), in order.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag's, or the standard one).
    pub start: Pos,
    /// The main line's moves.
    pub moves: Vec<Move>,
    /// The result token, if the game had one.
    pub result: Option<String>,
}

/// What is wrong with a PGN text, and where (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct PgnError {
    /// The line.
    pub line: usize,
    /// The column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Largest PGN text read.
pub const MAX_PGN: usize = 64 << 20;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, offset: usize, message: impl std::fmt::Display) -> PgnError {
        let (line, column) = crate::util::line_column(self.text, offset);
        PgnError {
            line,
            column,
            message: message.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn skip_until(&mut self, end: char) -> bool {
        while let Some(c) = self.bump() {
            if c == end {
                return true;
            }
        }
        false
    }

    /// Skips blanks, comments and escape lines.
    fn skip_space(&mut self) -> Result<(), PgnError> {
        loop {
            let start = self.at;
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('{') => {
                    if !self.skip_until('}') {
                        return Err(self.error(start, "comment `{` never closed"));
                    }
                }
                Some(';') => {
                    self.skip_until('\n');
                }
                Some('%') if start == 0 || self.text.as_bytes()[start - 1] == b'\n' => {
                    self.skip_until('\n');
                }
                _ => return Ok(()),
            }
        }
    }

    /// A `(…)` variation, nested ones and comments inside included.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let start = self.at;
        let mut depth = 0usize;
        loop {
            self.skip_space()?;
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) => {}
                None => return Err(self.error(start, "variation `(` never closed")),
            }
        }
    }

    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let start = self.at;
        self.bump();
        let line_end = self.text[self.at..]
            .find('\n')
            .map_or(self.text.len(), |i| self.at + i);
        let body = &self.text[self.at..line_end];
        let close = body
            .rfind(']')
            .ok_or_else(|| self.error(start, "tag `[` not closed on its line"))?;
        let inner = body[..close].trim();
        let (name, value) = inner
            .split_once(char::is_whitespace)
            .ok_or_else(|| self.error(start, "a tag is `[Name \"value\"]`"))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| self.error(start, "a tag value is a quoted string"))?;
        self.at += close + 1;
        Ok((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ))
    }

    fn token(&mut self) -> (usize, &'a str) {
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            self.bump();
        }
        if self.at == start {
            self.bump();
        }
        (start, &self.text[start..self.at])
    }
}

/// Every game in a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader { text, at: 0 };
    if text.len() > MAX_PGN {
        return Err(reader.error(0, format!("PGN larger than {MAX_PGN} bytes")));
    }
    let mut games = Vec::new();
    loop {
        reader.skip_space()?;
        if reader.peek().is_none() {
            return Ok(games);
        }
        games.push(game(&mut reader)?);
    }
}

fn game(reader: &mut Reader) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut fen_at = 0;
    while reader.peek() == Some('[') {
        fen_at = reader.at;
        tags.push(reader.tag()?);
        reader.skip_space()?;
    }
    let start = start_position(reader, &tags, fen_at)?;
    let mut game = PgnGame {
        tags,
        start: start.clone(),
        moves: Vec::new(),
        result: None,
    };
    let mut pos = start;
    loop {
        reader.skip_space()?;
        match reader.peek() {
            None | Some('[') => return Ok(game),
            Some('(') => reader.skip_variation()?,
            Some(')') => return Err(reader.error(reader.at, "`)` without `(`")),
            Some(_) => {
                let (at, token) = reader.token();
                if RESULTS.contains(&token) {
                    game.result = Some(token.to_string());
                    return Ok(game);
                }
                let Some(san) = strip_number(token) else {
                    continue;
                };
                if san.starts_with('$') || san.is_empty() || san == "e.p." {
                    continue;
                }
                if san == "--" || san == "Z0" {
                    return Err(reader.error(at, "null moves are not chess moves"));
                }
                let m = parse_move(&pos, san)
                    .map_err(|e| reader.error(at, format!("move {}: {e}", game.moves.len() + 1)))?;
                pos.play_unchecked(m);
                game.moves.push(m);
            }
        }
    }
}

/// The token without a leading move number (`12.`, `12...`); `None` for a bare number.
fn strip_number(token: &str) -> Option<&str> {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() == token.len() {
        return Some(token);
    }
    let rest = digits.trim_start_matches('.');
    if rest.len() == digits.len() {
        return Some(token);
    }
    (!rest.is_empty()).then_some(rest)
}

fn start_position(reader: &Reader, tags: &[(String, String)], at: usize) -> Result<Pos, PgnError> {
    for (name, value) in tags {
        if name == "Variant" && !matches!(value.to_lowercase().as_str(), "standard" | "chess" | "")
        {
            return Err(reader.error(at, format!("variant `{value}` is not standard chess")));
        }
    }
    match tags.iter().find(|(name, _)| name == "FEN") {
        Some((_, fen)) => parse_fen(fen).map_err(|e| reader.error(at, e)),
        None => Ok(Pos::default()),
    }
}

/// A game as PGN: the seven-tag roster (placeholders where unknown), `SetUp`/`FEN` when the
/// start is not the standard one, and SAN movetext.
pub fn write(tags: &[(String, String)], start: &Pos, moves: &[Move], result: &str) -> String {
    let mut out = String::new();
    let roster = ["Event", "Site", "Date", "Round", "White", "Black"];
    for name in roster {
        let value = tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str());
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if *start != Pos::default() {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", fen_of(start)));
    }
    out.push('\n');
    let mut pos = start.clone();
    let mut words = Vec::new();
    let mut number = start.fullmoves().get();
    for (i, m) in moves.iter().enumerate() {
        if pos.turn().is_white() {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(san_of(&pos, *m));
        pos.play_unchecked(*m);
        if pos.turn().is_white() {
            number += 1;
        }
    }
    words.push(result.to_string());
    out.push_str(&wrap(&words));
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for w in words {
        if width > 0 && width + 1 + w.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(w);
        width += w.len();
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[Event "Casual"]
[White "A \"quoted\" name"]
[Result "1/2-1/2"]

1. e4 {a comment (with parens)} e5 2.Nf3 (2. f4 exf4 (2... d5) 3. Nf3) Nc6 $1
; rest of line
3. Bb5 a6?! 4. 0-0 1/2-1/2

[FEN "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"]

1... dxe3 e.p. 2. Kf1 *
"#;

    #[test]
    fn reads_database_style_games() {
        let games = parse(SAMPLE).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 7);
        assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(games[0].tags[1].1, "A \"quoted\" name");
        assert_eq!(games[1].moves.len(), 2);
        assert!(games[1].moves[0].is_en_passant());
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = parse("[Event \"x\"]\n\n1. e4 e5 2. Ke3").unwrap_err();
        assert_eq!((err.line, err.column), (3, 13));
        assert!(parse("1. e4 {open")
            .unwrap_err()
            .message
            .contains("never closed"));
        assert!(parse("[Variant \"Atomic\"]\n1. e4").is_err());
    }

    #[test]
    fn written_games_read_back() {
        let games = parse(SAMPLE).unwrap();
        for g in &games {
            let text = write(&g.tags, &g.start, &g.moves, "*");
            let again = parse(&text).unwrap();
            assert_eq!(again[0].moves, g.moves);
            assert_eq!(again[0].start, g.start);
        }
    }
}
