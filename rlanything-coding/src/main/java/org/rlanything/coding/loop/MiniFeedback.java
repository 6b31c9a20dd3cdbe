package org.rlanything.coding.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rlanything.coding.mini.MiniProblem;
import org.rlanything.coding.mini.MiniTest;
import org.rlanything.coding.mini.MiniTester;
import org.rlanything.core.loop.TaskRollouts;

/**
 * {@link UnitTestFeedback} for the stack language: the interpreter runs the programs on the
 * ground-truth tests and on the written tests (the last {@code TEST:} line of each sample, {@link
 * MiniTest#parseJudgeOutput}; none: an invalid test that no program passes).
 */
public final class MiniFeedback extends UnitTestFeedback {

    private final MiniTester tester;

    public MiniFeedback(MiniTester tester) {
        this.tester = tester;
    }

    @Override
    protected Round run(
            TaskRollouts rollouts, List<Optional<String>> programs, List<String> writtenTests) {
        MiniProblem problem = MiniEnvironment.problem(rollouts.task());
        List<Optional<MiniTest>> written = new ArrayList<>();
        for (String text : writtenTests) {
            written.add(MiniTest.parseJudgeOutput(text));
        }
        List<Optional<MiniTest>> truth = problem.tests().stream().map(Optional::of).toList();
        boolean[][] gt = tester.passMatrix(programs, truth);
        double[] ratio = new double[programs.size()];
        boolean[] correct = new boolean[programs.size()];
        for (int i = 0; i < programs.size(); i++) {
            int ok = 0;
            for (boolean b : gt[i]) {
                ok += b ? 1 : 0;
            }
            ratio[i] = (double) ok / truth.size();
            correct[i] = ok == truth.size();
        }
        int parsed = (int) written.stream().filter(Optional::isPresent).count();
        return new Round(ratio, correct, tester.passMatrix(programs, written), parsed);
    }
}
