package org.rlanything.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rlanything.testfixtures.ChatReply;

/**
 * A sampling chat model for the {@code openai} kinds, served by a {@link
 * org.rlanything.testfixtures.FakeChatServer}: the policy answers one of the numbered admissible
 * commands of its prompt (or none, now and then), the judge a boxed verdict (or none), the rewriter
 * the task unchanged or nothing, each chosen by the request's seed and the sample index.
 */
public final class SeededChatModel {

    private static final Pattern ADMISSIBLE = Pattern.compile("(?m)^\\d+\\. (.+)$");

    private SeededChatModel() {}

    /** The reply to {@code request}: {@link #texts} as a well-formed chat completion. */
    public static ChatReply reply(JsonNode request) {
        return ChatReply.ok(texts(request));
    }

    /**
     * The texts of the {@code n} choices answering {@code request}: a function of the request's
     * seed and the sample index, so that the same request is answered the same way.
     */
    public static List<String> texts(JsonNode request) {
        String system = request.get("messages").get(0).get("content").asText();
        boolean judge = system.startsWith("You judge");
        if (system.startsWith("You rewrite")) {
            return rewrites(request);
        }
        String prompt = request.get("messages").get(1).get("content").asText();
        long seed = request.get("seed").asLong();
        int n = request.path("n").asInt(1);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long s = Math.floorMod(seed + i, 1_000_003L);
            if (judge) {
                texts.add(
                        s % 5 == 0
                                ? "Hard to say."
                                : s % 2 == 0 ? "Sensible. \\boxed{1}" : "Useless. \\boxed{-1}");
            } else {
                List<String> commands = new ArrayList<>();
                Matcher m = ADMISSIBLE.matcher(prompt);
                while (m.find()) {
                    commands.add(m.group(1).strip());
                }
                texts.add(
                        s % 7 == 0 || commands.isEmpty()
                                ? "I am lost."
                                : "I will try this. \\boxed{"
                                        + commands.get((int) (s % commands.size()))
                                        + "}");
            }
        }
        return texts;
    }

    /**
     * A rewriter that gives the task back unchanged (a valid task) for even seeds, and no task for
     * odd ones.
     */
    private static List<String> rewrites(JsonNode request) {
        String prompt = request.get("messages").get(1).get("content").asText();
        Matcher task = Pattern.compile("<task>\\n(.*?)\\n</task>", Pattern.DOTALL).matcher(prompt);
        boolean found = task.find();
        return List.of(
                found && request.get("seed").asLong() % 2 == 0
                        ? "Easier:\n<task>\n" + task.group(1) + "\n</task>"
                        : "I cannot rewrite this.");
    }
}
