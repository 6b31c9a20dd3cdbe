package org.rlanything.openai;

import org.rlanything.core.BadInputException;

/**
 * An endpoint whose first replies held no usable sample (not JSON, no {@code choices}, no text
 * content): it does not serve OpenAI chat completions as the run needs, which the user fixes in the
 * config ({@code base_url}, {@code model}). Bad input: exit 2. The same after usable replies is an
 * {@link EndpointException} (the server broke during the run: exit 1).
 */
public final class EndpointUnusableException extends BadInputException {

    private static final long serialVersionUID = 1L;

    EndpointUnusableException(String message) {
        super(message);
    }
}
