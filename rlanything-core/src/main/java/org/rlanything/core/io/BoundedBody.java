package org.rlanything.core.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A reply body of the JDK's HTTP client read into memory up to a limit: past it (or when the
 * announced {@code Content-Length} is past it) the exchange is cut and fails with {@link TooLarge}.
 * The JDK's own string handler reads any body whole, so a server answering with 300 MB bodies ran
 * the tool out of memory while it retried. Used by the OpenAI-compatible client and the remote
 * environment protocol.
 */
public final class BoundedBody implements HttpResponse.BodySubscriber<String> {

    /** The largest reply body read (16 MiB; a reply of 16 samples of 4096 tokens is ~300 KB). */
    public static final int MAX_BYTES = 16 << 20;

    /** A body larger than the limit. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long limit) {
            super("the reply is larger than the " + (limit >> 20) + " MiB a reply may have");
        }
    }

    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private BoundedBody(int limit) {
        this.limit = limit;
    }

    /** The handler: a body of at most {@code limit} bytes, as UTF-8 text. */
    public static HttpResponse.BodyHandler<String> upTo(int limit) {
        return info -> {
            BoundedBody subscriber = new BoundedBody(limit);
            if (info.headers().firstValueAsLong("Content-Length").orElse(-1) > limit) {
                subscriber.body.completeExceptionally(new TooLarge(limit));
            }
            return subscriber;
        };
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (body.isDone()) {
            subscription.cancel();
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (body.isDone()) {
            return;
        }
        for (ByteBuffer item : items) {
            if ((long) bytes.size() + item.remaining() > limit) {
                subscription.cancel();
                body.completeExceptionally(new TooLarge(limit));
                return;
            }
            byte[] chunk = new byte[item.remaining()];
            item.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
        subscription.request(1);
    }

    @Override
    public void onError(Throwable failure) {
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toString(StandardCharsets.UTF_8));
    }

    @Override
    public CompletionStage<String> getBody() {
        return body;
    }
}
