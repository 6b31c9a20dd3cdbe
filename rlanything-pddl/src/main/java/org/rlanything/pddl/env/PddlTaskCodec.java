package org.rlanything.pddl.env;

import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.lang.ProblemWriter;

/**
 * A {@link PddlTask} as text: a line {@code id: ID}, a line {@code source: SOURCE}, then the
 * problem in PDDL (read back against the run's domain).
 */
public final class PddlTaskCodec implements TaskCodec {

    private final Domain domain;

    public PddlTaskCodec(Domain domain) {
        this.domain = domain;
    }

    @Override
    public String encode(Task task) {
        if (!(task instanceof PddlTask t)) {
            throw new IllegalArgumentException("not a PDDL task: " + task.id());
        }
        return "id: "
                + t.id()
                + "\nsource: "
                + t.source()
                + "\n"
                + ProblemWriter.write(t.problem());
    }

    @Override
    public Task decode(String text) {
        String[] lines = text.split("\n", 3);
        if (lines.length < 3 || !lines[0].startsWith("id: ") || !lines[1].startsWith("source: ")) {
            throw new org.rlanything.core.BadInputException(
                    "a PDDL task's text starts with the lines 'id: ...' and 'source: ...'.");
        }
        String id = lines[0].substring(4);
        return new PddlTask(
                id, lines[1].substring(8), ProblemReader.parse(lines[2], "task " + id, domain));
    }
}
