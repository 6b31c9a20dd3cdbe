package org.rlanything.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rlanything.core.Judgment;
import org.rlanything.core.Step;
import org.rlanything.core.Trajectory;
import org.rlanything.core.loop.IterationRecord;
import org.rlanything.core.loop.LoopConfig;
import org.rlanything.core.loop.LoopListener;
import org.rlanything.core.loop.PolicyData;
import org.rlanything.core.loop.PoolEvent;
import org.rlanything.core.loop.TaskRollouts;
import org.rlanything.core.spi.RunParticipant;

/**
 * Writes each iteration into the run folder, in an order that survives a kill at any moment: first
 * the logs (metrics, timings, pool events, sampled trajectories; each forced to disk), then, at the
 * checkpoint cadence, the checkpoint (atomic), then the report. On resume the logs are cut back to
 * the checkpoint's iteration, so a half-recorded iteration is recomputed and written again
 * identically.
 */
public final class RunRecorder implements LoopListener {

    private final RunFolder folder;
    private final RunComponents components;
    private final LoopConfig loop;
    private final int checkpointEvery;
    private final int keepCheckpoints;
    private final int savedTrajectories;
    private final int lastIteration;
    private final CheckpointManifest.Identity identity;
    private final LogLedger logs;

    public RunRecorder(
            RunFolder folder,
            RunComponents components,
            LoopConfig loop,
            int checkpointEvery,
            int keepCheckpoints,
            int savedTrajectories,
            int lastIteration,
            CheckpointManifest.Identity identity,
            LogLedger logs) {
        this.identity = identity;
        this.logs = logs;
        this.folder = folder;
        this.components = components;
        this.loop = loop;
        this.checkpointEvery = checkpointEvery;
        this.keepCheckpoints = keepCheckpoints;
        this.savedTrajectories = savedTrajectories;
        this.lastIteration = lastIteration;
    }

    @Override
    public void onIterationEnd(IterationRecord record) {
        int t = record.iteration();
        KillPoint.reach("iteration-end", t);
        ObjectNode metrics = JsonlLog.JSON.createObjectNode();
        ObjectNode timings = JsonlLog.JSON.createObjectNode();
        metrics.put("iteration", t);
        timings.put("iteration", t);
        Map<String, Double> figures = new java.util.TreeMap<>(record.metrics());
        figures.putAll(components.drainParticipantMetrics());
        for (Map.Entry<String, Double> entry : figures.entrySet()) {
            (entry.getKey().startsWith("timing_s/") ? timings : metrics)
                    .put(entry.getKey(), entry.getValue());
        }
        logs.append(folder.metrics(), List.of(metrics));
        logs.append(folder.timings(), List.of(timings));
        logs.append(folder.pool(), poolLines(record));
        logs.append(folder.trajectories(), trajectoryLines(record));
        KillPoint.reach("logs-written", t); // the iteration's logs on disk, no checkpoint yet
        for (RunParticipant participant : components.participants()) {
            try {
                participant.iterationEnded(t, folder.root());
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "Cannot write the files of "
                                + participant.getClass().getSimpleName()
                                + " for iteration "
                                + t
                                + " in "
                                + folder.root()
                                + ": "
                                + e.getMessage(),
                        e);
            }
        }
        if (t % checkpointEvery == 0 || t == lastIteration) {
            try {
                folder.checkpoints()
                        .save(
                                record.state(),
                                components,
                                keepCheckpoints,
                                identity,
                                logs,
                                folder.record());
                ReportWriter.write(folder);
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "Cannot write the checkpoint of iteration "
                                + t
                                + " in "
                                + folder.root()
                                + ".",
                        e);
            }
        }
    }

    private static List<ObjectNode> poolLines(IterationRecord record) {
        List<ObjectNode> lines = new ArrayList<>();
        for (PoolEvent event : record.events()) {
            ObjectNode line = JsonlLog.JSON.createObjectNode();
            line.put("iteration", event.iteration());
            line.put("slot", event.slot());
            line.put("event", event.kind().name().toLowerCase(java.util.Locale.ROOT));
            line.put("goal", event.goal().name().toLowerCase(java.util.Locale.ROOT));
            line.put("task", event.taskId());
            line.put("from_task", event.fromTaskId());
            line.put("accuracy", event.accuracy());
            line.put("previous_accuracy", event.previousAccuracy());
            line.put("detail", event.detail());
            lines.add(line);
        }
        return lines;
    }

    /** The first rollout of the first few tasks, with each step's reward and judgments. */
    private List<ObjectNode> trajectoryLines(IterationRecord record) {
        List<ObjectNode> lines = new ArrayList<>();
        for (TaskRollouts rollouts : record.rollouts()) {
            if (lines.size() >= savedTrajectories) {
                break;
            }
            int k = 0;
            Trajectory trajectory = rollouts.trajectories().get(k);
            double[] rewards =
                    rollouts.judged()
                                    || loop.feedback()
                                            == org.rlanything.core.reward.FeedbackMode.OUTCOME
                            ? PolicyData.stepRewards(
                                            rollouts, loop.feedback(), loop.algorithm().lambda())
                                    .get(k)
                            : null;
            ObjectNode line = JsonlLog.JSON.createObjectNode();
            line.put("iteration", record.iteration());
            line.put("slot", rollouts.slot());
            line.put("role", rollouts.role().name().toLowerCase(java.util.Locale.ROOT));
            line.put("task", rollouts.task().id());
            line.put("description", rollouts.task().describe());
            line.put("accuracy", rollouts.accuracy());
            line.put("won", trajectory.won());
            ArrayNode steps = line.putArray("steps");
            for (Step step : trajectory.steps()) {
                ObjectNode node = steps.addObject();
                node.put("observation", step.observation());
                node.put("action", step.action().command());
                if (!step.action().response().equals(step.action().command())) {
                    node.put("response", step.action().response());
                }
                node.put("next_observation", step.nextObservation());
                node.put("label", step.label().name().toLowerCase(java.util.Locale.ROOT));
                if (rewards != null) {
                    node.put("reward", rewards[step.index()]);
                }
                if (rollouts.judged()) {
                    ArrayNode verdicts = node.putArray("verdicts");
                    ArrayNode judgments = node.putArray("judgments");
                    for (Judgment judgment : rollouts.judgments().get(k).get(step.index())) {
                        verdicts.add(judgment.verdict().value());
                        judgments.add(judgment.text());
                    }
                }
            }
            lines.add(line);
        }
        return lines;
    }
}
