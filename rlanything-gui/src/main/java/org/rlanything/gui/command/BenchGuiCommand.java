package org.rlanything.gui.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rlanything.core.Seeds;
import org.rlanything.core.spi.CommandProvider;
import org.rlanything.gui.BrowserPool;
import org.rlanything.gui.BrowserSettings;
import org.rlanything.gui.EpisodeResult;
import org.rlanything.gui.EpisodeRunner;
import org.rlanything.gui.GuiPolicy;
import org.rlanything.gui.MiniwobFolder;
import org.rlanything.gui.MiniwobTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything bench gui}: MiniWoB++ episodes and steps per second with random legal actions
 * on a pool of headless browsers (browser start-up included, as a run pays it once).
 */
@Command(
        name = "gui",
        mixinStandardHelpOptions = true,
        description =
                "Measures MiniWoB++ episodes and steps per second (random legal actions, element list"
                        + " observed after every step) on a pool of headless Chromium browsers.")
public final class BenchGuiCommand implements CommandProvider, Callable<Integer> {

    @Override
    public Group group() {
        return Group.BENCH;
    }

    @Spec private CommandSpec spec;

    @Option(
            names = "--pages",
            paramLabel = "DIR",
            description =
                    "Folder of task pages (default: shared/data/miniwob/html/miniwob above the working directory).")
    private Path pages;

    @Option(
            names = "--episodes",
            defaultValue = "120",
            description = "Episodes, round-robin over the pages (default ${DEFAULT-VALUE}).")
    private int episodes;

    @Mixin private BrowsersOption browsersOption;

    @Option(
            names = "--max-steps",
            defaultValue = "30",
            description = "Step limit of an episode (default ${DEFAULT-VALUE}).")
    private int maxSteps;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Run seed (default ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() throws InterruptedException {
        if (episodes < 1) {
            throw new org.rlanything.core.BadInputException(
                    "--episodes must be at least 1, got " + episodes + ".");
        }
        List<MiniwobTask> tasks =
                MiniwobFolder.tasks(pages != null ? pages : MiniwobCommand.findPages());
        List<EpisodeRunner.Request> requests = new ArrayList<>();
        for (int e = 0; e < episodes; e++) {
            requests.add(
                    new EpisodeRunner.Request(tasks.get(e % tasks.size()), Seeds.derive(seed, e)));
        }
        long t0 = System.nanoTime();
        List<EpisodeResult> results;
        int reruns;
        int steps;
        try (BrowserPool pool =
                new BrowserPool(BrowserSettings.defaults(), browsersOption.browsers())) {
            EpisodeRunner runner = new EpisodeRunner(pool, maxSteps, 3);
            results = runner.playAll(requests, GuiPolicy.random());
            reruns = runner.reruns();
            steps = runner.steps();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long ended = results.stream().filter(EpisodeResult::done).count();
        long won = results.stream().filter(r -> r.done() && r.rawReward() > 0).count();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "pages: %d, browsers: %d, episodes: %d (%d ended by the page, %d won by chance), steps: %d, re-runs: %d%n",
                tasks.size(),
                browsersOption.browsers(),
                results.size(),
                ended,
                won,
                steps,
                reruns);
        out.printf(Locale.ROOT, "episodes/second: %.2f%n", results.size() / seconds);
        out.printf(Locale.ROOT, "steps/second: %.1f%n", steps / seconds);
        out.printf(Locale.ROOT, "wall: %.1f s (browser start-up included)%n", seconds);
        out.flush();
        return 0;
    }
}
