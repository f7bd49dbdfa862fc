/*
 * rfc1808 adapter for Qt 6's QUrl (Debian's qt6-base-dev), what KDE and
 * every Qt application resolve with: QUrl(base).resolved(QUrl(relative)),
 * written back with toString(QUrl::FullyEncoded). A QUrl that is neither
 * empty nor valid (the base, the relative reference or the result) is a
 * rejection, with QUrl::errorString().
 *
 * Parsing mode: QUrl::TolerantMode, the default of the QUrl(QString)
 * constructor, so what is graded is what a Qt application gets from
 * `QUrl(text).resolved(QUrl(other))`. In that mode QUrl corrects "some
 * common errors in URLs" (a lone `%` becomes `%25`, a space `%20`), and
 * StrictMode would reject those inputs instead; neither changes how a
 * reference that RFC 3986 allows is resolved. The output is FullyEncoded,
 * the form that keeps every percent-encoding as it was (the default
 * PrettyDecoded would decode some).
 *
 * Qt claims RFC 3986: QUrl "conforms to the URI specification from RFC 3986
 * (Uniform Resource Identifier: Generic Syntax)", and resolved() follows
 * "RFC 3986 section 5.2.2" (the QUrl class documentation).
 *
 * Build (adapters/install.sh does it), then run the binary:
 *
 *     c++ -std=c++17 -O2 -fPIC -Wall -Wextra -o target/adapters/qt-qurl adapters/qt-qurl.cpp \
 *         $(pkg-config --cflags --libs Qt6Core)
 *     target/adapters/qt-qurl                  # jsonl (also: --jsonl)
 *     target/adapters/qt-qurl --lines          # lines
 *     target/adapters/qt-qurl BASE RELATIVE    # argv
 */

#define NAME "qt-qurl"
#define LANGUAGE "c++"
#define SPEC "RFC 3986"
#include "rfc1808-adapter.h"

#include <QtCore/QByteArray>
#include <QtCore/QString>
#include <QtCore/QUrl>
#include <QtCore/QtGlobal>

static const char *implementation_version(void) {
    /* qVersion() is the QtCore loaded at run time. */
    return qVersion();
}

/* Writes `text` as UTF-8 to `out`. */
static int put(struct buf *out, const QString &text) {
    QByteArray bytes = text.toUtf8();
    return buf_append(out, bytes.constData(), (size_t)bytes.size());
}

static int rejected(struct buf *out, const char *what, const QUrl &url) {
    buf_clear(out);
    buf_printf(out, "QUrl: the %s is not valid: ", what);
    put(out, url.errorString());
    return -1;
}

static int resolve(const char *base, size_t base_len, const char *relative, size_t relative_len,
                   struct buf *out) {
    buf_clear(out);
    /* QString holds a NUL like any other character. */
    QUrl base_url(QString::fromUtf8(base, (qsizetype)base_len), QUrl::TolerantMode);
    /* An empty QUrl is "not valid" by isValid(), yet a URL reference
     * all the same (the empty reference, the current document):
     * resolved() takes it, so only a non-empty one is checked. */
    if (!base_url.isEmpty() && !base_url.isValid()) {
        return rejected(out, "base", base_url);
    }
    QUrl ref(QString::fromUtf8(relative, (qsizetype)relative_len), QUrl::TolerantMode);
    if (!ref.isEmpty() && !ref.isValid()) {
        return rejected(out, "relative reference", ref);
    }
    QUrl result = base_url.resolved(ref);
    if (!result.isEmpty() && !result.isValid()) {
        return rejected(out, "result", result);
    }
    QByteArray url = result.toString(QUrl::FullyEncoded).toUtf8();
    return put_result(out, url.constData(), (size_t)url.size());
}

int main(int argc, char **argv) {
    return adapter_main(argc, argv);
}
