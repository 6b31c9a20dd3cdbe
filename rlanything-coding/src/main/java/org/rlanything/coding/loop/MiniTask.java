package org.rlanything.coding.loop;

import java.util.Objects;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.core.Task;

/** A stack-language problem as a task of the loop: the policy writes a program for it. */
public record MiniTask(MiniProblem problem) implements Task {

    public MiniTask {
        Objects.requireNonNull(problem, "problem");
    }

    @Override
    public String id() {
        return problem.id();
    }

    @Override
    public String describe() {
        return problem.statement();
    }
}
