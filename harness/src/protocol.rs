//! The wire formats of the persistent protocols, `lines` and `jsonl`
//! (docs/adapters.md): their messages and how each is written and
//! read. Both ends use this one module: the client in [`crate::subprocess`],
//! which sends requests to an adapter, and the server in [`crate::serve`],
//! which answers them with the reference resolver.
//!
//! The client sees a protocol only through [`Codec`], so process
//! supervision never asks which protocol it speaks.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::implementation::{Answer, Case, Info, Protocol};

/// What the client needs of a persistent protocol: how to open the
/// conversation, encode a request, decode its answer and close.
pub trait Codec: Send + Sync {
    /// The message that opens the conversation, if the protocol has one.
    fn hello(&self) -> Option<Vec<u8>> {
        None
    }

    /// What the adapter said of itself in answer to [`Codec::hello`], or
    /// what is wrong with its line.
    fn read_hello(&self, line: &[u8]) -> Result<Hello, String> {
        let _ = line;
        Err("this protocol has no handshake".to_owned())
    }

    /// Appends the request for `case`, numbered `id`, to `out`; or says why
    /// the case cannot be sent in this protocol, appending nothing.
    fn encode(&self, id: u64, case: &Case<'_>, out: &mut Vec<u8>) -> Result<(), String>;

    /// The answer in `line` (without its line ending) to request `id`, and
    /// whether later lines can still be trusted to answer later requests.
    fn decode(&self, line: &[u8], id: u64) -> (Answer, bool);

    /// Whether each answer names its request, so that an answer out of
    /// step shows as such.
    fn numbered(&self) -> bool {
        false
    }

    /// The message that asks the adapter to exit, if the protocol has one
    /// (besides closing its standard input).
    fn goodbye(&self) -> Option<Vec<u8>> {
        None
    }
}

/// What an adapter's handshake says: who it is, and whether it answers
/// absolute parses (`"parse":true`, a request with no base).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    pub info: Info,
    pub parses: bool,
}

/// The codec of a persistent protocol; `None` for `argv`, which has no
/// wire format beyond its command line.
pub fn codec(protocol: Protocol) -> Option<&'static dyn Codec> {
    match protocol {
        Protocol::Argv => None,
        Protocol::Lines => Some(&lines::Lines),
        Protocol::Jsonl => Some(&jsonl::Jsonl),
    }
}

/// Raw bytes from the other end, printable ASCII as is and everything else
/// escaped, cut after [`SHOWN_BYTES`] so that a huge malformed message
/// stays a readable error.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let shown = &bytes[..bytes.len().min(SHOWN_BYTES)];
    let mut out = String::with_capacity(shown.len() + 16);
    for &b in shown {
        match b {
            b'\\' => out.push_str(r"\\"),
            b'\n' => out.push_str(r"\n"),
            b'\r' => out.push_str(r"\r"),
            b'\t' => out.push_str(r"\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!(r"\x{b:02x}")),
        }
    }
    if shown.len() < bytes.len() {
        out.push_str(&format!("... ({} bytes in all)", bytes.len()));
    }
    out
}

/// How many raw bytes of a malformed message an error shows.
pub const SHOWN_BYTES: usize = 200;

/// `lines`: `BASE<TAB>RELATIVE` per request, the resolved URL or a TAB and
/// a message per answer.
pub mod lines {
    use super::*;

    /// The `lines` codec.
    pub struct Lines;

    /// Why a URL cannot be sent in `lines`, if it cannot: the separators
    /// (TAB, CR, LF), and NUL, which adapters written in C read as the end
    /// of the string.
    pub fn unsendable(url: &str) -> Option<&'static str> {
        url.chars().find_map(|c| match c {
            '\t' => Some("TAB"),
            '\r' => Some("CR"),
            '\n' => Some("LF"),
            '\0' => Some("NUL"),
            _ => None,
        })
    }

    /// Appends the request line for `base` and `relative`, or says why it
    /// cannot be sent.
    pub fn encode_request(base: &str, relative: &str, out: &mut Vec<u8>) -> Result<(), String> {
        if let Some(what) = unsendable(base).or_else(|| unsendable(relative)) {
            return Err(format!(
                "the `lines` protocol cannot send a {what} in a URL"
            ));
        }
        out.extend_from_slice(base.as_bytes());
        out.push(b'\t');
        out.extend_from_slice(relative.as_bytes());
        out.push(b'\n');
        Ok(())
    }

    /// The base and relative URL of a request line (without its line
    /// ending), or what is wrong with it.
    pub fn decode_request(line: &str) -> Result<(&str, &str), &'static str> {
        line.split_once('\t').ok_or("expected BASE<TAB>RELATIVE")
    }

    /// Appends the answer line: the resolved URL, or a TAB and the message
    /// of a rejection (with its line breaks and TABs made spaces, so that it
    /// stays one line).
    pub fn encode_answer(answer: Result<&str, &str>, out: &mut Vec<u8>) {
        match answer {
            Ok(url) => out.extend_from_slice(url.as_bytes()),
            Err(message) => {
                out.push(b'\t');
                out.extend(
                    message
                        .bytes()
                        .map(|b| if matches!(b, b'\n' | b'\r') { b' ' } else { b }),
                );
            }
        }
        out.push(b'\n');
    }

    /// An answer line, and whether the stream can still be trusted.
    pub fn decode_answer(line: &[u8]) -> (Answer, bool) {
        match std::str::from_utf8(line) {
            Ok(text) => match text.strip_prefix('\t') {
                Some(message) => (Answer::Rejected(message.to_owned()), true),
                None => (Answer::Resolved(text.to_owned()), true),
            },
            Err(_) => (
                Answer::Error(format!("answer is not UTF-8: {}", escape_bytes(line))),
                false,
            ),
        }
    }

    impl Codec for Lines {
        fn encode(&self, _id: u64, case: &Case<'_>, out: &mut Vec<u8>) -> Result<(), String> {
            match case.base {
                Some(base) => encode_request(base, case.relative, out),
                // A `lines` request is a base and a reference.
                None => Err(crate::implementation::NO_PARSE.to_owned()),
            }
        }

        fn decode(&self, line: &[u8], _id: u64) -> (Answer, bool) {
            decode_answer(line)
        }
    }
}

/// `jsonl`: one JSON object per line, a versioned handshake, numbered
/// requests.
pub mod jsonl {
    use super::*;

    /// The protocol version this harness speaks.
    pub const VERSION: u64 = 1;

    /// The `jsonl` codec.
    pub struct Jsonl;

    /// A message from the harness to the adapter. Serialized, its keys come
    /// in the documented order (`type` first), compact.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    pub enum Request<'a> {
        Start {
            version: u64,
        },
        Resolve {
            id: u64,
            base: Cow<'a, str>,
            relative: Cow<'a, str>,
        },
        /// An absolute parse: `input` with no base. Sent only to an
        /// adapter whose `started` says `"parse":true`.
        Parse {
            id: u64,
            input: Cow<'a, str>,
        },
        Stop,
    }

    /// A request that could not be read, with its id if that much could
    /// be, so that the answer can carry it.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct BadRequest {
        pub id: Option<u64>,
        pub problem: String,
    }

    /// Every key any request may have; which are needed depends on `type`.
    /// Reading this loose shape first lets a bad request be named
    /// precisely, and keeps its id for the answer.
    #[derive(Deserialize)]
    struct AnyRequest<'a> {
        #[serde(rename = "type", borrow)]
        kind: Cow<'a, str>,
        version: Option<u64>,
        id: Option<u64>,
        #[serde(borrow)]
        base: Option<Cow<'a, str>>,
        #[serde(borrow)]
        relative: Option<Cow<'a, str>>,
        #[serde(borrow)]
        input: Option<Cow<'a, str>>,
    }

    impl<'a> Request<'a> {
        /// Appends the message and its line ending to `out`.
        pub fn encode(&self, out: &mut Vec<u8>) {
            // Writing plain strings and integers to a `Vec` cannot fail.
            let _ = serde_json::to_writer(&mut *out, self);
            out.push(b'\n');
        }

        /// Reads one request line (without its line ending).
        pub fn decode(line: &'a str) -> Result<Request<'a>, BadRequest> {
            let any: AnyRequest<'a> = serde_json::from_str(line).map_err(|e| BadRequest {
                id: None,
                problem: format!("not a request ({e})"),
            })?;
            let bad = |problem: String| BadRequest {
                id: any.id,
                problem,
            };
            match &*any.kind {
                "start" => match any.version {
                    Some(version) => Ok(Request::Start { version }),
                    None => Err(bad("a start message needs a `version`".to_owned())),
                },
                "resolve" => match (any.id, any.base, any.relative) {
                    (Some(id), Some(base), Some(relative)) => {
                        Ok(Request::Resolve { id, base, relative })
                    }
                    _ => Err(bad(
                        "a resolve request needs an `id`, a `base` and a `relative`".to_owned(),
                    )),
                },
                "parse" => match (any.id, any.input) {
                    (Some(id), Some(input)) => Ok(Request::Parse { id, input }),
                    _ => Err(bad(
                        "a parse request needs an `id` and an `input`".to_owned()
                    )),
                },
                "stop" => Ok(Request::Stop),
                kind => Err(bad(format!("unknown message type `{kind}`"))),
            }
        }

        /// The `type` of the message, for messages about it.
        pub fn kind(&self) -> &'static str {
            match self {
                Request::Start { .. } => "start",
                Request::Resolve { .. } => "resolve",
                Request::Parse { .. } => "parse",
                Request::Stop => "stop",
            }
        }
    }

    /// The adapter's answer to the start message.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Started {
        #[serde(rename = "type")]
        pub kind: Cow<'static, str>,
        pub version: u64,
        pub name: String,
        pub implementation_version: String,
        pub language: String,
        pub spec: String,
        /// Whether it answers parse requests; absent is false.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub parse: bool,
    }

    impl Started {
        /// The `started` message of an adapter that says this of itself.
        pub fn new(hello: Hello) -> Started {
            let Hello { info, parses } = hello;
            Started {
                kind: Cow::Borrowed("started"),
                version: VERSION,
                name: info.name,
                implementation_version: info.implementation_version,
                language: info.language,
                spec: info.spec,
                parse: parses,
            }
        }

        /// Appends the message and its line ending to `out`.
        pub fn encode(&self, out: &mut Vec<u8>) {
            let _ = serde_json::to_writer(&mut *out, self);
            out.push(b'\n');
        }

        /// What the adapter said of itself, or what is wrong with its line.
        pub fn decode(line: &[u8]) -> Result<Hello, String> {
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
                Some(v) if v.as_u64() == Some(VERSION) => {}
                Some(v) => {
                    return Err(format!(
                        "the adapter speaks protocol version {v}, this harness speaks version {VERSION}"
                    ))
                }
                None => return Err(format!("no `version`, {EXPECTED}")),
            }
            let started: Started = serde_json::from_value(value).map_err(|e| e.to_string())?;
            Ok(Hello {
                info: Info {
                    name: started.name,
                    implementation_version: started.implementation_version,
                    language: started.language,
                    spec: started.spec,
                },
                parses: started.parse,
            })
        }
    }

    /// The answer to a resolve request: its id (`null` when the request
    /// could not be read) and either the result or the library's error.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Reply {
        pub id: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub result: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub error: Option<String>,
    }

    impl Reply {
        /// Appends the message and its line ending to `out`.
        pub fn encode(&self, out: &mut Vec<u8>) {
            let _ = serde_json::to_writer(&mut *out, self);
            out.push(b'\n');
        }

        /// The answer in `line` to request `id`, and whether later lines can
        /// still be trusted to answer later requests.
        pub fn decode(line: &[u8], id: u64) -> (Answer, bool) {
            let broken = |what: String| {
                (
                    Answer::Error(format!("{what}: {}", escape_bytes(line))),
                    false,
                )
            };
            if std::str::from_utf8(line).is_err() {
                return broken("answer is not UTF-8".to_owned());
            }
            let reply: Reply = match serde_json::from_slice(line) {
                Ok(reply) => reply,
                Err(e) if e.is_data() => {
                    return broken(format!("answer is not a resolve answer ({e})"));
                }
                Err(e) => return broken(format!("answer is not valid JSON ({e})")),
            };
            match reply.id {
                Some(got) if got == id => {}
                Some(got) => return broken(format!("answer has id {got}, expected {id}")),
                None => {
                    return broken(format!(
                        "the adapter could not read request {id} (its answer has a null id)"
                    ))
                }
            }
            match (reply.result, reply.error) {
                (Some(url), None) => (Answer::Resolved(url), true),
                (None, Some(error)) => (Answer::Rejected(error), true),
                (Some(_), Some(_)) => (
                    Answer::Error(format!(
                        "answer has both `result` and `error`: {}",
                        escape_bytes(line)
                    )),
                    true,
                ),
                (None, None) => (
                    Answer::Error(format!(
                        "answer has neither `result` nor `error`: {}",
                        escape_bytes(line)
                    )),
                    true,
                ),
            }
        }
    }

    impl Codec for Jsonl {
        fn hello(&self) -> Option<Vec<u8>> {
            let mut out = Vec::new();
            Request::Start { version: VERSION }.encode(&mut out);
            Some(out)
        }

        fn read_hello(&self, line: &[u8]) -> Result<Hello, String> {
            Started::decode(line)
        }

        fn encode(&self, id: u64, case: &Case<'_>, out: &mut Vec<u8>) -> Result<(), String> {
            match case.base {
                Some(base) => Request::Resolve {
                    id,
                    base: Cow::Borrowed(base),
                    relative: Cow::Borrowed(case.relative),
                },
                None => Request::Parse {
                    id,
                    input: Cow::Borrowed(case.relative),
                },
            }
            .encode(out);
            Ok(())
        }

        fn decode(&self, line: &[u8], id: u64) -> (Answer, bool) {
            Reply::decode(line, id)
        }

        fn numbered(&self) -> bool {
            true
        }

        fn goodbye(&self) -> Option<Vec<u8>> {
            let mut out = Vec::new();
            Request::Stop.encode(&mut out);
            Some(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::jsonl::{Reply, Request, Started};
    use super::*;

    #[test]
    fn escapes_raw_bytes_and_cuts_long_ones() {
        assert_eq!(escape_bytes(b"ok \xff\xfe\t\\\n"), r"ok \xff\xfe\t\\\n");
        let long = vec![b'a'; 1000];
        assert_eq!(
            escape_bytes(&long),
            format!("{}... (1000 bytes in all)", "a".repeat(200))
        );
    }

    #[test]
    fn jsonl_answers_are_checked_field_by_field() {
        let decode = |s: &[u8], id| Reply::decode(s, id);
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
                    r#"the adapter could not read request 3 (its answer has a null id): {"id":null,"error":"x"}"#
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
            lines::decode_answer(b"http://a/g"),
            (Answer::Resolved("http://a/g".into()), true)
        );
        assert_eq!(
            lines::decode_answer(b"\tno base"),
            (Answer::Rejected("no base".into()), true)
        );
        assert_eq!(
            lines::decode_answer(b"\xc3("),
            (Answer::Error(r"answer is not UTF-8: \xc3(".into()), false)
        );
        let mut out = Vec::new();
        lines::encode_answer(Ok("http://a/g"), &mut out);
        lines::encode_answer(Err("two\nlines"), &mut out);
        assert_eq!(out, b"http://a/g\n\ttwo lines\n");
    }

    #[test]
    fn handshake_problems_are_named() {
        let ok = br#"{"type":"started","version":1,"name":"n","implementation_version":"1","language":"l","spec":"s"}"#;
        let info = Info {
            name: "n".into(),
            implementation_version: "1".into(),
            language: "l".into(),
            spec: "s".into(),
        };
        let hello = Hello {
            info,
            parses: false,
        };
        assert_eq!(Started::decode(ok), Ok(hello.clone()));
        // What the server writes is what the client reads.
        let mut out = Vec::new();
        Started::new(hello.clone()).encode(&mut out);
        assert_eq!(out, [&ok[..], b"\n"].concat());
        // An adapter that answers parse requests says so; one that does
        // not need not.
        let parses = Hello {
            parses: true,
            ..hello
        };
        let mut out = Vec::new();
        Started::new(parses.clone()).encode(&mut out);
        assert!(out.ends_with(
            br#","spec":"s","parse":true}
"#
        ));
        assert_eq!(Started::decode(out.trim_ascii_end()), Ok(parses));
        assert_eq!(
            Started::decode(br#"{"type":"started","version":2}"#),
            Err("the adapter speaks protocol version 2, this harness speaks version 1".into())
        );
        assert_eq!(
            Started::decode(br#"{"type":"started","version":1,"name":"n"}"#),
            Err("missing field `implementation_version`".into())
        );
        assert_eq!(
            Started::decode(b"hello"),
            Err(r#"not valid JSON (expected value at line 1 column 1), expected {"type":"started","version":1,...}"#.into())
        );
        assert_eq!(
            Started::decode(br#"{"id":1,"result":"x"}"#),
            Err(r#"expected {"type":"started","version":1,...}"#.into())
        );
    }

    #[test]
    fn requests_are_encoded_as_documented_and_read_back() {
        let case = Case::resolve("a", "http://a/\tb", "g\"h");
        let jsonl = codec(Protocol::Jsonl).unwrap();
        let mut out = jsonl.hello().unwrap();
        jsonl.encode(7, &case, &mut out).unwrap();
        out.extend(jsonl.goodbye().unwrap());
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "{\"type\":\"start\",\"version\":1}\n\
             {\"type\":\"resolve\",\"id\":7,\"base\":\"http://a/\\tb\",\"relative\":\"g\\\"h\"}\n\
             {\"type\":\"stop\"}\n"
        );
        let read: Vec<Request<'_>> = text.lines().map(|l| Request::decode(l).unwrap()).collect();
        assert_eq!(
            read,
            [
                Request::Start { version: 1 },
                Request::Resolve {
                    id: 7,
                    base: "http://a/\tb".into(),
                    relative: "g\"h".into()
                },
                Request::Stop
            ]
        );

        let lines = codec(Protocol::Lines).unwrap();
        let mut out = Vec::new();
        assert_eq!(
            lines.encode(1, &case, &mut out),
            Err("the `lines` protocol cannot send a TAB in a URL".into())
        );
        let nul = Case::resolve("a", "http://a/", "a\0b");
        assert_eq!(
            lines.encode(1, &nul, &mut out),
            Err("the `lines` protocol cannot send a NUL in a URL".into())
        );
        assert!(out.is_empty());
        lines
            .encode(
                1,
                &Case {
                    relative: "g",
                    ..nul
                },
                &mut out,
            )
            .unwrap();
        assert_eq!(out, b"http://a/\tg\n");
        assert_eq!(
            lines::decode_request("http://a/\tg"),
            Ok(("http://a/", "g"))
        );
        assert!(codec(Protocol::Argv).is_none());
    }

    #[test]
    fn bad_requests_keep_their_id() {
        assert_eq!(
            Request::decode(r#"{"type":"resolve","id":4}"#),
            Err(jsonl::BadRequest {
                id: Some(4),
                problem: "a resolve request needs an `id`, a `base` and a `relative`".into()
            })
        );
        assert_eq!(
            Request::decode(r#"{"type":"frobnicate"}"#),
            Err(jsonl::BadRequest {
                id: None,
                problem: "unknown message type `frobnicate`".into()
            })
        );
        let mut out = Vec::new();
        Reply {
            id: None,
            result: None,
            error: Some("bad".into()),
        }
        .encode(&mut out);
        assert_eq!(out, b"{\"id\":null,\"error\":\"bad\"}\n");
    }
}
