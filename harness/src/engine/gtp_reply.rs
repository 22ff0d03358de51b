//! GTP replies as text: assembling the lines an engine prints into replies, and reading the
//! payloads rulediff asks for (booleans, scores; a family reads its own vertices, as Go's
//! `go::engines::gtp_vertex` does). Engines are untrusted input, so
//! every function here returns an error for anything unexpected and never panics
//! (`check::fuzz::gtp_reply` holds it to that).
//!
//! GTP version 2: a reply is `=` (success) or `?` (failure), an optional numeric id, a space
//! and text, possibly over several lines, and ends with an empty line.

use thiserror::Error;

use crate::referee::HalfPoints;

/// One complete reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `=` (true) or `?` (false).
    pub success: bool,
    /// The id the command carried, echoed.
    pub id: Option<u64>,
    /// The text after the status character and id, lines joined by `\n`, trimmed.
    pub text: String,
}

/// Something an engine printed that is not GTP.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplyError {
    /// A first line that starts with neither `=` nor `?`.
    #[error("a reply must start with `=` or `?`, not `{0}`")]
    BadStart(String),
    /// An id that is not a number.
    #[error("bad id in `{0}`")]
    BadId(String),
    /// A reply longer than the bound.
    #[error("a reply of more than {0} bytes")]
    TooLong(usize),
}

/// Longest reply accepted; `all_legal` on 25×25 is well under this.
pub const MAX_REPLY_BYTES: usize = 1 << 20;

/// Collects lines into replies.
#[derive(Debug, Default)]
pub struct ReplyParser {
    current: Option<Reply>,
}

impl ReplyParser {
    /// Feeds one line (without its newline); a reply is returned when the empty line that
    /// ends it arrives. Empty lines between replies are skipped.
    pub fn push_line(&mut self, line: &str) -> Result<Option<Reply>, ReplyError> {
        // GTP lets engines end lines with CR LF; control characters other than tab and LF
        // are to be ignored.
        let line: String = line
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        match self.current.as_mut() {
            None if line.trim().is_empty() => Ok(None),
            None => {
                self.current = Some(start(&line)?);
                Ok(None)
            }
            Some(_) if line.trim().is_empty() => Ok(self.current.take()),
            Some(reply) => {
                if reply.text.len() + line.len() > MAX_REPLY_BYTES {
                    self.current = None;
                    return Err(ReplyError::TooLong(MAX_REPLY_BYTES));
                }
                if reply.text.is_empty() {
                    reply.text.push_str(line.trim());
                } else {
                    reply.text.push('\n');
                    reply.text.push_str(line.trim_end());
                }
                Ok(None)
            }
        }
    }

    /// A reply has started and not yet ended.
    pub fn in_reply(&self) -> bool {
        self.current.is_some()
    }
}

fn start(line: &str) -> Result<Reply, ReplyError> {
    let success = match line.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => return Err(ReplyError::BadStart(clip(line))),
    };
    let rest = &line[1..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let id = match digits {
        0 => None,
        _ => Some(
            rest[..digits]
                .parse::<u64>()
                .map_err(|_| ReplyError::BadId(clip(line)))?,
        ),
    };
    let after = &rest[digits..];
    if !(after.is_empty() || after.starts_with(' ')) {
        return Err(ReplyError::BadId(clip(line)));
    }
    Ok(Reply {
        success,
        id,
        text: after.trim().to_string(),
    })
}

/// The reply as an engine would print it (with its id, if it had one).
pub fn render(reply: &Reply) -> String {
    let status = if reply.success { '=' } else { '?' };
    let id = reply.id.map_or(String::new(), |id| id.to_string());
    format!("{status}{id} {}\n\n", reply.text)
}

/// At most 80 characters of `text`, for error messages.
pub fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(80).collect();
    if text.chars().nth(80).is_some() {
        out.push('…');
    }
    out
}

/// Why an engine's answer is not what its command returns; each variant holds the answer
/// (clipped where long) as the engine wrote it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// Not `pass` nor a vertex of the board.
    #[error("`{0}` is not a vertex of this board")]
    NotAVertex(String),
    /// A vertex a list names twice.
    #[error("`{0}` listed twice")]
    Twice(String),
    /// A pass in a list of board points.
    #[error("`{0}` in a list of board points")]
    NotAPoint(String),
    /// Not `0`, `1`, `true` or `false`.
    #[error("`{0}` is not 0 or 1")]
    NotABool(String),
    /// Not a score like `B+3.5`.
    #[error("`{0}` is not a score like B+3.5")]
    NotAScore(String),
}

/// `is_legal`'s answer: `1` or `0` (some engines say `true` / `false`).
pub fn parse_bool(text: &str) -> Result<bool, AnswerError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        other => Err(AnswerError::NotABool(clip(other))),
    }
}

/// `final_score`'s answer: `B+3.5`, `W+12`, `0` (jigo); the margin for Black, in half points
/// (negative when White leads).
pub fn parse_score(text: &str) -> Result<HalfPoints, AnswerError> {
    let text = text.trim();
    if text == "0" {
        return Ok(HalfPoints(0));
    }
    let bad = || AnswerError::NotAScore(clip(text));
    let (sign, margin) = match text.get(..2).map(str::to_ascii_uppercase).as_deref() {
        Some("B+") => (1, &text[2..]),
        Some("W+") => (-1, &text[2..]),
        _ => return Err(bad()),
    };
    let value: f64 = margin.parse().map_err(|_| bad())?;
    let half = HalfPoints::from_f64(value)
        .filter(|h| h.0 >= 0 && h.0 < 1 << 40)
        .ok_or_else(bad)?;
    Ok(HalfPoints(sign * half.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(text: &str) -> Vec<Result<Reply, ReplyError>> {
        let mut parser = ReplyParser::default();
        text.lines()
            .filter_map(|l| parser.push_line(l).transpose())
            .collect()
    }

    #[test]
    fn assembles_replies_with_ids_and_several_lines() {
        let got = replies("=1 \n\n? illegal move\n\n=12 A1 B2\nC3\n\n\n=\n\n");
        assert_eq!(
            got,
            vec![
                Ok(Reply {
                    success: true,
                    id: Some(1),
                    text: String::new()
                }),
                Ok(Reply {
                    success: false,
                    id: None,
                    text: "illegal move".into()
                }),
                Ok(Reply {
                    success: true,
                    id: Some(12),
                    text: "A1 B2\nC3".into()
                }),
                Ok(Reply {
                    success: true,
                    id: None,
                    text: String::new()
                }),
            ]
        );
    }

    #[test]
    fn rejects_what_is_not_gtp() {
        assert!(matches!(
            replies("hello\n\n")[0],
            Err(ReplyError::BadStart(_))
        ));
        assert!(matches!(replies("=1x\n\n")[0], Err(ReplyError::BadId(_))));
        assert!(matches!(
            replies("=99999999999999999999999 \n\n")[0],
            Err(ReplyError::BadId(_))
        ));
        let mut parser = ReplyParser::default();
        assert_eq!(parser.push_line("= ok\r"), Ok(None));
        assert_eq!(parser.push_line("\r").unwrap().unwrap().text, "ok");
    }

    #[test]
    fn reads_booleans_and_scores() {
        assert_eq!(parse_bool("1"), Ok(true));
        assert_eq!(parse_bool(" false "), Ok(false));
        assert!(parse_bool("maybe").is_err());
        assert_eq!(parse_score("B+3.5"), Ok(HalfPoints(7)));
        assert_eq!(parse_score("W+12"), Ok(HalfPoints(-24)));
        assert_eq!(parse_score("0"), Ok(HalfPoints(0)));
        assert!(parse_score("B+0.3").is_err());
        assert!(parse_score("B+inf").is_err());
        assert!(parse_score("Black wins").is_err());
    }
}
