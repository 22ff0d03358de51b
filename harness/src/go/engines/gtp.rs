//! A GTP engine as a [`Referee`]: the game is set up with `boardsize`, `clear_board`, `komi`
//! and the setup stones (`loadsgf`, else `set_free_handicap`, else plays), then every play is
//! a `play`. Legality questions use `all_legal` and `is_legal` when `list_commands` has them,
//! else `play` and `undo`.
//!
//! Robustness: every command has a deadline. When the engine times out, crashes or closes its
//! pipe, the referee starts a new process, replays the game to the current step (pipelined)
//! and asks again, once, by the rule every external referee shares
//! ([`crate::engine::restart`]); the
//! recovery is reported as an incident. Output that is not a
//! sensible answer is a [`Fault::Garbage`]. Faults are never rulings and never panics.
//!
//! Pipelining: setup and replay go in writes of 256 commands; after a play, when the runner
//! asks for legal sets, the next `all_legal` is sent with the `play` so one round trip serves
//! both.
//! Processes are pooled per engine ([`crate::engine::gtp::Pool`]), so a campaign starts each
//! engine once per thread.

use std::sync::Arc;
use std::time::Duration;

use super::gtp_vertex;
use crate::engine::gtp::Pool;
use crate::engine::gtp_reply::{self, Reply};
use crate::engine::process::{Process, Ticket};
use crate::engine::restart::{self, restartable};
use crate::engine::spec::{EngineSpec, Kind, Legality, ScoringMode};
use crate::engine::Engine;
use crate::go::board::{Board, Scratch, EMPTY};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Part, Referee, Status, Tally, Verdict};

/// An engine definition with its program found and its pool of processes.
pub struct GtpEngine {
    /// The definition.
    pub spec: EngineSpec,
    argv: Vec<String>,
    pool: Arc<Pool>,
}

impl GtpEngine {
    /// The engine of a GTP definition (an error for any other kind), on the entry's pool.
    pub fn new(engine: &Engine) -> Result<Arc<Self>, Fault> {
        let spec = &engine.spec;
        let Kind::Gtp { argv } = &spec.kind else {
            return Err(Fault::Unsupported {
                detail: format!("`{}` is not a GTP engine", spec.id),
            });
        };
        let mut argv = super::leela::expand(argv).map_err(|e| Fault::Crashed {
            detail: format!("cannot write the Leela Zero weights file: {e}"),
        })?;
        match crate::engine::spec::locate(&argv[0]) {
            Some(found) => argv[0] = found.display().to_string(),
            None => {
                return Err(Fault::Unsupported {
                    detail: format!(
                        "cannot find the program `{}` of engine `{}` (not a file, and not on PATH or in /usr/games); give its path: --engine {}=/path/to/program",
                        argv[0], spec.id, spec.id
                    ),
                })
            }
        }
        Ok(Arc::new(GtpEngine {
            spec: spec.clone(),
            argv,
            pool: Arc::clone(&engine.pool),
        }))
    }

    /// The command that starts the engine, with the program's full path where it was found.
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    /// A referee that plays its games on this engine's processes.
    pub fn referee(self: &Arc<Self>) -> GtpReferee {
        GtpReferee {
            engine: Arc::clone(self),
            process: None,
            game: None,
            synced: false,
            prefetch: None,
            wants_sets: false,
            incidents: Vec::new(),
        }
    }

    fn timeout(&self) -> Duration {
        Duration::from_millis(self.spec.timeout_ms)
    }

    fn checkout(&self) -> Result<Process, Fault> {
        // Starting may take long (a network to load): the first reply has its own bound.
        let first = Duration::from_millis(self.spec.startup_ms());
        self.pool.checkout(&self.argv, first)
    }

    fn checkin(&self, process: Process) {
        self.pool.checkin(process, self.timeout());
    }
}

/// The game as the referee keeps it, to replay it and to count it.
struct Game {
    setup: GoSetup,
    history: Vec<GoPlay>,
    board: Board,
    scratch: Scratch,
    passes: usize,
    over: Option<Outcome>,
    /// The engine accepted a play this board cannot make (an occupied point): no count.
    board_lost: bool,
    /// White's komi less Black's: the case's, else the engine spec's.
    komi: f64,
}

impl Game {
    fn colour(&self) -> &'static str {
        ["b", "w"][(self.setup.to_move + self.history.len()) % 2]
    }
}

/// One engine process judging one game at a time.
pub struct GtpReferee {
    engine: Arc<GtpEngine>,
    process: Option<Process>,
    game: Option<Game>,
    /// The engine's position is the game's.
    synced: bool,
    /// An `all_legal` sent ahead with the last play.
    prefetch: Option<Ticket>,
    /// The runner asks for legal sets, so sending `all_legal` ahead pays.
    wants_sets: bool,
    incidents: Vec<String>,
}

impl Drop for GtpReferee {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            self.engine.checkin(process);
        }
    }
}

/// What an operation does with the engine, given the game.
type Op<'a, T> = &'a dyn Fn(&mut Process, &Game, &GtpEngine) -> Result<T, Fault>;

impl GtpReferee {
    fn game(&self) -> Result<&Game, Fault> {
        self.game.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "engine asked about a game before start".into(),
        })
    }

    /// Runs `op` on a process in step with the game; after a crash or timeout, once more on a
    /// fresh process that has replayed the game.
    fn attempt<T>(&mut self, op: Op<T>) -> Result<T, Fault> {
        let result = restart::once_more(
            self,
            |s| s.sync().and_then(|()| s.run(op)),
            Self::lose_process,
            |s, fault, recovered| s.note_restart(fault, Some(recovered)),
        );
        if let Err(fault) = &result {
            if !restartable(fault) && self.process.as_ref().is_none_or(Process::is_dead) {
                self.lose_process();
            }
            // After nonsense the engine's position is unknown: set it up again next time.
            self.synced = false;
        }
        result
    }

    /// Records a restart in the run's record.
    fn note_restart(&mut self, fault: &Fault, recovered: Option<bool>) {
        let plays = self.game.as_ref().map_or(0, |g| g.history.len());
        self.incidents.push(restart::incident(
            &self.engine.spec.id,
            fault,
            &format!("{plays} plays"),
            recovered,
        ));
    }

    fn run<T>(&mut self, op: Op<T>) -> Result<T, Fault> {
        let game = self.game.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "engine asked about a game before start".into(),
        })?;
        let process = self.process.as_mut().ok_or_else(|| Fault::Crashed {
            detail: "no engine process".into(),
        })?;
        // Replies nobody will read (an `all_legal` sent ahead of a refused play) go first.
        process.drain(self.engine.timeout())?;
        op(process, game, &self.engine)
    }

    fn lose_process(&mut self) {
        if let Some(mut process) = self.process.take() {
            process.kill();
        }
        self.synced = false;
        self.prefetch = None;
    }

    /// Brings a process to the game's position: setup and every play, pipelined.
    fn sync(&mut self) -> Result<(), Fault> {
        if self.process.as_ref().is_some_and(Process::is_dead) {
            self.lose_process();
        }
        if self.process.is_none() {
            self.process = Some(self.engine.checkout()?);
            self.synced = false;
        }
        if self.synced {
            return Ok(());
        }
        let game = self.game()?;
        let (commands, setup_file) = replay_commands(game, self.process.as_ref())?;
        let process = self
            .process
            .as_mut()
            .expect("a process was just checked out");
        process.drain(self.engine.timeout())?;
        self.prefetch = None;
        let result = send_checked(process, &commands, self.engine.timeout());
        if let Some(file) = setup_file {
            let _ = std::fs::remove_file(file);
        }
        result?;
        self.synced = true;
        Ok(())
    }

    /// The reply to the `all_legal` sent ahead, if there is one. If the engine died or hung
    /// meanwhile, there is none, and the next command starts a new engine and replays the
    /// game; that is an incident like any other recovery.
    fn take_prefetch(&mut self) -> Result<Option<Reply>, Fault> {
        let Some(ticket) = self.prefetch.take() else {
            return Ok(None);
        };
        let timeout = self.engine.timeout();
        let reply = match self.process.as_mut() {
            Some(process) if !process.is_dead() && process.in_flight() == 1 => {
                process.receive(ticket, timeout)
            }
            _ => return Ok(None),
        };
        match reply {
            Ok(reply) => Ok(Some(reply)),
            Err(fault) if restartable(&fault) => {
                self.note_restart(&fault, None);
                self.lose_process();
                Ok(None)
            }
            Err(fault) => Err(fault),
        }
    }

    /// A process in step with the game, started or restarted as needed (replies sent ahead
    /// stay pending).
    fn ready(&mut self) -> Result<(), Fault> {
        restart::once_more(
            self,
            Self::sync,
            Self::lose_process,
            |s, fault, recovered| s.note_restart(fault, Some(recovered)),
        )
    }

    fn legality(&self) -> Result<Legality, Fault> {
        let commands = self.process.as_ref().map(|p| &p.commands);
        let has = |c: &str| commands.is_some_and(|cs| cs.iter().any(|x| x == c));
        match self.engine.spec.legality {
            Legality::Play => Ok(Legality::Play),
            Legality::Auto if has("is_legal") => Ok(Legality::IsLegal),
            Legality::Auto => Ok(Legality::Play),
            Legality::IsLegal if has("is_legal") => Ok(Legality::IsLegal),
            Legality::IsLegal => Err(Fault::Unsupported {
                detail: format!("`{}` has no is_legal command", self.engine.spec.id),
            }),
        }
    }

    /// Legal sets come from `all_legal` (only with `legality = "auto"`).
    fn uses_all_legal(&self) -> bool {
        self.engine.spec.legality == Legality::Auto && self.has("all_legal")
    }

    fn has(&self, command: &str) -> bool {
        self.process
            .as_ref()
            .is_some_and(|p| p.commands.iter().any(|c| c == command))
    }

    fn closed(&self, play: &GoPlay) -> Result<Option<Verdict>, Fault> {
        let game = self.game()?;
        Ok(if game.over.is_some() {
            Some(Verdict::illegal("game-over"))
        } else if *play == GoPlay::Appeal {
            Some(Verdict::illegal("no-appeals"))
        } else {
            None
        })
    }

    fn record(&mut self, play: GoPlay) -> Result<(), Fault> {
        let game = self.game.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "engine asked about a game before start".into(),
        })?;
        let colour = colour_of((game.setup.to_move + game.history.len()) % 2);
        game.history.push(play);
        match play {
            GoPlay::Stone(v) if game.board.colour(v) == EMPTY => {
                game.board.play_stone(v, colour, &mut game.scratch);
                game.passes = 0;
            }
            GoPlay::Stone(_) => {
                game.board_lost = true;
                game.passes = 0;
            }
            _ => game.passes += 1,
        }
        if game.passes >= 2 {
            let outcome = self.count()?;
            if let Some(game) = self.game.as_mut() {
                game.over = Some(outcome);
            }
        }
        Ok(())
    }

    fn count(&mut self) -> Result<Outcome, Fault> {
        match self.engine.spec.scoring {
            ScoringMode::Area => area_count(self.game()?),
            ScoringMode::Engine => {
                let text = self.attempt(&|p, _, e| {
                    ok_text(p.call("final_score", e.timeout())?, "final_score")
                })?;
                let margin = gtp_reply::parse_score(&text).map_err(|e| Fault::Garbage {
                    command: "final_score".into(),
                    reply: e.to_string(),
                })?;
                let judgement = self.judgement()?;
                Ok(margin_outcome(margin, judgement, &self.engine.spec.id))
            }
        }
    }

    /// The stones the engine calls dead and in seki at the end (`final_status_list dead`,
    /// `final_status_list seki`), where it has the command; `None` where it has not.
    fn judgement(&mut self) -> Result<Option<Judgement>, Fault> {
        if !self.has("final_status_list") {
            return Ok(None);
        }
        let graph = Arc::clone(&self.game()?.setup.graph);
        let mut lists = Vec::new();
        for status in ["dead", "seki"] {
            let command = format!("final_status_list {status}");
            let text =
                self.attempt(&|p, _, e| ok_text(p.call(&command, e.timeout())?, &command))?;
            let vertices =
                gtp_vertex::parse_vertex_list(&graph, &text).map_err(|e| Fault::Garbage {
                    command: command.clone(),
                    reply: e.to_string(),
                })?;
            lists.push(
                vertices
                    .iter()
                    .map(|&v| graph.name(v).to_string())
                    .collect(),
            );
        }
        let seki = lists.pop().unwrap_or_default();
        let dead = lists.pop().unwrap_or_default();
        Ok(Some(Judgement { dead, seki }))
    }

    /// `play` then `undo`: would the engine accept `play`?
    fn probe(&mut self, play: GoPlay) -> Result<Verdict, Fault> {
        self.attempt(&|p, g, e| {
            let command = play_command(g, &play)?;
            let reply = p.call(&command, e.timeout())?;
            let verdict = play_verdict(&command, reply)?;
            if verdict.is_legal() {
                let undo = p.call("undo", e.timeout())?;
                if !undo.success {
                    return Err(Fault::Garbage {
                        command: "undo".into(),
                        reply: format!("? {}", undo.text),
                    });
                }
            }
            Ok(verdict)
        })
    }

    fn judge_stone(&mut self, play: GoPlay) -> Result<Verdict, Fault> {
        self.ready()?;
        self.take_prefetch()?;
        match self.legality()? {
            Legality::IsLegal => self.attempt(&|p, g, e| {
                let vertex = play_command(g, &play)?;
                let command = format!("is_legal{}", &vertex[4..]);
                let text = ok_text(p.call(&command, e.timeout())?, &command)?;
                let legal = gtp_reply::parse_bool(&text).map_err(|e| Fault::Garbage {
                    command,
                    reply: e.to_string(),
                })?;
                Ok(if legal {
                    Verdict::Legal
                } else {
                    Verdict::illegal("illegal-move")
                })
            }),
            _ => self.probe(play),
        }
    }

    fn all_legal(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let reply = match self.take_prefetch()? {
            Some(reply) => reply,
            None => {
                self.attempt(&|p, g, e| p.call(&format!("all_legal {}", g.colour()), e.timeout()))?
            }
        };
        let text = ok_text(reply, "all_legal")?;
        let graph = Arc::clone(&self.game()?.setup.graph);
        let vertices =
            gtp_vertex::parse_vertex_list(&graph, &text).map_err(|e| Fault::Garbage {
                command: "all_legal".into(),
                reply: e.to_string(),
            })?;
        let mut plays: Vec<GoPlay> = vertices.into_iter().map(GoPlay::Stone).collect();
        plays.sort();
        plays.push(GoPlay::Pass);
        Ok(plays)
    }

    /// `is_legal` for every point, in one pipelined write.
    fn every_is_legal(&mut self) -> Result<Vec<GoPlay>, Fault> {
        self.attempt(&|p, g, e| {
            let graph = &g.setup.graph;
            let commands: Vec<String> = graph
                .vertices()
                .map(|v| format!("is_legal {} {}", g.colour(), graph.name(v)))
                .collect();
            let tickets = p.send_all(&commands)?;
            let mut plays = Vec::new();
            for ((ticket, command), v) in tickets.into_iter().zip(&commands).zip(graph.vertices()) {
                let text = ok_text(p.receive(ticket, e.timeout())?, command)?;
                let legal = gtp_reply::parse_bool(&text).map_err(|e| Fault::Garbage {
                    command: command.clone(),
                    reply: e.to_string(),
                })?;
                if legal {
                    plays.push(GoPlay::Stone(v));
                }
            }
            plays.push(GoPlay::Pass);
            Ok(plays)
        })
    }

    fn each_legal(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let n = self.game()?.setup.graph.len() as u16;
        let mut plays = Vec::new();
        for v in 0..n {
            if self.judge_stone(GoPlay::Stone(v))?.is_legal() {
                plays.push(GoPlay::Stone(v));
            }
        }
        plays.push(GoPlay::Pass);
        Ok(plays)
    }
}

impl Referee<Go> for GtpReferee {
    fn id(&self) -> &str {
        &self.engine.spec.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        supported(setup)?;
        self.game = Some(Game {
            setup: setup.clone(),
            history: Vec::new(),
            board: Board::with_stones(setup.graph.clone(), &setup.stones),
            scratch: Scratch::default(),
            passes: 0,
            over: None,
            board_lost: false,
            komi: komi(setup, self.engine.spec.komi),
        });
        self.synced = false;
        self.wants_sets = false;
        self.attempt(&|_, _, _| Ok(()))
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if let Some(verdict) = self.closed(play)? {
            return Ok(verdict);
        }
        match play {
            GoPlay::Stone(_) => self.judge_stone(*play),
            _ => Ok(Verdict::Legal),
        }
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if let Some(verdict) = self.closed(play)? {
            return Ok(verdict);
        }
        self.ready()?;
        self.take_prefetch()?;
        let ask_ahead = self.wants_sets && self.engine.spec.pipeline && self.uses_all_legal();
        let play = *play;
        let (verdict, ahead) = self.attempt(&|p, g, e| {
            let command = play_command(g, &play)?;
            let mut batch = vec![command.clone()];
            if ask_ahead {
                batch.push(format!(
                    "all_legal {}",
                    ["w", "b"][(g.setup.to_move + g.history.len()) % 2]
                ));
            }
            let tickets = p.send_all(&batch)?;
            let verdict = play_verdict(&command, p.receive(tickets[0], e.timeout())?)?;
            Ok((verdict, tickets.get(1).copied()))
        })?;
        if verdict.is_legal() {
            self.prefetch = ahead;
            self.record(play)?;
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.game()?.over.clone()))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        if self.game()?.over.is_some() {
            return Ok(Vec::new());
        }
        self.wants_sets = true;
        self.ready()?;
        if self.uses_all_legal() {
            return self.all_legal();
        }
        self.take_prefetch()?;
        match self.legality()? {
            Legality::IsLegal => self.every_is_legal(),
            _ => self.each_legal(),
        }
    }

    fn incidents(&mut self) -> Vec<String> {
        std::mem::take(&mut self.incidents)
    }
}

/// GTP boards are square grids, and GTP games have two players.
fn supported(setup: &GoSetup) -> Result<(), Fault> {
    let grid = setup.graph.grid_shape();
    match grid {
        Some(g) if !g.wrap && g.width == g.height && setup.players == 2 => Ok(()),
        _ => Err(Fault::Unsupported {
            detail: format!(
                "GTP engines play two-player games on square grids, not {} with {} players",
                setup.graph.description(),
                setup.players
            ),
        }),
    }
}

fn play_command(game: &Game, play: &GoPlay) -> Result<String, Fault> {
    let vertex =
        gtp_vertex::vertex_text(&game.setup.graph, play).ok_or_else(|| Fault::Unsupported {
            detail: "GTP has no appealing pass".into(),
        })?;
    Ok(format!("play {} {vertex}", game.colour()))
}

/// `play`'s reply as a verdict: success is legal, a refusal naming illegality is illegal, and
/// any other failure is not an answer.
fn play_verdict(command: &str, reply: Reply) -> Result<Verdict, Fault> {
    if reply.success {
        return Ok(Verdict::Legal);
    }
    let message = reply.text.to_ascii_lowercase();
    let refusal = [
        "illegal",
        "suicide",
        "ko",
        "occupied",
        "superko",
        "repetition",
    ]
    .iter()
    .any(|w| message.contains(w));
    if refusal {
        Ok(Verdict::illegal(slug(&message)))
    } else {
        Err(Fault::Garbage {
            command: command.to_string(),
            reply: format!("? {}", reply.text),
        })
    }
}

fn slug(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(6)
        .map(str::to_string)
        .collect();
    words.join("-")
}

fn ok_text(reply: Reply, command: &str) -> Result<String, Fault> {
    if reply.success {
        Ok(reply.text)
    } else {
        Err(Fault::Garbage {
            command: command.to_string(),
            reply: format!("? {}", reply.text),
        })
    }
}

/// Sends `commands`, pipelined in chunks, and checks every reply; `boardsize` refused means
/// the engine does not play on this board.
fn send_checked(
    process: &mut Process,
    commands: &[String],
    timeout: Duration,
) -> Result<(), Fault> {
    let mut failure = None;
    // In chunks, so that neither the engine's input pipe nor our read-ahead fills while the
    // other side waits.
    for chunk in commands.chunks(PIPELINE_CHUNK) {
        let tickets = process.send_all(chunk)?;
        for (ticket, command) in tickets.into_iter().zip(chunk) {
            let reply = process.receive(ticket, timeout)?;
            note_failure(&mut failure, command, &reply);
        }
    }
    failure.map_or(Ok(()), Err)
}

/// Commands written at once when replaying a game.
const PIPELINE_CHUNK: usize = 256;

fn note_failure(failure: &mut Option<Fault>, command: &str, reply: &Reply) {
    if reply.success || failure.is_some() {
        return;
    }
    *failure = Some(if command.starts_with("boardsize") {
        Fault::Unsupported {
            detail: format!("engine refuses `{command}`: {}", reply.text),
        }
    } else {
        Fault::Garbage {
            command: command.to_string(),
            reply: format!("? {} (while replaying the game)", reply.text),
        }
    });
}

/// The commands that set up the game and replay its plays; a temporary SGF file when the
/// setup goes through `loadsgf`.
fn replay_commands(
    game: &Game,
    process: Option<&Process>,
) -> Result<(Vec<String>, Option<std::path::PathBuf>), Fault> {
    let setup = &game.setup;
    let size = setup.graph.grid_shape().map_or(0, |g| g.width);
    let komi = game.komi;
    let mut commands = vec![format!("boardsize {size}"), "clear_board".to_string()];
    let has = |c: &str| process.is_some_and(|p| p.commands.iter().any(|x| x == c));
    let mut file = None;
    if setup.stones.iter().any(|&c| c != EMPTY) {
        if has("loadsgf") {
            let path = setup_file(setup)?;
            commands.push(format!("loadsgf {}", path.display()));
            file = Some(path);
        } else {
            commands.extend(setup_by_plays(setup, has("set_free_handicap")));
        }
    }
    commands.push(format!("komi {komi}"));
    let mut replay = Game {
        setup: setup.clone(),
        history: Vec::new(),
        board: game.board.clone(),
        scratch: Scratch::default(),
        passes: 0,
        over: None,
        board_lost: false,
        komi,
    };
    for play in &game.history {
        commands.push(play_command(&replay, play)?);
        replay.history.push(*play);
    }
    Ok((commands, file))
}

static SETUP_FILES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn setup_file(setup: &GoSetup) -> Result<std::path::PathBuf, Fault> {
    let sgf = crate::go::sgf::export(setup, &[]).map_err(|e| Fault::Unsupported {
        detail: e.to_string(),
    })?;
    let n = SETUP_FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("rulediff-setup-{}-{n}.sgf", std::process::id()));
    if path.display().to_string().contains(char::is_whitespace) {
        return Err(Fault::Unsupported {
            detail: "the temp folder's path has a space, which GTP cannot pass".into(),
        });
    }
    std::fs::write(&path, sgf).map_err(|e| Fault::Unsupported {
        detail: format!("cannot write {}: {e}", path.display()),
    })?;
    Ok(path)
}

/// Setup stones without `loadsgf`: black stones alone by `set_free_handicap`, else plays
/// (black and white alternating, passes filling in).
fn setup_by_plays(setup: &GoSetup, free_handicap: bool) -> Vec<String> {
    let names = |colour| -> Vec<String> {
        (0..setup.stones.len())
            .filter(|&v| setup.stones[v] == colour)
            .map(|v| setup.graph.name(v as u16).to_string())
            .collect()
    };
    let (black, white) = (names(colour_of(0)), names(colour_of(1)));
    if white.is_empty() && black.len() >= 2 && free_handicap {
        return vec![format!("set_free_handicap {}", black.join(" "))];
    }
    let mut commands = Vec::new();
    for i in 0..black.len().max(white.len()) {
        let b = black.get(i).map_or("pass", String::as_str);
        let w = white.get(i).map_or("pass", String::as_str);
        commands.push(format!("play b {b}"));
        commands.push(format!("play w {w}"));
    }
    commands
}

/// White's komi less Black's, from the case or else the engine's default.
fn komi(setup: &GoSetup, default: f64) -> f64 {
    match setup.komi.as_deref() {
        Some([black, white]) => (white.0 - black.0) as f64 / 2.0,
        _ => default,
    }
}

/// The final board counted by area, every stone alive.
fn area_count(game: &Game) -> Result<Outcome, Fault> {
    if game.board_lost {
        return Err(Fault::Unsupported {
            detail: "cannot count: the engine accepted a play on an occupied point".into(),
        });
    }
    let mut prisoners = [0u32; 9];
    for (c, p) in prisoners.iter_mut().enumerate() {
        *p = game.board.prisoners(c as u8);
    }
    let komi = HalfPoints::from_f64(game.komi).unwrap_or(HalfPoints(0));
    Ok(score(
        &Count::new(game.board.graph(), game.board.cells(), 2, Scoring::Area)
            .komi(&[HalfPoints(0), komi])
            .dead(&game.setup.dead, "agreement")
            .prisoners(&prisoners),
    ))
}

/// The stones an engine called dead and in seki at the end (vertex names).
struct Judgement {
    dead: Vec<String>,
    seki: Vec<String>,
}

/// A margin for Black as a score whose summary is `B+m`, `W+m` or `draw:jigo`, with the
/// engine's dead and seki stones where it named them.
fn margin_outcome(margin: HalfPoints, judgement: Option<Judgement>, engine: &str) -> Outcome {
    let (b, w) = if margin.0 >= 0 {
        (margin, HalfPoints(0))
    } else {
        (HalfPoints(0), HalfPoints(-margin.0))
    };
    let Some(Judgement { dead, seki }) = judgement else {
        return Outcome::score(vec![("B".into(), b), ("W".into(), w)]);
    };
    let mut tally = Tally::new("engine", 2);
    tally.add(0, Part::Reported, b);
    tally.add(1, Part::Reported, w);
    tally.dead = dead;
    tally.seki = seki;
    tally.judged_by = format!("{engine} (final_status_list)");
    Outcome::counted(&["B", "W"], tally)
}
