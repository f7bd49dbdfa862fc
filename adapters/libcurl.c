/*
 * rfc1808 adapter for libcurl's URL API (Debian's libcurl4-openssl-dev), the
 * parser curl resolves every HTTP redirect with: a handle (curl_url) is set
 * to the base with curl_url_set(h, CURLUPART_URL, base, flags), then set
 * again to the relative reference, which "can be relative to the previous"
 * (curl_url_set(3)), and the result is read back with
 * curl_url_get(h, CURLUPART_URL, &url, 0). A CURLUcode other than CURLUE_OK
 * from any of them is a rejection, named by curl_url_strerror.
 *
 * Flags: CURLU_NON_SUPPORT_SCHEME on both sets, and nothing else. Without
 * it libcurl refuses every scheme it has no protocol for (`foo:`, `mailto:`),
 * which would make most of the corpus a rejection of the scheme rather than
 * an answer about resolution. The flags that rewrite the input
 * (CURLU_URLENCODE, CURLU_ALLOW_SPACE, CURLU_DEFAULT_SCHEME,
 * CURLU_GUESS_SCHEME, CURLU_PATH_AS_IS) are left out, so that what is graded
 * is the resolution and not a repair of the input; nor CURLU_NO_AUTHORITY,
 * which only relaxes a check of the host. The answer is read with no flag,
 * so the port, the scheme and the rest come back as the handle holds them.
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     cc -std=c99 -O2 -Wall -Wextra -o target/adapters/libcurl adapters/libcurl.c -lcurl
 *     target/adapters/libcurl                  # jsonl (also: --jsonl)
 *     target/adapters/libcurl --lines          # lines
 *     target/adapters/libcurl BASE RELATIVE    # argv
 */

#define NAME "libcurl"
#define LANGUAGE "c"
#define SPEC "RFC 3986"
#include "rfc1808-adapter.h"

#include <curl/curl.h>

#define FLAGS CURLU_NON_SUPPORT_SCHEME

static const char *implementation_version(void) {
    return curl_version_info(CURLVERSION_NOW)->version;
}

static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    CURLU *handle;
    CURLUcode code;
    char *url = NULL;
    const char *step;

    buf_clear(out);
    /* curl_url_set takes C strings: a NUL would end the URL early. */
    if (has_nul(base, base_len) || has_nul(relative, relative_len)) {
        buf_puts(out, "adapter: a NUL byte cannot be passed to curl_url_set, which takes C strings");
        return -1;
    }
    handle = curl_url();
    if (handle == NULL) {
        buf_puts(out, "CURLUE_OUT_OF_MEMORY: curl_url returned NULL");
        return -1;
    }
    step = "setting the base";
    code = curl_url_set(handle, CURLUPART_URL, base, FLAGS);
    if (code == CURLUE_OK) {
        step = "setting the relative reference";
        code = curl_url_set(handle, CURLUPART_URL, relative, FLAGS);
    }
    if (code == CURLUE_OK) {
        step = "reading the result";
        code = curl_url_get(handle, CURLUPART_URL, &url, 0);
    }
    curl_url_cleanup(handle);
    if (code != CURLUE_OK) {
        buf_printf(out, "CURLUcode %d: %s (%s)", (int)code, curl_url_strerror(code), step);
        return -1;
    }
    buf_puts(out, url);
    curl_free(url);
    return 0;
}

int main(int argc, char **argv) {
    return adapter_main(argc, argv);
}
