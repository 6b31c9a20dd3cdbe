package org.rlanything.coding;

import org.rlanything.core.Task;

/** A coding problem as a task of the loop: the policy writes a program for it. */
public record CodingTask(CodingProblem problem) implements Task {

    public CodingTask {
        java.util.Objects.requireNonNull(problem, "problem");
    }

    @Override
    public String id() {
        return problem.id();
    }

    @Override
    public String describe() {
        String first = problem.statement().strip().lines().findFirst().orElse("");
        return problem.id()
                + " ("
                + problem.kind().label()
                + ", "
                + problem.tests().size()
                + " tests): "
                + (first.length() > 100 ? first.substring(0, 100) + "..." : first);
    }
}
