// rfc1808 adapter for java.net.URI: `new URI(base).resolve(new URI(relative))`
// (README, "Writing an adapter"). A URISyntaxException is a rejection.
//
//     java -cp target/adapters/java adapters/JavaNetUri.java              # jsonl (also: --jsonl)
//     java -cp target/adapters/java adapters/JavaNetUri.java --lines      # lines
//     java -cp target/adapters/java adapters/JavaNetUri.java BASE REL     # argv
//
// Needs only a JDK, 16 or later: this file is launched as a single-file
// source program; the protocols are those of Rfc1808Adapter.java beside it,
// compiled into target/adapters/java by adapters/install.sh.
// The JVM decodes command-line arguments in the locale's charset, so argv
// mode sees non-ASCII arguments intact only under a UTF-8 locale; jsonl and
// lines read UTF-8 whatever the locale.

import java.io.IOException;
import java.net.URI;

public class JavaNetUri {
    public static void main(String[] args) throws IOException {
        Rfc1808Adapter.run(args, "java-net-uri", "RFC 2396", () -> System.getProperty("java.version"),
                (base, relative) -> new URI(base).resolve(new URI(relative)).toString());
    }
}
