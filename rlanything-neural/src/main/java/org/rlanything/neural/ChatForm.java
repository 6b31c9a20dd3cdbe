package org.rlanything.neural;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.rlanything.chat.ChatMessage;
import org.rlanything.chat.ChatPrompts;
import org.rlanything.chat.HouseholdChat;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Verdict;
import org.rlanything.neural.tokenizer.ChatTemplate;
import org.rlanything.neural.tokenizer.HfTokenizer;
import org.rlanything.neural.tokenizer.TextTokenizer;

/**
 * How an instruct model with a chat template reads and answers: the turns of the setting's {@link
 * ChatPrompts} (the ones the endpoint kinds send, with the reference's contents, method.md §7),
 * rendered by the model's own template with the generation prompt; a policy reply is mapped to a
 * command, and a judge reply to a verdict, by the same {@link ChatPrompts}. Without a setting's own
 * the household form serves ({@link #HOUSEHOLD}: the task, recent steps, the observation and the
 * numbered admissible commands; the command or its index in {@code \boxed{}}, {@code \boxed{1}} or
 * {@code \boxed{-1}} after any thinking).
 */
public final class ChatForm {

    /**
     * The household chat form of the endpoint kinds ({@link HouseholdChat#PROMPTS}: ALFWorld,
     * MiniWoB++ and any environment without its own).
     */
    public static final ChatPrompts HOUSEHOLD = HouseholdChat.PROMPTS;

    private final ChatTemplate template;
    private final ChatPrompts prompts;
    private final String bosToken;
    private final String eosToken;

    private ChatForm(ChatTemplate template, ChatPrompts prompts, String bosToken, String eosToken) {
        this.template = template;
        this.prompts = prompts;
        this.bosToken = bosToken;
        this.eosToken = eosToken;
    }

    /**
     * The chat form of a tokenizer with a chat template reading {@code prompts}'s turns, or null
     * when the tokenizer has no template.
     */
    public static ChatForm of(TextTokenizer tokenizer, ChatPrompts prompts) {
        Objects.requireNonNull(prompts, "prompts");
        if (tokenizer.chatTemplate() == null) {
            return null;
        }
        HfTokenizer hf = tokenizer instanceof HfTokenizer h ? h : null;
        return new ChatForm(
                new ChatTemplate(tokenizer.chatTemplate()),
                prompts,
                hf == null ? null : hf.specialTokenText("bos_token"),
                hf == null ? null : hf.specialTokenText("eos_token"));
    }

    /** The policy's prompt text for {@code context}, ending where the reply starts. */
    public String policyPrompt(PolicyContext context) {
        return render(prompts.policy(context));
    }

    /** The judge's prompt text for {@code request}, ending where the judgment starts. */
    public String judgePrompt(JudgeRequest request) {
        return render(prompts.judge(request));
    }

    /** The command a policy reply stands for (empty text when it holds none). */
    public String command(String reply, PolicyContext context) {
        return prompts.command(reply, context);
    }

    /** The verdict of a judge reply. */
    public Verdict verdict(String reply) {
        return prompts.verdict(reply);
    }

    private String render(List<ChatMessage> messages) {
        List<ChatTemplate.Message> turns = new ArrayList<>();
        for (ChatMessage m : messages) {
            turns.add(new ChatTemplate.Message(m.role(), m.content()));
        }
        return template.render(turns, true, bosToken, eosToken, Map.of());
    }
}
