package org.rlanything.pddl.env;

import java.util.Objects;
import org.rlanything.core.Task;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.lang.ProblemWriter;

/**
 * One planning problem of the run's domain as a task.
 *
 * @param id unique within the run: the problem file's name, or the rewrite's derived name
 * @param source where it comes from (the file, or the rewrite that made it)
 * @param problem the problem, in the canonical form {@link ProblemWriter} writes
 */
public record PddlTask(String id, String source, Problem problem) implements Task {

    public PddlTask {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(problem, "problem");
        if (id.isBlank() || id.contains("\n") || source.contains("\n")) {
            throw new IllegalArgumentException(
                    "a task id and source are one non-blank line: " + id);
        }
    }

    /**
     * A task of {@code problem} in canonical form (written and read back), so that a task decoded
     * from a checkpoint grounds exactly as the one encoded (same object and fact order).
     */
    public static PddlTask of(String id, String source, Problem problem, Domain domain) {
        String text = ProblemWriter.write(problem);
        return new PddlTask(id, source, ProblemReader.parse(text, "task " + id, domain));
    }

    @Override
    public String describe() {
        return "PDDL problem "
                + problem.name()
                + " of "
                + problem.domainName()
                + " ("
                + source
                + ")";
    }
}
