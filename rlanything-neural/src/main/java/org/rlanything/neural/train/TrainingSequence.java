package org.rlanything.neural.train;

/**
 * One training sample in token form: the prompt, the response whose tokens are trained, and the
 * advantage applied to every response token.
 *
 * @param prompt prompt token ids (conditioning only)
 * @param response response token ids (trained)
 * @param advantage advantage A
 */
public record TrainingSequence(int[] prompt, int[] response, double advantage)
        implements PpoSample {

    public TrainingSequence {
        prompt = prompt.clone();
        response = response.clone();
        PpoSample.requireFinite(advantage);
    }

    @Override
    public int[] prompt() {
        return prompt.clone();
    }

    @Override
    public int[] response() {
        return response.clone();
    }

    int promptLength() {
        return prompt.length;
    }

    int[] promptView() {
        return prompt;
    }

    int[] responseView() {
        return response;
    }
}
