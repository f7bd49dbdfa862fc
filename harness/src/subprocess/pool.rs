//! `rfc1808 fuzz --jobs N`: N processes of one persistent adapter, driven
//! as one implementation. Each call's cases are cut into N runs in order,
//! one to each process, and the answers are put back in the order of the
//! cases; so a run asks the same cases and gets the same answers whatever
//! N is, and only its pace changes.
//!
//! Each process is started, restarted and stopped by a thread of its own
//! that lives as long as the pool: on Linux an adapter is killed when the
//! thread that started it ends (`process::start`).

use std::num::NonZeroUsize;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::Instant;

use super::persistent::Persistent;
use super::StartError;
use crate::implementation::{Case, Implementation, Info, Reply};

/// The fewest cases a process is given of one call: a call with fewer
/// (a shrinker's candidates, a case asked again) goes to fewer processes.
pub const MIN_SHARE: usize = 64;

/// The processes of one adapter.
pub(super) struct Pool {
    name: String,
    info: Option<Info>,
    workers: Vec<Worker>,
    /// A call asked ahead ([`Implementation::ask_ahead`]) whose answers are
    /// not taken yet: its cases, and the length of each process's run.
    ahead: Option<(Vec<OwnedCase>, Option<Instant>, Vec<usize>)>,
    /// Its answers, once a call in between had to wait for them.
    taken: Option<(Vec<OwnedCase>, Option<Instant>, Vec<Reply>)>,
}

/// One process and the thread that drives it.
struct Worker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Answered>,
    thread: Option<JoinHandle<()>>,
    /// Whether a job was sent whose replies are not taken yet.
    busy: bool,
    /// Why the harness gave up on this process, once it has.
    gave_up: Option<String>,
}

/// A case as a worker gets it: its own copy, as it outlives the call.
#[derive(Clone, PartialEq, Eq)]
struct OwnedCase {
    id: String,
    base: Option<String>,
    relative: String,
}

struct Job {
    cases: Vec<OwnedCase>,
    until: Option<Instant>,
    partial: bool,
}

struct Answered {
    replies: Vec<Reply>,
    gave_up: Option<String>,
}

impl Pool {
    /// Starts `jobs` processes at once, each as `start` starts one; the
    /// first one's handshake speaks for all. A thread the system cannot
    /// give is the start error `no_thread` makes of why.
    pub(super) fn start<F>(
        jobs: NonZeroUsize,
        start: F,
        no_thread: impl Fn(std::io::Error) -> StartError,
    ) -> Result<Pool, StartError>
    where
        F: Fn() -> Result<Persistent, StartError> + Send + Clone + 'static,
    {
        let mut starting = Vec::with_capacity(jobs.get());
        for _ in 0..jobs.get() {
            match Worker::start(start.clone()) {
                Ok(worker) => starting.push(worker),
                // The workers started so far stop as `starting` drops.
                Err(e) => return Err(no_thread(e)),
            }
        }
        let mut workers = Vec::with_capacity(jobs.get());
        let mut first: Option<(String, Option<Info>)> = None;
        let mut failed: Option<StartError> = None;
        for (worker, started) in starting {
            match started.recv() {
                Ok(Ok(who)) => {
                    first.get_or_insert(who);
                    workers.push(worker);
                }
                // The thread ended without a word: it panicked.
                Err(_) => {
                    std::panic::resume_unwind(worker.join().err().unwrap_or_else(|| {
                        Box::new("an adapter's thread ended before starting it")
                    }))
                }
                Ok(Err(e)) => {
                    failed.get_or_insert(e);
                    worker.join().ok();
                }
            }
        }
        match (failed, first) {
            (Some(e), _) => Err(e),
            (None, Some((name, info))) => Ok(Pool {
                name,
                info,
                workers,
                ahead: None,
                taken: None,
            }),
            (None, None) => unreachable!("a pool of at least one process"),
        }
    }

    /// Answers `cases` in order, each process its run of them at once; with
    /// `partial`, the replies end where the first process to stop early
    /// (at `until`, or given up on) stopped, and what the processes after
    /// it answered is left out, so the replies are always for the first
    /// cases.
    fn resolve(&mut self, cases: &[Case<'_>], until: Option<Instant>, partial: bool) -> Vec<Reply> {
        if partial {
            if let Some(replies) = self.take_ahead(cases, until) {
                return replies;
            }
        }
        self.wait_for_ahead();
        let runs = self.send(cases.iter().map(OwnedCase::of).collect(), until, partial);
        self.collect(&runs)
    }

    /// The answers asked ahead, if `cases` and `until` are what was asked.
    fn take_ahead(&mut self, cases: &[Case<'_>], until: Option<Instant>) -> Option<Vec<Reply>> {
        let same =
            |asked: &[OwnedCase]| asked.iter().map(OwnedCase::case).eq(cases.iter().copied());
        if let Some((asked, asked_until, replies)) = self.taken.take() {
            if same(&asked) && asked_until == until {
                return Some(replies);
            }
        }
        let (asked, asked_until, _) = self.ahead.as_ref()?;
        if !same(asked) || *asked_until != until {
            return None;
        }
        let (_, _, runs) = self.ahead.take()?;
        Some(self.collect(&runs))
    }

    /// Waits for what was asked ahead, if anything, and keeps its answers
    /// for when they are asked for: a call that comes between is answered
    /// after it.
    fn wait_for_ahead(&mut self) {
        if let Some((cases, until, runs)) = self.ahead.take() {
            let replies = self.collect(&runs);
            self.taken = Some((cases, until, replies));
        }
    }

    /// Sends each process its run of `cases`; the length of each run sent.
    fn send(&mut self, cases: Vec<OwnedCase>, until: Option<Instant>, partial: bool) -> Vec<usize> {
        let jobs = self
            .workers
            .len()
            .min(cases.len().div_ceil(MIN_SHARE))
            .max(1);
        let share = cases.len().div_ceil(jobs).max(1);
        let mut runs = Vec::with_capacity(jobs);
        let mut cases = cases.into_iter();
        for worker in self.workers.iter_mut() {
            let run: Vec<OwnedCase> = cases.by_ref().take(share).collect();
            if run.is_empty() {
                break;
            }
            let len = run.len();
            let job = Job {
                cases: run,
                until,
                partial,
            };
            let sent = worker.jobs.as_ref().is_some_and(|w| w.send(job).is_ok());
            worker.busy = sent;
            runs.push(len);
        }
        runs
    }

    /// The replies to the runs [`Pool::send`] sent, in order.
    fn collect(&mut self, runs: &[usize]) -> Vec<Reply> {
        let mut replies = Vec::with_capacity(runs.iter().sum());
        let mut whole = true;
        for (&len, worker) in runs.iter().zip(self.workers.iter_mut()) {
            let answered = worker.busy.then(|| worker.replies.recv().ok()).flatten();
            worker.busy = false;
            let run = match answered {
                Some(answered) => {
                    worker.gave_up = answered.gave_up;
                    answered.replies
                }
                None => {
                    let lost = "internal error: an adapter's thread ended; not run";
                    vec![Reply::from(crate::implementation::Answer::Error(lost.into())); len]
                }
            };
            // Every process's answers are waited for, so that none is still
            // busy when the next call comes; only the first ones are kept.
            if whole {
                whole = run.len() == len;
                replies.extend(run);
            }
        }
        replies
    }
}

impl Worker {
    /// The worker, and where it says whether its process started (with
    /// the process's name and handshake).
    #[allow(clippy::type_complexity)]
    fn start<F>(
        start: F,
    ) -> std::io::Result<(Worker, Receiver<Result<(String, Option<Info>), StartError>>)>
    where
        F: FnOnce() -> Result<Persistent, StartError> + Send + 'static,
    {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, replies) = mpsc::channel();
        let (report, started) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("rfc1808-job".to_owned())
            .spawn(move || {
                let mut adapter = match start() {
                    Ok(adapter) => adapter,
                    Err(e) => {
                        let _ = report.send(Err(e));
                        return;
                    }
                };
                let who = (adapter.name().to_owned(), adapter.info().cloned());
                if report.send(Ok(who)).is_err() {
                    return;
                }
                for job in inbox {
                    let cases: Vec<Case<'_>> = job.cases.iter().map(OwnedCase::case).collect();
                    let replies = match job.partial {
                        true => adapter.resolve_until(&cases, job.until),
                        false => adapter.resolve_all(&cases),
                    };
                    let gave_up = adapter.given_up().map(str::to_owned);
                    if outbox.send(Answered { replies, gave_up }).is_err() {
                        return;
                    }
                }
            })?;
        let worker = Worker {
            jobs: Some(jobs),
            replies,
            thread: Some(thread),
            busy: false,
            gave_up: None,
        };
        Ok((worker, started))
    }

    /// Stops the process (the thread drops it) and waits for the thread.
    fn join(mut self) -> thread::Result<()> {
        self.stop()
    }

    fn stop(&mut self) -> thread::Result<()> {
        self.jobs = None;
        match self.thread.take() {
            Some(thread) => thread.join(),
            None => Ok(()),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // A panic on the worker's thread has been reported there already.
        let _ = self.stop();
    }
}

impl OwnedCase {
    fn of(case: &Case<'_>) -> OwnedCase {
        OwnedCase {
            id: case.id.to_owned(),
            base: case.base.map(str::to_owned),
            relative: case.relative.to_owned(),
        }
    }

    fn case(&self) -> Case<'_> {
        Case {
            id: &self.id,
            base: self.base.as_deref(),
            relative: &self.relative,
        }
    }
}

impl Implementation for Pool {
    fn name(&self) -> &str {
        &self.name
    }

    fn info(&self) -> Option<&Info> {
        self.info.as_ref()
    }

    fn resolve_all(&mut self, cases: &[Case<'_>]) -> Vec<Reply> {
        self.resolve(cases, None, false)
    }

    fn resolve_until(&mut self, cases: &[Case<'_>], deadline: Option<Instant>) -> Vec<Reply> {
        self.resolve(cases, deadline, true)
    }

    fn ask_ahead(&mut self, cases: &[Case<'_>], deadline: Option<Instant>) {
        self.wait_for_ahead();
        let owned: Vec<OwnedCase> = cases.iter().map(OwnedCase::of).collect();
        let runs = self.send(owned.clone(), deadline, true);
        self.ahead = Some((owned, deadline, runs));
    }

    /// Given up once any of its processes is: the run stops there, and
    /// keeps what every process answered before.
    fn given_up(&self) -> Option<&str> {
        self.workers.iter().find_map(|w| w.gave_up.as_deref())
    }
}
