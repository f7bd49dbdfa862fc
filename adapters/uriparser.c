/*
 * rfc1808 adapter for uriparser, the C library of RFC 3986 (Debian's
 * liburiparser-dev): each of the base and the relative reference is parsed
 * with uriParseSingleUriExA, the relative one is resolved with
 * uriAddBaseUriExA, and the result is written with uriToStringA. An error
 * code from any of them is a rejection, named by its URI_ERROR_ constant.
 *
 * Resolution is URI_RESOLVE_STRICTLY, section 5.2.2 of RFC 3986 as written
 * (a reference with a scheme keeps it: "http:g" is "http:g"), which is what
 * uriAddBaseUriA does too. The other option uriparser offers,
 * URI_RESOLVE_IDENTICAL_SCHEME_COMPAT, is the "non-strict parser" of that
 * section (a scheme equal to the base's is ignored); --scheme-compat,
 * before the other arguments, selects it, and the handshake says so.
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     cc -std=c99 -O2 -Wall -Wextra -o target/adapters/uriparser adapters/uriparser.c \
 *         $(pkg-config --cflags --libs liburiparser)
 *     target/adapters/uriparser                  # jsonl (also: --jsonl)
 *     target/adapters/uriparser --lines          # lines
 *     target/adapters/uriparser BASE RELATIVE    # argv
 *
 * The protocols, and the JSON reader and writer they need, are those of
 * rfc1808-adapter.h beside this file, which the other C and C++ adapters
 * share: every string reaches resolve() with its length (a \u0000 stays a
 * character), and uriparser is given both ends.
 */

#define NAME "uriparser"
#define LANGUAGE "c"
#define SPEC "RFC 3986"
#define USAGE_OPTIONS "[--scheme-compat] "
#include "rfc1808-adapter.h"

#include <uriparser/Uri.h>

/* ---- The library -------------------------------------------------------- */

static UriResolutionOptions resolution = URI_RESOLVE_STRICTLY;

static const char *error_name(int code) {
    switch (code) {
    case URI_ERROR_SYNTAX:
        return "URI_ERROR_SYNTAX";
    case URI_ERROR_NULL:
        return "URI_ERROR_NULL";
    case URI_ERROR_MALLOC:
        return "URI_ERROR_MALLOC";
    case URI_ERROR_OUTPUT_TOO_LARGE:
        return "URI_ERROR_OUTPUT_TOO_LARGE";
    case URI_ERROR_NOT_IMPLEMENTED:
        return "URI_ERROR_NOT_IMPLEMENTED";
    case URI_ERROR_RANGE_INVALID:
        return "URI_ERROR_RANGE_INVALID";
    case URI_ERROR_ADDBASE_REL_BASE:
        return "URI_ERROR_ADDBASE_REL_BASE";
    default:
        return "uriparser error";
    }
}

/*
 * Parses `text` (`len` bytes, NULs included) as a URI reference. On an
 * error, writes the rejection to `message` and returns nonzero; `uri` then
 * holds nothing to free (uriparser frees it on a syntax error).
 */
static int parse(UriUriA *uri, const char *what, const char *text, size_t len,
                 struct buf *message) {
    const char *error_pos = NULL;
    int code = uriParseSingleUriExA(uri, text, text + len, &error_pos);
    if (code == URI_SUCCESS) {
        return 0;
    }
    if (code == URI_ERROR_SYNTAX && error_pos != NULL) {
        buf_printf(message, "%s: the %s is not a URI reference, at index %zu", error_name(code),
                   what, (size_t)(error_pos - text));
    } else {
        buf_printf(message, "%s (%d): cannot parse the %s", error_name(code), code, what);
    }
    return -1;
}

/*
 * Resolves `relative` against `base`. Returns 0 with the URL in `out`, or
 * nonzero with the library's rejection in `out`.
 */
static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    UriUriA base_uri, relative_uri, target;
    int code, chars = 0;
    int failed = -1;

    buf_clear(out);
    if (parse(&base_uri, "base", base, base_len, out) != 0) {
        return -1;
    }
    if (parse(&relative_uri, "relative reference", relative, relative_len, out) != 0) {
        uriFreeUriMembersA(&base_uri);
        return -1;
    }
    /* On an error uriAddBaseUriExA frees what it built of `target` itself. */
    code = uriAddBaseUriExA(&target, &relative_uri, &base_uri, resolution);
    if (code == URI_ERROR_ADDBASE_REL_BASE) {
        buf_printf(out, "%s: the base has no scheme", error_name(code));
    } else if (code != URI_SUCCESS) {
        buf_printf(out, "%s (%d): cannot resolve", error_name(code), code);
    } else {
        /* `target` points into the two parsed strings: write it out before
         * they are freed. */
        code = uriToStringCharsRequiredA(&target, &chars);
        if (code == URI_SUCCESS && chars >= 0 && chars < INT32_MAX &&
            buf_reserve(out, (size_t)chars) == 0) {
            code = uriToStringA(out->data, &target, chars + 1, NULL);
            if (code == URI_SUCCESS) {
                out->len = strlen(out->data);
                failed = 0;
            }
        } else if (code == URI_SUCCESS) {
            code = URI_ERROR_MALLOC;
        }
        if (failed) {
            buf_clear(out);
            buf_printf(out, "%s (%d): cannot write the result", error_name(code), code);
        }
        uriFreeUriMembersA(&target);
    }
    uriFreeUriMembersA(&relative_uri);
    uriFreeUriMembersA(&base_uri);
    return failed;
}

static const char *implementation_version(void) {
    return resolution == URI_RESOLVE_STRICTLY
               ? URI_VER_ANSI
               : URI_VER_ANSI " (URI_RESOLVE_IDENTICAL_SCHEME_COMPAT)";
}

int main(int argc, char **argv) {
    /* uriparser's own option, before the protocol's arguments. */
    if (argc > 1 && strcmp(argv[1], "--scheme-compat") == 0) {
        resolution = URI_RESOLVE_IDENTICAL_SCHEME_COMPAT;
        return adapter_main(argc - 1, argv + 1);
    }
    return adapter_main(argc, argv);
}
