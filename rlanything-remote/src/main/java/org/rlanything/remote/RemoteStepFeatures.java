package org.rlanything.remote;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rlanything.core.JudgeRequest;
import org.rlanything.core.PolicyContext;
import org.rlanything.core.Step;
import org.rlanything.core.spi.StepFeatures;

/**
 * The step features a remote server computes for the linear kinds (its {@code /info} names them,
 * {@code /features} and {@code /judge_features} compute them): the hook a server that offers them
 * adds to its hooks. A server computes a state's rows from the task and the observation text alone,
 * so the same request always gets the same rows; the answers are kept (the latest {@value #KEPT}),
 * since the linear policy asks again for every step it trains on.
 *
 * @param server the server
 * @param info its {@code /info}, with the feature names
 */
record RemoteStepFeatures(RemoteServer server, RemoteServer.Info info, Map<String, Object> kept)
        implements StepFeatures {

    /** How many answers are kept. */
    static final int KEPT = 50_000;

    RemoteStepFeatures(RemoteServer server, RemoteServer.Info info) {
        this(
                server,
                info,
                new LinkedHashMap<>(1024, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
                        return size() > KEPT;
                    }
                });
    }

    @Override
    public List<String> policyFeatureNames() {
        return info.policyFeatures();
    }

    @Override
    public double[][] policy(PolicyContext context) {
        JsonTask task = (JsonTask) context.task();
        String key =
                "p\u0000"
                        + task.id()
                        + "\u0000"
                        + context.observation()
                        + "\u0000"
                        + String.join("\u0000", context.admissibleActions());
        Object known;
        synchronized (kept) {
            known = kept.get(key);
        }
        if (known == null) {
            known =
                    server.features(
                            task,
                            context.observation(),
                            context.admissibleActions(),
                            info.policyFeatures().size());
            synchronized (kept) {
                kept.put(key, known);
            }
        }
        return (double[][]) known;
    }

    @Override
    public List<String> judgeFeatureNames() {
        return info.judgeFeatures();
    }

    @Override
    public double[] judge(JudgeRequest request) {
        JsonTask task = (JsonTask) request.trajectory().task();
        Step step = request.step();
        String key =
                "j\u0000"
                        + task.id()
                        + "\u0000"
                        + step.observation()
                        + "\u0000"
                        + step.action().command()
                        + "\u0000"
                        + step.nextObservation();
        Object known;
        synchronized (kept) {
            known = kept.get(key);
        }
        if (known == null) {
            known =
                    server.judgeFeatures(
                            task,
                            step.observation(),
                            step.action().command(),
                            step.nextObservation(),
                            info.judgeFeatures().size());
            synchronized (kept) {
                kept.put(key, known);
            }
        }
        return (double[]) known;
    }
}
