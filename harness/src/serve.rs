//! `rfc1808 serve`: the reference resolver as an adapter speaking the
//! `lines` or `jsonl` protocol (docs/adapters.md) over standard
//! input and output. It lets the harness's subprocess machinery be tested and
//! measured against a known-good implementation, and shows adapter writers
//! what a correct conversation looks like.

use std::error::Error;
use std::fmt;
use std::io::{self, BufWriter, Read, Write};

use rfc1808_resolver::Step6;
use rfc1808_vectors::{Assignment, Spec};

use crate::implementation::{Answer, Case, Implementation, Info, Protocol};
use crate::protocol::jsonl::{self, Request, Started};
use crate::protocol::lines;
use crate::protocol::Hello;
use crate::reference::Reference;

/// The name `serve` gives in the `jsonl` handshake.
pub const NAME: &str = "rfc1808-reference";

/// Answers requests from `input` on `output` by `spec`'s reference resolver
/// under its default readings, until the input ends (or, in `jsonl`, a stop
/// message). The `jsonl` handshake claims `spec`, so that `rfc1808 run`
/// grades it under `spec`. A reading that makes the reference reject a case
/// answers with the rejection (an `error`). A request that cannot be read is answered with
/// an error in its place, naming its line, and the conversation goes on;
/// only failing to read or write ends it early. Answers are buffered while more input is ready
/// and flushed as soon as it is not, so pipelined requests are answered in
/// large writes and a lone request at once.
pub fn serve(
    protocol: Protocol,
    spec: Spec,
    step6: Step6,
    input: impl Read,
    output: impl Write,
) -> Result<(), ServeError> {
    let mut reference = Reference::new(step6).by_spec(spec, &Assignment::none());
    // The harness, not the server, decides whether the versions match, so
    // this answers with its own.
    let info = Info {
        name: NAME.to_owned(),
        implementation_version: env!("CARGO_PKG_VERSION").to_owned(),
        language: "rust".to_owned(),
        spec: spec.title(),
    };
    let resolve = |base: Option<&str>, relative: &str| {
        let case = Case {
            id: "",
            base,
            relative,
        };
        match reference.resolve_all(&[case]).remove(0).answer {
            Answer::Resolved(url) => Ok(url),
            Answer::Rejected(why) => Err(why),
            other => unreachable!("the reference resolves or rejects, not {other:?}"),
        }
    };
    let hello = Hello { info, parses: true };
    serve_hello(protocol, hello, REQUEST_LIMIT, resolve, input, output)
}

/// Answers requests from `input` on `output` with `resolve` (the URL, or
/// why it rejects the case), as [`serve`] does with the reference: the
/// `jsonl` handshake answers with `info`, and a request line longer than
/// `limit` bytes is answered with an error and skipped. An adapter written
/// in Rust is its library call and this ([`crate::adapter::main`]).
pub fn serve_with(
    protocol: Protocol,
    info: Info,
    limit: usize,
    mut resolve: impl FnMut(&str, &str) -> Result<String, String>,
    input: impl Read,
    output: impl Write,
) -> Result<(), ServeError> {
    let hello = Hello {
        info,
        parses: false,
    };
    // Never asked: the handshake does not offer parses.
    let resolve = |base: Option<&str>, relative: &str| match base {
        Some(base) => resolve(base, relative),
        None => Err(NO_PARSE_OFFERED.to_owned()),
    };
    serve_hello(protocol, hello, limit, resolve, input, output)
}

/// [`serve_with`] for an adapter that also answers absolute parses: its
/// `jsonl` handshake says `"parse":true`, and `resolve` is asked
/// `(None, input)` for a parse request (`new URL(input)`), `(Some(base),
/// relative)` for a resolve request.
pub fn serve_parsing(
    protocol: Protocol,
    info: Info,
    limit: usize,
    resolve: impl FnMut(Option<&str>, &str) -> Result<String, String>,
    input: impl Read,
    output: impl Write,
) -> Result<(), ServeError> {
    let hello = Hello { info, parses: true };
    serve_hello(protocol, hello, limit, resolve, input, output)
}

/// What an adapter that did not offer parses answers to one.
const NO_PARSE_OFFERED: &str =
    "this adapter answers no parse requests: its handshake does not say `\"parse\":true`";

/// The server loop of [`serve_with`] and [`serve_parsing`].
fn serve_hello(
    protocol: Protocol,
    hello: Hello,
    limit: usize,
    resolve: impl FnMut(Option<&str>, &str) -> Result<String, String>,
    mut input: impl Read,
    output: impl Write,
) -> Result<(), ServeError> {
    let mut server = Server {
        protocol,
        hello,
        limit,
        resolve,
        out: BufWriter::with_capacity(64 << 10, output),
        line: 0,
        started: false,
        buf: Vec::new(),
    };
    if protocol == Protocol::Argv {
        return Err(ServeError::Argv);
    }
    let mut chunk = vec![0; 64 << 10];
    let mut pending = Pending::default();
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ServeError::Read(e)),
        };
        if pending.read(&mut server, &chunk[..n])? == Flow::Stop {
            return server.flush();
        }
        server.flush()?;
    }
    pending.end(&mut server)?;
    server.flush()
}

/// The request line being read, across chunks of input.
#[derive(Default)]
struct Pending {
    /// Its bytes so far.
    partial: Vec<u8>,
    /// Its length, when it is past [`REQUEST_LIMIT`]: the rest of it is
    /// skipped, not kept.
    overlong: usize,
}

impl Pending {
    /// Answers each request that `chunk` ends, and keeps the start of the
    /// next; stops at a stop message.
    fn read<W: Write, R: Resolve>(
        &mut self,
        server: &mut Server<W, R>,
        chunk: &[u8],
    ) -> Result<Flow, ServeError> {
        let mut rest = chunk;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            let flow = if self.overlong > 0 {
                server.too_long(self.overlong + end)?
            } else if self.partial.is_empty() {
                server.handle(&rest[..end])?
            } else {
                self.partial.extend_from_slice(&rest[..end]);
                server.handle(&self.partial)?
            };
            self.partial.clear();
            self.overlong = 0;
            rest = &rest[end + 1..];
            if flow == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        if self.overlong > 0 {
            self.overlong += rest.len();
        } else if self.partial.len() + rest.len() > server.limit {
            self.overlong = self.partial.len() + rest.len();
            self.partial = Vec::new();
        } else {
            self.partial.extend_from_slice(rest);
        }
        Ok(Flow::Continue)
    }

    /// At the end of the input: a last request without a line ending is
    /// still a request.
    fn end<W: Write, R: Resolve>(self, server: &mut Server<W, R>) -> Result<(), ServeError> {
        if self.overlong > 0 {
            server.too_long(self.overlong)?;
        } else if !self.partial.is_empty() {
            server.handle(&self.partial)?;
        }
        Ok(())
    }
}

/// The longest request line read, in bytes; a longer one is answered with
/// an error and skipped, so that a line that never ends costs no memory.
pub const REQUEST_LIMIT: usize = 1 << 20;

/// Why `serve` stopped before its input ended.
#[derive(Debug)]
pub enum ServeError {
    /// `argv` has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter.
    Argv,
    Read(io::Error),
    Write(io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Argv => f.write_str(
                "the `argv` protocol has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter",
            ),
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

/// What answers a request: the URL, or why the case is rejected.
/// `None` for the base of an absolute parse.
trait Resolve: FnMut(Option<&str>, &str) -> Result<String, String> {}
impl<F: FnMut(Option<&str>, &str) -> Result<String, String>> Resolve for F {}

struct Server<W: Write, R: Resolve> {
    protocol: Protocol,
    /// What the `jsonl` handshake answers with.
    hello: Hello,
    /// The longest request line read, in bytes.
    limit: usize,
    resolve: R,
    out: BufWriter<W>,
    /// The number of the line being handled, for messages.
    line: usize,
    started: bool,
    /// The answer being encoded, reused between requests.
    buf: Vec<u8>,
}

impl<W: Write, R: Resolve> Server<W, R> {
    fn handle(&mut self, line: &[u8]) -> Result<Flow, ServeError> {
        self.line += 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Ok(line) = std::str::from_utf8(line) else {
            return self.refuse(None, "the request is not UTF-8".to_owned());
        };
        match self.protocol {
            Protocol::Jsonl => self.handle_jsonl(line),
            _ => match lines::decode_request(line) {
                Ok((base, relative)) => {
                    let answer = (self.resolve)(Some(base), relative);
                    self.buf.clear();
                    lines::encode_answer(answer.as_deref().map_err(String::as_str), &mut self.buf);
                    self.write_buf()?;
                    Ok(Flow::Continue)
                }
                Err(problem) => self.refuse(None, problem.to_owned()),
            },
        }
    }

    /// Answers a request line longer than the limit.
    fn too_long(&mut self, len: usize) -> Result<Flow, ServeError> {
        self.line += 1;
        self.refuse(
            None,
            format!(
                "the request is longer than the limit of {} MiB ({len} bytes)",
                self.limit >> 20
            ),
        )
    }

    /// Answers a request that cannot be read with an error in its place
    /// (with its id, in `jsonl`, when that much could be read), as the
    /// protocol asks, and goes on.
    fn refuse(&mut self, id: Option<u64>, problem: String) -> Result<Flow, ServeError> {
        let message = format!("standard input, line {}: {problem}", self.line);
        self.buf.clear();
        match self.protocol {
            Protocol::Jsonl => jsonl::Reply {
                id,
                result: None,
                error: Some(message),
            }
            .encode(&mut self.buf),
            _ => lines::encode_answer(Err(&message), &mut self.buf),
        }
        self.write_buf()?;
        Ok(Flow::Continue)
    }

    fn handle_jsonl(&mut self, line: &str) -> Result<Flow, ServeError> {
        let request = match Request::decode(line) {
            Ok(request) => request,
            Err(e) => return self.refuse(e.id, e.problem),
        };
        self.buf.clear();
        match (request, self.started) {
            (Request::Start { .. }, false) => {
                self.started = true;
                Started::new(self.hello.clone()).encode(&mut self.buf);
            }
            (Request::Resolve { id, base, relative }, true) => {
                self.answer(id, Some(&base), &relative);
            }
            (Request::Parse { id, input }, true) => {
                self.answer(id, None, &input);
            }
            (Request::Stop, true) => return Ok(Flow::Stop),
            (Request::Start { .. }, true) => {
                return self.refuse(None, "a second start message".to_owned())
            }
            (request, false) => {
                let id = match &request {
                    Request::Resolve { id, .. } | Request::Parse { id, .. } => Some(*id),
                    _ => None,
                };
                return self.refuse(
                    id,
                    format!(
                        "expected a start message first, got type `{}`",
                        request.kind()
                    ),
                );
            }
        }
        self.write_buf()?;
        Ok(Flow::Continue)
    }

    /// Encodes the answer to request `id`: `relative` resolved against
    /// `base`, or parsed with no base.
    fn answer(&mut self, id: u64, base: Option<&str>, relative: &str) {
        let (result, error) = match (self.resolve)(base, relative) {
            Ok(url) => (Some(url), None),
            Err(why) => (None, Some(why)),
        };
        jsonl::Reply {
            id: Some(id),
            result,
            error,
        }
        .encode(&mut self.buf);
    }

    fn write_buf(&mut self) -> Result<(), ServeError> {
        self.out.write_all(&self.buf).map_err(ServeError::Write)
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
        serve(
            protocol,
            Spec::Rfc1808,
            Step6::SegmentStack,
            input.as_bytes(),
            &mut out,
        )
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
            run(
                Protocol::Lines,
                "http://a/b\tg\nno tab here\nhttp://a/b\th\n"
            ),
            Ok(
                "http://a/g\n\tstandard input, line 2: expected BASE<TAB>RELATIVE\nhttp://a/h\n"
                    .to_owned()
            )
        );
    }

    #[test]
    fn jsonl_handshake_then_answers_until_stop() {
        let input = concat!(
            "{\"type\":\"start\",\"version\":1}\n",
            "{\"type\":\"resolve\",\"id\":1,\"base\":\"http://a/b/c/d;p?q#f\",\"relative\":\"../g\"}\n",
            "{\"type\":\"resolve\",\"id\":9,\"base\":\"http://a/\\\"\",\"relative\":\"\\u00e9\"}\n",
            // An absolute parse: RFC 1808's Step 1 keeps the URL as it is.
            "{\"type\":\"parse\",\"id\":10,\"input\":\"HTTP://A/./b\"}\n",
            "{\"type\":\"stop\"}\n",
            "not even read\n",
        );
        let started = format!(
            "{{\"type\":\"started\",\"version\":1,\"name\":\"rfc1808-reference\",\"implementation_version\":\"{}\",\"language\":\"rust\",\"spec\":\"RFC 1808\",\"parse\":true}}\n",
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(
            run(Protocol::Jsonl, input),
            Ok(started
                + "{\"id\":1,\"result\":\"http://a/b/g\"}\n"
                + "{\"id\":9,\"result\":\"http://a/é\"}\n"
                + "{\"id\":10,\"result\":\"HTTP://A/./b\"}\n")
        );
    }

    #[test]
    fn jsonl_bad_requests_are_answered_in_place_and_the_conversation_goes_on() {
        let start = "{\"type\":\"start\",\"version\":1}\n";
        let answers = |input: &str| -> Vec<String> {
            run(Protocol::Jsonl, input)
                .unwrap()
                .lines()
                .skip_while(|l| l.contains("\"started\""))
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(
            answers("{\"type\":\"resolve\",\"id\":1,\"base\":\"a\",\"relative\":\"b\"}\n"),
            ["{\"id\":1,\"error\":\"standard input, line 1: expected a start message first, got type `resolve`\"}"]
        );
        assert_eq!(
            answers(&format!(
                "{start}{{\"type\":\"resolve\",\"id\":1}}\nhttp://a\n\u{ff}\n\
                 {{\"type\":\"resolve\",\"id\":2,\"base\":\"http://a/b\",\"relative\":\"g\"}}\n"
            )),
            [
                "{\"id\":1,\"error\":\"standard input, line 2: a resolve request needs an `id`, a `base` and a `relative`\"}",
                "{\"id\":null,\"error\":\"standard input, line 3: not a request (expected value at line 1 column 1)\"}",
                "{\"id\":null,\"error\":\"standard input, line 4: not a request (expected value at line 1 column 1)\"}",
                "{\"id\":2,\"result\":\"http://a/g\"}",
            ]
        );
        let mut input = start.as_bytes().to_vec();
        input.extend([b'\xff', b'\n']);
        let mut out = Vec::new();
        serve(
            Protocol::Jsonl,
            Spec::Rfc1808,
            Step6::SegmentStack,
            &input[..],
            &mut out,
        )
        .unwrap();
        assert!(String::from_utf8(out).unwrap().ends_with(
            "{\"id\":null,\"error\":\"standard input, line 2: the request is not UTF-8\"}\n"
        ));
        assert_eq!(
            run(Protocol::Argv, ""),
            Err("the `argv` protocol has no server: `rfc1808 resolve -- BASE RELATIVE` is its adapter".to_owned())
        );
    }

    /// Input of `len` bytes that never ends a line, then a request.
    struct Endless {
        left: usize,
        then: &'static [u8],
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.left == 0 {
                return self.then.read(buf);
            }
            let n = buf.len().min(self.left);
            buf[..n].fill(b'x');
            self.left -= n;
            Ok(n)
        }
    }

    #[test]
    fn an_endless_line_is_skipped_not_kept() {
        // 64 MiB of one line: kept whole, it would be that much memory.
        let input = Endless {
            left: 64 << 20,
            then: b"\nhttp://a/b\tg\n",
        };
        let mut out = Vec::new();
        serve(
            Protocol::Lines,
            Spec::Rfc1808,
            Step6::SegmentStack,
            input,
            &mut out,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\tstandard input, line 1: the request is longer than the limit of 1 MiB \
             (67108864 bytes)\nhttp://a/g\n"
        );
    }
}
