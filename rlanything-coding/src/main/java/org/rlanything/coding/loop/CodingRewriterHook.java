package org.rlanything.coding.loop;

import org.rlanything.coding.CodingRewriter;
import org.rlanything.coding.PassRateBoard;
import org.rlanything.coding.ProblemVerifier;
import org.rlanything.coding.TextGenerator;
import org.rlanything.core.Rewriter;
import org.rlanything.core.spi.ModelHooks;

/**
 * What the {@code coding} environment offers a bridge module whose model writes problems (as
 * rlanything-coding-openai's endpoint rewriter does): the {@link CodingRewriter} over any {@link
 * TextGenerator}, checking each new problem with this run's sandbox and seeing this run's pass
 * rates. The setting depends on no model module; the bridge brings the model.
 *
 * @param verifier checks a rewritten problem in the run's sandbox
 * @param passRates the pass rates the run's feedback records
 */
public record CodingRewriterHook(ProblemVerifier verifier, PassRateBoard passRates)
        implements ModelHooks {

    /** The rewriter whose new problems {@code model} writes. */
    public Rewriter over(TextGenerator model) {
        return new CodingRewriter(model, verifier, passRates);
    }
}
