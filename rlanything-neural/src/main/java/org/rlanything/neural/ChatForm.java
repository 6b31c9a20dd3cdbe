package org.rlanything.neural;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Verdict;
import org.rlanything.neural.tokenizer.ChatTemplate;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.neural.tokenizer.TextTokenizer;
import org.rlanything.openai.ActionParser;
import org.rlanything.openai.ChatMessage;
import org.rlanything.openai.EndpointJudge;
import org.rlanything.openai.EndpointPolicy;
import org.rlanything.openai.provider.TaskText;

/**
 * How an instruct model with a chat template reads and answers: the turns the endpoint kinds send
 * (the reference's contents, method.md §7: a system message with the answer format, then the task,
 * recent steps, the observation and the numbered admissible commands; for the judge the step and
 * its rubric), rendered by the model's own template with the generation prompt; a policy reply is
 * mapped to a command by the endpoint kinds' {@link ActionParser} (the command or its index in
 * {@code \boxed{}}), a judge reply to a verdict by {@link EndpointJudge#verdict} ({@code \boxed{1}}
 * or {@code \boxed{-1}} after any thinking).
 */
public final class ChatForm {

    /** Earlier steps a policy prompt shows, as for the endpoint policy. */
    public static final int POLICY_HISTORY = 10;

    /** Earlier steps a judge prompt shows, as for the endpoint judge. */
    public static final int JUDGE_HISTORY = 20;

    /** Observations are cut to this many characters, as for the endpoints. */
    public static final int MAX_OBSERVATION_CHARS = 1000;

    private final ChatTemplate template;
    private final String bosToken;
    private final String eosToken;

    private ChatForm(ChatTemplate template, String bosToken, String eosToken) {
        this.template = template;
        this.bosToken = bosToken;
        this.eosToken = eosToken;
    }

    /** The chat form of a tokenizer with a chat template, or null when it has none. */
    public static ChatForm of(TextTokenizer tokenizer) {
        if (tokenizer.chatTemplate() == null) {
            return null;
        }
        HfTokenizer hf = tokenizer instanceof HfTokenizer h ? h : null;
        return new ChatForm(
                new ChatTemplate(tokenizer.chatTemplate()),
                hf == null ? null : hf.specialTokenText("bos_token"),
                hf == null ? null : hf.specialTokenText("eos_token"));
    }

    /** The policy's prompt text for {@code context}, ending where the reply starts. */
    public String policyPrompt(PolicyContext context) {
        return render(
                EndpointPolicy.messages(
                        context, TaskText::of, POLICY_HISTORY, MAX_OBSERVATION_CHARS));
    }

    /** The judge's prompt text for {@code request}, ending where the judgment starts. */
    public String judgePrompt(JudgeRequest request) {
        return render(
                EndpointJudge.messages(
                        request, TaskText::of, JUDGE_HISTORY, MAX_OBSERVATION_CHARS));
    }

    /**
     * The command a policy reply stands for (empty when it names no admissible one; the reply
     * itself when nothing is listed).
     */
    public static String command(String reply, List<String> admissible) {
        return ActionParser.parse(reply, admissible).command();
    }

    /** The verdict of a judge reply. */
    public static Verdict verdict(String reply) {
        return EndpointJudge.verdict(reply);
    }

    private String render(List<ChatMessage> messages) {
        List<ChatTemplate.Message> turns = new ArrayList<>();
        for (ChatMessage m : messages) {
            turns.add(new ChatTemplate.Message(m.role(), m.content()));
        }
        return template.render(turns, true, bosToken, eosToken, Map.of());
    }
}
