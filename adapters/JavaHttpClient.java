// rfc1808 adapter for Apache HttpClient 4.5's URIUtils.resolve (Debian's
// libhttpclient-java), what HttpClient resolves every redirect's Location
// with: `URIUtils.resolve(new URI(base), new URI(relative)).toString()`, the
// "work-around for bugs in java.net.URI" that then runs
// URIUtils.normalizeSyntax. A URISyntaxException (from either `new URI`) or
// anything URIUtils throws (IllegalArgumentException) is a rejection.
//
//     CP=/usr/share/java/httpclient.jar:/usr/share/java/httpcore.jar:target/adapters/java
//     java -cp $CP adapters/JavaHttpClient.java              # jsonl (also: --jsonl)
//     java -cp $CP adapters/JavaHttpClient.java --lines      # lines
//     java -cp $CP adapters/JavaHttpClient.java BASE REL     # argv
//
// Needs a JDK, 16 or later (this file is launched as a single-file source
// program), the httpclient and httpcore jars on the class path, and beside
// them the protocols of Rfc1808Adapter.java, compiled into
// target/adapters/java by adapters/install.sh.
// The JVM decodes command-line arguments in the locale's charset, so argv
// mode sees non-ASCII arguments intact only under a UTF-8 locale; jsonl and
// lines read UTF-8 whatever the locale.

import java.io.IOException;
import java.net.URI;
import org.apache.http.client.utils.URIUtils;

public class JavaHttpClient {
    public static void main(String[] args) throws IOException {
        Rfc1808Adapter.run(args, "java-httpclient", "RFC 3986",
                () -> URIUtils.class.getPackage().getImplementationVersion()
                        + " (java " + System.getProperty("java.version") + ")",
                (base, relative) -> URIUtils.resolve(new URI(base), new URI(relative)).toString());
    }
}
