//! rfc1808 adapter for the oxiri crate (docs/adapters.md): the base is
//! parsed with `oxiri::Iri::parse` and the relative reference resolved
//! against it with `Iri::resolve`, which validates it as an IRI reference
//! (RFC 3987) and resolves it by section 5.2 of RFC 3986. An error from
//! either is a rejection, `IriParseError: ...`.
//!
//! ```sh
//! cargo build --release -p rust-oxiri          # adapters/install.sh does it
//! target/release/rust-oxiri                    # jsonl (also: --jsonl)
//! target/release/rust-oxiri --lines            # lines
//! target/release/rust-oxiri BASE RELATIVE      # argv
//! ```
//!
//! The messages are the harness's own types (`rfc1808_harness::protocol`),
//! so the adapter and the harness read and write one wire format.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use oxiri::Iri;
use rfc1808_harness::protocol::jsonl::{Reply, Request, Started};
use rfc1808_harness::protocol::lines;
use rfc1808_harness::Info;

const NAME: &str = "rust-oxiri";

/// The longest request line kept. A longer one is answered with an error and
/// skipped without being kept, so that a line that never ends cannot
/// exhaust memory; no URL the harness sends comes near it.
const LINE_LIMIT: usize = 64 << 20;

/// The library call under test: the resolved IRI, or the rejection.
fn resolve(base: &str, relative: &str) -> Result<String, String> {
    // A panic in the library is a rejection to report, not a dead adapter.
    panic::catch_unwind(AssertUnwindSafe(|| {
        let base = Iri::parse(base).map_err(|e| format!("IriParseError: the base: {e}"))?;
        let target = base
            .resolve(relative)
            .map_err(|e| format!("IriParseError: the relative reference: {e}"))?;
        Ok(target.into_inner())
    }))
    .unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("panic: {what}"))
    })
}

fn info() -> Info {
    Info {
        name: NAME.to_owned(),
        implementation_version: format!(
            "{} (rustc {})",
            env!("OXIRI_VERSION"),
            env!("RUSTC_VERSION")
        ),
        language: "rust".to_owned(),
        spec: "RFC 3986".to_owned(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Protocol {
    Jsonl,
    Lines,
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for (n, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(arg) => {
                eprintln!("{NAME}: argument {} is not UTF-8: {arg:?}", n + 1);
                return ExitCode::from(2);
            }
        }
    }
    let served = match args.as_slice() {
        [] => serve(Protocol::Jsonl),
        [flag] if flag == "--jsonl" => serve(Protocol::Jsonl),
        [flag] if flag == "--lines" => serve(Protocol::Lines),
        [base, relative] => {
            return match resolve(base, relative) {
                Ok(url) => {
                    println!("{url}");
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("{message}");
                    ExitCode::from(1)
                }
            };
        }
        _ => {
            eprintln!("usage: {NAME} [--jsonl | --lines | BASE RELATIVE]");
            return ExitCode::from(2);
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{NAME}: {e}");
            ExitCode::from(1)
        }
    }
}

/// Answers the requests on standard input until it ends (or, in `jsonl`, a
/// stop message).
fn serve(protocol: Protocol) -> io::Result<()> {
    let mut input = BufReader::with_capacity(64 << 10, io::stdin().lock());
    let mut output = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    let mut line = Vec::new();
    let mut answer = Vec::new();
    let mut number = 0;
    while let Some(read) = read_line(&mut input, &mut output, &mut line)? {
        number += 1;
        answer.clear();
        let text = match read {
            Line::TooLong(len) => Err(format!(
                "the request is longer than {} MiB ({len} bytes)",
                LINE_LIMIT >> 20
            )),
            Line::Read => {
                let text = line.strip_suffix(b"\r").unwrap_or(&line);
                std::str::from_utf8(text).map_err(|_| "the request is not UTF-8".to_owned())
            }
        };
        let flow = match (text, protocol) {
            (Ok(text), Protocol::Jsonl) => answer_jsonl(text, number, &mut answer),
            (Ok(text), Protocol::Lines) => {
                match lines::decode_request(text) {
                    Ok((base, relative)) => lines::encode_answer(
                        resolve(base, relative).as_deref().map_err(String::as_str),
                        &mut answer,
                    ),
                    Err(problem) => lines::encode_answer(
                        Err(&format!("adapter: line {number}: {problem}")),
                        &mut answer,
                    ),
                }
                Flow::Continue
            }
            (Err(problem), protocol) => {
                let message = format!("adapter: line {number}: {problem}");
                match protocol {
                    Protocol::Jsonl => error_reply(None, message).encode(&mut answer),
                    Protocol::Lines => lines::encode_answer(Err(&message), &mut answer),
                }
                Flow::Continue
            }
        };
        if flow == Flow::Stop {
            break;
        }
        output.write_all(&answer)?;
    }
    output.flush()
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

fn error_reply(id: Option<u64>, message: String) -> Reply {
    Reply {
        id,
        result: None,
        error: Some(message),
    }
}

/// Appends the answer to one `jsonl` request line to `answer`.
fn answer_jsonl(text: &str, number: usize, answer: &mut Vec<u8>) -> Flow {
    match Request::decode(text) {
        Ok(Request::Start { .. }) => Started::new(info()).encode(answer),
        Ok(Request::Resolve { id, base, relative }) => {
            let (result, error) = match resolve(&base, &relative) {
                Ok(url) => (Some(url), None),
                Err(message) => (None, Some(message)),
            };
            Reply {
                id: Some(id),
                result,
                error,
            }
            .encode(answer)
        }
        Ok(Request::Stop) => return Flow::Stop,
        Err(bad) => {
            error_reply(bad.id, format!("adapter: line {number}: {}", bad.problem)).encode(answer)
        }
    }
    Flow::Continue
}

enum Line {
    /// The line is in the buffer, without its LF.
    Read,
    /// The line was longer than [`LINE_LIMIT`] and was skipped; its length.
    TooLong(usize),
}

/// Reads the next line into `line`; `None` at the end of the input. The
/// answers written so far are flushed before any read that may wait, so
/// pipelined requests are answered in large writes and a lone one at once.
fn read_line(
    input: &mut BufReader<impl Read>,
    output: &mut impl Write,
    line: &mut Vec<u8>,
) -> io::Result<Option<Line>> {
    line.clear();
    let mut skipped: Option<usize> = None;
    let mut seen = false;
    loop {
        if input.buffer().is_empty() {
            output.flush()?;
        }
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        seen = true;
        let (part, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], true),
            None => (chunk, false),
        };
        let len = part.len();
        match &mut skipped {
            Some(skipped) => *skipped += len,
            None if line.len() + len > LINE_LIMIT => {
                skipped = Some(line.len() + len);
                *line = Vec::new();
            }
            None => line.extend_from_slice(part),
        }
        input.consume(len + usize::from(ended));
        if ended {
            break;
        }
    }
    Ok(match (seen, skipped) {
        (false, _) => None,
        (true, Some(len)) => Some(Line::TooLong(len)),
        (true, None) => Some(Line::Read),
    })
}
