/*
 * The protocol half of the C and C++ adapters in adapters/ (uriparser,
 * libcurl, libxml2, GLib, Qt, Boost.URL): reading requests in the three
 * protocols of docs/adapters.md and writing the answers, so that each
 * adapter file holds only the call of its library. It compiles as C99 and
 * as C++17.
 *
 * An adapter defines NAME, LANGUAGE and SPEC (string literals), includes
 * this file first, and defines the two functions declared below:
 *
 *     #define NAME "libcurl"
 *     #define LANGUAGE "c"
 *     #define SPEC "RFC 3986"
 *     #include "rfc1808-adapter.h"
 *
 * An adapter that takes options of its own before the protocol's arguments
 * (uriparser's --scheme-compat) reads them in its main, passes the rest to
 * adapter_main, and names them in USAGE_OPTIONS for the usage line:
 *
 *     #define USAGE_OPTIONS "[--scheme-compat] "
 *
 * C and C++ have no JSON library in their standard libraries, so this file
 * has its own reader and writer of the little JSON the protocol needs: a
 * request line of any length (up to LINE_LIMIT) is read whole into a
 * growing buffer, each line is checked to be UTF-8, strings are decoded
 * with their escapes (a \u0000 stays a character: every string is kept with
 * its length, and the adapter decides what a library that takes C strings
 * does with it), and anything that is not a request gets an error answer
 * in its place. harness/tests/c_adapters.rs runs every adapter built on it
 * under AddressSanitizer and UBSan.
 */

#ifndef RFC1808_ADAPTER_H
#define RFC1808_ADAPTER_H

#if !defined(__cplusplus) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __cplusplus
#include <exception>
#endif

#if !defined(NAME) || !defined(LANGUAGE) || !defined(SPEC)
#error "define NAME, LANGUAGE and SPEC before including rfc1808-adapter.h"
#endif

/* The adapter's own options, shown before the protocol's in the usage line. */
#ifndef USAGE_OPTIONS
#define USAGE_OPTIONS ""
#endif


/*
 * The longest request line kept. A longer one is answered with an error and
 * skipped in constant memory, so that a line that never ends (a runaway
 * writer) cannot exhaust memory; no URL the harness sends comes near it.
 */
#define LINE_LIMIT ((size_t)64 << 20)

/* How deep a request's JSON may nest: only in values of keys it ignores. */
#define DEPTH_LIMIT 64

/* ---- A growing byte buffer ---------------------------------------------- */

struct buf {
    char *data;
    size_t len;
    size_t cap;
};

/* An empty buffer, in C and in C++. */
#define BUF_INIT {NULL, 0, 0}

/* Makes room for `extra` more bytes and a NUL; 0 on success, -1 without memory. */
static int buf_reserve(struct buf *b, size_t extra) {
    size_t need, cap;
    char *data;
    if (extra > SIZE_MAX - 1 - b->len) {
        return -1;
    }
    need = b->len + extra + 1;
    if (need <= b->cap) {
        return 0;
    }
    cap = b->cap ? b->cap : 256;
    while (cap < need) {
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    }
    data = (char *)realloc(b->data, cap);
    if (data == NULL) {
        return -1;
    }
    b->data = data;
    b->cap = cap;
    return 0;
}

static int buf_append(struct buf *b, const char *bytes, size_t n) {
    if (buf_reserve(b, n) != 0) {
        return -1;
    }
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

static int buf_push(struct buf *b, char c) {
    return buf_append(b, &c, 1);
}

static int buf_puts(struct buf *b, const char *s) {
    return buf_append(b, s, strlen(s));
}

/* Appends printf-formatted text; the messages formatted here are short. */
static int buf_printf(struct buf *b, const char *format, ...) {
    char text[512];
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (n < 0) {
        return -1;
    }
    return buf_append(b, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

static void buf_free(struct buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static void buf_clear(struct buf *b) {
    b->len = 0;
    if (b->data != NULL) {
        b->data[0] = '\0';
    }
}

/* The contents as a string that is never NULL, for APIs that want a pointer. */
static const char *buf_str(const struct buf *b) {
    return b->data != NULL ? b->data : "";
}


/* ---- What the adapter defines ------------------------------------------- */

/*
 * The library's version, for the handshake's `implementation_version`:
 * "LIBRARY-VERSION" or "LIBRARY-VERSION (RUNTIME VERSION)", read at run time
 * where the library can tell it.
 */
static const char *implementation_version(void);

/*
 * Resolves `relative` (`relative_len` bytes) against `base`. Both are UTF-8
 * and may hold NUL bytes; each is also NUL-terminated at its length. Returns
 * 0 with the resolved URL in `out` (put_result writes it), or nonzero with
 * the library's rejection in `out` (its error's name first where it has
 * one). In C++, a std::exception that escapes it is a rejection too.
 */
static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out);

/* Whether `s` (`len` bytes) holds a NUL byte: a library that takes C strings
 * would see it as the end of the string. */
static inline int has_nul(const char *s, size_t len) {
    return memchr(s, '\0', len) != NULL;
}

/* Appends the resolved URL (`len` bytes) to `out`: 0, or -1 with `out`
 * the rejection "adapter: out of memory". */
static inline int put_result(struct buf *out, const char *url, size_t len) {
    if (buf_append(out, url, len) != 0) {
        buf_clear(out);
        buf_puts(out, "adapter: out of memory");
        return -1;
    }
    return 0;
}

/* ---- Reading lines ------------------------------------------------------ */

/*
 * Standard input, read with read(2) into a buffer of our own, so that the
 * adapter knows when no more input is waiting: answers are flushed just
 * before a read that may block, which answers pipelined requests in large
 * writes and a lone request at once.
 */
static char in_buf[64 << 10];
static size_t in_pos, in_len;
static int in_eof;

static int fill(void) {
    ssize_t n;
    if (fflush(stdout) != 0) {
        fprintf(stderr, NAME ": cannot write standard output: %s\n", strerror(errno));
        exit(1);
    }
    for (;;) {
        n = read(STDIN_FILENO, in_buf, sizeof in_buf);
        if (n >= 0) {
            break;
        }
        if (errno != EINTR) {
            fprintf(stderr, NAME ": cannot read standard input: %s\n", strerror(errno));
            exit(1);
        }
    }
    in_pos = 0;
    in_len = (size_t)n;
    if (n == 0) {
        in_eof = 1;
    }
    return n > 0;
}

enum line_status { LINE_END, LINE_OK, LINE_TOO_LONG };

/*
 * Reads the next line into `line`, without its LF or a CR before it.
 * LINE_TOO_LONG: the line was longer than LINE_LIMIT (or memory ran out)
 * and was skipped; `skipped` is its length. A last line without an LF is
 * still a line.
 */
static enum line_status read_line(struct buf *line, size_t *skipped) {
    size_t dropped = 0;
    int seen = 0, dropping = 0;
    buf_clear(line);
    for (;;) {
        char *newline;
        size_t n;
        if (in_pos == in_len && (in_eof || !fill())) {
            break;
        }
        seen = 1;
        newline = (char *)memchr(in_buf + in_pos, '\n', in_len - in_pos);
        n = (newline != NULL ? (size_t)(newline - in_buf) : in_len) - in_pos;
        if (!dropping &&
            (line->len + n > LINE_LIMIT || buf_append(line, in_buf + in_pos, n) != 0)) {
            dropping = 1;
            dropped = line->len;
            buf_free(line);
        }
        if (dropping) {
            dropped += n;
        }
        in_pos += n;
        if (newline != NULL) {
            in_pos++;
            break;
        }
    }
    if (!seen) {
        return LINE_END;
    }
    if (dropping) {
        *skipped = dropped;
        return LINE_TOO_LONG;
    }
    if (line->len > 0 && line->data[line->len - 1] == '\r') {
        line->data[--line->len] = '\0';
    }
    return LINE_OK;
}

/* ---- JSON --------------------------------------------------------------- */

/* Whether `s` (`len` bytes) is well-formed UTF-8: no overlong forms, no
 * surrogates, nothing above U+10FFFF. */
static int is_utf8(const unsigned char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        size_t n, k;
        uint32_t cp;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xc2 && c <= 0xdf) {
            n = 1, cp = c & 0x1f;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 2, cp = c & 0x0f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3, cp = c & 0x07;
        } else {
            return 0;
        }
        if (len - i <= n) {
            return 0;
        }
        for (k = 1; k <= n; k++) {
            if ((s[i + k] & 0xc0) != 0x80) {
                return 0;
            }
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
            (cp >= 0xd800 && cp <= 0xdfff)) {
            return 0;
        }
        i += n + 1;
    }
    return 1;
}

/* A request as far as it could be read. */
struct request {
    struct buf type, base, relative;
    int has_type, has_base, has_relative;
    /* The id's JSON text, echoed as is in the answer; "null" when absent. */
    const char *id;
    size_t id_len;
};

struct reader {
    const char *s;
    size_t len, pos;
    const char *error; /* what is wrong, with its byte offset in `at` */
    size_t at;
};

static int fail(struct reader *r, const char *error) {
    if (r->error == NULL) {
        r->error = error;
        r->at = r->pos;
    }
    return -1;
}

static void skip_space(struct reader *r) {
    while (r->pos < r->len && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t' ||
                               r->s[r->pos] == '\n' || r->s[r->pos] == '\r')) {
        r->pos++;
    }
}

static int hex4(struct reader *r, uint32_t *value) {
    size_t k;
    *value = 0;
    if (r->len - r->pos < 4) {
        return fail(r, "a \\u escape needs four hex digits");
    }
    for (k = 0; k < 4; k++) {
        char c = r->s[r->pos + k];
        int digit = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
        if (digit < 0) {
            return fail(r, "a \\u escape needs four hex digits");
        }
        *value = *value * 16 + (uint32_t)digit;
    }
    r->pos += 4;
    return 0;
}

static int push_utf8(struct buf *out, uint32_t cp) {
    char bytes[4];
    size_t n;
    if (cp < 0x80) {
        bytes[0] = (char)cp, n = 1;
    } else if (cp < 0x800) {
        bytes[0] = (char)(0xc0 | (cp >> 6)), bytes[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
    } else if (cp < 0x10000) {
        bytes[0] = (char)(0xe0 | (cp >> 12)), bytes[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        bytes[2] = (char)(0x80 | (cp & 0x3f)), n = 3;
    } else {
        bytes[0] = (char)(0xf0 | (cp >> 18)), bytes[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        bytes[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), bytes[3] = (char)(0x80 | (cp & 0x3f));
        n = 4;
    }
    return out != NULL ? buf_append(out, bytes, n) : 0;
}

/* Reads a string at the reader's position (a '"'), decoded into `out`
 * unless `out` is NULL. */
static int read_string(struct reader *r, struct buf *out) {
    if (out != NULL) {
        buf_clear(out);
    }
    if (r->pos >= r->len || r->s[r->pos] != '"') {
        return fail(r, "expected a string");
    }
    r->pos++;
    for (;;) {
        size_t start = r->pos;
        unsigned char c;
        /* Plain bytes in one copy: the line is known to be UTF-8. */
        while (r->pos < r->len && r->s[r->pos] != '"' && r->s[r->pos] != '\\' &&
               (unsigned char)r->s[r->pos] >= 0x20) {
            r->pos++;
        }
        if (out != NULL && buf_append(out, r->s + start, r->pos - start) != 0) {
            return fail(r, "out of memory");
        }
        if (r->pos >= r->len) {
            return fail(r, "a string does not end");
        }
        c = (unsigned char)r->s[r->pos];
        if (c == '"') {
            r->pos++;
            return 0;
        }
        if (c < 0x20) {
            return fail(r, "a control character in a string must be escaped");
        }
        /* A backslash. */
        r->pos++;
        if (r->pos >= r->len) {
            return fail(r, "a string does not end");
        }
        c = (unsigned char)r->s[r->pos++];
        {
            static const char escapes[] = "\"\\/bfnrt";
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            const char *simple = c != '\0' ? strchr(escapes, c) : NULL;
            if (simple != NULL) {
                if (out != NULL && buf_push(out, decoded[simple - escapes]) != 0) {
                    return fail(r, "out of memory");
                }
                continue;
            }
        }
        if (c != 'u') {
            r->pos--;
            return fail(r, "unknown escape in a string");
        }
        {
            /* Errors point at the escape's backslash. */
            size_t escape = r->pos - 2;
            uint32_t cp, low;
            if (hex4(r, &cp) != 0) {
                return -1;
            }
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                r->pos = escape;
                return fail(r, "a lone surrogate escape (not a character)");
            }
            if (cp >= 0xd800 && cp <= 0xdbff) {
                if (r->len - r->pos < 2 || r->s[r->pos] != '\\' || r->s[r->pos + 1] != 'u') {
                    r->pos = escape;
                    return fail(r, "a lone surrogate escape (not a character)");
                }
                r->pos += 2;
                if (hex4(r, &low) != 0) {
                    return -1;
                }
                if (low < 0xdc00 || low > 0xdfff) {
                    r->pos = escape;
                    return fail(r, "a lone surrogate escape (not a character)");
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
            }
            if (push_utf8(out, cp) != 0) {
                return fail(r, "out of memory");
            }
        }
    }
}

static int skip_value(struct reader *r, int depth);

static int skip_number(struct reader *r) {
    size_t start = r->pos;
    if (r->pos < r->len && r->s[r->pos] == '-') {
        r->pos++;
    }
    if (r->pos < r->len && r->s[r->pos] == '0') {
        r->pos++;
    } else if (r->pos < r->len && r->s[r->pos] >= '1' && r->s[r->pos] <= '9') {
        while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
            r->pos++;
        }
    } else {
        r->pos = start;
        return fail(r, "expected a value");
    }
    if (r->pos < r->len && r->s[r->pos] == '.') {
        r->pos++;
        if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9') {
            return fail(r, "expected a digit");
        }
        while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
            r->pos++;
        }
    }
    if (r->pos < r->len && (r->s[r->pos] == 'e' || r->s[r->pos] == 'E')) {
        r->pos++;
        if (r->pos < r->len && (r->s[r->pos] == '+' || r->s[r->pos] == '-')) {
            r->pos++;
        }
        if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9') {
            return fail(r, "expected a digit");
        }
        while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
            r->pos++;
        }
    }
    return 0;
}

static int skip_literal(struct reader *r, const char *word) {
    size_t n = strlen(word);
    if (r->len - r->pos < n || memcmp(r->s + r->pos, word, n) != 0) {
        return fail(r, "expected a value");
    }
    r->pos += n;
    return 0;
}

/* Reads an object's key into out (unless out is NULL), and the colon
 * after it with the space around them. */
static int read_key(struct reader *r, struct buf *out) {
    if (read_string(r, out) != 0) {
        return -1;
    }
    skip_space(r);
    if (r->pos >= r->len || r->s[r->pos] != ':') {
        return fail(r, "expected ':'");
    }
    r->pos++;
    skip_space(r);
    return 0;
}

/* Skips an array or object, whose opening bracket is at the position. */
static int skip_container(struct reader *r, int depth) {
    char close = r->s[r->pos] == '{' ? '}' : ']';
    if (depth >= DEPTH_LIMIT) {
        return fail(r, "nested too deep");
    }
    r->pos++;
    skip_space(r);
    if (r->pos < r->len && r->s[r->pos] == close) {
        r->pos++;
        return 0;
    }
    for (;;) {
        if (close == '}') {
            if (read_key(r, NULL) != 0) {
                return -1;
            }
        }
        if (skip_value(r, depth + 1) != 0) {
            return -1;
        }
        skip_space(r);
        if (r->pos < r->len && r->s[r->pos] == ',') {
            r->pos++;
            skip_space(r);
        } else if (r->pos < r->len && r->s[r->pos] == close) {
            r->pos++;
            return 0;
        } else {
            return fail(r, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
        }
    }
}

static int skip_value(struct reader *r, int depth) {
    if (r->pos >= r->len) {
        return fail(r, "expected a value");
    }
    switch (r->s[r->pos]) {
    case '"':
        return read_string(r, NULL);
    case '{':
    case '[':
        return skip_container(r, depth);
    case 't':
        return skip_literal(r, "true");
    case 'f':
        return skip_literal(r, "false");
    case 'n':
        return skip_literal(r, "null");
    default:
        return skip_number(r);
    }
}

/*
 * Reads a request line: one JSON object. Keys may come in any order; keys
 * other than type, id, base and relative are skipped whatever their value.
 * Returns 0, or -1 with the reader's error set.
 */
static int read_request(struct reader *r, struct request *req, struct buf *key) {
    req->has_type = req->has_base = req->has_relative = 0;
    req->id = "null";
    req->id_len = 4;
    skip_space(r);
    if (r->pos >= r->len || r->s[r->pos] != '{') {
        return fail(r, "expected '{'");
    }
    r->pos++;
    skip_space(r);
    if (r->pos < r->len && r->s[r->pos] == '}') {
        r->pos++;
    } else {
        for (;;) {
            if (read_key(r, key) != 0) {
                return -1;
            }
            /* A key with a NUL in it is none of ours: compare lengths too. */
            if (key->len == 4 && memcmp(key->data, "type", 4) == 0) {
                if (read_string(r, &req->type) != 0) {
                    return -1;
                }
                req->has_type = 1;
            } else if (key->len == 4 && memcmp(key->data, "base", 4) == 0) {
                if (read_string(r, &req->base) != 0) {
                    return -1;
                }
                req->has_base = 1;
            } else if (key->len == 8 && memcmp(key->data, "relative", 8) == 0) {
                if (read_string(r, &req->relative) != 0) {
                    return -1;
                }
                req->has_relative = 1;
            } else if (key->len == 2 && memcmp(key->data, "id", 2) == 0) {
                size_t start = r->pos;
                if (skip_value(r, 0) != 0) {
                    return -1;
                }
                req->id = r->s + start;
                req->id_len = r->pos - start;
            } else if (skip_value(r, 0) != 0) {
                return -1;
            }
            skip_space(r);
            if (r->pos < r->len && r->s[r->pos] == ',') {
                r->pos++;
                skip_space(r);
            } else if (r->pos < r->len && r->s[r->pos] == '}') {
                r->pos++;
                break;
            } else {
                return fail(r, "expected ',' or '}'");
            }
        }
    }
    skip_space(r);
    if (r->pos != r->len) {
        return fail(r, "text after the object");
    }
    return 0;
}

/* Appends `s` (`len` bytes) as a JSON string: control characters escaped,
 * everything else, UTF-8 included, as is. */
static int write_string(struct buf *out, const char *s, size_t len) {
    size_t i, start = 0;
    if (buf_push(out, '"') != 0) {
        return -1;
    }
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *escape = NULL;
        char code[7];
        if (c >= 0x20 && c != '"' && c != '\\') {
            continue;
        }
        switch (c) {
        case '"':
            escape = "\\\"";
            break;
        case '\\':
            escape = "\\\\";
            break;
        case '\n':
            escape = "\\n";
            break;
        case '\r':
            escape = "\\r";
            break;
        case '\t':
            escape = "\\t";
            break;
        default:
            snprintf(code, sizeof code, "\\u%04x", c);
            escape = code;
        }
        if (buf_append(out, s + start, i - start) != 0 || buf_puts(out, escape) != 0) {
            return -1;
        }
        start = i + 1;
    }
    if (buf_append(out, s + start, len - start) != 0) {
        return -1;
    }
    return buf_push(out, '"');
}

/*
 * Appends `s` (`len` bytes) to `out` with every byte that is not part of
 * well-formed UTF-8 written as \xHH.
 */
static int append_escaped(struct buf *out, const char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        size_t n = 1;
        /* The longest well-formed sequence here: 1 to 4 bytes. */
        while (n <= 4 && i + n <= len && !is_utf8((const unsigned char *)s + i, n)) {
            n++;
        }
        if (n <= 4 && i + n <= len) {
            if (buf_append(out, s + i, n) != 0) {
                return -1;
            }
            i += n;
        } else {
            if (buf_printf(out, "\\x%02X", (unsigned char)s[i]) != 0) {
                return -1;
            }
            i++;
        }
    }
    return 0;
}

/* resolve(), with a C++ exception that escapes it (std::bad_alloc, a
 * library's own) answered as a rejection, "exception: WHAT". */
static int resolve_caught(const char *base, size_t base_len, const char *relative,
                          size_t relative_len, struct buf *out) {
#ifdef __cplusplus
    try {
        return resolve(base, base_len, relative, relative_len, out);
    } catch (const std::exception &e) {
        buf_clear(out);
        buf_printf(out, "exception: %s", e.what());
        return -1;
    }
#else
    return resolve(base, base_len, relative, relative_len, out);
#endif
}

/*
 * resolve(), with what the library answers made fit for the protocol: an
 * answer that is not UTF-8 (a library that percent-decodes a host, say)
 * cannot be sent as a result, so it becomes a rejection that shows the
 * bytes, and a message that is not UTF-8 has its stray bytes escaped.
 */
static int resolve_checked(const char *base, size_t base_len, const char *relative,
                           size_t relative_len, struct buf *out) {
    struct buf raw = BUF_INIT;
    int code = resolve_caught(base, base_len, relative, relative_len, out);
    if (is_utf8((const unsigned char *)buf_str(out), out->len)) {
        return code;
    }
    if (buf_append(&raw, buf_str(out), out->len) != 0) {
        buf_free(&raw);
        buf_clear(out);
        buf_puts(out, "adapter: out of memory");
        return -1;
    }
    buf_clear(out);
    if (code == 0) {
        buf_puts(out, "adapter: the library's answer is not UTF-8: ");
    }
    if (append_escaped(out, raw.data, raw.len) != 0) {
        buf_clear(out);
        buf_puts(out, "adapter: out of memory");
    }
    buf_free(&raw);
    return -1;
}

/* ---- The three protocols ------------------------------------------------ */

static void emit(const struct buf *answer) {
    if (fwrite(buf_str(answer), 1, answer->len, stdout) != answer->len ||
        putchar('\n') == EOF) {
        fprintf(stderr, NAME ": cannot write standard output: %s\n", strerror(errno));
        exit(1);
    }
}

/* Answers with an error, `id` being the JSON text of the request's id. */
static void jsonl_error(struct buf *answer, const char *id, size_t id_len, const char *message) {
    buf_clear(answer);
    if (buf_puts(answer, "{\"id\":") != 0 || buf_append(answer, id, id_len) != 0 ||
        buf_puts(answer, ",\"error\":") != 0 ||
        write_string(answer, message, strlen(message)) != 0 || buf_push(answer, '}') != 0) {
        fprintf(stderr, NAME ": out of memory\n");
        exit(1);
    }
    emit(answer);
}
    struct buf line = BUF_INIT, key = BUF_INIT, answer = BUF_INIT, result = BUF_INIT;
    struct buf message = BUF_INIT;

static int serve_jsonl(void) {
    struct buf line = BUF_INIT, key = BUF_INIT, answer = BUF_INIT, result = BUF_INIT, message = BUF_INIT;
    struct request req;
    size_t number = 0, skipped = 0;
    enum line_status status;
    int code = 0;
    memset(&req, 0, sizeof req);
    while ((status = read_line(&line, &skipped)) != LINE_END) {
        struct reader r;
        number++;
        buf_clear(&message);
        if (status == LINE_TOO_LONG) {
            buf_printf(&message, "adapter: line %zu: the request is longer than %zu MiB (%zu bytes)",
                       number, LINE_LIMIT >> 20, skipped);
            jsonl_error(&answer, "null", 4, buf_str(&message));
            continue;
        }
        if (!is_utf8((const unsigned char *)buf_str(&line), line.len)) {
            buf_printf(&message, "adapter: line %zu: the request is not UTF-8", number);
            jsonl_error(&answer, "null", 4, buf_str(&message));
            continue;
        }
        r.s = buf_str(&line);
        r.len = line.len;
        r.pos = 0;
        r.error = NULL;
        if (read_request(&r, &req, &key) != 0) {
            buf_printf(&message, "adapter: line %zu: not a JSON request: %s at byte %zu", number,
                       r.error, r.at);
            /* The id may have been read before the error: it is not to be
             * trusted in a line that is not JSON. */
            jsonl_error(&answer, "null", 4, buf_str(&message));
            continue;
        }
        if (!req.has_type) {
            buf_printf(&message, "adapter: line %zu: the request has no string `type`", number);
            jsonl_error(&answer, req.id, req.id_len, buf_str(&message));
        } else if (req.type.len == 4 && memcmp(req.type.data, "stop", 4) == 0) {
            break;
        } else if (req.type.len == 5 && memcmp(req.type.data, "start", 5) == 0) {
            buf_clear(&answer);
            if (buf_puts(&answer, "{\"type\":\"started\",\"version\":1,\"name\":\"" NAME
                                  "\",\"implementation_version\":") != 0 ||
                write_string(&answer, implementation_version(),
                             strlen(implementation_version())) != 0 ||
                buf_puts(&answer, ",\"language\":\"" LANGUAGE "\",\"spec\":\"" SPEC "\"}") != 0) {
                fprintf(stderr, NAME ": out of memory\n");
                code = 1;
                break;
            }
            emit(&answer);
        } else if (req.type.len == 7 && memcmp(req.type.data, "resolve", 7) == 0) {
            if (!req.has_base || !req.has_relative) {
                buf_printf(&message,
                           "adapter: line %zu: a resolve request needs string `base` and `relative`",
                           number);
                jsonl_error(&answer, req.id, req.id_len, buf_str(&message));
                continue;
            }
            if (resolve_checked(buf_str(&req.base), req.base.len, buf_str(&req.relative),
                        req.relative.len, &result) != 0) {
                jsonl_error(&answer, req.id, req.id_len, buf_str(&result));
                continue;
            }
            buf_clear(&answer);
            if (buf_puts(&answer, "{\"id\":") != 0 ||
                buf_append(&answer, req.id, req.id_len) != 0 ||
                buf_puts(&answer, ",\"result\":") != 0 ||
                write_string(&answer, buf_str(&result), result.len) != 0 ||
                buf_push(&answer, '}') != 0) {
                fprintf(stderr, NAME ": out of memory\n");
                code = 1;
                break;
            }
            emit(&answer);
        } else {
            buf_printf(&message, "adapter: line %zu: unknown request type ", number);
            write_string(&message, buf_str(&req.type), req.type.len);
            jsonl_error(&answer, req.id, req.id_len, buf_str(&message));
        }
    }
    buf_free(&line), buf_free(&key), buf_free(&answer), buf_free(&result), buf_free(&message);
    buf_free(&req.type), buf_free(&req.base), buf_free(&req.relative);
    return code;
}

/* A rejection message on one line, as `lines` needs it. */
static void one_line(struct buf *message) {
    size_t i;
    for (i = 0; i < message->len; i++) {
        if (message->data[i] == '\n' || message->data[i] == '\r') {
            message->data[i] = ' ';
        }
    }
}

static int serve_lines(void) {
    struct buf line = BUF_INIT, result = BUF_INIT;
    size_t number = 0, skipped = 0;
    enum line_status status;
    while ((status = read_line(&line, &skipped)) != LINE_END) {
        char *tab;
        number++;
        if (status == LINE_TOO_LONG) {
            printf("\tadapter: line %zu: the request is longer than %zu MiB (%zu bytes)\n", number,
                   LINE_LIMIT >> 20, skipped);
            continue;
        }
        tab = (char *)memchr(buf_str(&line), '\t', line.len);
        if (tab == NULL) {
            printf("\tadapter: line %zu: a request without a TAB\n", number);
            continue;
        }
        if (!is_utf8((const unsigned char *)line.data, line.len)) {
            printf("\tadapter: line %zu: the request is not UTF-8\n", number);
            continue;
        }
        /* The base ends at the TAB, as a C string too. */
        *tab = '\0';
        if (resolve_checked(line.data, (size_t)(tab - line.data), tab + 1,
                    line.len - (size_t)(tab - line.data) - 1, &result) != 0) {
            one_line(&result);
            putchar('\t');
        } else if (memchr(buf_str(&result), '\n', result.len) != NULL ||
                   memchr(buf_str(&result), '\r', result.len) != NULL ||
                   (result.len > 0 && result.data[0] == '\t')) {
            buf_clear(&result);
            buf_puts(&result, "\tadapter: the result cannot be sent as a line");
        }
        emit(&result);
    }
    buf_free(&line), buf_free(&result);
    return 0;
}

/*
 * The adapter's main: no argument (or --jsonl) serves jsonl, --lines serves
 * lines, two arguments are BASE RELATIVE for argv (exit 1 on a rejection).
 */
static int adapter_main(int argc, char **argv) {
    struct buf result = BUF_INIT;
    /* A harness that has gone away is seen as a write error, not a signal. */
    signal(SIGPIPE, SIG_IGN);
    if (argc == 1 || (argc == 2 && strcmp(argv[1], "--jsonl") == 0)) {
        return serve_jsonl();
    }
    if (argc == 2 && strcmp(argv[1], "--lines") == 0) {
        return serve_lines();
    }
    if (argc == 3) {
        int code = resolve_checked(argv[1], strlen(argv[1]), argv[2], strlen(argv[2]), &result);
        fprintf(code == 0 ? stdout : stderr, "%s\n", buf_str(&result));
        buf_free(&result);
        if (code != 0) {
            return 1;
        }
        return fflush(stdout) == 0 ? 0 : 2;
    }
    fprintf(stderr, "usage: %s " USAGE_OPTIONS "[--jsonl | --lines | BASE RELATIVE]\n", NAME);
    return 2;
}

#endif
