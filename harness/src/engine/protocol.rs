//! rulediff's referee protocol, version 2: how a program in any language referees Go, chess
//! or xiangqi for rulediff. The client is [`super::json_bridge`] (ids, batches, time-outs,
//! restarts); the referee on it is [`super::bridge`]'s, each family speaking its own dialect
//! (below).
//!
//! # Framing
//!
//! A bridge reads one JSON object per line on standard input and writes one JSON object per
//! line on standard output, flushing after each. Every request has an integer `id` and a
//! `cmd`; its reply echoes the `id`. Replies come in the order of the requests. A reply
//! `{"id": n, "error": "text"}` says the bridge could not answer. Standard error is free for
//! the bridge's own messages (rulediff keeps the last lines for crash reports).
//!
//! # Requests
//!
//! | request | reply |
//! |---|---|
//! | `{"cmd":"hello","protocol":2}` | `{"protocol":2,"name":N,"version":V,"family":"go"\|"chess"\|"xiangqi","rules":TEXT,"undo":bool,"ends":bool}`; `rules` says, in the engine's own words, what it implements; `ends` whether it rules on the end of a game (Go); `{"error":…}` if it cannot work here (a missing library) |
//! | `{"cmd":"start","setup":S}` | `{}` or anything: a new game from the setup S of the family (below) |
//! | `{"cmd":"legal"}` | `{"moves":[M,…]}`: every move the player to move may make |
//! | `{"cmd":"judge","move":M}` | `{"legal":true}` or `{"legal":false,"rule":R}`; changes nothing |
//! | `{"cmd":"play","move":M}` | as `judge`, and a legal move is made |
//! | `{"cmd":"status"}` | `{"over":false,"ends":[],"claims":[C,…]}` or `{"over":true,"ends":[R,…],"result":RESULT}`: every end condition the engine reports and its own result (`{"winner":W}`, with `"margin"`, or `{"score":{…}}`, `{"rewards":{…}}`, any with `"rule"`; `null`: none), read by [`super::status`]; endings that cannot hold together are a finding; version 1's `rule`, `winner`, `score`, `claim` are read as lists of one |
//! | `{"cmd":"undo"}` | `{}`: takes back the last move, where `hello` said `"undo":true` |
//! | `{"cmd":"batch","requests":[…]}` | `{"replies":[…]}`: the requests (without ids) answered in order, in one line each way |
//! | `{"cmd":"quit"}` | none; the bridge exits |
//!
//! # Families
//!
//! - **Go**: S is `{"width":w,"height":h,"rows":[…],"to_move":"B"|"W","komi":k}`, `rows` the
//!   board from the top row down, `.` empty, `X` black, `O` white; a move M is `"pass"` or
//!   `[x, y]`, column `x` from the left and row `y` from the top, both from 0 (the
//!   coordinates of Sabaki's and OGS's boards). Rules R: `occupied`, `suicide`, `ko`,
//!   `superko`, or the engine's own word. A bridge whose engine does not end games at passes
//!   says `"ends":false`: rulediff then ends the game at two passes in a row and counts the
//!   board by area, every stone alive, as for a GTP engine; its `status` may still end a game
//!   for a reason of its own (`{"over":true,"ends":["superko"],"result":{"winner":null}}`, a draw).
//! - **Chess**: S is `{"fen":F}`, M a UCI move (castling as the king's move `e1g1`); status
//!   as python-chess's bridge (`harness/bridges/python_chess_bridge.py`): `ends` among
//!   `checkmate`, `stalemate`, `insufficient-material`, `seventy-five-move`, `fivefold`, and
//!   `claims` the draws the player to move may claim (`threefold`, `threefold-intended`,
//!   `fifty-move`, `fifty-move-intended`).
//! - **Xiangqi**: as Fairy-Stockfish's bridge (`harness/bridges/ffish_bridge.py`): every
//!   reply to `start`, `play` and `state` is the whole state, so a step is one round trip.
//!
//! Go and chess referees send each `play` with the next `legal` and `status` in one `batch`.
//! An engines file names a bridge of any family (`family = "chess"`, [`super::spec`]).
//!
//! # Faults
//!
//! A bridge that cannot be started, exits, stays silent past its time-out, writes a line that
//! is not a JSON object, answers with another request's `id`, or answers a batch with the
//! wrong number of replies is out of step: it is stopped, a new process is started, the game
//! so far is replayed into it (one batch), and the question is asked again; the recovery is
//! an incident in the run's record. Failing again, or an `error` reply, is a *fault* of that
//! referee: reported, never a divergence.

/// The protocol's version, which `hello` must answer.
pub const VERSION: u64 = super::json_bridge::PROTOCOL;
