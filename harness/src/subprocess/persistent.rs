//! The persistent protocols, `lines` and `jsonl`: one process answers a
//! stream of requests, in order. Requests are pipelined (a writer thread
//! sends them all while answers are read), and a process that hangs, dies or
//! breaks the protocol is killed and restarted from the next case.

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use serde::Deserialize;

use super::process::{self, StderrBuf, GRACE};
use super::{
    escape_bytes, show_duration, StartError, Why, ANSWER_LIMIT, MAX_RESTARTS, SHOWN_BYTES,
};
use crate::implementation::{Answer, Case, ImplSpec, Implementation, Info, Protocol, Reply};

const START: &[u8] = b"{\"type\":\"start\",\"version\":1}\n";
const STOP: &[u8] = b"{\"type\":\"stop\"}\n";

/// A `lines` or `jsonl` adapter.
pub(super) struct Persistent {
    spec: ImplSpec,
    info: Option<Info>,
    /// The running process; `None` after a failure, until the next case
    /// needs it.
    proc: Option<Proc>,
    restarts: u32,
    /// Set once the adapter is given up on, saying why: every later case
    /// is an error saying it was not run.
    gave_up: Option<String>,
    /// The `jsonl` id of the next request; ids stay unique across runs.
    next_id: u64,
}

impl Persistent {
    /// Starts the process, and for `jsonl` completes the handshake.
    pub(super) fn start(spec: &ImplSpec) -> Result<Persistent, StartError> {
        let mut adapter = Persistent {
            spec: spec.clone(),
            info: None,
            proc: None,
            restarts: 0,
            gave_up: None,
            next_id: 1,
        };
        adapter.proc = Some(adapter.start_proc()?);
        Ok(adapter)
    }

    fn start_proc(&mut self) -> Result<Proc, StartError> {
        let mut proc =
            Proc::start(&self.spec.command).map_err(|why| StartError::new(&self.spec, why))?;
        if self.spec.protocol == Protocol::Jsonl {
            let info = proc
                .handshake(&self.spec)
                .map_err(|why| StartError::new(&self.spec, why))?;
            self.info.get_or_insert(info);
        }
        Ok(proc)
    }

    /// Kills the process after a failure; the next case restarts it.
    fn discard(&mut self) {
        self.proc = None;
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
    /// `until` and before the adapter is given up on.
    fn resolve(&mut self, cases: &[Case<'_>], until: Option<Instant>, partial: bool) -> Vec<Reply> {
        let first_id = self.next_id;
        self.next_id += cases.len() as u64;
        let requests = Arc::new(Requests::encode(self.spec.protocol, cases, first_id));
        let mut replies: Vec<Reply> = Vec::with_capacity(cases.len());
        // Whether the current process has a writer sending requests.
        let mut writing = false;
        while replies.len() < cases.len() {
            let i = replies.len();
            let late = until.is_some_and(|t| Instant::now() >= t);
            if partial && (late || self.gave_up.is_some()) {
                // The requests already sent would be answered to the next
                // call's cases.
                if writing {
                    self.discard();
                }
                break;
            }
            if let Some(why) = &requests.unsendable[i] {
                replies.push(Answer::NotRepresentable(why.clone()).into());
                continue;
            }
            if let Some(message) = &self.gave_up {
                replies.push(Answer::Error(format!("not run: {message}")).into());
                continue;
            }
            if self.proc.is_none() {
                if self.restarts == MAX_RESTARTS {
                    self.gave_up = Some(format!(
                        "gave up on the adapter after {MAX_RESTARTS} restarts"
                    ));
                    continue;
                }
                self.restarts += 1;
                match self.start_proc() {
                    Ok(proc) => self.proc = Some(proc),
                    Err(e) => {
                        self.gave_up = Some(format!("cannot restart the adapter: {e}"));
                        continue;
                    }
                }
                writing = false;
            }
            let Some(proc) = self.proc.as_mut() else {
                continue;
            };
            if !writing {
                if let Err(e) = proc.start_writer(Arc::clone(&requests), i) {
                    replies.push(Answer::Error(format!("cannot send requests: {e}")).into());
                    self.discard();
                    continue;
                }
                writing = true;
            }
            let deadline = Instant::now() + self.spec.timeout;
            match proc.next(deadline) {
                Next::Line(line) => {
                    let (answer, in_sync) = match self.spec.protocol {
                        Protocol::Jsonl => decode_jsonl(line, first_id + i as u64),
                        _ => decode_lines(line),
                    };
                    replies.push(Reply {
                        answer,
                        stderr: proc.stderr.take(),
                    });
                    if !in_sync {
                        self.discard();
                    }
                }
                Next::Timeout => {
                    proc.kill();
                    let message = format!("timeout after {}", show_duration(self.spec.timeout));
                    replies.push(Reply {
                        answer: Answer::Error(message),
                        stderr: proc.stderr.take(),
                    });
                    self.discard();
                }
                Next::Ended(partial) => {
                    let status = proc.end();
                    let message = if partial.is_empty() {
                        format!("adapter {status} before answering")
                    } else {
                        format!(
                            "adapter {status} in the middle of an answer: {}",
                            escape_bytes(&partial)
                        )
                    };
                    replies.push(Reply {
                        answer: Answer::Error(message),
                        stderr: proc.stderr.take(),
                    });
                    self.discard();
                }
            }
        }
        // Every request was answered, so the writer is done, unless the
        // adapter answered requests it never read.
        if writing {
            if let Some(proc) = self.proc.as_mut() {
                if !proc.take_back_stdin() {
                    self.discard();
                }
            }
        }
        replies
    }
}

impl Drop for Persistent {
    fn drop(&mut self) {
        if let Some(mut proc) = self.proc.take() {
            proc.stop(self.spec.protocol == Protocol::Jsonl);
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
    fn encode(protocol: Protocol, cases: &[Case<'_>], first_id: u64) -> Requests {
        let mut bytes = Vec::with_capacity(cases.len() * 64);
        let mut starts = Vec::with_capacity(cases.len() + 1);
        let mut unsendable = Vec::with_capacity(cases.len());
        for (i, case) in cases.iter().enumerate() {
            starts.push(bytes.len());
            if protocol == Protocol::Jsonl {
                let id = first_id + i as u64;
                bytes.extend_from_slice(b"{\"type\":\"resolve\",\"id\":");
                bytes.extend_from_slice(id.to_string().as_bytes());
                bytes.extend_from_slice(b",\"base\":");
                write_json_string(&mut bytes, case.base);
                bytes.extend_from_slice(b",\"relative\":");
                write_json_string(&mut bytes, case.relative);
                bytes.extend_from_slice(b"}\n");
                unsendable.push(None);
            } else if let Some(c) = [case.base, case.relative]
                .iter()
                .find_map(|s| s.chars().find(|c| matches!(c, '\t' | '\r' | '\n')))
            {
                unsendable.push(Some(format!(
                    "the `lines` protocol cannot send a {} in a URL",
                    match c {
                        '\t' => "TAB",
                        '\r' => "CR",
                        _ => "LF",
                    }
                )));
            } else {
                bytes.extend_from_slice(case.base.as_bytes());
                bytes.push(b'\t');
                bytes.extend_from_slice(case.relative.as_bytes());
                bytes.push(b'\n');
                unsendable.push(None);
            }
        }
        starts.push(bytes.len());
        Requests {
            bytes,
            starts,
            unsendable,
        }
    }
}

fn write_json_string(out: &mut Vec<u8>, s: &str) {
    // Writing a `str` to a `Vec` cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
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
}

impl Proc {
    fn start(command: &[String]) -> Result<Proc, Why> {
        let mut child = process::start(command, true).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => Why::NotFound,
            _ => Why::Spawn(e),
        })?;
        let (tx, events) = mpsc::channel();
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let readers = match (stdout, stderr) {
            (Some(stdout), Some(stderr)) => thread::Builder::new()
                .name("rfc1808-stdout".to_owned())
                .spawn({
                    let tx = tx.clone();
                    move || read_lines(stdout, tx)
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
        })
    }

    fn handshake(&mut self, spec: &ImplSpec) -> Result<Info, Why> {
        if let Some(stdin) = self.stdin.as_mut() {
            // A failed write means the process is gone; reading says how.
            let _ = stdin.write_all(START).and_then(|()| stdin.flush());
        }
        match self.next(Instant::now() + spec.timeout) {
            Next::Line(Line::Complete(line)) => {
                parse_started(&line).map_err(|problem| Why::BadHandshake {
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
                    timeout: spec.timeout,
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

    /// Asks the process to exit as the protocol says, then makes sure.
    fn stop(&mut self, jsonl: bool) {
        if let Some(mut stdin) = self.stdin.take() {
            if jsonl {
                let _ = stdin.write_all(STOP).and_then(|()| stdin.flush());
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
fn read_lines(mut stdout: ChildStdout, to: Sender<Event>) {
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

/// A `lines` answer, and whether the stream can still be trusted.
fn decode_lines(line: Line) -> (Answer, bool) {
    match line {
        Line::TooLong { len, head } => (too_long(len, &head), true),
        Line::Complete(bytes) => match String::from_utf8(bytes) {
            Ok(text) => match text.strip_prefix('\t') {
                Some(message) => (Answer::Rejected(message.to_owned()), true),
                None => (Answer::Resolved(text), true),
            },
            Err(e) => (
                Answer::Error(format!(
                    "answer is not UTF-8: {}",
                    escape_bytes(e.as_bytes())
                )),
                false,
            ),
        },
    }
}

#[derive(Deserialize)]
struct AnswerMessage {
    id: u64,
    result: Option<String>,
    error: Option<String>,
}

/// A `jsonl` answer to request `id`, and whether the stream can still be
/// trusted.
fn decode_jsonl(line: Line, id: u64) -> (Answer, bool) {
    let bytes = match line {
        Line::TooLong { len, head } => return (too_long(len, &head), true),
        Line::Complete(bytes) => bytes,
    };
    let broken = |what: String| {
        (
            Answer::Error(format!("{what}: {}", escape_bytes(&bytes))),
            false,
        )
    };
    if std::str::from_utf8(&bytes).is_err() {
        return broken("answer is not UTF-8".to_owned());
    }
    let message: AnswerMessage = match serde_json::from_slice(&bytes) {
        Ok(message) => message,
        Err(e) if e.is_data() => {
            return broken(format!("answer is not a resolve answer ({e})"));
        }
        Err(e) => return broken(format!("answer is not valid JSON ({e})")),
    };
    if message.id != id {
        return broken(format!("answer has id {}, expected {id}", message.id));
    }
    match (message.result, message.error) {
        (Some(url), None) => (Answer::Resolved(url), true),
        (None, Some(error)) => (Answer::Rejected(error), true),
        (Some(_), Some(_)) => (
            Answer::Error(format!(
                "answer has both `result` and `error`: {}",
                escape_bytes(&bytes)
            )),
            true,
        ),
        (None, None) => (
            Answer::Error(format!(
                "answer has neither `result` nor `error`: {}",
                escape_bytes(&bytes)
            )),
            true,
        ),
    }
}

#[derive(Deserialize)]
struct Started {
    name: String,
    implementation_version: String,
    language: String,
    spec: String,
}

/// The adapter's `started` message, or what is wrong with it.
fn parse_started(line: &[u8]) -> Result<Info, String> {
    const EXPECTED: &str = r#"expected {"type":"started","version":1,...}"#;
    let value: serde_json::Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(_) if std::str::from_utf8(line).is_err() => {
            return Err(format!("the line is not UTF-8, {EXPECTED}"))
        }
        Err(e) => return Err(format!("not valid JSON ({e}), {EXPECTED}")),
    };
    if value.get("type").and_then(|t| t.as_str()) != Some("started") {
        return Err(EXPECTED.to_owned());
    }
    match value.get("version") {
        Some(v) if v.as_u64() == Some(1) => {}
        Some(v) => {
            return Err(format!(
                "the adapter speaks protocol version {v}, this harness speaks version 1"
            ))
        }
        None => return Err(format!("no `version`, {EXPECTED}")),
    }
    let started: Started = serde_json::from_value(value).map_err(|e| e.to_string())?;
    Ok(Info {
        name: started.name,
        implementation_version: started.implementation_version,
        language: started.language,
        spec: started.spec,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(s: &[u8]) -> Line {
        Line::Complete(s.to_vec())
    }

    #[test]
    fn jsonl_answers_are_checked_field_by_field() {
        let decode = |s: &[u8], id| decode_jsonl(complete(s), id);
        assert_eq!(
            decode(br#"{"id":3,"result":"http://a/g"}"#, 3),
            (Answer::Resolved("http://a/g".into()), true)
        );
        assert_eq!(
            decode(br#"{"id":3,"error":"bad","extra":1}"#, 3),
            (Answer::Rejected("bad".into()), true)
        );
        assert_eq!(
            decode(br#"{"id":4,"result":"x"}"#, 3),
            (
                Answer::Error(r#"answer has id 4, expected 3: {"id":4,"result":"x"}"#.into()),
                false
            )
        );
        assert_eq!(
            decode(br#"{"id":null,"error":"x"}"#, 3),
            (
                Answer::Error(
                    r#"answer is not a resolve answer (invalid type: null, expected u64 at line 1 column 10): {"id":null,"error":"x"}"#
                        .into()
                ),
                false
            )
        );
        assert_eq!(
            decode(b"http://a/g", 3),
            (
                Answer::Error(
                    "answer is not valid JSON (expected value at line 1 column 1): http://a/g"
                        .into()
                ),
                false
            )
        );
        assert_eq!(
            decode(br#"{"id":3}"#, 3),
            (
                Answer::Error(r#"answer has neither `result` nor `error`: {"id":3}"#.into()),
                true
            )
        );
        assert_eq!(
            decode(b"{\"id\":3,\"result\":\"\xff\"}", 3),
            (
                Answer::Error(r#"answer is not UTF-8: {"id":3,"result":"\xff"}"#.into()),
                false
            )
        );
    }

    #[test]
    fn lines_answers_start_with_tab_when_rejected() {
        assert_eq!(
            decode_lines(complete(b"http://a/g")),
            (Answer::Resolved("http://a/g".into()), true)
        );
        assert_eq!(
            decode_lines(complete(b"\tno base")),
            (Answer::Rejected("no base".into()), true)
        );
        assert_eq!(
            decode_lines(complete(b"\xc3(")),
            (Answer::Error(r"answer is not UTF-8: \xc3(".into()), false)
        );
    }

    #[test]
    fn handshake_problems_are_named() {
        let ok = br#"{"type":"started","version":1,"name":"n","implementation_version":"1","language":"l","spec":"s"}"#;
        assert_eq!(
            parse_started(ok),
            Ok(Info {
                name: "n".into(),
                implementation_version: "1".into(),
                language: "l".into(),
                spec: "s".into()
            })
        );
        assert_eq!(
            parse_started(br#"{"type":"started","version":2}"#),
            Err("the adapter speaks protocol version 2, this harness speaks version 1".into())
        );
        assert_eq!(
            parse_started(br#"{"type":"started","version":1,"name":"n"}"#),
            Err("missing field `implementation_version`".into())
        );
        assert_eq!(
            parse_started(b"hello"),
            Err(r#"not valid JSON (expected value at line 1 column 1), expected {"type":"started","version":1,...}"#.into())
        );
        assert_eq!(
            parse_started(br#"{"id":1,"result":"x"}"#),
            Err(r#"expected {"type":"started","version":1,...}"#.into())
        );
    }

    #[test]
    fn requests_are_encoded_per_protocol() {
        let cases = [
            Case {
                id: "a",
                base: "http://a/b",
                relative: "g\"h",
            },
            Case {
                id: "b",
                base: "http://a/\tb",
                relative: "g",
            },
        ];
        let jsonl = Requests::encode(Protocol::Jsonl, &cases, 7);
        assert_eq!(
            String::from_utf8(jsonl.bytes).unwrap(),
            "{\"type\":\"resolve\",\"id\":7,\"base\":\"http://a/b\",\"relative\":\"g\\\"h\"}\n\
             {\"type\":\"resolve\",\"id\":8,\"base\":\"http://a/\\tb\",\"relative\":\"g\"}\n"
        );
        let lines = Requests::encode(Protocol::Lines, &cases, 7);
        assert_eq!(lines.bytes, b"http://a/b\tg\"h\n");
        assert_eq!(lines.starts, [0, 15, 15]);
        assert_eq!(
            lines.unsendable,
            [
                None,
                Some("the `lines` protocol cannot send a TAB in a URL".into())
            ]
        );
    }
}
