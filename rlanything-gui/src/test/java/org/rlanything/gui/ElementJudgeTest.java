package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Action;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.Judgment;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.Step;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Trajectory;
import org.rlanything.core.Verdict;
import org.rlanything.linear.LinearJudge;

/**
 * The task-free features of a GUI step, and the {@code element} judge (the linear kind's preset)
 * learning over them from consistency advantages.
 */
class ElementJudgeTest {

    private static final String INSTRUCTION =
            "Enter \"Kasey\" into the text field and press Submit.";

    private static final GuiObservation EMPTY_FIELD =
            new GuiObservation(
                    INSTRUCTION,
                    List.of(
                            new PageElement(4, "INPUT_text", "", "", 2, 60, 100, 21, false),
                            new PageElement(5, "BUTTON", "Submit", null, 2, 90, 55, 21, false)),
                    null);

    private static final GuiObservation TYPED_FIELD =
            new GuiObservation(
                    INSTRUCTION,
                    List.of(
                            new PageElement(4, "INPUT_text", "", "Kasey", 2, 60, 100, 21, true),
                            new PageElement(5, "BUTTON", "Submit", null, 2, 90, 55, 21, false)),
                    null);

    private static final MiniwobTask TASK =
            new MiniwobTask("enter-text", Path.of("/x/enter-text.html").toUri(), false);

    /** A trajectory of the given (observation, command, next observation text) steps. */
    private static Trajectory trajectory(boolean won, Object... triples) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < triples.length; i += 3) {
            String command = (String) triples[i + 1];
            steps.add(
                    new Step(
                            steps.size(),
                            ((GuiObservation) triples[i]).text(),
                            LegalActions.of((GuiObservation) triples[i]),
                            new Action(command, command, 0, null),
                            (String) triples[i + 2],
                            StepLabel.UNKNOWN));
        }
        return new Trajectory(TASK, 0, steps, won);
    }

    private static final Trajectory TYPED_THEN_SUBMITTED =
            trajectory(
                    true,
                    EMPTY_FIELD,
                    "type 4 Kasey",
                    TYPED_FIELD.text(),
                    TYPED_FIELD,
                    "click 5",
                    "Instruction: \nElements:\n");

    private static final Trajectory CLICKED_NOTHING_TWICE =
            trajectory(
                    false,
                    EMPTY_FIELD,
                    "click 9",
                    "The action had no effect: no element 9\n" + EMPTY_FIELD.text(),
                    EMPTY_FIELD,
                    "click 9",
                    "The action had no effect: no element 9\n" + EMPTY_FIELD.text());

    private static double feature(double[] psi, String name) {
        return psi[GuiStepFeatures.names().indexOf(name)];
    }

    @Test
    void featuresDescribeWhatTheStepDidToTheElementList() {
        assertEquals(GuiStepFeatures.SIZE, GuiStepFeatures.names().size());
        double[] typed = GuiStepFeatures.of(new JudgeRequest(TYPED_THEN_SUBMITTED, 0));
        assertEquals(1.0, feature(typed, "bias"));
        assertEquals(1.0, feature(typed, "type"));
        assertEquals(1.0, feature(typed, "type_quoted"));
        assertEquals(1.0, feature(typed, "typed_text_in_field"));
        assertEquals(1.0, feature(typed, "target_value_changed"));
        assertEquals(1.0, feature(typed, "focus_to_target"));
        assertEquals(1.0, feature(typed, "target_field"));
        assertEquals(1.0, feature(typed, "page_changed"));
        assertEquals(0.0, feature(typed, "elements_disappeared"));
        assertEquals(0.0, feature(typed, "no_effect"));
        assertEquals(0.0, feature(typed, "repeat"));

        double[] submit = GuiStepFeatures.of(new JudgeRequest(TYPED_THEN_SUBMITTED, 1));
        assertEquals(1.0, feature(submit, "click"));
        assertEquals(1.0, feature(submit, "target_button"));
        assertEquals(1.0, feature(submit, "target_named"));
        assertEquals(1.0, feature(submit, "elements_disappeared"));
        assertEquals(1.0, feature(submit, "most_changed"));
        assertEquals(1.0 / 6, feature(submit, "late_step"), 1e-12);

        double[] second = GuiStepFeatures.of(new JudgeRequest(CLICKED_NOTHING_TWICE, 1));
        assertEquals(1.0, feature(second, "no_effect"));
        assertEquals(1.0, feature(second, "target_missing"));
        assertEquals(1.0, feature(second, "repeat"));
        assertEquals(0.0, feature(second, "page_changed"));
        assertEquals(0.0, feature(second, "target_button"));
    }

    @Test
    void anUntrainedJudgeIsACoinDrawnFromTheRequestsGenerator() {
        LinearJudge judge = ElementKinds.judge(1.0, 1.0);
        JudgeRequest request = new JudgeRequest(TYPED_THEN_SUBMITTED, 0);
        assertEquals(0.5, positiveProbability(judge, request), 1e-12);
        List<Judgment> first =
                judge.judge(List.of(request), 400, List.of(new SplittableRandom(7))).get(0);
        List<Judgment> again =
                judge.judge(List.of(request), 400, List.of(new SplittableRandom(7))).get(0);
        assertEquals(400, first.size());
        long positive = first.stream().filter(j -> j.verdict() == Verdict.POSITIVE).count();
        assertTrue(positive > 150 && positive < 250, "positive verdicts: " + positive);
        assertEquals(
                first.stream().map(Judgment::text).toList(),
                again.stream().map(Judgment::text).toList());
        assertTrue(first.get(0).text().startsWith("p(GOOD) = 0.500. "), first.get(0).text());
        assertEquals(Math.log(0.5), first.get(0).logProb(), 1e-12);
    }

    /**
     * The consistency reward rewards +1 on steps of won trajectories and −1 on failed ones: after a
     * few updates on such advantages, the judge says +1 more often on the useful typing step and
     * less often on the repeated click that did nothing.
     */
    @Test
    void consistencyAdvantagesMoveTheVerdictsTowardTheOutcome() {
        LinearJudge judge = ElementKinds.judge(2.0, 1.0);
        JudgeRequest good = new JudgeRequest(TYPED_THEN_SUBMITTED, 0);
        JudgeRequest bad = new JudgeRequest(CLICKED_NOTHING_TWICE, 1);
        double goodBefore = positiveProbability(judge, good);
        double badBefore = positiveProbability(judge, bad);
        SplittableRandom rng = new SplittableRandom(3);
        for (int round = 0; round < 10; round++) {
            List<List<Judgment>> judged =
                    judge.judge(List.of(good, bad), 3, List.of(rng.split(), rng.split()));
            List<RewardModelSample> samples = new ArrayList<>();
            samples.addAll(consistencySamples(good, judged.get(0), +1));
            samples.addAll(consistencySamples(bad, judged.get(1), -1));
            if (!samples.isEmpty()) {
                judge.update(samples, rng);
            }
        }
        double goodAfter = positiveProbability(judge, good);
        double badAfter = positiveProbability(judge, bad);
        assertTrue(goodAfter > goodBefore + 0.1, goodBefore + " -> " + goodAfter);
        assertTrue(badAfter < badBefore - 0.1, badBefore + " -> " + badAfter);
    }

    /**
     * method.md §4 for one step: raw_j = R·S_j with R = O + mean_j S_j, z-scored over the m
     * verdicts; a step whose raws are all equal gives no sample.
     */
    private static List<RewardModelSample> consistencySamples(
            JudgeRequest request, List<Judgment> judgments, int outcome) {
        double[] s = new double[judgments.size()];
        double sum = 0;
        for (int j = 0; j < s.length; j++) {
            s[j] = judgments.get(j).verdict() == Verdict.POSITIVE ? 1 : -1;
            sum += s[j];
        }
        double r = outcome + sum / s.length;
        double mean = 0;
        for (int j = 0; j < s.length; j++) {
            mean += r * s[j] / s.length;
        }
        double var = 0;
        for (int j = 0; j < s.length; j++) {
            var += (r * s[j] - mean) * (r * s[j] - mean) / s.length;
        }
        List<RewardModelSample> samples = new ArrayList<>();
        if (var == 0) {
            return samples;
        }
        for (int j = 0; j < s.length; j++) {
            samples.add(
                    new RewardModelSample(
                            request, judgments.get(j), (r * s[j] - mean) / Math.sqrt(var)));
        }
        return samples;
    }

    @Test
    void weightsSurviveACheckpointAndACorruptFileIsNamed(@TempDir Path dir) throws IOException {
        LinearJudge judge = ElementKinds.judge(1.0, 1.0);
        JudgeRequest good = new JudgeRequest(TYPED_THEN_SUBMITTED, 0);
        List<Judgment> judged =
                judge.judge(List.of(good), 8, List.of(new SplittableRandom(1))).get(0);
        judge.update(
                List.of(new RewardModelSample(good, judged.get(0), 1.0)), new SplittableRandom(2));
        assertTrue(judge.weights()[0] != 0);
        judge.saveTo(dir);
        try (var files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("linear-judge.json")), files.toList());
        }
        LinearJudge loaded = ElementKinds.judge(1.0, 1.0);
        loaded.loadFrom(dir);
        assertArrayEquals(judge.weights(), loaded.weights());

        String saved = Files.readString(dir.resolve("linear-judge.json"));
        Files.writeString(dir.resolve("linear-judge.json"), saved.substring(0, saved.length() / 2));
        IOException truncated = assertThrows(IOException.class, () -> loaded.loadFrom(dir));
        assertTrue(truncated.getMessage().contains("linear-judge.json"), truncated.getMessage());
        assertArrayEquals(judge.weights(), loaded.weights(), "a failed load leaves the weights");

        Files.delete(dir.resolve("linear-judge.json"));
        IOException missing = assertThrows(IOException.class, () -> loaded.loadFrom(dir));
        assertTrue(missing.getMessage().contains("linear-judge.json"), missing.getMessage());
    }

    /** p(+1) of the judge on the request's step: the log-probability it gives a +1 there. */
    private static double positiveProbability(LinearJudge judge, JudgeRequest request) {
        return Math.exp(
                judge.teach(request, Judgment.parsed("\\boxed{1}", 0, null))
                        .orElseThrow()
                        .logProb());
    }
}
