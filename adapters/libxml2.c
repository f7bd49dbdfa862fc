/*
 * rfc1808 adapter for libxml2's URI module (Debian's libxml2-dev), what
 * libxml2 resolves every xml:base, XInclude href and external entity with:
 * xmlBuildURI(relative, base) returns the resolved URI, or NULL when either
 * does not parse (libxml2 gives no reason, so the rejection says which
 * string xmlParseURI refuses, checked afterwards).
 *
 * The header claims the spec ("Implements RFC 2396", libxml/uri.h), and the
 * function's documentation the section: "This is processed according to
 * section 5.2 of the RFC 2396".
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     cc -std=c99 -O2 -Wall -Wextra -o target/adapters/libxml2 adapters/libxml2.c \
 *         $(pkg-config --cflags --libs libxml-2.0)
 *     target/adapters/libxml2                  # jsonl (also: --jsonl)
 *     target/adapters/libxml2 --lines          # lines
 *     target/adapters/libxml2 BASE RELATIVE    # argv
 */

#define NAME "libxml2"
#define LANGUAGE "c"
#define SPEC "RFC 2396"
#include "rfc1808-adapter.h"

#include <libxml/parser.h>
#include <libxml/uri.h>
#include <libxml/xmlmemory.h>

static const char *implementation_version(void) {
    /* xmlParserVersion is the version of the library loaded, "20914". */
    static char version[32];
    long number = strtol(xmlParserVersion, NULL, 10);
    snprintf(version, sizeof version, "%ld.%ld.%ld", number / 10000, number / 100 % 100,
             number % 100);
    return version;
}

/* Whether xmlParseURI accepts `text`, to say which string was refused. */
static int parses(const char *text) {
    xmlURIPtr uri = xmlParseURI(text);
    if (uri == NULL) {
        return 0;
    }
    xmlFreeURI(uri);
    return 1;
}

static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    xmlChar *result;

    buf_clear(out);
    if (has_nul(base, base_len) || has_nul(relative, relative_len)) {
        buf_puts(out, "adapter: a NUL byte cannot be passed to xmlBuildURI, which takes C strings");
        return -1;
    }
    result = xmlBuildURI((const xmlChar *)relative, (const xmlChar *)base);
    if (result == NULL) {
        if (!parses(relative)) {
            buf_puts(out, "xmlBuildURI: NULL (xmlParseURI refuses the relative reference)");
        } else if (!parses(base)) {
            buf_puts(out, "xmlBuildURI: NULL (xmlParseURI refuses the base)");
        } else {
            buf_puts(out, "xmlBuildURI: NULL");
        }
        return -1;
    }
    buf_puts(out, (const char *)result);
    xmlFree(result);
    return 0;
}

int main(int argc, char **argv) {
    LIBXML_TEST_VERSION
    return adapter_main(argc, argv);
}
