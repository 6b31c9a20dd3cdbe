package org.rlanything.gui.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Base64;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.rlanything.core.Environment;
import org.rlanything.core.EnvironmentSession;
import org.rlanything.core.StepResult;
import org.rlanything.core.Task;
import org.rlanything.core.Verification;
import org.rlanything.gui.ScreenshotSession;

/**
 * Serves any {@link Environment} over the remote-environment protocol (see {@link
 * org.rlanything.remote.RemoteScreenEnvironment}) with the JDK's HTTP server: the Java side of what
 * a user writes in Python around OSWorld, and a way to put MiniWoB++ browsers on another machine.
 * Each step's answer is kept with its index, so a step sent again is answered again, not applied
 * twice.
 */
public final class RemoteEnvironmentServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Environment environment;
    private final Function<JsonNode, Task> tasks;
    private final HttpServer server;
    private final ExecutorService threads;
    private final Map<String, Served> sessions = new ConcurrentHashMap<>();

    private static final class Served {
        final EnvironmentSession session;
        int steps;
        ObjectNode lastAnswer;

        Served(EnvironmentSession session) {
            this.session = session;
        }
    }

    private RemoteEnvironmentServer(
            Environment environment,
            Function<JsonNode, Task> tasks,
            HttpServer server,
            int threads) {
        this.environment = environment;
        this.tasks = tasks;
        this.server = server;
        this.threads = Executors.newFixedThreadPool(threads);
        server.setExecutor(this.threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /**
     * Starts serving on {@code host:port} (port 0: any free port).
     *
     * @param tasks turns a request's task object into a task of {@code environment}; an {@link
     *     IllegalArgumentException} from it is answered as a 400 with its message
     */
    public static RemoteEnvironmentServer start(
            Environment environment,
            Function<JsonNode, Task> tasks,
            String host,
            int port,
            int threads)
            throws IOException {
        return new RemoteEnvironmentServer(
                environment,
                tasks,
                HttpServer.create(new InetSocketAddress(host, port), 0),
                threads);
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops listening at once and closes every open session. */
    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        sessions.values().forEach(s -> s.session.close());
        sessions.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            int status = 200;
            JsonNode answer;
            try {
                if (!"POST".equals(exchange.getRequestMethod())) {
                    throw new BadRequest("Use POST with a JSON body.");
                }
                JsonNode body = JSON.readTree(exchange.getRequestBody());
                if (body == null || !body.isObject()) {
                    throw new BadRequest("The body must be a JSON object.");
                }
                answer = dispatch(exchange.getRequestURI().getPath(), body);
            } catch (BadRequest | IllegalArgumentException e) {
                status = 400;
                answer = JSON.createObjectNode().put("error", e.getMessage());
            } catch (IOException e) {
                status = 400;
                answer = JSON.createObjectNode().put("error", "Bad JSON: " + e.getMessage());
            } catch (RuntimeException e) {
                status = 500;
                answer =
                        JSON.createObjectNode()
                                .put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            byte[] bytes = JSON.writeValueAsBytes(answer);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    private JsonNode dispatch(String path, JsonNode body) {
        switch (path) {
            case "/reset":
                {
                    Task task = tasks.apply(field(body, "task"));
                    long seed = field(body, "seed").asLong();
                    EnvironmentSession session =
                            environment.start(task, new SplittableRandom(seed));
                    String id = UUID.randomUUID().toString();
                    sessions.put(id, new Served(session));
                    ObjectNode answer = JSON.createObjectNode().put("session", id);
                    answer.set("observation", observation(session, false));
                    answer.put("done", session.done());
                    answer.put("won", session.won());
                    return answer;
                }
            case "/step":
                {
                    Served served = served(body);
                    int index = field(body, "index").asInt();
                    synchronized (served) {
                        if (index == served.steps - 1 && served.lastAnswer != null) {
                            return served.lastAnswer; // the client sent it again: same answer
                        }
                        if (index != served.steps) {
                            throw new BadRequest(
                                    "Step index "
                                            + index
                                            + " but the session has taken "
                                            + served.steps
                                            + " steps.");
                        }
                        if (served.session.done()) {
                            throw new BadRequest("The episode has ended.");
                        }
                        StepResult result = served.session.step(field(body, "action").asText());
                        ObjectNode answer = JSON.createObjectNode();
                        answer.set("observation", observation(served.session, false));
                        answer.put("reward", result.won() ? 1.0 : 0.0);
                        answer.put("done", result.done());
                        answer.put("won", result.won());
                        served.steps++;
                        served.lastAnswer = answer;
                        return answer;
                    }
                }
            case "/observe":
                {
                    Served served = served(body);
                    synchronized (served) {
                        return JSON.createObjectNode()
                                .set(
                                        "observation",
                                        observation(
                                                served.session,
                                                body.path("screenshot").asBoolean(false)));
                    }
                }
            case "/verify":
                {
                    Verification v = environment.verify(tasks.apply(field(body, "task")));
                    return JSON.createObjectNode()
                            .put("valid", v.valid())
                            .put("reason", v.reason());
                }
            case "/close":
                {
                    Served served = sessions.remove(field(body, "session").asText());
                    if (served != null) {
                        served.session.close();
                    }
                    return JSON.createObjectNode();
                }
            default:
                throw new BadRequest(
                        "Unknown request "
                                + path
                                + " (expected /reset, /step, /observe, /verify or /close).");
        }
    }

    private Served served(JsonNode body) {
        String id = field(body, "session").asText();
        Served served = sessions.get(id);
        if (served == null) {
            throw new BadRequest("Unknown session " + id + ".");
        }
        return served;
    }

    private static JsonNode field(JsonNode body, String name) {
        if (!body.hasNonNull(name)) {
            throw new BadRequest("The request needs the field \"" + name + "\".");
        }
        return body.get(name);
    }

    private static ObjectNode observation(EnvironmentSession session, boolean screenshot) {
        ObjectNode node = JSON.createObjectNode().put("text", session.observation());
        var actions = node.putArray("actions");
        session.admissibleActions().forEach(actions::add);
        if (screenshot) {
            if (!(session instanceof ScreenshotSession shots)) {
                throw new BadRequest("This environment takes no screenshots.");
            }
            node.put("screenshot", Base64.getEncoder().encodeToString(shots.screenshot()));
        }
        return node;
    }
}
