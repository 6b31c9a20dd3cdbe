package org.rlanything.it.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.rlanything.it.SeededChatModel;
import org.rlanything.neural.NeuralModel;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.tokenizer.BpeTokenizer;
import org.rlanything.neural.train.PpoSettings;
import org.rlanything.testfixtures.FakeChatServer;

/**
 * The outside parts the contract rigs share, made once per test run: the fake chat server the
 * {@code openai} kinds talk to (answering as {@link SeededChatModel}), and a small embedded neural
 * model saved to a folder that the {@code neural} kinds start from ({@code init}).
 */
final class ContractResources {

    /** A corpus for the small model's tokenizer: words of the key-lock prompts and verdicts. */
    private static final List<String> CORPUS =
            List.of(
                    "Task: open every door of the corridor with the right button",
                    "Door 1 of 3 is red. The door opens. Nothing happens.",
                    "press red press green press blue press yellow",
                    "Actions: 1. 2. 3. 4.",
                    "Judgment: \\boxed{1} \\boxed{-1}");

    private static FakeChatServer server;
    private static Path model;

    private ContractResources() {}

    /** The fake chat server's base URL (started on first use, closed when the JVM exits). */
    static synchronized String chatBaseUrl() {
        if (server == null) {
            server = FakeChatServer.answering(SeededChatModel::reply);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server.baseUrl();
    }

    /** The folder of the small neural model (made on first use under target/). */
    static synchronized Path modelFolder() {
        if (model == null) {
            Path folder = Path.of("target", "contract-model").toAbsolutePath();
            BpeTokenizer tokenizer = BpeTokenizer.train(CORPUS, 300);
            ModelConfig config =
                    new ModelConfig(tokenizer.vocabSize(), 32, 64, 2, 2, 160, 10000.0, 1e-6, 21L);
            try (NeuralModel made =
                    NeuralModel.create(
                            config, tokenizer, PpoSettings.method().withLimits(128, 24))) {
                Files.createDirectories(folder.getParent());
                made.save(folder, Map.of());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            model = folder;
        }
        return model;
    }
}
