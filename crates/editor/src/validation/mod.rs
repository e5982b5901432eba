//! Live validation: after every edit (debounced) the document is checked on a worker thread
//! by the same code as `sztab validate`: the reference checks of every file, then the
//! engine's setup checks. The panel lists what it found; markers show it on the map.

pub mod markers;
pub mod panel;

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};
use sztab_seam::BundleRef;

use super::document::{Content, Document};
use sztab_core::hex::HexId;
use sztab_core::model::{Problem, SideId, Source};
use sztab_wb95::live_check::Checked;

/// "1 error", "2 warnings".
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Seconds after the last edit before the checks run.
pub const DEBOUNCE_SECONDS: f64 = 0.3;

struct Job {
    revision: u64,
    rx: Receiver<(Checked, Duration)>,
}

/// The checks of the open document, kept current in the background.
#[derive(Default)]
pub struct Validator {
    problems: Vec<Problem>,
    /// The engine's initial control map of the last check (setup zones).
    control: Vec<(HexId, SideId)>,
    /// The document revision the problems describe.
    checked: Option<u64>,
    /// The latest revision seen and when it was first seen.
    seen: Option<(u64, f64)>,
    job: Option<Job>,
    /// How long the last check took on the worker.
    pub last_duration: Option<Duration>,
}

impl Validator {
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Hexes each side controls at the start, from the last check that compiled.
    pub fn control(&self) -> &[(HexId, SideId)] {
        &self.control
    }

    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// Warnings to act on; acknowledged ones are not counted.
    pub fn warnings(&self) -> usize {
        self.problems.iter().filter(|p| p.is_open_warning()).count()
    }

    /// Warnings the scenario acknowledges as intended.
    pub fn acknowledged(&self) -> usize {
        self.problems
            .iter()
            .filter(|p| p.acknowledged.is_some())
            .count()
    }

    /// Errors and warnings to act on.
    pub fn open(&self) -> usize {
        self.errors() + self.warnings()
    }

    /// True while the shown problems are older than the document.
    pub fn is_stale(&self, doc: &Document) -> bool {
        self.checked != Some(doc.revision())
    }

    /// True while a check runs or waits for its debounce.
    pub fn busy(&self, doc: &Document) -> bool {
        self.job.is_some() || self.is_stale(doc)
    }

    /// Forgets everything (another document was opened).
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// Called every frame: collects a finished check, and starts one when the document has
    /// not changed for [`DEBOUNCE_SECONDS`]. Asks for a repaint when it needs to look again.
    pub fn poll(&mut self, doc: &Document, now: f64, ctx: &egui::Context) {
        self.collect();
        let rev = doc.revision();
        match self.seen {
            Some((r, _)) if r == rev => {}
            // A document just opened is checked at once.
            None => self.seen = Some((rev, now - DEBOUNCE_SECONDS)),
            Some(_) => self.seen = Some((rev, now)),
        }
        if self.job.is_some() {
            ctx.request_repaint_after(Duration::from_millis(20));
            return;
        }
        if self.checked == Some(rev) {
            return;
        }
        let since = self.seen.map_or(0.0, |(_, t)| now - t);
        if since >= DEBOUNCE_SECONDS {
            self.start(doc);
            ctx.request_repaint_after(Duration::from_millis(20));
        } else {
            ctx.request_repaint_after(Duration::from_secs_f64(DEBOUNCE_SECONDS - since));
        }
    }

    fn collect(&mut self) {
        let Some(job) = &self.job else { return };
        match job.rx.try_recv() {
            Ok((checked, took)) => {
                self.problems = checked.problems;
                if let Some(c) = checked.control {
                    self.control = c;
                }
                self.checked = Some(job.revision);
                self.last_duration = Some(took);
                self.job = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                // The worker died (a bug in a check): show that, do not hang.
                self.problems = vec![Problem::error(
                    "X00",
                    "the checks stopped unexpectedly; save your work and report this scenario",
                )];
                self.checked = Some(job.revision);
                self.job = None;
            }
        }
    }

    fn start(&mut self, doc: &Document) {
        let (tx, rx) = channel();
        let work: Box<dyn FnOnce() -> Checked + Send> = match doc.content() {
            Content::Scenario(b) => {
                let b = (**b).clone();
                Box::new(move || sztab_wb95::live_check::check_in_editor(&b))
            }
            Content::Described(g) => {
                let (system, b) = (g.system, g.bundle.clone());
                Box::new(move || {
                    let mut problems = b.check(&system.schemas());
                    problems.extend(system.setup_checks(BundleRef::Described(&b)));
                    Checked {
                        problems,
                        control: None,
                    }
                })
            }
            Content::Map(b) => {
                let (map, cat) = (b.map.clone(), b.terrain.clone());
                Box::new(move || {
                    let none = Source::default();
                    let mut p = sztab_core::model::check::check_terrain(&cat, &none);
                    p.extend(sztab_core::model::check::check_map(&map, &cat, &none));
                    Checked {
                        problems: p,
                        control: None,
                    }
                })
            }
        };
        let spawned = std::thread::Builder::new()
            .name("sztab-validate".into())
            .spawn(move || {
                let t = Instant::now();
                let checked = work();
                let _ = tx.send((checked, t.elapsed()));
            });
        if spawned.is_ok() {
            self.job = Some(Job {
                revision: doc.revision(),
                rx,
            });
        }
    }

    /// Runs the checks now on this thread (tests, benchmarks).
    pub fn check_now(&mut self, doc: &Document) {
        self.start(doc);
        if let Some(job) = self.job.take() {
            if let Ok((c, took)) = job.rx.recv() {
                self.problems = c.problems;
                self.control = c.control.unwrap_or_default();
                self.last_duration = Some(took);
            }
            self.checked = Some(job.revision);
            self.seen = Some((job.revision, 0.0));
        }
    }
}
