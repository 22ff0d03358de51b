//! Freeing big search structures off the caller's clock.
//!
//! A search that stops on its time budget may hold hundreds of megabytes in millions of small
//! allocations (a deep path of referee copies, each with its history); freeing them one by one
//! takes a tenth of a second or more, which a short `--max-seconds` would overrun. So a search
//! hands what it built to [`drop_later`], and one background thread frees it while the
//! command writes its row and goes on. At process exit whatever is still queued is returned to
//! the system whole, which costs nothing per allocation.
//!
//! A memory budget must not mistake memory that is about to be freed for growth: before it
//! stops a search it calls [`settle`], which waits until the queue is empty.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;

type Garbage = Box<dyn Send>;

struct Reaper {
    queue: Mutex<Sender<Garbage>>,
    /// Values handed over and not yet freed.
    pending: AtomicUsize,
    idle: (Mutex<()>, Condvar),
}

fn reaper() -> Option<&'static Reaper> {
    static REAPER: OnceLock<Option<Reaper>> = OnceLock::new();
    REAPER
        .get_or_init(|| {
            let (send, receive) = channel::<Garbage>();
            std::thread::Builder::new()
                .name("rulediff-reclaim".into())
                .spawn(move || {
                    for garbage in receive {
                        drop(garbage);
                        if let Some(reaper) = reaper() {
                            reaper.pending.fetch_sub(1, Ordering::AcqRel);
                            let _guard = reaper.idle.0.lock();
                            reaper.idle.1.notify_all();
                        }
                    }
                })
                .ok()?;
            Some(Reaper {
                queue: Mutex::new(send),
                pending: AtomicUsize::new(0),
                idle: (Mutex::new(()), Condvar::new()),
            })
        })
        .as_ref()
}

/// Frees `value` on the background thread; frees it here if that thread cannot run.
pub fn drop_later<T: Send + 'static>(value: T) {
    let Some(reaper) = reaper() else {
        drop(value);
        return;
    };
    reaper.pending.fetch_add(1, Ordering::AcqRel);
    let sent = reaper
        .queue
        .lock()
        .map_err(|_| ())
        .and_then(|queue| queue.send(Box::new(value)).map_err(|_| ()));
    if sent.is_err() {
        reaper.pending.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Waits until everything handed to [`drop_later`] has been freed.
pub fn settle() {
    let Some(reaper) = reaper() else { return };
    let Ok(mut guard) = reaper.idle.0.lock() else {
        return;
    };
    while reaper.pending.load(Ordering::Acquire) > 0 {
        // The timeout only guards against a missed wake-up; the count is the truth.
        guard = match reaper.idle.1.wait_timeout(guard, Duration::from_millis(50)) {
            Ok((guard, _)) => guard,
            Err(_) => return,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{Receiver, SyncSender};

    /// Frees only once `release` says so, then reports.
    struct Blocking {
        release: Receiver<()>,
        freed: SyncSender<()>,
    }

    impl Drop for Blocking {
        fn drop(&mut self) {
            // A drop on the caller's thread would wait here for a release that only comes
            // after `drop_later` returned: it would time out and report nothing.
            if self.release.recv_timeout(Duration::from_secs(20)).is_ok() {
                let _ = self.freed.send(());
            }
        }
    }

    #[test]
    fn frees_after_the_caller_went_on_and_settle_waits_for_it() {
        let (release, wait) = std::sync::mpsc::sync_channel(1);
        let (freed, done) = std::sync::mpsc::sync_channel(1);
        drop_later(Blocking {
            release: wait,
            freed,
        });
        release.send(()).expect("the value is still waiting");
        settle();
        assert_eq!(
            done.try_recv(),
            Ok(()),
            "settle returned before the value was freed, or it was freed on the caller's thread"
        );
    }
}
