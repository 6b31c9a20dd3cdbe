package org.rlanything.pddl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.ProblemReader;

/** The hand-written test domains under {@code src/test/resources/pddl}. */
final class TestDomains {

    private TestDomains() {}

    /** The folder of test domain {@code name}. */
    static Path folder(String name) {
        try {
            return Path.of(TestDomains.class.getResource("/pddl/" + name + "/domain.pddl").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Domain tidy() {
        try {
            return DomainReader.read(folder("tidy").resolve("domain.pddl"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PddlTask tidyTask(String problem) {
        Domain domain = tidy();
        try {
            return PddlTask.of(
                    problem,
                    problem,
                    ProblemReader.read(folder("tidy").resolve(problem + ".pddl"), domain),
                    domain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
