/*
 * rfc1808 adapter for GLib's GUri (Debian's libglib2.0-dev), what GNOME and
 * libsoup resolve with: g_uri_resolve_relative(base, relative,
 * G_URI_FLAGS_NONE, &error) returns the resolved URI as a string, or NULL
 * with a GError, whose domain and message are the rejection. Where a check
 * inside GLib fails (g_return_val_if_fail), it returns NULL with no GError
 * and logs a GLib-CRITICAL message: that message, caught by a log handler,
 * is the rejection then.
 *
 * Flags: G_URI_FLAGS_NONE, what the documentation's examples and most
 * callers pass: strict parsing (G_URI_FLAGS_PARSE_RELAXED would accept and
 * repair what RFC 3986 does not allow, such as spaces and backslashes),
 * and no scheme-based normalization (G_URI_FLAGS_SCHEME_NORMALIZE would
 * drop default ports and write an empty http path as `/`).
 *
 * GUri claims RFC 3986: "The GUri type and related functions can be used to
 * parse URIs into their components, and build valid URIs from individual
 * components" of the syntax "described in RFC 3986", and "resolves it
 * relative to base_uri_string" as in its section 5.2 (GLib's guri.c).
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     cc -std=c99 -O2 -Wall -Wextra -o target/adapters/glib-guri adapters/glib-guri.c \
 *         $(pkg-config --cflags --libs glib-2.0)
 *     target/adapters/glib-guri                  # jsonl (also: --jsonl)
 *     target/adapters/glib-guri --lines          # lines
 *     target/adapters/glib-guri BASE RELATIVE    # argv
 */

#define NAME "glib-guri"
#define LANGUAGE "c"
#define SPEC "RFC 3986"
#include "rfc1808-adapter.h"

#include <glib.h>

static const char *implementation_version(void) {
    /* The library loaded, not the headers compiled against. */
    static char version[32];
    snprintf(version, sizeof version, "%u.%u.%u", glib_major_version, glib_minor_version,
             glib_micro_version);
    return version;
}

/*
 * The last GLib-CRITICAL message: GLib's g_return_val_if_fail checks log one
 * and return NULL without a GError, so the message is the library's reason.
 */
static char critical[512];

static void log_critical(const gchar *domain, GLogLevelFlags level, const gchar *message,
                         gpointer data) {
    (void)level, (void)data;
    snprintf(critical, sizeof critical, "%s-CRITICAL: %s", domain != NULL ? domain : "GLib",
             message);
}

static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    GError *error = NULL;
    gchar *result;

    buf_clear(out);
    if (has_nul(base, base_len) || has_nul(relative, relative_len)) {
        buf_puts(out,
                 "adapter: a NUL byte cannot be passed to g_uri_resolve_relative, which takes C strings");
        return -1;
    }
    critical[0] = '\0';
    result = g_uri_resolve_relative(base, relative, G_URI_FLAGS_NONE, &error);
    if (result == NULL) {
        if (error != NULL) {
            buf_printf(out, "%s: %s", g_quark_to_string(error->domain), error->message);
            g_error_free(error);
        } else if (critical[0] != '\0') {
            buf_printf(out, "%s (NULL without a GError)", critical);
        } else {
            buf_puts(out, "g_uri_resolve_relative: NULL without a GError");
        }
        return -1;
    }
    buf_puts(out, result);
    g_free(result);
    return 0;
}

int main(int argc, char **argv) {
    g_log_set_handler("GLib", G_LOG_LEVEL_CRITICAL, log_critical, NULL);
    return adapter_main(argc, argv);
}
