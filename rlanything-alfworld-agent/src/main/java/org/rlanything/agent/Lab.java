package org.rlanything.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rlanything.core.loop.RLAnythingLoop;
import org.rlanything.neural.CheckpointedPolicy;
import org.rlanything.neural.CheckpointedRewardModel;
import org.rlanything.neural.infer.SamplingConfig;

/**
 * Development entry point for measurements (not the product CLI): {@code java -cp rlanything.jar
 * org.rlanything.agent.Lab pretrain SEED DIR [bcSteps] [rmSteps]} and {@code ... Lab eval DIR SEED
 * HELDOUT}.
 */
public final class Lab {

    private Lab() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "pretrain" -> {
                long seed = Long.parseLong(args[1]);
                PretrainSettings s = PretrainSettings.defaults(seed);
                if (args.length > 3) {
                    s = s.withBcSteps(Integer.parseInt(args[3]));
                }
                if (args.length > 4) {
                    s = s.withRmSteps(Integer.parseInt(args[4]));
                }
                if (args.length > 5) {
                    s = s.withTrainGames(Integer.parseInt(args[5]));
                }
                AlfworldGames games = AlfworldGames.locate();
                try (Pretrainer.StartingModels m = Pretrainer.run(s, games, System.out::println)) {
                    m.save(Path.of(args[2]), Map.of("seed", seed));
                }
            }
            case "eval" -> {
                Path dir = Path.of(args[1]);
                long seed = Long.parseLong(args[2]);
                int heldOut = Integer.parseInt(args[3]);
                boolean real = args.length > 4 && Boolean.parseBoolean(args[4]);
                double temperature = args.length > 5 ? Double.parseDouble(args[5]) : 0.8;
                int m = args.length > 6 ? Integer.parseInt(args[6]) : 1;
                PretrainSettings s = PretrainSettings.defaults(seed);
                AlfworldGames games = AlfworldGames.locate();
                long t0 = System.nanoTime();
                List<AlfworldEvaluation.Dataset> sets = new java.util.ArrayList<>();
                sets.add(
                        new AlfworldEvaluation.Dataset(
                                "alfworld_generated", games.heldOut(seed, heldOut)));
                if (real) {
                    sets.add(new AlfworldEvaluation.Dataset("alfworld_real", games.real()));
                }
                System.out.printf("games ready (%.1f s)%n", (System.nanoTime() - t0) / 1e9);
                try (CheckpointedPolicy policy =
                                CheckpointedPolicy.load(
                                        dir.resolve("policy"),
                                        s.format(),
                                        new SamplingConfig(temperature, 1.0, 16),
                                        Pretrainer.trainerConfig(s));
                        CheckpointedRewardModel rm =
                                CheckpointedRewardModel.load(
                                        dir.resolve("reward_model"),
                                        s.format(),
                                        new SamplingConfig(temperature, 1.0, 12),
                                        Pretrainer.trainerConfig(s))) {
                    AlfworldEvaluation eval =
                            new AlfworldEvaluation(
                                    sets, new AlfworldEvaluation.Settings(1, 50, Double.NaN, m));
                    long t1 = System.nanoTime();
                    List<AlfworldEvaluation.DatasetResult> results =
                            eval.run(policy, rm, RLAnythingLoop.evaluationSeed(seed));
                    for (AlfworldEvaluation.DatasetResult r : results) {
                        System.out.println(AlfworldEvaluation.metrics(r));
                    }
                    System.out.printf("eval %.1f s%n", (System.nanoTime() - t1) / 1e9);
                    if (args.length > 7) {
                        AlfworldEvaluation.DatasetResult r = results.get(0);
                        for (int k = 0; k < Math.min(3, r.trajectories().size()); k++) {
                            var t = r.trajectories().get(k);
                            System.out.println(
                                    "=== "
                                            + AlfworldPromptFormat.goal(t.task())
                                            + " won="
                                            + t.won());
                            for (var st : t.steps()) {
                                System.out.println(
                                        "> "
                                                + st.action().command()
                                                + " ["
                                                + st.label()
                                                + " "
                                                + r.judgments().get(k).get(st.index()).get(0).text()
                                                + "]\n  "
                                                + st.nextObservation());
                            }
                        }
                    }
                }
            }
            case "expert" -> {
                long seed = Long.parseLong(args[1]);
                int n = Integer.parseInt(args[2]);
                double noise = Double.parseDouble(args[3]);
                AlfworldGames games = AlfworldGames.locate();
                var train = games.training(seed, n);
                var prior = SearchingExpert.Prior.of(train);
                var held = games.heldOut(seed, n);
                for (var set : List.of(train, held, games.real())) {
                    long t0 = System.nanoTime();
                    var d = PlannerDemonstrations.collect(set, prior, noise, 50, seed);
                    long won = d.trajectories().stream().filter(t -> t.won()).count();
                    double len =
                            d.trajectories().stream().mapToInt(t -> t.length()).average().orElse(0);
                    System.out.printf(
                            "games %d won %d mean length %.1f (%.1f s)%n",
                            set.size(), won, len, (System.nanoTime() - t0) / 1e9);
                }
                var d = PlannerDemonstrations.collect(held.subList(0, 2), prior, noise, 50, seed);
                for (var t : d.trajectories()) {
                    System.out.println("=== " + AlfworldPromptFormat.goal(t.task()));
                    for (var st : t.steps()) {
                        System.out.println(
                                "> "
                                        + st.action().command()
                                        + "   ["
                                        + st.label()
                                        + "]\n  "
                                        + st.nextObservation());
                    }
                }
            }
            case "bccurve" -> {
                long seed = Long.parseLong(args[1]);
                int steps = Integer.parseInt(args[2]);
                double lr = Double.parseDouble(args[3]);
                int batch = Integer.parseInt(args[4]);
                int hidden = Integer.parseInt(args[5]);
                int layers = Integer.parseInt(args[6]);
                int ffn = Integer.parseInt(args[7]);
                PretrainSettings s =
                        PretrainSettings.defaults(seed).withModel(768, hidden, layers, 4, ffn);
                AlfworldGames games = AlfworldGames.locate();
                var train = games.training(seed, s.trainGames());
                var prior = SearchingExpert.Prior.of(train);
                double noise = args.length > 8 ? Double.parseDouble(args[8]) : s.demoNoise();
                if (args.length > 9) {
                    train = games.training(seed, Integer.parseInt(args[9]));
                }
                var demos =
                        PlannerDemonstrations.collect(train, prior, noise, s.demoMaxSteps(), seed);
                var held =
                        PlannerDemonstrations.collect(
                                games.heldOut(seed, 40), prior, 0.0, 50, seed);
                var tok = AgentCorpus.tokenizer(demos, s.format(), s.vocabSize());
                int maxLen = 0;
                long sumLen = 0;
                for (var t : demos.targets()) {
                    int n = tok.encode(s.format().policyPrompt(t.context())).length;
                    maxLen = Math.max(maxLen, n);
                    sumLen += n;
                }
                System.out.printf(
                        "policy prompt tokens: mean %.1f max %d%n",
                        sumLen / (double) demos.targets().size(), maxLen);
                try (var model =
                        org.rlanything.neural.NeuralModel.create(
                                s.modelConfig(768, 5L), tok, Pretrainer.trainerConfig(s))) {
                    var data = Pretrainer.policySequences(model, demos, s.format());
                    var rng = new java.util.SplittableRandom(seed);
                    long t0 = System.nanoTime();
                    for (int done = 0; done < steps; done += 250) {
                        double loss =
                                Pretrainer.train(model, data, 250, batch, lr, rng, "bc", x -> {});
                        var perVerb = new java.util.TreeMap<String, int[]>();
                        double acc =
                                Pretrainer.choiceAccuracy(
                                        model, held.targets(), s.format(), perVerb);
                        StringBuilder v = new StringBuilder();
                        perVerb.forEach(
                                (k, x) -> v.append(String.format(" %s %d/%d", k, x[0], x[1])));
                        System.out.printf(
                                "steps %d loss %.3f held-out choice acc %.3f%s (%.0f s)%n",
                                done + 250, loss, acc, v, (System.nanoTime() - t0) / 1e9);
                    }
                }
            }
            case "tok" -> {
                long seed = Long.parseLong(args[1]);
                int vocab = Integer.parseInt(args[2]);
                PretrainSettings s = PretrainSettings.defaults(seed);
                AlfworldGames games = AlfworldGames.locate();
                var train = games.training(seed, s.trainGames());
                var demos =
                        PlannerDemonstrations.collect(
                                train,
                                SearchingExpert.Prior.of(train),
                                s.demoNoise(),
                                s.demoMaxSteps(),
                                seed);
                var tok = AgentCorpus.tokenizer(demos, s.format(), vocab);
                for (String x :
                        List.of(
                                " take statue 2 from sidetable 2",
                                " go to countertop 1",
                                " move wateringcan 2 to garbagecan 1",
                                AlfworldPromptFormat.GOOD_JUDGMENT,
                                AlfworldPromptFormat.BAD_JUDGMENT)) {
                    StringBuilder sb = new StringBuilder();
                    for (int id : tok.encode(x)) {
                        sb.append('[').append(tok.decode(new int[] {id})).append(']');
                    }
                    System.out.println(sb);
                }
                long total = 0;
                for (var t : demos.targets()) {
                    total += tok.encode(s.format().policyPrompt(t.context())).length;
                }
                System.out.printf(
                        "mean policy prompt %.1f tokens%n",
                        total / (double) demos.targets().size());
            }
            default -> throw new IllegalArgumentException("Unknown mode " + args[0]);
        }
    }
}
