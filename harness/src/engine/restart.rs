//! The one recovery rule of every external referee (GTP engines and the JSON-lines bridges
//! alike): when a process hangs past its time-out or dies, the referee drops it, starts a
//! new one that replays the game to the current step, and asks again, once. A second failure
//! is the referee's fault for that question; either way the recovery is an incident in the
//! run's record, written the same for every referee. Any other fault (a reply that is not an
//! answer) is not retried: the process answered, so asking again would only repeat it.

use crate::referee::Fault;

/// Whether a fault is one a new process can cure.
pub fn restartable(fault: &Fault) -> bool {
    matches!(fault, Fault::Crashed { .. } | Fault::Timeout { .. })
}

/// Runs `attempt` on `state`; after a hang or crash, `restart` (which drops the process) and
/// runs it once more. `incident` receives the text of the recovery for the run's record.
pub fn once_more<S: ?Sized, T>(
    state: &mut S,
    attempt: impl Fn(&mut S) -> Result<T, Fault>,
    restart: impl Fn(&mut S),
    incident: impl FnOnce(&mut S, &Fault, bool),
) -> Result<T, Fault> {
    match attempt(state) {
        Err(fault) if restartable(&fault) => {
            restart(state);
            let again = attempt(state);
            incident(state, &fault, again.is_ok());
            if again.is_err() {
                restart(state);
            }
            again
        }
        other => other,
    }
}

/// An incident's text: `gnugo: engine timed out …; restarted, replayed 12 plays, recovered`.
/// `recovered` is `None` where the question is asked again later, not here.
pub fn incident(id: &str, fault: &Fault, replayed: &str, recovered: Option<bool>) -> String {
    let outcome = match recovered {
        Some(true) => ", recovered",
        Some(false) => ", failed again",
        None => "",
    };
    format!("{id}: {fault}; restarted, replayed {replayed}{outcome}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pretend referee whose process fails the first `failures` questions.
    struct Flaky {
        failures: usize,
        restarts: usize,
        incidents: Vec<String>,
    }

    fn ask(flaky: &mut Flaky) -> Result<u32, Fault> {
        if flaky.failures > 0 {
            flaky.failures -= 1;
            return Err(Fault::Timeout {
                command: "play b A1".into(),
                millis: 400,
            });
        }
        Ok(7)
    }

    fn supervised(failures: usize) -> (Result<u32, Fault>, Flaky) {
        let mut flaky = Flaky {
            failures,
            restarts: 0,
            incidents: Vec::new(),
        };
        let result = once_more(
            &mut flaky,
            ask,
            |f| f.restarts += 1,
            |f, fault, ok| {
                let text = incident("flaky", fault, "3 plays", Some(ok));
                f.incidents.push(text);
            },
        );
        (result, flaky)
    }

    #[test]
    fn a_hang_is_retried_once_on_a_new_process_and_reported() {
        let (result, flaky) = supervised(0);
        assert_eq!(
            (result, flaky.restarts, flaky.incidents.len()),
            (Ok(7), 0, 0)
        );
        let (result, flaky) = supervised(1);
        assert_eq!((result, flaky.restarts), (Ok(7), 1));
        assert!(flaky.incidents[0].ends_with("restarted, replayed 3 plays, recovered"));
        let (result, flaky) = supervised(2);
        assert!(matches!(result, Err(Fault::Timeout { .. })));
        assert_eq!(
            flaky.restarts, 2,
            "the second failed process is dropped too"
        );
        assert!(
            flaky.incidents[0].ends_with("failed again"),
            "{:?}",
            flaky.incidents
        );
    }

    #[test]
    fn an_answer_that_is_not_one_is_not_retried() {
        let mut calls = 0;
        let result: Result<(), Fault> = once_more(
            &mut calls,
            |calls| {
                *calls += 1;
                Err(Fault::Garbage {
                    command: "play b A1".into(),
                    reply: "?".into(),
                })
            },
            |_| panic!("no restart for garbage"),
            |_, _, _| panic!("no incident for garbage"),
        );
        assert!(matches!(result, Err(Fault::Garbage { .. })));
        assert_eq!(calls, 1);
    }
}
