package org.rlanything.openai.provider;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.rlanything.core.RewriteRequest;
import org.rlanything.core.Rewriter;
import org.rlanything.core.Task;
import org.rlanything.core.TaskCodec;
import org.rlanything.openai.ChatClient;
import org.rlanything.openai.EndpointRewriter;

/**
 * {@code rewriter.kind: openai} in a run: an {@link EndpointRewriter} that shows the task in the
 * environment's codec form and reads the reply back with it (text the codec refuses counts as
 * {@code rewrites_invalid}).
 */
final class OpenAiRewriter extends EndpointRole implements Rewriter {

    private final Rewriter rewriter;

    OpenAiRewriter(ChatClient client, TaskCodec codec) {
        this(client, new EndpointRewriter(client, codec::encode, text -> decode(codec, text), ""));
    }

    /** Serves {@code rewriter} (an environment's own endpoint rewriter, see EndpointRoles). */
    OpenAiRewriter(ChatClient client, Rewriter rewriter) {
        super(client, "rewriter");
        this.rewriter = rewriter;
    }

    /**
     * The codec's task, any refusal of it as the {@link IllegalArgumentException} the rewriter
     * counts.
     */
    private static Task decode(TaskCodec codec, String text) {
        try {
            return codec.decode(text);
        } catch (RuntimeException e) {
            throw new org.rlanything.core.BadInputException("not a task: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Task> rewrite(RewriteRequest request, RandomGenerator rng) {
        return rewriter.rewrite(request, rng);
    }

    /** A rewriter has no training samples to export. */
    @Override
    List<String> takeExport(int iteration) {
        return null;
    }
}
