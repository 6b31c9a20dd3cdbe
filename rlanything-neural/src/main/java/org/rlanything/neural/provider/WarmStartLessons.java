package org.rlanything.neural.provider;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rlanything.neural.NeuralModel;

/**
 * What a warm start ({@link GenericWarmStart#run(WarmStartLessons, Consumer)}) teaches its two
 * models: the text its tokenizer is fitted on and the lessons of the policy and the judge. The warm
 * start makes the tokenizer and the models and calls these in the order listed; the generic lessons
 * play the environment ({@link EnvironmentLessons}), a setting with examples of its own brings its
 * own (coding-mini's reference programs and test lines). One object serves one warm start: it may
 * keep what it gathered between the calls.
 */
public interface WarmStartLessons {

    /**
     * The name of the lessons' seeds: the models' initial weights are drawn from the purposes
     * {@code NAME/warm-start/init-policy} and {@code NAME/warm-start/init-ROLE} ({@link
     * #judgeRole}).
     */
    String name();

    /**
     * What the judge is called in the seeds' purposes ({@code judge}; coding-mini's {@code
     * writer}).
     */
    String judgeRole();

    /** Gathers the examples (playing or generating them) and returns the tokenizer's corpus. */
    List<String> gather();

    /** Says what was gathered, with the fitted tokenizer's {@code vocab} ids. */
    void describe(int vocab, Map<String, Double> metrics, Consumer<String> log);

    /** Trains the freshly made policy. */
    void teachPolicy(NeuralModel policy, Map<String, Double> metrics, Consumer<String> log);

    /** Trains the freshly made judge. */
    void teachJudge(NeuralModel judge, Map<String, Double> metrics);

    /** Measures both trained models without changing them (none by default). */
    default void check(NeuralModel policy, NeuralModel judge, Map<String, Double> metrics) {}

    /** The closing line: what was taught, from the warm start's {@code metrics}. */
    String summary(Map<String, Double> metrics);
}
