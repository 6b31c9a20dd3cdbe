package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;
import org.rlanything.core.loop.LearningFlags.Flag;

/**
 * Real key-lock runs in which a model gets nothing to learn from: each says so in its progress line
 * (with the key to change), in the lines {@code train} prints before its last one, and at the top
 * of its report.
 */
class LearningFlagsRunTest {

    @TempDir Path dir;

    private record Run(String out, String progress, String report) {}

    private Run train(String name, String... overrides) throws Exception {
        Path config = Path.of("..", "configs", "demo.yaml").toAbsolutePath().normalize();
        List<String> args = new ArrayList<>(List.of("train", config.toString()));
        args.add("trainer.run_dir=" + dir.resolve(name));
        args.add("trainer.iterations=4");
        args.addAll(List.of(overrides));
        StringWriter out = new StringWriter();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        PrintStream err = System.err;
        int rc;
        try {
            System.setErr(new PrintStream(progress, true, StandardCharsets.UTF_8));
            rc =
                    Main.run(
                            new PrintWriter(out, true),
                            new PrintWriter(out, true),
                            args.toArray(String[]::new));
        } finally {
            System.setErr(err);
        }
        assertEquals(0, rc, out.toString());
        return new Run(
                out.toString(),
                progress.toString(StandardCharsets.UTF_8),
                Files.readString(dir.resolve(name).resolve("report.html")));
    }

    private static void says(Run run, Flag flag) {
        assertTrue(run.progress().contains("! " + flag.tag()), run.progress());
        assertTrue(run.out().contains("flag: " + flag.what()), run.out());
        assertTrue(run.out().contains(flag.remedy()), run.out());
        assertTrue(run.report().contains("Why this run may not be learning"), "report");
        assertTrue(run.report().contains(flag.what()), "report names " + flag);
    }

    @Test
    void emptyBandsAreFlaggedForThePolicyAndTheJudge() throws Exception {
        // two rollouts per task: accuracies 0, 0.5 or 1, none inside either band
        Run run =
                train(
                        "bands",
                        "algorithm.rollouts_per_task=2",
                        "algorithm.policy_band=[0.55,0.6]",
                        "algorithm.reward_model_band=[0.55,0.6]");
        says(run, Flag.POLICY_BAND_EMPTY);
        says(run, Flag.JUDGE_BAND_EMPTY);
    }

    @Test
    void aJudgeWhoseVerdictsAreAllUnanimousIsFlagged() throws Exception {
        // one verdict per step: every step's group of verdicts is unanimous
        says(train("unanimous", "algorithm.verdicts_per_step=1"), Flag.JUDGE_UNANIMOUS);
    }

    @Test
    void heldOutSuccessStuckAtTheStartIsFlagged() throws Exception {
        // a policy that learns next to nothing, evaluated after every iteration
        Run run = train("stuck", "policy.learning_rate=1e-9", "trainer.evaluate_every=1");
        says(run, Flag.HELD_OUT_NOT_ABOVE_START);
    }

    @Test
    void aRunThatLearnsRaisesNoBandFlag() throws Exception {
        Run run = train("healthy");
        assertTrue(!run.out().contains("flag: policy"), run.out());
    }
}
