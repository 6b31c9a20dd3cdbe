package org.rlanything.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rlanything.chat.ChatMessage;
import org.rlanything.core.PolicySample;
import org.rlanything.core.RewardModelSample;
import org.rlanything.core.io.AtomicFiles;

/**
 * One iteration's training samples as JSON Lines for an external trainer (issue 14, item 7), in
 * TRL's conversational prompt-completion form: {@code {"prompt": [messages], "completion":
 * [{"role": "assistant", "content": response}], "advantage": A, "id": {...}}}. The prompt is
 * rebuilt with the role's own {@code messages(...)}, so it is exactly what the endpoint was sent;
 * {@code id} names the sample (iteration, task id, rollout, step; for the judge also the sample's
 * place in the file). Files are {@code export/<role>-NNNNNN.jsonl}, written atomically.
 */
public final class TrainingExport {

    /** The run folder's subfolder that holds the exports. */
    public static final String FOLDER = "export";

    private static final ObjectMapper JSON = new ObjectMapper();

    private TrainingExport() {}

    /** The lines of the policy's samples of one iteration. */
    public static List<String> policyLines(
            EndpointPolicy policy, int iteration, List<PolicySample> samples) {
        List<String> lines = new ArrayList<>(samples.size());
        for (PolicySample s : samples) {
            ObjectNode id =
                    id(
                            iteration,
                            s.trajectory().task().id(),
                            s.trajectory().rollout(),
                            s.step().index());
            lines.add(
                    line(
                            policy.messages(EndpointPolicy.contextOf(s.trajectory(), s.step())),
                            s.step().action().response(),
                            s.advantage(),
                            id));
        }
        return lines;
    }

    /** The lines of the judge's samples of one iteration. */
    public static List<String> judgeLines(
            EndpointJudge judge, int iteration, List<RewardModelSample> samples) {
        List<String> lines = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            RewardModelSample s = samples.get(i);
            ObjectNode id =
                    id(
                            iteration,
                            s.request().task().id(),
                            s.request().trajectory().rollout(),
                            s.request().stepIndex());
            id.put("sample", i);
            lines.add(line(judge.messages(s.request()), s.judgment().text(), s.advantage(), id));
        }
        return lines;
    }

    /** Writes {@code runDir/export/<role>-NNNNNN.jsonl} atomically and returns its path. */
    public static Path write(Path runDir, String role, int iteration, List<String> lines)
            throws IOException {
        if (!role.matches("[a-z_]+") || iteration < 0) {
            throw new IllegalArgumentException(
                    "An export needs a role name of letters and '_' and an iteration >= 0, "
                            + "got '"
                            + role
                            + "' and "
                            + iteration
                            + ".");
        }
        Path file = runDir.resolve(FOLDER).resolve(String.format("%s-%06d.jsonl", role, iteration));
        StringBuilder text = new StringBuilder();
        lines.forEach(l -> text.append(l).append('\n'));
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private static ObjectNode id(int iteration, String task, int rollout, int step) {
        ObjectNode id = JSON.createObjectNode();
        id.put("iteration", iteration).put("task", task).put("rollout", rollout).put("step", step);
        return id;
    }

    private static String line(
            List<ChatMessage> prompt, String completion, double advantage, ObjectNode id) {
        ObjectNode line = JSON.createObjectNode();
        ArrayNode p = line.putArray("prompt");
        for (ChatMessage m : prompt) {
            p.addObject().put("role", m.role()).put("content", m.content());
        }
        line.putArray("completion").addObject().put("role", "assistant").put("content", completion);
        line.put("advantage", advantage);
        line.set("id", id);
        return line.toString();
    }
}
