package org.rlanything.core.loop;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.RewardModel;

/**
 * One iteration's {@link TaskFeedback} assessments, by task, kept with the type of their detail so
 * that the feedback's figures read them back without a cast; empty without task feedback.
 *
 * @param <D> the feedback's detail type
 */
final class Assessments<D> {

    private final TaskFeedback<D> feedback;
    private final Map<TaskRollouts, TaskFeedback.Assessment<D>> byTask = new IdentityHashMap<>();

    private Assessments(TaskFeedback<D> feedback) {
        this.feedback = feedback;
    }

    /** No task feedback: step judging. */
    static Assessments<Void> none() {
        return new Assessments<>(null);
    }

    /** {@code feedback}'s assessment of every task, in order (see {@link TaskFeedback#assess}). */
    static <D> Assessments<D> of(
            TaskFeedback<D> feedback,
            List<TaskRollouts> tasks,
            RewardModel rewardModel,
            int m,
            long[] seeds) {
        Assessments<D> assessments = new Assessments<>(feedback);
        List<TaskFeedback.Assessment<D>> assessed =
                TaskFeedback.checked(feedback.assess(tasks, rewardModel, m, seeds), tasks.size());
        for (int u = 0; u < tasks.size(); u++) {
            assessments.byTask.put(tasks.get(u), assessed.get(u));
        }
        return assessments;
    }

    /** The assessment of {@code task}; null when the task was not assessed. */
    TaskFeedback.Assessment<D> of(TaskRollouts task) {
        return byTask.get(task);
    }

    /**
     * The feedback's figures over the assessed tasks of {@code training}; none without feedback.
     */
    Map<String, Double> figures(List<TaskRollouts> training) {
        if (feedback == null) {
            return Map.of();
        }
        List<TaskFeedback.Assessment<D>> assessed = new ArrayList<>();
        for (TaskRollouts task : training) {
            if (byTask.containsKey(task)) {
                assessed.add(byTask.get(task));
            }
        }
        return feedback.figures(assessed);
    }
}
