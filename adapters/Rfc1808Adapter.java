// The protocol loop of the Java adapters in adapters/ (java-net-uri,
// java-httpclient): the three protocols of docs/adapters.md, so that each
// adapter file holds only the call of its library. An adapter hands it its
// name, the spec it claims, its library's version and its call:
//
//     public static void main(String[] args) throws IOException {
//         Rfc1808Adapter.run(args, "java-net-uri", "RFC 2396", () -> System.getProperty("java.version"),
//                 (base, relative) -> new URI(base).resolve(new URI(relative)).toString());
//     }
//
// The adapters run as single-file source programs, which compile only their
// own file, so this class is compiled ahead, into target/adapters/java
// (adapters/install.sh does it), and is on their class path:
//
//     javac -d target/adapters/java adapters/Rfc1808Adapter.java
//     java -cp target/adapters/java adapters/JavaNetUri.java
//
// Everything an adapter uses is public: the adapter's class is loaded by the
// source launcher's own class loader, so it does not share a package with
// this one. Needs only a JDK, 16 or later. docs/adapters.md has the same loop
// as one file to copy, for an adapter kept outside this repository.

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

public final class Rfc1808Adapter {
    /** A library's call: the resolved URL, or an exception, its rejection. */
    @FunctionalInterface
    public interface Resolver {
        String resolve(String base, String relative) throws Exception;
    }

    /**
     * Serves the protocol `args` selects: jsonl with none (or --jsonl), lines
     * with --lines, one case with BASE RELATIVE. `version` is asked at each
     * handshake; what `resolver` throws is the library's rejection, reported
     * with its class name.
     */
    public static void run(String[] args, String name, String spec, Supplier<String> version, Resolver resolver)
            throws IOException {
        new Rfc1808Adapter(name, spec, version, resolver).serve(args);
    }

    private final String name;
    private final String spec;
    private final Supplier<String> version;
    private final Resolver resolver;

    private Rfc1808Adapter(String name, String spec, Supplier<String> version, Resolver resolver) {
        this.name = name;
        this.spec = spec;
        this.version = version;
        this.resolver = resolver;
    }

    /** The resolved URI, or the library's error. */
    record Outcome(String result, String error) {}

    Outcome resolve(String base, String relative) {
        try {
            return new Outcome(resolver.resolve(base, relative), null);
        } catch (Exception e) {
            // The library's documented rejection (URISyntaxException, say);
            // anything else it throws is reported the same way, with its
            // class name.
            return new Outcome(null, e.getClass().getName() + ": " + e.getMessage());
        }
    }

    /** Serves the protocol `args` selects. */
    void serve(String[] args) throws IOException {
        // Not System.out: its charset follows the locale (ASCII under POSIX).
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        if (args.length == 2) {
            Outcome o = resolve(args[0], args[1]);
            if (o.error() != null) {
                PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
                err.println(o.error());
                System.exit(1);
            }
            out.print(o.result() + "\n");
            out.flush();
            return;
        }
        boolean jsonl = args.length == 0 || (args.length == 1 && args[0].equals("--jsonl"));
        boolean lines = args.length == 1 && args[0].equals("--lines");
        if (!jsonl && !lines) {
            System.err.println("usage: " + name + " [--jsonl | --lines | BASE RELATIVE]");
            System.exit(2);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (jsonl) {
                String reply = jsonlAnswer(line);
                if (reply == null) {
                    break;
                }
                out.print(reply + "\n");
            } else {
                out.print(linesAnswer(line) + "\n");
            }
            out.flush();
        }
        out.flush();
    }

    String linesAnswer(String line) {
        int tab = line.indexOf('\t');
        if (tab < 0) {
            return "\tadapter: request without a TAB";
        }
        Outcome o = resolve(line.substring(0, tab), line.substring(tab + 1));
        if (o.error() != null) {
            return "\t" + o.error().replaceAll("[\r\n]+", " ");
        }
        if (o.result().matches("(?s).*[\r\n].*") || o.result().startsWith("\t")) {
            return "\tadapter: the result cannot be sent as a line";
        }
        return o.result();
    }

    /** The answer line to one request, or null on `stop`. */
    String jsonlAnswer(String line) {
        Map<String, Object> request;
        try {
            request = new Json(line).document();
        } catch (IllegalArgumentException e) {
            return "{\"id\":null,\"error\":" + quote("adapter: bad request: " + e.getMessage()) + "}";
        }
        Object type = request.get("type");
        // The id is echoed as the JSON text it came as.
        String id = request.get("id") instanceof Json.Number n ? n.text() : "null";
        if ("stop".equals(type)) {
            return null;
        }
        if ("start".equals(type)) {
            return "{\"type\":\"started\",\"version\":1,\"name\":" + quote(name)
                    + ",\"implementation_version\":" + quote(version.get())
                    + ",\"language\":\"java\",\"spec\":" + quote(spec) + "}";
        }
        if ("resolve".equals(type)) {
            if (!(request.get("base") instanceof String base) || !(request.get("relative") instanceof String relative)) {
                return "{\"id\":" + id + ",\"error\":\"adapter: base and relative must be strings\"}";
            }
            Outcome o = resolve(base, relative);
            return o.error() != null
                    ? "{\"id\":" + id + ",\"error\":" + quote(o.error()) + "}"
                    : "{\"id\":" + id + ",\"result\":" + quote(o.result()) + "}";
        }
        return "{\"id\":" + id + ",\"error\":" + quote("adapter: unknown request type " + type) + "}";
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    // Surrogates are escaped too, so a lone one cannot turn
                    // into a '?' on the way out.
                    if (c < 0x20 || Character.isSurrogate(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** Just enough JSON for the requests: the JDK has no parser of its own. */
    static final class Json {
        record Number(String text) {}

        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Map<String, Object> document() {
            skipSpace();
            if (peek() != '{') {
                throw fail("expected an object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> object = (Map<String, Object>) value();
            skipSpace();
            if (i != s.length()) {
                throw fail("trailing characters");
            }
            return object;
        }

        private Object value() {
            skipSpace();
            char c = peek();
            if (c == '{') {
                i++;
                Map<String, Object> object = new LinkedHashMap<>();
                skipSpace();
                if (peek() == '}') {
                    i++;
                    return object;
                }
                while (true) {
                    skipSpace();
                    if (peek() != '"') {
                        throw fail("expected a key");
                    }
                    String key = string();
                    skipSpace();
                    expect(':');
                    object.put(key, value());
                    skipSpace();
                    if (peek() == ',') {
                        i++;
                    } else {
                        expect('}');
                        return object;
                    }
                }
            }
            if (c == '[') {
                i++;
                java.util.List<Object> list = new java.util.ArrayList<>();
                skipSpace();
                if (peek() == ']') {
                    i++;
                    return list;
                }
                while (true) {
                    list.add(value());
                    skipSpace();
                    if (peek() == ',') {
                        i++;
                    } else {
                        expect(']');
                        return list;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            if (start == i) {
                throw fail("unexpected character");
            }
            return new Number(s.substring(start, i));
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw fail("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) {
                    throw fail("unterminated escape");
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        // A pair of \\u escapes lands as two UTF-16 units,
                        // which is what a Java string holds.
                        if (i + 4 > s.length()) {
                            throw fail("short \\u escape");
                        }
                        try {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw fail("bad \\u escape");
                        }
                        i += 4;
                    }
                    default -> throw fail("bad escape");
                }
            }
        }

        private char peek() {
            if (i >= s.length()) {
                throw fail("unexpected end");
            }
            return s.charAt(i);
        }

        private void expect(char c) {
            if (peek() != c) {
                throw fail("expected '" + c + "'");
            }
            i++;
        }

        private void skipSpace() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private IllegalArgumentException fail(String why) {
            return new IllegalArgumentException(why + " at character " + i);
        }
    }
}
