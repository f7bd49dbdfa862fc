/*
 * rfc1808 adapter for Boost.URL (Debian's libboost-url1.81-dev): the base is
 * parsed with boost::urls::parse_uri, the relative reference with
 * boost::urls::parse_uri_reference, and boost::urls::resolve(base, ref,
 * dest) writes the result into a boost::urls::url, whose buffer() is the
 * answer. An error of either parse or of resolve is a rejection, with its
 * error_code's message; an exception (Boost.URL throws on allocation and
 * length limits) is one too, with its what().
 *
 * Boost.URL claims RFC 3986: resolve "resolves the relative reference" by a
 * process "defined in detail in rfc3986", section 5 (boost/url/url_base.hpp).
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     c++ -std=c++17 -O2 -Wall -Wextra -o target/adapters/boost-url adapters/boost-url.cpp \
 *         -lboost_url
 *     target/adapters/boost-url                  # jsonl (also: --jsonl)
 *     target/adapters/boost-url --lines          # lines
 *     target/adapters/boost-url BASE RELATIVE    # argv
 */

#define NAME "boost-url"
#define LANGUAGE "c++"
#define SPEC "RFC 3986"
#include "rfc1808-adapter.h"

#include <boost/url.hpp>
#include <boost/version.hpp>

static const char *implementation_version(void) {
    /* Boost.URL has no run-time version; the headers and the library of a
     * Debian boost package are one version. */
    static char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000,
             BOOST_VERSION % 100);
    return version;
}

static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    namespace urls = boost::urls;
    buf_clear(out);
    auto base_url = urls::parse_uri(urls::string_view(base, base_len));
    if (!base_url) {
        buf_printf(out, "parse_uri: %s (the base)", base_url.error().message().c_str());
        return -1;
    }
    auto ref = urls::parse_uri_reference(urls::string_view(relative, relative_len));
    if (!ref) {
        buf_printf(out, "parse_uri_reference: %s (the relative reference)",
                   ref.error().message().c_str());
        return -1;
    }
    urls::url dest;
    auto resolved = urls::resolve(*base_url, *ref, dest);
    if (!resolved) {
        buf_printf(out, "resolve: %s", resolved.error().message().c_str());
        return -1;
    }
    urls::string_view text = dest.buffer();
    return put_result(out, text.data(), text.size());
}

int main(int argc, char **argv) {
    return adapter_main(argc, argv);
}
