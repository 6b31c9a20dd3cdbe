// llama.cpp's side of the parity fixtures, through node-llama-cpp's prebuilt libllama (CPU).
// For each layout folder made by build_fixtures.py: the token ids llama.cpp gives every string of
// strings.json (special tokens parsed, none added: as Hugging Face's encode without special tokens)
// and, for each prompt, llama.cpp's next-token distribution. llama.cpp's node binding exposes the
// next-token probabilities (softmax of the raw logits, float32) rather than the logits; log p equals
// the logit minus one constant per prompt, so the Java test compares logits centred on their mean.
// Weights and the key/value cache are float32 (the cache would be F16 by default).
//
// Usage: node llama_reference.mjs FIXTURES_DIR layout...
import { getLlama } from "node-llama-cpp";
import fs from "node:fs";
import path from "node:path";

const [dir, ...layouts] = process.argv.slice(2);
const llama = await getLlama({ gpu: false, build: "never", logLevel: "error" });
for (const layout of layouts) {
  const base = path.join(dir, layout);
  const { strings, prompts } = JSON.parse(fs.readFileSync(path.join(base, "strings.json"), "utf8"));
  const model = await llama.loadModel({ modelPath: path.join(base, "model.gguf"), gpuLayers: 0 });
  const ids = strings.map((s) => Array.from(model.tokenize(s, true)));
  // llama.cpp does not run tokenizer.json's normalizer (Qwen's is NFC): its ids of each string's
  // NFC form are what Hugging Face tokenizers must give for the string itself
  const nfcIds = strings.map((s) => Array.from(model.tokenize(s.normalize("NFC"), true)));
  const context = await model.createContext({
    contextSize: 1024,
    batchSize: 1024,
    threads: 1,
    flashAttention: false,
    experimentalKvCacheKeyType: "F32",
    experimentalKvCacheValueType: "F32",
  });
  const vocab = model.fileInfo.metadata[model.fileInfo.metadata.general.architecture].vocab_size
    ?? model.fileInsights.vocabularySize;
  const sequence = context.getSequence();
  const promptIds = [];
  const logProbs = new Float64Array(prompts.length * vocab);
  for (let p = 0; p < prompts.length; p++) {
    const tokens = Array.from(model.tokenize(prompts[p], true));
    promptIds.push(tokens);
    await sequence.clearHistory();
    const input = tokens.map((t, i) =>
      i === tokens.length - 1
        ? [t, { generateNext: { probabilities: true, options: { temperature: 0 } } }]
        : t,
    );
    const out = await sequence.controlledEvaluate(input);
    const probabilities = out[tokens.length - 1].next.probabilities;
    if (probabilities.size !== vocab) {
      throw new Error(`${layout}: ${probabilities.size} probabilities for a vocabulary of ${vocab}`);
    }
    for (const [token, prob] of probabilities) {
      logProbs[p * vocab + token] = Math.log(prob);
    }
  }
  sequence.dispose();
  fs.writeFileSync(path.join(base, "llama_cpp_logprobs.f64"), Buffer.from(logProbs.buffer));
  fs.writeFileSync(
    path.join(base, "llama_cpp.json"),
    JSON.stringify({ vocab, string_ids: ids, nfc_string_ids: nfcIds, prompt_ids: promptIds }),
  );
  await context.dispose();
  await model.dispose();
  console.log(`${layout}: ${ids.length} strings tokenized, ${prompts.length} prompts evaluated`);
}
await llama.dispose();
