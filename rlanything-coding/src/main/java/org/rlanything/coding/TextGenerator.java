package org.rlanything.coding;

import java.util.random.RandomGenerator;

/**
 * A language model seen as text in, text out: the rewriter's LLM (an endpoint model or an embedded
 * one). The generator's sampling draws only from {@code rng}, so a run's seed fixes it.
 */
@FunctionalInterface
public interface TextGenerator {

    /** One sampled reply to the prompt. */
    String generate(String prompt, RandomGenerator rng);
}
