package org.rlanything.alfworld.command;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rlanything.alfworld.gen.AlfredLogic;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.alfworld.gen.EnginePlanOracle;
import org.rlanything.alfworld.gen.GameGenerator;
import org.rlanything.alfworld.gen.GeneratedGame;
import org.rlanything.alfworld.gen.PlanOracle;
import org.rlanything.alfworld.gen.Scene;
import org.rlanything.alfworld.gen.SceneWriter;
import org.rlanything.alfworld.gen.TypeCatalog;
import org.rlanything.alfworld.rewrite.CandidateVerifier;
import org.rlanything.alfworld.rewrite.RewriteBench;
import org.rlanything.alfworld.rewrite.RewriteOperators;
import org.rlanything.alfworld.rewrite.SceneRewriter;
import org.rlanything.alfworld.rewrite.TypeSwapRewriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rlanything alfworld rewrite-bench}: generates games, asks the rewriter ({@code
 * --operators}: the default type swap with k samples a request, or the scene operators) for one
 * harder and one easier rewrite of each, re-checks every candidate from its bytes with the planner,
 * and prints the difficulty averages. Exit code 1 when a candidate fails its re-check.
 */
@Command(
        name = "rewrite-bench",
        mixinStandardHelpOptions = true,
        description =
                "Check the ALFWorld rewriter on generated games: every candidate loads and is winnable; "
                        + "harder ones are harder, easier ones easier on average.")
public final class RewriteBenchCommand implements Callable<Integer> {

    @Mixin SeedOption seedOption;

    @Option(
            names = "--count",
            defaultValue = "1000",
            description = "Number of generated games (default: ${DEFAULT-VALUE}).")
    int count;

    @Mixin DataOption dataOption;

    @Option(
            names = "--max-steps",
            defaultValue = "" + GameGenerator.DEFAULT_MAX_STEPS,
            description = "Planner step limit (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(
            names = "--operators",
            defaultValue = "type_swap",
            description =
                    "type_swap (the default rewriter, k = --samples samples a request) or all (the scene"
                            + " operators) (default: ${DEFAULT-VALUE}).")
    String operators;

    @Option(
            names = "--samples",
            defaultValue = "8",
            description = "Type-swap samples per request, k (default: ${DEFAULT-VALUE}).")
    int samples;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        GenerateCommand.requireCount(count);
        AlfworldData folder = dataOption.folder();
        long seed = seedOption.seed();
        PlanOracle planner = EnginePlanOracle.create();
        long start = System.nanoTime();
        List<Scene> scenes =
                GameGenerator.fromData(folder, planner, maxSteps).generateAll(seed, count).stream()
                        .map(GeneratedGame::scene)
                        .toList();
        double generated = (System.nanoTime() - start) / 1e9;
        CandidateVerifier verifier =
                new CandidateVerifier(
                        AlfredLogic.read213(folder.logic213()),
                        new SceneWriter(TypeCatalog.standard()),
                        planner,
                        maxSteps);
        RewriteBench.Report report =
                RewriteOperators.ofKey(operators) == RewriteOperators.ALL
                        ? RewriteBench.run(scenes, new SceneRewriter(verifier), planner, seed)
                        : RewriteBench.run(
                                scenes,
                                RewriteBench.typeSwaps(new TypeSwapRewriter(verifier), samples),
                                maxSteps,
                                planner,
                                seed);
        double total = (System.nanoTime() - start) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "Generated %d games in %.1f s; rewrites checked in %.1f s.%n",
                count,
                generated,
                total - generated);
        out.println(report.harder().summary("harder"));
        out.println(report.easier().summary("easier"));
        report.failures().forEach(f -> out.println("FAILED: " + f));
        out.println(
                report.failures().isEmpty()
                        ? "Every candidate loads and is winnable."
                        : report.failures().size() + " candidates failed their re-check.");
        out.flush();
        return report.failures().isEmpty() ? 0 : 1;
    }
}
