/**
 * Models served behind OpenAI-compatible chat-completions endpoints (vLLM, SGLang, llama.cpp,
 * Ollama, hosted APIs) as the loop's policy ({@link org.rlanything.openai.EndpointPolicy}), step
 * judge ({@link org.rlanything.openai.EndpointJudge}) or rewriter ({@link
 * org.rlanything.openai.EndpointRewriter}).
 *
 * <p><b>Why the JDK's HTTP client and Jackson, not langchain4j.</b> Exact resume needs what a chat
 * abstraction hides: the reply of each of the m samples of one request ({@code n}; langchain4j's
 * {@code ChatResponse} carries one message), the exact request body (so that its hash keys the
 * recorded replies and a changed setting never replays a stale answer), the server's token usage
 * per HTTP reply, the status and {@code Retry-After} of every failed try (to honour it and to count
 * it in the metrics, replayably), and a retry policy whose every branch a test can drive. The
 * protocol is one POST with a small JSON body, so the JDK client ({@code java.net.http}) and
 * Jackson, already used by the project, cover it in a few hundred lines with no new dependency.
 *
 * <p><b>Pieces.</b> {@link org.rlanything.openai.EndpointConfig} (the config keys); {@link
 * org.rlanything.openai.ChatClient} (m samples per request, retries with {@link
 * org.rlanything.openai.Backoff}, bounded concurrency, {@link
 * org.rlanything.openai.EndpointException} naming the endpoint); {@link
 * org.rlanything.openai.ResponseLog} (every sample recorded, replayed on resume); {@link
 * org.rlanything.openai.EndpointMetrics} (per-role figures named {@code endpoint/<role>/...});
 * {@link org.rlanything.openai.ActionParser} (a reply's action mapped to an admissible command);
 * {@link org.rlanything.openai.TrainingExport} (samples for an external trainer).
 *
 * <p><b>In a run.</b> {@link org.rlanything.openai.provider} makes {@code policy.kind: openai} and
 * {@code reward_model.kind: openai} for the provider registry: each role records its replies in
 * {@code RUN/endpoint/<role>.jsonl}, adds its counters to each line of {@code metrics.jsonl} and
 * writes {@code RUN/export/<role>-NNNNNN.jsonl} per iteration, through core's {@link
 * org.rlanything.core.spi.RunParticipant} hooks.
 */
package org.rlanything.openai;
