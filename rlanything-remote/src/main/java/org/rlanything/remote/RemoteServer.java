package org.rlanything.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rlanything.core.RewriteGoal;
import org.rlanything.core.StepLabel;
import org.rlanything.core.Verification;

/**
 * The remote protocol's requests, typed (rlanything-remote/README.md has the wire format). Every
 * answer is checked for the fields it must hold; a missing or mistyped one is a {@link
 * RemoteEnvironmentException} naming the request and the field.
 */
public final class RemoteServer {

    /** The protocol version this client speaks ({@code /info}'s {@code protocol}). */
    public static final int PROTOCOL = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteClient client;

    public RemoteServer(RemoteClient client) {
        this.client = client;
    }

    /**
     * What the environment says about itself, from {@code GET /info}: its words for prompts,
     * whether it offers the optional {@code /demonstrate} ({@code "demonstrate": true}), and the
     * names of the step features it computes for the linear kinds ({@code "features": {"policy":
     * [...], "judge": [...]}}; empty lists: none, the optional {@code /features} is not offered).
     */
    public record Info(
            String name,
            String description,
            String actionFormat,
            String example,
            boolean demonstrates,
            List<String> policyFeatures,
            List<String> judgeFeatures) {

        /** Whether the server computes step features ({@code /features}). */
        public boolean features() {
            return !policyFeatures.isEmpty();
        }
    }

    /** One answer of {@code /reset} or {@code /step}. */
    public record Answer(
            String text,
            List<String> actions,
            double reward,
            boolean done,
            boolean won,
            StepLabel label,
            StepLabel restrainedLabel) {}

    /** {@code GET /info}; refuses a server of another protocol version. */
    public Info info() {
        JsonNode answer = client.get("info");
        int protocol = answer.path("protocol").asInt(PROTOCOL);
        if (protocol != PROTOCOL) {
            throw new RemoteEnvironmentException(
                    client.settings().address()
                            + " speaks protocol "
                            + protocol
                            + "; this tool speaks "
                            + PROTOCOL
                            + ".");
        }
        JsonNode demonstrates = answer.path("demonstrate");
        if (!demonstrates.isMissingNode() && !demonstrates.isNull() && !demonstrates.isBoolean()) {
            throw bad("info", "demonstrate", "true or false");
        }
        JsonNode features = answer.path("features");
        List<String> policy = List.of();
        List<String> judge = List.of();
        if (!features.isMissingNode() && !features.isNull()) {
            policy = names(features.path("policy"), "features.policy");
            judge = names(features.path("judge"), "features.judge");
            if (policy.isEmpty() || judge.isEmpty()) {
                throw bad("info", "features", "{\"policy\": [NAME, ...], \"judge\": [NAME, ...]}");
            }
        }
        return new Info(
                answer.path("name").asText(""),
                answer.path("description").asText(""),
                answer.path("action_format").asText(""),
                answer.path("example").asText(""),
                demonstrates.asBoolean(false),
                policy,
                judge);
    }

    private List<String> names(JsonNode list, String field) {
        if (!list.isArray()) {
            throw bad("info", field, "a list of feature names");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode n : list) {
            if (!n.isTextual() || n.asText().isBlank()) {
                throw bad("info", field, "a list of non-empty strings");
            }
            names.add(n.asText());
        }
        return List.copyOf(names);
    }

    /**
     * {@code POST /features}: one row of {@code size} numbers for each of {@code actions} in the
     * state {@code observation} of {@code task}.
     */
    public double[][] features(JsonTask task, String observation, List<String> actions, int size) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", task.node());
        body.put("observation", observation);
        actions.forEach(body.putArray("actions")::add);
        JsonNode rows = require(client.post("features", body), "rows", "features");
        if (!rows.isArray() || rows.size() != actions.size()) {
            throw bad("features", "rows", "a list of " + actions.size() + " rows, one per action");
        }
        double[][] out = new double[actions.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = numbers(rows.get(i), size, "features", "rows[" + i + "]");
        }
        return out;
    }

    /**
     * {@code POST /judge_features}: {@code size} numbers for the step {@code command} of {@code
     * task} from {@code before} to {@code after}.
     */
    public double[] judgeFeatures(
            JsonTask task, String before, String command, String after, int size) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", task.node());
        body.put("before", before).put("command", command).put("after", after);
        JsonNode values = require(client.post("judge_features", body), "values", "judge_features");
        return numbers(values, size, "judge_features", "values");
    }

    private double[] numbers(JsonNode list, int size, String request, String field) {
        if (!list.isArray() || list.size() != size) {
            throw bad(request, field, "a list of " + size + " numbers");
        }
        double[] out = new double[size];
        for (int i = 0; i < size; i++) {
            JsonNode v = list.get(i);
            if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
                throw bad(request, field, "a list of " + size + " finite numbers");
            }
            out[i] = v.asDouble();
        }
        return out;
    }

    /** {@code POST /tasks}: the first {@code count} tasks of {@code split} for {@code seed}. */
    public List<JsonTask> tasks(String split, int count, long seed) {
        ObjectNode body = JSON.createObjectNode().put("split", split).put("count", count);
        body.put("seed", seed);
        JsonNode list = require(client.post("tasks", body), "tasks", "tasks");
        if (!list.isArray()) {
            throw bad("tasks", "tasks", "a list");
        }
        List<JsonTask> tasks = new ArrayList<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (JsonNode node : list) {
            JsonTask task = task(node, "tasks");
            if (!ids.add(task.id())) {
                throw new RemoteEnvironmentException(
                        client.settings().address()
                                + " answered tasks with the id \""
                                + RemoteEnvironmentException.oneLine(task.id())
                                + "\" twice; a task's id is unique in the run.");
            }
            tasks.add(task);
        }
        if (tasks.size() < count) {
            throw new RemoteEnvironmentException(
                    client.settings().address()
                            + " gave "
                            + tasks.size()
                            + " "
                            + split
                            + " tasks; the config asks for "
                            + count
                            + ".");
        }
        return tasks.subList(0, count);
    }

    /** {@code POST /reset}. */
    public Answer reset(JsonTask task, long seed, String episode) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", task.node());
        body.put("seed", seed);
        body.put("episode_id", episode);
        return answer(client.post("reset", body), "reset");
    }

    /** {@code POST /step}: the {@code index}-th step (from 0) of the episode. */
    public Answer step(String episode, int index, String command) {
        ObjectNode body = JSON.createObjectNode().put("episode_id", episode).put("index", index);
        body.putObject("action").put("command", command);
        return answer(client.post("step", body), "step");
    }

    /**
     * {@code POST /demonstrate}: the server's solver's next command in a running episode, empty
     * where it has none ({@code "command": null}). A command that is not a string, or not one of
     * {@code admissible} when the state lists commands, is a bad answer.
     */
    public Optional<String> demonstrate(String episode, List<String> admissible) {
        JsonNode answer =
                client.post("demonstrate", JSON.createObjectNode().put("episode_id", episode));
        if (!answer.has("command")) {
            throw new RemoteEnvironmentException(
                    client.settings().address()
                            + " answered demonstrate without the field \"command\": "
                            + RemoteEnvironmentException.oneLine(answer.toString()));
        }
        JsonNode command = answer.get("command");
        if (command.isNull()) {
            return Optional.empty();
        }
        if (!command.isTextual()) {
            throw bad("demonstrate", "command", "a string or null");
        }
        if (!admissible.isEmpty() && !admissible.contains(command.asText())) {
            throw new RemoteEnvironmentException(
                    client.settings().address()
                            + " answered demonstrate with \""
                            + RemoteEnvironmentException.oneLine(command.asText())
                            + "\", which is not one of the episode's admissible commands "
                            + RemoteEnvironmentException.oneLine(admissible.toString())
                            + ".");
        }
        return Optional.of(command.asText());
    }

    /** {@code POST /verify}. */
    public Verification verify(JsonTask task) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", task.node());
        JsonNode answer = client.post("verify", body);
        JsonNode valid = require(answer, "valid", "verify");
        if (!valid.isBoolean()) {
            throw bad("verify", "valid", "true or false");
        }
        String reason = answer.path("reason").asText(valid.asBoolean() ? "ok" : "rejected");
        return valid.asBoolean() ? new Verification(true, reason) : Verification.rejected(reason);
    }

    /** {@code POST /rewrite}: a harder or easier task, or empty when the server declines. */
    public Optional<JsonTask> rewrite(
            JsonTask original,
            JsonTask active,
            RewriteGoal goal,
            double accuracy,
            String feedback,
            long seed) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", active.node());
        body.set("original", original.node());
        body.put("goal", goal.name().toLowerCase(java.util.Locale.ROOT));
        body.put("accuracy", accuracy);
        body.put("feedback", feedback);
        body.put("seed", seed);
        JsonNode task = client.post("rewrite", body).path("task");
        return task.isNull() || task.isMissingNode()
                ? Optional.empty()
                : Optional.of(task(task, "rewrite"));
    }

    /** {@code POST /close}; a server that is gone is not an error here (episodes end anyway). */
    public void close(String episode) {
        try {
            client.post("close", JSON.createObjectNode().put("episode_id", episode), 0);
        } catch (RemoteEnvironmentException e) {
            // the server frees episodes it no longer hears about
        }
    }

    private JsonTask task(JsonNode node, String request) {
        try {
            return JsonTask.of(node);
        } catch (IllegalArgumentException e) {
            throw new RemoteEnvironmentException(
                    client.settings().address() + " answered " + request + ": " + e.getMessage());
        }
    }

    private Answer answer(JsonNode answer, String request) {
        JsonNode observation = require(answer, "observation", request);
        JsonNode text = observation.isTextual() ? observation : observation.path("text");
        if (!text.isTextual()) {
            throw bad(request, "observation.text", "a string");
        }
        List<String> actions = new ArrayList<>();
        JsonNode listed = observation.path("actions");
        if (!listed.isMissingNode() && !listed.isNull()) {
            if (!listed.isArray()) {
                throw bad(request, "observation.actions", "a list of strings");
            }
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (JsonNode a : listed) {
                if (!a.isTextual() || a.asText().isBlank()) {
                    throw bad(
                            request,
                            "observation.actions",
                            "a list of non-blank strings, found "
                                    + RemoteEnvironmentException.oneLine(a.toString()));
                }
                if (!seen.add(a.asText())) {
                    throw bad(
                            request,
                            "observation.actions",
                            "each command once, found "
                                    + RemoteEnvironmentException.oneLine(a.toString())
                                    + " twice");
                }
                actions.add(a.asText());
            }
        }
        JsonNode done = require(answer, "done", request);
        if (!done.isBoolean()) {
            throw bad(request, "done", "true or false");
        }
        JsonNode wonNode = answer.path("won");
        if (!wonNode.isMissingNode() && !wonNode.isNull() && !wonNode.isBoolean()) {
            throw bad(request, "won", "true or false");
        }
        boolean won = wonNode.asBoolean(false);
        if (won && !done.asBoolean()) {
            throw bad(request, "won", "false while done is false");
        }
        JsonNode reward = answer.path("reward");
        if (!reward.isMissingNode()
                && !reward.isNull()
                && !(reward.isNumber() && Double.isFinite(reward.asDouble()))) {
            throw bad(
                    request,
                    "reward",
                    "a finite number, found "
                            + RemoteEnvironmentException.oneLine(reward.toString()));
        }
        return new Answer(
                text.asText(),
                List.copyOf(actions),
                reward.asDouble(0),
                done.asBoolean(),
                won,
                label(answer.path("label"), request),
                label(answer.path("restrained_label"), request));
    }

    private StepLabel label(JsonNode node, String request) {
        if (node.isMissingNode() || node.isNull()) {
            return StepLabel.UNKNOWN;
        }
        return switch (node.isTextual() ? node.asText() : "") {
            case "good" -> StepLabel.GOOD;
            case "bad" -> StepLabel.BAD;
            default -> throw bad(request, "label", "\"good\", \"bad\" or null");
        };
    }

    private JsonNode require(JsonNode answer, String field, String request) {
        if (!answer.hasNonNull(field)) {
            throw new RemoteEnvironmentException(
                    client.settings().address()
                            + " answered "
                            + request
                            + " without the field \""
                            + field
                            + "\": "
                            + RemoteEnvironmentException.oneLine(answer.toString()));
        }
        return answer.get(field);
    }

    private RemoteEnvironmentException bad(String request, String field, String expected) {
        return new RemoteEnvironmentException(
                client.settings().address()
                        + " answered "
                        + request
                        + " with a bad \""
                        + field
                        + "\" (expected "
                        + expected
                        + ").");
    }
}
