//! The persistent protocols, `lines` and `jsonl`: one process answers a
//! stream of requests, in order. Requests are pipelined (a writer thread
//! sends them all while answers are read), and a process that hangs, dies or
//! breaks the protocol is killed and restarted from the next case.

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::process::{self, StderrBuf, GRACE};
use super::{show_duration, start_allowance, Budget, StartError, Why, ANSWER_LIMIT, MAX_RESTARTS};
use crate::implementation::{Answer, Case, ImplSpec, Implementation, Info, Reply, NO_PARSE};
use crate::protocol::{escape_bytes, Codec, Hello, SHOWN_BYTES};

/// A `lines` or `jsonl` adapter.
pub(super) struct Persistent {
    spec: ImplSpec,
    codec: &'static dyn Codec,
    info: Option<Info>,
    /// Whether its handshake offered to answer absolute parses.
    parses: bool,
    /// The running process; `None` after a failure, until the next case
    /// needs it.
    proc: Option<Proc>,
    restarts: u32,
    /// Set once the adapter is given up on, saying why: every later case
    /// is an error saying it was not run.
    gave_up: Option<String>,
    /// The `jsonl` id of the next request; ids stay unique across runs.
    next_id: u64,
    /// Whether any of its processes ever wrote to standard output.
    heard: bool,
    /// Whether a process timed out without having written anything.
    silent_timeout: bool,
    budget: Arc<Budget>,
}

impl Persistent {
    /// Starts the process, and for `jsonl` completes the handshake.
    pub(super) fn start(
        spec: &ImplSpec,
        codec: &'static dyn Codec,
        budget: Arc<Budget>,
    ) -> Result<Persistent, StartError> {
        let mut adapter = Persistent {
            spec: spec.clone(),
            codec,
            info: None,
            parses: false,
            proc: None,
            restarts: 0,
            gave_up: None,
            next_id: 1,
            heard: false,
            silent_timeout: false,
            budget,
        };
        adapter.proc = Some(adapter.start_proc()?);
        Ok(adapter)
    }

    fn start_proc(&mut self) -> Result<Proc, StartError> {
        let mut proc =
            Proc::start(&self.spec.command).map_err(|why| StartError::new(&self.spec, why))?;
        if let Some(hello) = self.codec.hello() {
            let hello = proc
                .handshake(&hello, self.codec, &self.spec)
                .map_err(|why| StartError::new(&self.spec, why))?;
            if self.info.is_none() {
                self.parses = hello.parses;
                self.info = Some(hello.info);
            }
        }
        Ok(proc)
    }

    /// Kills the process after a failure; the next case restarts it.
    fn discard(&mut self) {
        self.proc = None;
    }

    /// Restarts the process if there is none; false once given up on.
    fn ensure_proc(&mut self) -> bool {
        if self.proc.is_some() {
            return true;
        }
        if self.gave_up.is_some() {
            return false;
        }
        if self.restarts == MAX_RESTARTS {
            let mut message = format!("gave up on the adapter after {MAX_RESTARTS} restarts");
            if self.silent_timeout && !self.heard {
                message.push_str(
                    "; it never wrote a byte to standard output: an adapter must flush its \
                     standard output after each answer",
                );
            }
            self.gave_up = Some(message);
            return false;
        }
        self.restarts += 1;
        match self.start_proc() {
            Ok(proc) => {
                self.proc = Some(proc);
                true
            }
            Err(e) => {
                self.gave_up = Some(format!("cannot restart the adapter: {e}"));
                false
            }
        }
    }

    /// Waits for the answer to request `id` from the running process, or
    /// until `latest`: `None` if that comes first, cutting the case short
    /// (it is neither answered nor a failure).
    fn answer(&mut self, id: u64, latest: Option<Instant>) -> Option<Reply> {
        let Some(proc) = self.proc.as_mut() else {
            return Some(Answer::Error("internal error: no process".into()).into());
        };
        let mut wait = self.spec.timeout;
        if !proc.answered && self.codec.hello().is_none() {
            // Without a handshake, the first answer also waits for the
            // process to start.
            wait += start_allowance(&self.spec);
        }
        let deadline = Instant::now() + wait;
        let cut = latest.filter(|&l| l < deadline);
        let next = proc.next(cut.unwrap_or(deadline));
        self.heard |= proc.heard();
        if cut.is_some() && matches!(next, Next::Timeout) {
            return None;
        }
        let (answer, in_sync) = match next {
            Next::Line(line) => {
                proc.answered = true;
                let (answer, in_sync) = match line {
                    Line::Complete(bytes) => self.codec.decode(&bytes, id),
                    Line::TooLong { len, head } => (too_long(len, &head), true),
                };
                (self.budget.answer(answer), in_sync)
            }
            Next::Timeout => {
                proc.kill();
                let heard = proc.heard();
                self.silent_timeout |= !heard;
                let message = timeout_message(wait, self.spec.timeout, heard);
                (Answer::Error(message), false)
            }
            Next::Ended(partial) => (Answer::Error(ended_message(proc.end(), &partial)), false),
        };
        let reply = Reply {
            answer,
            stderr: self.budget.stderr(proc.stderr.take()),
        };
        if !in_sync {
            self.discard();
        }
        Some(reply)
    }

    /// The adapter wrote `line`, which no request asked for, somewhere in
    /// the run whose process answered from case `stretch` on. Without ids,
    /// which answers moved is unknown, so every answer of this process in
    /// the run becomes an error.
    fn blame_surplus(
        &mut self,
        line: &[u8],
        cases: &[Case<'_>],
        replies: &mut [Reply],
        stretch: usize,
    ) {
        self.discard();
        self.restarts += 1;
        if self.codec.numbered() {
            // Each answer was checked against its id.
            return;
        }
        let message = format!(
            "protocol error: the adapter wrote more lines than it was sent requests \
             (one of them: `{}`), so its answers from case {} to case {} cannot be \
             matched to their requests; the adapter was restarted",
            escape_bytes(line),
            cases[stretch].id,
            cases[cases.len() - 1].id,
        );
        for reply in &mut replies[stretch..] {
            if !matches!(reply.answer, Answer::NotRepresentable(_)) {
                reply.answer = Answer::Error(message.clone());
            }
        }
    }
}

/// The error of a case that timed out after `wait`, `timeout` of it the
/// case's own and the rest for the adapter to start; `heard` if the
/// adapter ever wrote to standard output.
fn timeout_message(wait: Duration, timeout: Duration, heard: bool) -> String {
    let mut message = format!("timeout after {}", show_duration(wait));
    if wait != timeout {
        message.push_str(&format!(
            " ({} per case, and {} for the adapter to start)",
            show_duration(timeout),
            show_duration(wait - timeout)
        ));
    }
    if !heard {
        message.push_str(
            "; the adapter has written nothing to standard output since it \
             started: an adapter must flush its standard output after each answer",
        );
    }
    message
}

/// The error of a case whose adapter ended (`status`) having written
/// `partial` of its answer.
fn ended_message(status: String, partial: &[u8]) -> String {
    if partial.is_empty() {
        format!("adapter {status} before answering")
    } else {
        format!(
            "adapter {status} in the middle of an answer: {}",
            escape_bytes(partial)
        )
    }
}

impl Implementation for Persistent {
    fn name(&self) -> &str {
        &self.spec.name
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

    fn given_up(&self) -> Option<&str> {
        self.gave_up.as_deref()
    }
}

impl Persistent {
    /// Answers `cases` in order; with `partial`, only those started before
    /// `until` and before the adapter is given up on, and none waited for
    /// more than one timeout past `until`.
    fn resolve(&mut self, cases: &[Case<'_>], until: Option<Instant>, partial: bool) -> Vec<Reply> {
        let latest = until.filter(|_| partial).map(|t| t + self.spec.timeout);
        let first_id = self.next_id;
        self.next_id += cases.len() as u64;
        let requests = Arc::new(Requests::encode(self.codec, self.parses, cases, first_id));
        let mut replies: Vec<Reply> = Vec::with_capacity(cases.len());
        self.discard_if_surplus();
        // The process that has a writer sending this run's requests, by
        // the case it started at: the first this process answers in the run.
        let mut writing: Option<usize> = None;
        let began = Instant::now();
        while replies.len() < cases.len() {
            let i = replies.len();
            let late = until.is_some_and(|t| Instant::now() >= t);
            if partial && (late || self.gave_up.is_some()) {
                // The requests already sent would be answered to the next
                // call's cases.
                if writing.is_some() {
                    self.discard();
                }
                break;
            }
            if let Some(why) = &requests.unsendable[i] {
                replies.push(Answer::NotRepresentable(why.clone()).into());
                continue;
            }
            if self.proc.is_none() {
                writing = None;
            }
            if !self.ensure_proc() {
                if partial {
                    break;
                }
                let message = self.gave_up.clone().unwrap_or_default();
                replies.push(Answer::Error(format!("not run: {message}")).into());
                continue;
            }
            if writing.is_none() {
                match self.start_writer(&requests, i) {
                    Some(Ok(())) => writing = Some(i),
                    Some(Err(reply)) => {
                        replies.push(reply);
                        continue;
                    }
                    None => continue,
                }
            }
            match self.answer(first_id + i as u64, latest) {
                Some(reply) => replies.push(reply),
                None => {
                    self.discard();
                    break;
                }
            }
        }
        if let Some(stretch) = writing {
            self.finish(cases, &mut replies, stretch, began.elapsed());
        }
        replies
    }

    /// Starts a writer sending `requests` from case `i` on to the running
    /// process (`None` if there is none); if it cannot, discards the
    /// process and gives the reply of case `i`.
    fn start_writer(&mut self, requests: &Arc<Requests>, i: usize) -> Option<Result<(), Reply>> {
        let proc = self.proc.as_mut()?;
        if let Err(e) = proc.start_writer(Arc::clone(requests), i) {
            self.discard();
            return Some(Err(
                Answer::Error(format!("cannot send requests: {e}")).into()
            ));
        }
        Some(Ok(()))
    }

    /// Discards the process if a line arrived since the last run: it
    /// answers no request.
    fn discard_if_surplus(&mut self) {
        if let Some(proc) = self.proc.as_mut() {
            if proc.surplus(Duration::ZERO).is_some() {
                self.discard();
            }
        }
    }

    /// After a run whose process answered from case `stretch` on (`took`
    /// long): takes back its standard input from the writer, and checks
    /// that it wrote no line more than it was asked for.
    fn finish(
        &mut self,
        cases: &[Case<'_>],
        replies: &mut [Reply],
        stretch: usize,
        took: Duration,
    ) {
        let Some(proc) = self.proc.as_mut() else {
            return;
        };
        // Every request was answered, so the writer is done, unless the
        // adapter answered requests it never read.
        if !proc.take_back_stdin() {
            self.discard();
            return;
        }
        // A line more after the last answer comes about one answer's time
        // after it, if the adapter writes it then, so that is how long it
        // is waited for; the next run checks again before it starts.
        let answered = (replies.len() - stretch).max(1) as u32;
        let wait = (took / answered * 5 + Duration::from_millis(2)).min(Duration::from_millis(100));
        if let Some(line) = proc.surplus(wait) {
            self.blame_surplus(&line, cases, replies, stretch);
        }
    }
}

impl Drop for Persistent {
    fn drop(&mut self) {
        if let Some(mut proc) = self.proc.take() {
            proc.stop(self.codec.goodbye());
        }
    }
}

/// Every request of a run, encoded once, so that a restarted process can be
/// sent the rest from any case on.
struct Requests {
    bytes: Vec<u8>,
    /// Where each case's request starts in `bytes`, and the end.
    starts: Vec<usize>,
    /// Why a case cannot be sent, for the cases that cannot.
    unsendable: Vec<Option<String>>,
}

impl Requests {
    /// The requests for `cases` to an adapter that answers absolute parses
    /// if `parses`.
    fn encode(codec: &dyn Codec, parses: bool, cases: &[Case<'_>], first_id: u64) -> Requests {
        let mut bytes = Vec::with_capacity(cases.len() * 64);
        let mut starts = Vec::with_capacity(cases.len() + 1);
        let mut unsendable = Vec::with_capacity(cases.len());
        for (i, case) in cases.iter().enumerate() {
            starts.push(bytes.len());
            unsendable.push(match case.base {
                None if !parses => Some(NO_PARSE.to_owned()),
                _ => codec.encode(first_id + i as u64, case, &mut bytes).err(),
            });
        }
        starts.push(bytes.len());
        Requests {
            bytes,
            starts,
            unsendable,
        }
    }
}

/// What the process sent, in order, from its reader threads.
enum Event {
    Lines(Vec<Line>),
    /// Standard output closed, with the bytes after the last line ending.
    StdoutEnd(Vec<u8>),
    Stderr(Vec<u8>),
    StderrEnd,
}

enum Line {
    /// A line without its line ending (`\n` or `\r\n`).
    Complete(Vec<u8>),
    /// A line past [`ANSWER_LIMIT`]: its length and first bytes.
    TooLong { len: usize, head: Vec<u8> },
}

enum Next {
    Line(Line),
    /// Standard output closed, with the bytes after the last line ending.
    Ended(Vec<u8>),
    Timeout,
}

/// One running adapter process with its reader threads.
struct Proc {
    child: Child,
    /// `None` while a writer thread has it, or once closed.
    stdin: Option<ChildStdin>,
    /// Where the writer thread hands standard input back when it is done.
    writer: Option<Receiver<ChildStdin>>,
    events: Receiver<Event>,
    lines: std::vec::IntoIter<Line>,
    stdout_end: Option<Vec<u8>>,
    stderr_end: bool,
    /// Standard error since the last answer, for the case in flight.
    stderr: StderrBuf,
    /// Set by the reader when the first byte of standard output arrives.
    heard: Arc<AtomicBool>,
    /// Whether it has answered a request.
    answered: bool,
}

/// How many batches of output the reader threads may have waiting. Past
/// that they stop reading, and an adapter that floods its output waits on
/// its pipe instead of filling the harness's memory.
const EVENTS_IN_FLIGHT: usize = 16;

impl Proc {
    fn start(command: &[String]) -> Result<Proc, Why> {
        let mut child = process::start(command, true).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => Why::NotFound,
            _ => Why::Spawn(e),
        })?;
        let (tx, events) = mpsc::sync_channel(EVENTS_IN_FLIGHT);
        let heard = Arc::new(AtomicBool::new(false));
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let readers = match (stdout, stderr) {
            (Some(stdout), Some(stderr)) => thread::Builder::new()
                .name("rfc1808-stdout".to_owned())
                .spawn({
                    let tx = tx.clone();
                    let heard = Arc::clone(&heard);
                    move || read_lines(stdout, tx, &heard)
                })
                .and_then(|_| {
                    process::forward(
                        "rfc1808-stderr",
                        stderr,
                        tx,
                        Event::Stderr,
                        Event::StderrEnd,
                    )
                }),
            _ => Err(io::Error::other("the standard streams were not piped")),
        };
        if let Err(e) = readers {
            process::kill(&mut child);
            return Err(Why::Spawn(e));
        }
        Ok(Proc {
            child,
            stdin,
            writer: None,
            events,
            lines: Vec::new().into_iter(),
            stdout_end: None,
            stderr_end: false,
            stderr: StderrBuf::default(),
            heard,
            answered: false,
        })
    }

    /// Whether it ever wrote to standard output.
    fn heard(&self) -> bool {
        self.heard.load(Ordering::Relaxed)
    }

    /// A line that arrives within `wait` (or has arrived) when no request
    /// is outstanding, if any.
    fn surplus(&mut self, wait: Duration) -> Option<Vec<u8>> {
        let deadline = Instant::now() + wait;
        match self.next(deadline) {
            Next::Line(Line::Complete(line)) => Some(line),
            Next::Line(Line::TooLong { head, .. }) => Some(head),
            // An exit now is for the next run to see.
            Next::Ended(partial) => {
                self.stdout_end = Some(partial);
                None
            }
            Next::Timeout => None,
        }
    }

    fn handshake(
        &mut self,
        hello: &[u8],
        codec: &dyn Codec,
        spec: &ImplSpec,
    ) -> Result<Hello, Why> {
        if let Some(stdin) = self.stdin.as_mut() {
            // A failed write means the process is gone; reading says how.
            let _ = stdin.write_all(hello).and_then(|()| stdin.flush());
        }
        let allowance = start_allowance(spec);
        match self.next(Instant::now() + allowance) {
            Next::Line(Line::Complete(line)) => {
                codec
                    .read_hello(&line)
                    .map_err(|problem| Why::BadHandshake {
                        line: escape_bytes(&line),
                        problem,
                        stderr: self.stderr.take(),
                    })
            }
            Next::Line(Line::TooLong { len, head }) => Err(Why::BadHandshake {
                line: format!("{}...", escape_bytes(&head)),
                problem: format!(
                    "the line is longer than the limit of {} MiB ({len} bytes)",
                    ANSWER_LIMIT >> 20
                ),
                stderr: self.stderr.take(),
            }),
            Next::Ended(_) => {
                let status = self.end();
                Err(Why::Exited {
                    status,
                    stderr: self.stderr.take(),
                })
            }
            Next::Timeout => {
                self.kill();
                Err(Why::Silent {
                    timeout: allowance,
                    stderr: self.stderr.take(),
                })
            }
        }
    }

    /// Starts a thread that sends the requests from case `from` on.
    fn start_writer(&mut self, requests: Arc<Requests>, from: usize) -> io::Result<()> {
        let mut stdin = self
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("standard input is closed"))?;
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("rfc1808-writer".to_owned())
            .spawn(move || {
                let bytes = &requests.bytes[requests.starts[from]..];
                // A failed write means the process died; the reader reports it.
                if stdin.write_all(bytes).and_then(|()| stdin.flush()).is_ok() {
                    let _ = tx.send(stdin);
                }
            })?;
        self.writer = Some(rx);
        Ok(())
    }

    /// Takes standard input back from a finished writer; false if it does
    /// not finish in time or failed.
    fn take_back_stdin(&mut self) -> bool {
        let Some(writer) = self.writer.take() else {
            return self.stdin.is_some();
        };
        match writer.recv_timeout(GRACE) {
            Ok(stdin) => {
                self.stdin = Some(stdin);
                true
            }
            Err(_) => false,
        }
    }

    /// The next answer line, or how the wait for it ended.
    fn next(&mut self, deadline: Instant) -> Next {
        loop {
            if let Some(line) = self.lines.next() {
                return Next::Line(line);
            }
            if let Some(partial) = self.stdout_end.take() {
                return Next::Ended(partial);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) => self.absorb(event),
                Err(RecvTimeoutError::Timeout) => return Next::Timeout,
                Err(RecvTimeoutError::Disconnected) => return Next::Ended(Vec::new()),
            }
        }
    }

    fn absorb(&mut self, event: Event) {
        match event {
            Event::Lines(lines) => self.lines = lines.into_iter(),
            Event::StdoutEnd(partial) => self.stdout_end = Some(partial),
            Event::Stderr(bytes) => self.stderr.push(&bytes),
            Event::StderrEnd => self.stderr_end = true,
        }
    }

    /// Collects standard error until it closes or `deadline`.
    fn drain_stderr(&mut self, deadline: Instant) {
        while !self.stderr_end {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                // Lines after the one that failed are no one's answer.
                Ok(Event::Lines(_)) => {}
                Ok(event) => self.absorb(event),
                Err(_) => break,
            }
        }
    }

    /// After standard output closed: waits a little for the last of
    /// standard error and for the exit, and says how the process ended.
    fn end(&mut self) -> String {
        let deadline = Instant::now() + GRACE;
        self.drain_stderr(deadline);
        match process::wait_until(&mut self.child, deadline) {
            Some(status) => process::describe_status(status),
            None => {
                self.kill();
                "closed its standard output".to_owned()
            }
        }
    }

    /// Kills the process, keeping what it wrote to standard error last.
    fn kill(&mut self) {
        process::kill(&mut self.child);
        self.drain_stderr(Instant::now() + GRACE / 10);
    }

    /// Asks the process to exit as the protocol says, then makes sure. The
    /// goodbye is written only if the pipe has room for it: an adapter that
    /// stopped reading must not block the harness.
    fn stop(&mut self, goodbye: Option<Vec<u8>>) {
        if let Some(mut stdin) = self.stdin.take() {
            if let Some(goodbye) = goodbye {
                let _ = process::write_nonblocking(&mut stdin, &goodbye);
            }
        }
        process::wait_until(&mut self.child, Instant::now() + GRACE);
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        process::kill(&mut self.child);
    }
}

/// Sends standard output as lines, in batches of what each read brought.
/// A line past [`ANSWER_LIMIT`] keeps only its first bytes, so a runaway
/// adapter costs bounded memory.
fn read_lines(mut stdout: ChildStdout, to: SyncSender<Event>, heard: &AtomicBool) {
    let mut chunk = vec![0; 64 << 10];
    // The line read so far, and its full length (more, past the limit).
    let mut partial = Vec::new();
    let mut partial_len = 0;
    loop {
        let n = match stdout.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        heard.store(true, Ordering::Relaxed);
        let mut batch = Vec::new();
        let mut rest = &chunk[..n];
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            let line = &rest[..end];
            rest = &rest[end + 1..];
            batch.push(if partial_len == 0 {
                Line::Complete(strip_cr(line).to_vec())
            } else {
                extend(&mut partial, &mut partial_len, line);
                finish(&mut partial, &mut partial_len)
            });
        }
        extend(&mut partial, &mut partial_len, rest);
        if !batch.is_empty() && to.send(Event::Lines(batch)).is_err() {
            return;
        }
    }
    let _ = to.send(Event::StdoutEnd(partial));
}

fn extend(partial: &mut Vec<u8>, len: &mut usize, bytes: &[u8]) {
    *len += bytes.len();
    if *len <= ANSWER_LIMIT {
        partial.extend_from_slice(bytes);
    } else {
        partial.truncate(SHOWN_BYTES);
    }
}

fn finish(partial: &mut Vec<u8>, len: &mut usize) -> Line {
    let line = std::mem::take(partial);
    let full = std::mem::take(len);
    if full > ANSWER_LIMIT {
        Line::TooLong {
            len: full,
            head: line,
        }
    } else {
        let mut line = line;
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Line::Complete(line)
    }
}

fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn too_long(len: usize, head: &[u8]) -> Answer {
    Answer::Error(format!(
        "answer is longer than the limit of {} MiB ({len} bytes): {}...",
        ANSWER_LIMIT >> 20,
        escape_bytes(head)
    ))
}
