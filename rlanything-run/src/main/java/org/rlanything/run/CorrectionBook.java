package org.rlanything.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.rlanything.core.Verdict;
import org.rlanything.core.loop.StepCorrections;

/**
 * The run's {@code corrections.jsonl} as the training loop uses it: read again at the start of each
 * iteration (so corrections made while the run trains count from the next iteration on), each
 * correction in force resolved through {@code trajectories.jsonl} to its task and the actions up to
 * its step. How many bytes of the file an iteration used is what the next checkpoint records (see
 * {@link LogLedger}), so that a resume can check the corrections a checkpoint consumed.
 *
 * <p>Only corrections in force are used. One waiting for its iteration (a resume rolled the logs
 * back past it) is used again from the iteration after the run saves that iteration again; one set
 * aside (its iteration came back without its step) is told once, in one line, and never used. A
 * damaged file stops the run with the file and line named (exit 2), like a damaged log: fix it,
 * then {@code train --resume}.
 */
final class CorrectionBook implements StepCorrections {

    private final RunFolder folder;
    private final Consumer<String> notices;
    private final Set<Integer> told = new HashSet<>();
    private Map<String, Verdict> fixed = Map.of();
    private int inForce;
    private long consumedBytes;

    /** {@code notices} gets one line per correction set aside (once each). */
    CorrectionBook(RunFolder folder, Consumer<String> notices) {
        this.folder = folder;
        this.notices = notices;
    }

    @Override
    public void iterationStarts(int iteration) {
        try {
            Corrections corrections = folder.corrections();
            if (!Files.exists(corrections.file())) {
                fixed = Map.of();
                inForce = 0;
                consumedBytes = 0;
                KillPoint.reach("corrections-read", iteration);
                return;
            }
            List<JsonNode> trajectories = folder.trajectories().read();
            Corrections.Snapshot snapshot = corrections.snapshot(trajectories);
            Map<Corrections.StepKey, Corrections.Correction> inForce = snapshot.inForce();
            for (Corrections.Status s : snapshot.state().standing(Corrections.Standing.SET_ASIDE)) {
                if (told.add(s.line())) {
                    notices.accept(corrections.file() + ", line " + s.line() + ": " + s.reason());
                }
            }
            long size = snapshot.bytes();
            Map<String, Verdict> next = new HashMap<>();
            for (Corrections.Correction c : inForce.values()) {
                next.put(
                        key(c.task(), actions(trajectories, c.step())),
                        c.verdict() > 0 ? Verdict.POSITIVE : Verdict.NEGATIVE);
            }
            fixed = Map.copyOf(next);
            this.inForce = inForce.size();
            consumedBytes = size;
            KillPoint.reach("corrections-read", iteration);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + folder.corrections().file() + ".", e);
        }
    }

    @Override
    public Optional<Verdict> find(String taskId, List<String> actions) {
        return fixed.isEmpty()
                ? Optional.empty()
                : Optional.ofNullable(fixed.get(key(taskId, actions)));
    }

    @Override
    public int inForce() {
        return inForce;
    }

    /** The bytes of corrections.jsonl the current iteration used (0: none). */
    long consumedBytes() {
        return consumedBytes;
    }

    /** The actions of the saved trajectory up to and including the corrected step. */
    private static List<String> actions(List<JsonNode> trajectories, Corrections.StepKey step) {
        for (JsonNode t : trajectories) {
            if (t.path("iteration").asInt() == step.iteration()
                    && t.path("slot").asInt() == step.slot()) {
                List<String> actions = new ArrayList<>();
                for (int i = 0; i <= step.step(); i++) {
                    actions.add(t.path("steps").get(i).path("action").asText());
                }
                return actions;
            }
        }
        // Corrections.inForce has checked that the step exists
        throw new IllegalStateException("no saved trajectory for " + step);
    }

    private static String key(String taskId, List<String> actions) {
        return taskId + '\u0000' + String.join("\u0000", actions);
    }
}
