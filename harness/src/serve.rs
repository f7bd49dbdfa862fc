//! `rfc1808 serve`: the reference resolver as an adapter speaking the
//! `lines` or `jsonl` protocol (README, "Writing an adapter") over standard
//! input and output. It lets the harness's subprocess machinery be tested and
//! measured against a known-good implementation, and shows adapter writers
//! what a correct conversation looks like.

use std::error::Error;
use std::fmt;
use std::io::{self, BufWriter, Read, Write};

use rfc1808_resolver::{resolve_with, Step6};

use crate::implementation::{Info, Protocol};
use crate::protocol::jsonl::{self, Request, Started};
use crate::protocol::lines;

/// The name `serve` gives in the `jsonl` handshake.
pub const NAME: &str = "rfc1808-reference";

/// Answers requests from `input` on `output` until the input ends (or, in
/// `jsonl`, a stop message). Answers are buffered while more input is ready
/// and flushed as soon as it is not, so pipelined requests are answered in
/// large writes and a lone request at once.
pub fn serve(
    protocol: Protocol,
    step6: Step6,
    mut input: impl Read,
    output: impl Write,
) -> Result<(), ServeError> {
    let mut server = Server {
        protocol,
        step6,
        out: BufWriter::with_capacity(64 << 10, output),
        line: 0,
        started: false,
        buf: Vec::new(),
    };
    if protocol == Protocol::Argv {
        return Err(ServeError::Argv);
    }
    let mut chunk = vec![0; 64 << 10];
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ServeError::Read(e)),
        };
        let mut rest = &chunk[..n];
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            let flow = if partial.is_empty() {
                server.handle(&rest[..end])?
            } else {
                partial.extend_from_slice(&rest[..end]);
                let flow = server.handle(&partial)?;
                partial.clear();
                flow
            };
            rest = &rest[end + 1..];
            if flow == Flow::Stop {
                return server.flush();
            }
        }
        partial.extend_from_slice(rest);
        server.flush()?;
    }
    // A last request without a line ending is still a request.
    if !partial.is_empty() {
        server.handle(&partial)?;
    }
    server.flush()
}

/// Why `serve` stopped before its input ended.
#[derive(Debug)]
pub enum ServeError {
    /// `argv` has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter.
    Argv,
    /// A request that does not follow the protocol, by line number.
    BadRequest {
        line: usize,
        problem: String,
    },
    Read(io::Error),
    Write(io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Argv => f.write_str(
                "the `argv` protocol has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter",
            ),
            ServeError::BadRequest { line, problem } => {
                write!(f, "standard input, line {line}: {problem}")
            }
            ServeError::Read(e) => write!(f, "cannot read standard input: {e}"),
            ServeError::Write(e) => write!(f, "cannot write standard output: {e}"),
        }
    }
}

impl Error for ServeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ServeError::Read(e) | ServeError::Write(e) => Some(e),
            _ => None,
        }
    }
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

struct Server<W: Write> {
    protocol: Protocol,
    step6: Step6,
    out: BufWriter<W>,
    /// The number of the line being handled, for messages.
    line: usize,
    started: bool,
    /// The answer being encoded, reused between requests.
    buf: Vec<u8>,
}

impl<W: Write> Server<W> {
    fn handle(&mut self, line: &[u8]) -> Result<Flow, ServeError> {
        self.line += 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(line) = std::str::from_utf8(line) else {
            return Err(self.bad("the request is not UTF-8".to_owned()));
        };
        match self.protocol {
            Protocol::Jsonl => self.handle_jsonl(line),
            _ => {
                let (base, relative) =
                    lines::decode_request(line).map_err(|e| self.bad(e.to_owned()))?;
                let resolved = resolve_with(base, relative, self.step6);
                self.buf.clear();
                lines::encode_answer(Ok(&resolved), &mut self.buf);
                self.write_buf()?;
                Ok(Flow::Continue)
            }
        }
    }

    fn handle_jsonl(&mut self, line: &str) -> Result<Flow, ServeError> {
        let request = Request::decode(line).map_err(|e| self.bad(e.problem))?;
        self.buf.clear();
        match (request, self.started) {
            (Request::Start { .. }, false) => {
                self.started = true;
                // The harness, not the server, decides whether the
                // versions match, so this answers with its own.
                Started::new(Info {
                    name: NAME.to_owned(),
                    implementation_version: env!("CARGO_PKG_VERSION").to_owned(),
                    language: "rust".to_owned(),
                    spec: "RFC 1808".to_owned(),
                })
                .encode(&mut self.buf);
            }
            (Request::Resolve { id, base, relative }, true) => {
                let resolved = resolve_with(&base, &relative, self.step6);
                jsonl::Reply {
                    id: Some(id),
                    result: Some(resolved),
                    error: None,
                }
                .encode(&mut self.buf);
            }
            (Request::Stop, true) => return Ok(Flow::Stop),
            (Request::Start { .. }, true) => {
                return Err(self.bad("a second start message".to_owned()))
            }
            (request, false) => {
                return Err(self.bad(format!(
                    "expected a start message first, got type `{}`",
                    request.kind()
                )))
            }
        }
        self.write_buf()?;
        Ok(Flow::Continue)
    }

    fn write_buf(&mut self) -> Result<(), ServeError> {
        self.out.write_all(&self.buf).map_err(ServeError::Write)
    }

    fn bad(&self, problem: String) -> ServeError {
        ServeError::BadRequest {
            line: self.line,
            problem,
        }
    }

    fn flush(&mut self) -> Result<(), ServeError> {
        self.out.flush().map_err(ServeError::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(protocol: Protocol, input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        serve(protocol, Step6::SegmentStack, input.as_bytes(), &mut out)
            .map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn lines_answers_each_request_in_order() {
        assert_eq!(
            run(
                Protocol::Lines,
                "http://a/b/c/d;p?q#f\t../g\r\nhttp://a/b/c/d;p?q#f\t\nhttp://a/b\t?y"
            ),
            Ok("http://a/b/g\nhttp://a/b/c/d;p?q#f\nhttp://a/b?y\n".to_owned())
        );
        assert_eq!(
            run(Protocol::Lines, "http://a/b\tg\nno tab here\n"),
            Err("standard input, line 2: expected BASE<TAB>RELATIVE".to_owned())
        );
    }

    #[test]
    fn jsonl_handshake_then_answers_until_stop() {
        let input = concat!(
            "{\"type\":\"start\",\"version\":1}\n",
            "{\"type\":\"resolve\",\"id\":1,\"base\":\"http://a/b/c/d;p?q#f\",\"relative\":\"../g\"}\n",
            "{\"type\":\"resolve\",\"id\":9,\"base\":\"http://a/\\\"\",\"relative\":\"\\u00e9\"}\n",
            "{\"type\":\"stop\"}\n",
            "not even read\n",
        );
        let started = format!(
            "{{\"type\":\"started\",\"version\":1,\"name\":\"rfc1808-reference\",\"implementation_version\":\"{}\",\"language\":\"rust\",\"spec\":\"RFC 1808\"}}\n",
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(
            run(Protocol::Jsonl, input),
            Ok(started
                + "{\"id\":1,\"result\":\"http://a/b/g\"}\n"
                + "{\"id\":9,\"result\":\"http://a/é\"}\n")
        );
    }

    #[test]
    fn jsonl_protocol_errors_name_the_line() {
        assert_eq!(
            run(
                Protocol::Jsonl,
                "{\"type\":\"resolve\",\"id\":1,\"base\":\"a\",\"relative\":\"b\"}\n"
            ),
            Err(
                "standard input, line 1: expected a start message first, got type `resolve`"
                    .to_owned()
            )
        );
        assert_eq!(
            run(Protocol::Jsonl, "{\"type\":\"start\",\"version\":1}\n{\"type\":\"resolve\",\"id\":1}\n"),
            Err("standard input, line 2: a resolve request needs an `id`, a `base` and a `relative`".to_owned())
        );
        assert_eq!(
            run(
                Protocol::Jsonl,
                "{\"type\":\"start\",\"version\":1}\nhttp://a\n"
            ),
            Err(
                "standard input, line 2: not a request (expected value at line 1 column 1)"
                    .to_owned()
            )
        );
        assert_eq!(
            run(Protocol::Argv, ""),
            Err("the `argv` protocol has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter".to_owned())
        );
    }
}
