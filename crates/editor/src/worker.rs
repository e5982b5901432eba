//! Work moved off the UI thread: a bot deciding in the playtest runs on a thread of its
//! own while frames go on; each frame polls for the answer (waiting a little at most),
//! and the thread asks for a repaint when it is done. Dropping the worker drops the
//! answer: the thread finishes on its own and nobody waits for it.

use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A job running on its own thread.
pub struct Worker<T> {
    answer: Receiver<T>,
    since: Instant,
}

/// What a poll found.
pub enum Polled<T> {
    Done(T),
    /// Still working.
    Busy,
    /// The thread ended without an answer (the job panicked).
    Lost,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `job` on a thread named `name`; `ctx`, if given, is asked to repaint when
    /// the answer is there, so a waiting window wakes at once.
    pub fn start(
        name: &str,
        ctx: Option<egui::Context>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Self, String> {
        let (tx, answer) = channel();
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                // The receiver may be gone (the answer was discarded): nothing to do then.
                let _ = tx.send(job());
                if let Some(c) = ctx {
                    c.request_repaint();
                }
            })
            .map_err(|e| format!("cannot start a thread for the bot: {e}"))?;
        Ok(Worker {
            answer,
            since: Instant::now(),
        })
    }

    /// The answer if it comes within `wait`.
    pub fn poll(&self, wait: Duration) -> Polled<T> {
        match self.answer.recv_timeout(wait) {
            Ok(t) => Polled::Done(t),
            Err(RecvTimeoutError::Timeout) => Polled::Busy,
            Err(RecvTimeoutError::Disconnected) => Polled::Lost,
        }
    }

    /// How long the job has been running.
    pub fn elapsed(&self) -> Duration {
        self.since.elapsed()
    }
}

/// "1.2 s": a thinking time as the playtest shows it.
pub fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_arrives_and_a_dropped_worker_does_not_wait() {
        let w = Worker::start("test", None, || 6 * 7).unwrap();
        let mut got = None;
        for _ in 0..10_000 {
            if let Polled::Done(x) = w.poll(Duration::from_millis(10)) {
                got = Some(x);
                break;
            }
        }
        assert_eq!(got, Some(42));
        // A job that blocks until told: dropping its worker returns at once.
        let (tx, rx) = channel::<()>();
        let w = Worker::start("test", None, move || rx.recv().is_ok()).unwrap();
        assert!(matches!(w.poll(Duration::ZERO), Polled::Busy));
        drop(w);
        drop(tx);
    }

    #[test]
    fn a_job_that_panics_is_lost_not_awaited_forever() {
        let w = Worker::<u8>::start("test", None, || panic!("the bot failed")).unwrap();
        let mut lost = false;
        for _ in 0..10_000 {
            match w.poll(Duration::from_millis(10)) {
                Polled::Lost => {
                    lost = true;
                    break;
                }
                Polled::Busy => {}
                Polled::Done(_) => break,
            }
        }
        assert!(lost);
    }

    #[test]
    fn thinking_times_read_in_tenths_of_a_second() {
        assert_eq!(seconds(Duration::from_millis(1234)), "1.2 s");
    }
}
