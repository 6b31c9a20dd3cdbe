package org.rlanything.gui.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rlanything.core.Seeds;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.gui.Browser;
import org.rlanything.gui.BrowserPool;
import org.rlanything.gui.BrowserSettings;
import org.rlanything.gui.EpisodeRunner;
import org.rlanything.gui.GuiObservation;
import org.rlanything.gui.GuiPolicy;
import org.rlanything.gui.MiniwobFolder;
import org.rlanything.gui.MiniwobPage;
import org.rlanything.gui.MiniwobTask;
import org.rlanything.gui.PageElement;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rlanything miniwob}: MiniWoB++ task pages in headless Chromium. */
@Command(
        name = "miniwob",
        mixinStandardHelpOptions = true,
        description =
                "MiniWoB++ task pages in headless Chromium (Debian's chromium, chromium-driver).",
        subcommands = {
            MiniwobCommand.Inspect.class,
            MiniwobCommand.Random.class,
            MiniwobCommand.Serve.class
        })
public final class MiniwobCommand implements CommandProvider, Runnable {

    static final ObjectMapper JSON = new ObjectMapper();

    @Spec private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The shared task pages: {@code shared/data/miniwob/html/miniwob} above the working folder. */
    public static Path findPages() {
        return MiniwobFolder.findShared()
                .orElseThrow(
                        () ->
                                new org.rlanything.core.BadInputException(
                                        "No shared/data/miniwob/html/miniwob folder above the"
                                                + " working directory; name the pages' folder."));
    }

    static ObjectNode elementJson(PageElement e) {
        ObjectNode node = JSON.createObjectNode();
        node.put("ref", e.ref());
        node.put("tag", e.tag());
        node.put("text", e.text());
        if (e.value() != null) {
            node.put("value", e.value());
        }
        node.put("left", e.left());
        node.put("top", e.top());
        node.put("width", e.width());
        node.put("height", e.height());
        if (e.focused()) {
            node.put("focused", true);
        }
        return node;
    }

    /** {@code miniwob inspect PAGE}: the first observation of an episode, as one JSON line. */
    @Command(
            name = "inspect",
            mixinStandardHelpOptions = true,
            description =
                    "Opens a task page, starts an episode and prints one JSON line:"
                            + " {\"instruction\":..,\"elements\":[..]}.")
    static final class Inspect implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "PAGE",
                description = "A MiniWoB++ task page (.html).")
        private Path page;

        @Option(
                names = "--seed",
                defaultValue = "0",
                description = "Episode seed (default ${DEFAULT-VALUE}).")
        private long seed;

        @Option(
                names = "--screenshot",
                paramLabel = "PNG",
                description = "Also save a screenshot here.")
        private Path screenshot;

        @Override
        public Integer call() throws Exception {
            MiniwobTask task = MiniwobTask.ofFile(page);
            try (Browser browser = Browser.start(BrowserSettings.defaults(), 0)) {
                MiniwobPage p = new MiniwobPage(browser);
                GuiObservation observation;
                try {
                    p.open(task.page());
                    p.start(seed);
                    observation = p.observe(screenshot != null);
                } catch (org.rlanything.gui.BrowserDiedException e) {
                    // one page in one browser: its death is the page's doing
                    throw new org.rlanything.core.BadInputException(
                            "The task page " + page + " stopped its browser: " + e.getMessage(), e);
                }
                if (screenshot != null) {
                    Files.write(screenshot, observation.screenshot());
                }
                ObjectNode line = JSON.createObjectNode();
                line.put("task", task.family());
                line.put("seed", seed);
                line.put("instruction", observation.instruction());
                ArrayNode elements = line.putArray("elements");
                observation.elements().forEach(e -> elements.add(elementJson(e)));
                PrintWriter out = spec.commandLine().getOut();
                out.println(JSON.writeValueAsString(line));
                out.flush();
            }
            return 0;
        }
    }

    /**
     * {@code miniwob random PATH}: random legal actions; one JSON line per task page, and for a
     * folder a last line with the check of every page (loads, non-empty instruction, every episode
     * ends with a reward in [-1, 1]).
     */
    @Command(
            name = "random",
            mixinStandardHelpOptions = true,
            description =
                    "Plays random legal actions on a task page (or every page of a folder) and prints"
                            + " one JSON line per page: {\"task\":..,\"episodes\":N,\"rewards\":[..],"
                            + "\"steps\":[..]}; for a folder a last {\"summary\":..} line. Exit 1"
                            + " when a page fails the check (no instruction, an error, a reward"
                            + " outside [-1, 1]).")
    static final class Random implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Parameters(
                index = "0",
                paramLabel = "PATH",
                description = "A MiniWoB++ task page, or a folder of them (html/miniwob).")
        private Path path;

        @Option(
                names = "--episodes",
                defaultValue = "3",
                description = "Episodes per page (default ${DEFAULT-VALUE}).")
        private int episodes;

        @Option(
                names = "--seed",
                defaultValue = "1",
                description = "Run seed (default ${DEFAULT-VALUE}).")
        private long seed;

        @Option(
                names = "--max-steps",
                defaultValue = "30",
                description =
                        "Step limit of an episode (default ${DEFAULT-VALUE}, method.md's H for GUI).")
        private int maxSteps;

        @Mixin private BrowsersOption browsersOption;

        @Override
        public Integer call() throws Exception {
            if (episodes < 1) {
                throw new org.rlanything.core.BadInputException(
                        "--episodes must be at least 1, got " + episodes + ".");
            }
            List<MiniwobTask> tasks = MiniwobFolder.tasks(path);
            List<EpisodeRunner.Request> requests = new ArrayList<>();
            for (MiniwobTask task : tasks) {
                for (int e = 0; e < episodes; e++) {
                    requests.add(new EpisodeRunner.Request(task, Seeds.derive(seed, e)));
                }
            }
            long t0 = System.nanoTime();
            List<EpisodeRunner.Played> played;
            int reruns;
            try (BrowserPool pool =
                    new BrowserPool(BrowserSettings.defaults(), browsersOption.browsers())) {
                EpisodeRunner runner = new EpisodeRunner(pool, maxSteps, 3);
                played = runner.playEach(requests, GuiPolicy.random());
                reruns = runner.reruns();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, List<EpisodeRunner.Played>> byTask = new LinkedHashMap<>();
            played.forEach(
                    p ->
                            byTask.computeIfAbsent(
                                            p.request().task().family(), k -> new ArrayList<>())
                                    .add(p));
            PrintWriter out = spec.commandLine().getOut();
            List<String> failed = new ArrayList<>();
            int steps = 0;
            for (Map.Entry<String, List<EpisodeRunner.Played>> entry : byTask.entrySet()) {
                steps += printTask(out, entry.getKey(), entry.getValue(), failed);
            }
            if (tasks.size() > 1) {
                ObjectNode summary = JSON.createObjectNode();
                ObjectNode s = summary.putObject("summary");
                s.put("tasks", tasks.size());
                s.put("passed", tasks.size() - failed.size());
                ArrayNode f = s.putArray("failed");
                failed.forEach(f::add);
                s.put("episodes", requests.size());
                s.put("steps", steps);
                s.put("reruns", reruns);
                s.put("browsers", browsersOption.browsers());
                s.put("seconds", Math.round(seconds * 10) / 10.0);
                out.println(JSON.writeValueAsString(summary));
            }
            out.flush();
            return failed.isEmpty() ? 0 : 1;
        }

        /**
         * Prints one task's line (rewards, steps, its instruction, a problem found); adds the task
         * to {@code failed} on a problem; returns the task's steps.
         */
        private static int printTask(
                PrintWriter out,
                String task,
                List<EpisodeRunner.Played> played,
                List<String> failed)
                throws java.io.IOException {
            int steps = 0;
            ObjectNode line = JSON.createObjectNode();
            line.put("task", task);
            line.put("episodes", played.size());
            ArrayNode rewards = line.putArray("rewards");
            ArrayNode raw = line.putArray("raw_rewards");
            ArrayNode stepCounts = line.putArray("steps");
            ArrayNode done = line.putArray("done");
            String problem = null;
            String instruction = null;
            for (EpisodeRunner.Played p : played) {
                if (!p.ok()) {
                    problem = p.error();
                    continue;
                }
                rewards.add(p.result().reward());
                raw.add(p.result().rawReward());
                stepCounts.add(p.result().steps());
                done.add(p.result().done());
                steps += p.result().steps();
                if (instruction == null) {
                    instruction = p.result().instruction();
                }
                if (p.result().instruction().isBlank()) {
                    problem = "empty instruction (seed " + p.result().seed() + ")";
                }
                if (!(p.result().reward() >= -1 && p.result().reward() <= 1)) {
                    problem = "reward " + p.result().reward() + " outside [-1, 1]";
                }
            }
            line.put("instruction", instruction);
            if (problem != null) {
                line.put("error", problem);
                failed.add(task);
            }
            out.println(JSON.writeValueAsString(line));
            return steps;
        }
    }

    /**
     * {@code miniwob serve}: MiniWoB++ episodes over the remote-environment protocol, so that
     * browsers can run on another machine than the trainer.
     */
    @Command(
            name = "serve",
            mixinStandardHelpOptions = true,
            description =
                    "Serves MiniWoB++ episodes over the remote-environment protocol (POST /reset,"
                            + " /step, /observe, /verify, /close; task object {\"page\": PATH})"
                            + " until stopped.")
    static final class Serve implements Callable<Integer> {

        @Spec private CommandSpec spec;

        @Option(
                names = "--host",
                defaultValue = "127.0.0.1",
                description = "Address to listen on (default ${DEFAULT-VALUE}).")
        private String host;

        @Option(
                names = "--port",
                defaultValue = "8765",
                description = "Port (default ${DEFAULT-VALUE}; 0: any free port).")
        private int port;

        @Mixin private BrowsersOption browsersOption;

        @Override
        public Integer call() throws Exception {
            try (org.rlanything.gui.TabbedBrowsers tabs =
                            new org.rlanything.gui.TabbedBrowsers(
                                    BrowserSettings.defaults(), browsersOption.browsers());
                    org.rlanything.gui.remote.RemoteEnvironmentServer server =
                            org.rlanything.gui.remote.RemoteEnvironmentServer.start(
                                    new org.rlanything.gui.MiniwobEnvironment(tabs),
                                    json -> {
                                        if (!json.hasNonNull("page")) {
                                            throw new org.rlanything.core.BadInputException(
                                                    "A MiniWoB++ task object needs \"page\" (a task page path).");
                                        }
                                        return MiniwobTask.ofFile(
                                                Path.of(json.get("page").asText()));
                                    },
                                    host,
                                    port,
                                    browsersOption.browsers() + 2)) {
                PrintWriter out = spec.commandLine().getOut();
                out.println(
                        "serving MiniWoB++ on http://"
                                + host
                                + ":"
                                + server.port()
                                + "/ ("
                                + browsersOption.browsers()
                                + " browsers); stop with Ctrl-C");
                out.flush();
                // Ctrl-C ends the JVM without leaving the try block: close sessions, then browsers.
                Runtime.getRuntime()
                        .addShutdownHook(
                                new Thread(
                                        () -> {
                                            server.close();
                                            tabs.close();
                                        }));
                Thread.currentThread().join();
            }
            return 0;
        }
    }
}
