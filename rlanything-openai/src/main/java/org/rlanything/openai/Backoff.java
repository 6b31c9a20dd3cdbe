package org.rlanything.openai;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Delays between tries: exponential backoff with "equal jitter" ({@code d = min(max, base *
 * 2^(retry-1))}, then a uniform delay in {@code [d/2, d]}), so that many clients hit by the same
 * overload do not retry in step. A server's {@code Retry-After} replaces the computed delay, capped
 * at {@code maxRetryAfter}.
 *
 * @param base the first retry's delay before jitter
 * @param max the largest computed delay
 * @param maxRetryAfter the longest {@code Retry-After} honoured (a longer one is cut to this)
 */
public record Backoff(Duration base, Duration max, Duration maxRetryAfter) {

    public Backoff {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(max, "max");
        Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
        if (base.isNegative() || max.compareTo(base) < 0 || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException(
                    "A backoff needs 0 <= base <= max and maxRetryAfter >= 0, got base "
                            + base
                            + ", max "
                            + max
                            + ", maxRetryAfter "
                            + maxRetryAfter
                            + ".");
        }
    }

    /** 1 s doubling up to 60 s; {@code Retry-After} honoured up to 300 s. */
    public static Backoff defaults() {
        return new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(60), Duration.ofSeconds(300));
    }

    /** The delay before retry number {@code retry} (1 for the first retry). */
    public Duration delay(int retry, Duration retryAfter, RandomGenerator random) {
        if (retryAfter != null) {
            return retryAfter.compareTo(maxRetryAfter) > 0 ? maxRetryAfter : retryAfter;
        }
        long baseNanos = base.toNanos();
        long d = baseNanos;
        for (int i = 1; i < retry && d < max.toNanos(); i++) {
            d = d > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : d * 2;
        }
        d = Math.min(d, max.toNanos());
        long half = d / 2;
        return Duration.ofNanos(half + (d - half == 0 ? 0 : random.nextLong(d - half + 1)));
    }
}
