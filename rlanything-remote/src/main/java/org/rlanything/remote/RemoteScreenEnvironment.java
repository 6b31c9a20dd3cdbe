package org.rlanything.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepLabel;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;

/**
 * An environment that runs in another process, usually another machine (OSWorld's virtual machines,
 * any environment written in Python), reached through the remote-environment protocol (see the
 * module README):
 *
 * <pre>
 * POST /reset   {"task": {...}, "seed": S}                 -> {"session": ID, "observation": OBS, "done": B, "won": B}
 * POST /step    {"session": ID, "index": N, "action": A}   -> {"observation": OBS, "reward": R, "done": B, "won": B}
 * POST /observe {"session": ID, "screenshot": true}        -> {"observation": OBS}
 * POST /verify  {"task": {...}}                            -> {"valid": B, "reason": TEXT}
 * POST /close   {"session": ID}                            -> {}
 * OBS = {"text": TEXT, "actions": [A, ...] (optional), "screenshot": base64 PNG (optional)}
 * </pre>
 *
 * <p>{@code index} is the number of steps the session has taken before this one, so that a step
 * sent again after a lost answer is recognised by the server and answered, not applied twice: this
 * is what makes retrying a step safe. *
 *
 * <p>It lives here, in the remote setting, and not in rlanything-gui (whose OSWorld use it was
 * written for) nor in core: it is this setting's protocol, an environment in another process,
 * spoken through this module's {@link RemoteClient}; that client reads JSON with Jackson, and core
 * depends on no library, so it is not a general client core could hold. The gui module serves
 * MiniWoB++ pages over the same protocol ({@code RemoteEnvironmentServer}) and depends on no other
 * setting: one setting never depends on another (docs/architecture.md, module rules).
 */
public final class RemoteScreenEnvironment implements Environment {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RemoteClient client;

    public RemoteScreenEnvironment(RemoteSettings settings) {
        this.client = new RemoteClient(settings);
    }

    @Override
    public RemoteSession start(Task task, RandomGenerator rng) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", spec(task));
        body.put("seed", rng.nextLong());
        JsonNode answer = client.post("reset", body);
        String session = require(answer, "session", "reset").asText();
        return new RemoteSession(session, answer);
    }

    @Override
    public Verification verify(Task task) {
        ObjectNode body = JSON.createObjectNode();
        body.set("task", spec(task));
        JsonNode answer = client.post("verify", body);
        boolean valid = require(answer, "valid", "verify").asBoolean();
        String reason = answer.path("reason").asText(valid ? "ok" : "rejected by the server");
        return valid ? new Verification(true, reason) : Verification.rejected(reason);
    }

    private static JsonNode spec(Task task) {
        if (!(task instanceof RemoteScreenTask remote)) {
            throw new IllegalArgumentException(
                    "A remote environment plays RemoteScreenTask tasks, got "
                            + task.getClass().getSimpleName()
                            + " ("
                            + task.id()
                            + ").");
        }
        return remote.specJson();
    }

    private JsonNode require(JsonNode answer, String field, String request) {
        if (answer == null || !answer.hasNonNull(field)) {
            throw new RemoteEnvironmentException(
                    client.settings().base()
                            + " answered "
                            + request
                            + " without the field \""
                            + field
                            + "\": "
                            + answer);
        }
        return answer.get(field);
    }

    /** One episode on the server. */
    public final class RemoteSession implements EnvironmentSession {
        private final String id;
        private String text;
        private List<String> actions;
        private boolean done;
        private boolean won;
        private double reward;
        private int index;
        private boolean closed;

        private RemoteSession(String id, JsonNode answer) {
            this.id = id;
            read(answer, "reset");
        }

        private void read(JsonNode answer, String request) {
            JsonNode observation = require(answer, "observation", request);
            text = observation.path("text").asText("");
            actions = new ArrayList<>();
            observation.path("actions").forEach(a -> actions.add(a.asText()));
            done = answer.path("done").asBoolean(false);
            won = answer.path("won").asBoolean(false) && done;
            reward = answer.path("reward").asDouble(0);
        }

        /** The server's session id. */
        public String id() {
            return id;
        }

        @Override
        public String observation() {
            return text;
        }

        @Override
        public List<String> admissibleActions() {
            return List.copyOf(actions);
        }

        @Override
        public StepResult step(String action) {
            if (done) {
                throw new IllegalStateException("The episode has ended.");
            }
            ObjectNode body = JSON.createObjectNode();
            body.put("session", id);
            body.put("index", index);
            body.put("action", action);
            read(client.post("step", body), "step");
            index++;
            return new StepResult(text, done, won, StepLabel.UNKNOWN);
        }

        /** The reward the server gave for the last step (the evaluator's score when done). */
        public double reward() {
            return reward;
        }

        /** A PNG of the current screen, asked for on demand (screenshots are large). */
        public byte[] screenshot() {
            ObjectNode body = JSON.createObjectNode();
            body.put("session", id);
            body.put("screenshot", true);
            JsonNode observation = require(client.post("observe", body), "observation", "observe");
            if (!observation.hasNonNull("screenshot")) {
                throw new RemoteEnvironmentException(
                        client.settings().base() + " sent no screenshot for session " + id);
            }
            return Base64.getDecoder().decode(observation.get("screenshot").asText());
        }

        @Override
        public boolean done() {
            return done;
        }

        @Override
        public boolean won() {
            return won;
        }

        /** Tells the server to free the session; a server that is gone is not an error here. */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            ObjectNode body = JSON.createObjectNode();
            body.put("session", id);
            try {
                client.post("close", body, 0);
            } catch (RemoteEnvironmentException e) {
                // The server frees sessions it no longer hears about by itself.
            }
        }
    }
}
