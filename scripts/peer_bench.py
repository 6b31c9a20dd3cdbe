#!/usr/bin/env python3
"""The Python PyTorch peer of `./rlanything bench model` (issue #13).

The same Llama-style decoder as the Java model (org.rlanything.neural.model.LlamaModel) in plain PyTorch:
token embedding; per layer pre-RMSNorm causal multi-head attention with rotary positions in the Hugging Face
rotate-half layout and pre-RMSNorm SwiGLU MLP, each added to the residual stream; final RMSNorm; untied
head; float32; no biases. Same parameter count as ModelConfig.parameterCount().

Measures, with the protocol and shapes of ModelBenchmark (defaults: the issue's peer shapes):
  * matmul peak: best of square float32 products 256/512/1024;
  * training: forward + backward of rows x length tokens, cross-entropy on random targets;
  * sampling: prompt pass into a KV cache, then one token per row and step, drawn from the softmax
    (torch.multinomial); tokens counted up to and including <eos> (id 2), as the Java generator stops there;
  * scoring: each group's prompt encoded once into a KV cache (one batched pass, the last position's
    log-softmax scores every candidate's first token), then all candidates of a group in one tree-masked pass
    on the group's row (each candidate token sees the prompt and its own earlier tokens): the same algorithm as
    org.rlanything.neural.infer.CandidateScorer.
Each phase: one untimed warm-up, then the best of --repeats. FLOPs are counted from the shapes run with the
convention of org.rlanything.neural.model.Flops (2 per multiply-add of every weight matrix and of attention
over the full masked context; backward = 2x forward). Prints one JSON line last.

Needs torch (CPU wheel is enough); nothing else.
"""
import argparse
import json
import math
import sys
import time
import warnings

warnings.filterwarnings("ignore", message="Failed to initialize NumPy")  # numpy is not needed
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    sys.exit("peer_bench.py needs torch (the CPU build is enough), for example torch==2.13.0+cpu\n"
             "installed into a virtual environment (python3 -m venv /tmp/torchvenv);\n"
             "then run it with /tmp/torchvenv/bin/python (docs/performance.md: \"Model speed\").")

EOS = 2
MASKED = -1e9


class Llama(torch.nn.Module):
    def __init__(self, vocab, hidden, ffn, layers, heads, max_pos, theta=10000.0, eps=1e-6):
        super().__init__()
        self.vocab, self.hidden, self.ffn, self.n_layers, self.heads = vocab, hidden, ffn, layers, heads
        self.hd = hidden // heads
        self.eps = eps
        std = 0.02
        p = lambda *shape: torch.nn.Parameter(torch.randn(*shape) * std)
        self.embed = p(vocab, hidden)
        self.layers = torch.nn.ModuleList()
        for _ in range(layers):
            layer = torch.nn.Module()
            layer.input_norm = torch.nn.Parameter(torch.ones(hidden))
            layer.q, layer.k, layer.v, layer.o = (p(hidden, hidden) for _ in range(4))
            layer.post_norm = torch.nn.Parameter(torch.ones(hidden))
            layer.gate, layer.up = p(ffn, hidden), p(ffn, hidden)
            layer.down = p(hidden, ffn)
            self.layers.append(layer)
        self.norm = torch.nn.Parameter(torch.ones(hidden))
        self.head = p(vocab, hidden)
        half = self.hd // 2
        inv = theta ** (-2.0 * torch.arange(half, dtype=torch.float64) / self.hd)
        ang = torch.arange(max_pos, dtype=torch.float64)[:, None] * inv[None, :]
        ang = torch.cat([ang, ang], dim=-1)
        self.register_buffer("cos", ang.cos().float(), persistent=False)
        self.register_buffer("sin", ang.sin().float(), persistent=False)

    def rms(self, x, w):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * w

    @staticmethod
    def rotate(x, cos, sin):
        half = x.shape[-1] // 2
        rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
        return x * cos + rotated * sin

    def hidden_states(self, tokens, positions, mask, cache=None):
        """Final hidden states [B, T, H]; mask additive, broadcastable to [B, 1, T, S] (or None); cache: a list of
        per-layer (k, v) extended in place."""
        b, t = tokens.shape
        x = F.embedding(tokens, self.embed)
        cos = self.cos[positions].unsqueeze(1)
        sin = self.sin[positions].unsqueeze(1)
        scale = 1.0 / math.sqrt(self.hd)
        for i, layer in enumerate(self.layers):
            h = self.rms(x, layer.input_norm)
            q = F.linear(h, layer.q).view(b, t, self.heads, self.hd).transpose(1, 2)
            k = F.linear(h, layer.k).view(b, t, self.heads, self.hd).transpose(1, 2)
            v = F.linear(h, layer.v).view(b, t, self.heads, self.hd).transpose(1, 2)
            q = self.rotate(q, cos, sin)
            k = self.rotate(k, cos, sin)
            if cache is not None:
                if len(cache) > i:
                    k = torch.cat([cache[i][0], k], dim=2)
                    v = torch.cat([cache[i][1], v], dim=2)
                    cache[i] = (k, v)
                else:
                    cache.append((k, v))
            scores = (q @ k.transpose(-1, -2)) * scale
            if mask is not None:
                scores = scores + mask
            att = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, self.hidden)
            x = x + F.linear(att, layer.o)
            h = self.rms(x, layer.post_norm)
            x = x + F.linear(F.silu(F.linear(h, layer.gate)) * F.linear(h, layer.up), layer.down)
        return self.rms(x, self.norm)

    def logits(self, h):
        return F.linear(h, self.head)


def decoder_flops(cfg, context):
    h, f, l = cfg.hidden, cfg.ffn, cfg.layers
    return 2 * l * (4 * h * h + 3 * h * f) + l * 4 * h * context


def head_flops(cfg):
    return 2.0 * cfg.vocab * cfg.hidden


def causal(t):
    return torch.full((t, t), MASKED).triu(1)


def best(repeats, work):
    work()
    out = (float("inf"), None)
    for _ in range(repeats):
        t0 = time.perf_counter()
        value = work()
        seconds = time.perf_counter() - t0
        if seconds < out[0]:
            out = (seconds, value)
    return out


def matmul_peak(repeats):
    best_rate, best_size = 0.0, 0
    for n in (256, 512, 1024):
        a, b = torch.randn(n, n), torch.randn(n, n)
        reps = max(1, int(2e9 / (2.0 * n ** 3)))

        def work():
            for _ in range(reps):
                a @ b

        seconds, _ = best(repeats, work)
        rate = reps * 2.0 * n ** 3 / seconds
        if rate > best_rate:
            best_rate, best_size = rate, n
    return best_rate, best_size


def rand_tokens(gen, *shape, vocab):
    return torch.randint(3, vocab, shape, generator=gen)


def train(model, cfg):
    gen = torch.Generator().manual_seed(1)
    rows, length = cfg.train_rows, cfg.train_length
    tokens = rand_tokens(gen, rows, length, vocab=cfg.vocab)
    targets = rand_tokens(gen, rows, length, vocab=cfg.vocab)
    positions = torch.arange(length).expand(rows, length)
    mask = causal(length)

    def work():
        for p in model.parameters():
            p.grad = None
        h = model.hidden_states(tokens, positions, mask)
        loss = F.cross_entropy(model.logits(h).view(-1, cfg.vocab), targets.view(-1))
        loss.backward()
        return 3.0 * rows * length * (decoder_flops(cfg, length) + head_flops(cfg))

    return best(cfg.repeats, work)


@torch.no_grad()
def sample(model, cfg):
    gen = torch.Generator().manual_seed(4)
    rows, p, new = cfg.sample_rows, cfg.prompt, cfg.new_tokens
    prompts = rand_tokens(gen, rows, p, vocab=cfg.vocab)
    positions = torch.arange(p).expand(rows, p)
    mask = causal(p)

    def work():
        draw = torch.Generator().manual_seed(5)
        cache = []
        h = model.hidden_states(prompts, positions, mask, cache)
        logits = model.logits(h[:, -1])
        flops = rows * (p * decoder_flops(cfg, p) + head_flops(cfg))
        out = []
        for step in range(new):
            nxt = torch.multinomial(logits.softmax(-1), 1, generator=draw)
            out.append(nxt)
            if step + 1 == new:
                break
            pos = torch.full((rows, 1), p + step, dtype=torch.long)
            h = model.hidden_states(nxt, pos, None, cache)
            logits = model.logits(h[:, -1])
            flops += rows * (decoder_flops(cfg, p + step + 1) + head_flops(cfg))
        drawn = torch.cat(out, dim=1)
        # tokens up to and including the first <eos>, as the Java generator counts them
        is_eos = (drawn == EOS).int()
        before = is_eos.cumsum(1) - is_eos
        tokens = int((before == 0).sum())
        return flops, tokens

    return best(cfg.repeats, work)


@torch.no_grad()
def score(model, cfg):
    gen = torch.Generator().manual_seed(6)
    b, c, n, p = cfg.score_groups, cfg.score_candidates, cfg.score_tokens, cfg.score_prompt
    prompts = rand_tokens(gen, b, p, vocab=cfg.vocab)
    cands = rand_tokens(gen, b, c, n, vocab=cfg.vocab)
    positions = torch.arange(p).expand(b, p)
    mask = causal(p)
    w = n - 1  # tokens of a candidate fed in pass 2 (the last one is only scored)
    g = c * w

    def work():
        # pass 2 inputs, built per call as a scorer must: each group's candidates one after the other on its row,
        # a tree mask over the prompt's cache and the candidate's own earlier tokens
        feed = cands[:, :, :w].reshape(b, g)
        target = cands[:, :, 1:].reshape(b, g, 1)
        pos2 = (p + torch.arange(w)).repeat(c).expand(b, g)
        cand_id = torch.arange(g) // w
        step = torch.arange(g) % w
        tree = (cand_id[:, None] == cand_id[None, :]) & (step[None, :] <= step[:, None])
        mask2 = torch.cat([torch.zeros(g, p), torch.where(tree, 0.0, MASKED)], dim=1)
        cache = []
        h = model.hidden_states(prompts, positions, mask, cache)
        first = model.logits(h[:, -1]).log_softmax(-1).gather(1, cands[:, :, 0])  # [b, c]
        if w > 0:
            h2 = model.hidden_states(feed, pos2, mask2, cache)
            rest = model.logits(h2).log_softmax(-1).gather(2, target).view(b, c, w)
            logp = torch.cat([first.unsqueeze(-1), rest], dim=-1)
        else:
            logp = first.unsqueeze(-1)
        assert logp.shape == (b, c, n) and bool(torch.isfinite(logp).all())
        flops = b * (p * decoder_flops(cfg, p) + head_flops(cfg)) + b * g * (decoder_flops(cfg, p + g) + head_flops(cfg))
        return flops, b * c

    return best(cfg.repeats, work)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = lambda name, default, text: ap.add_argument(name, type=int, default=default, help=f"{text} (default {default})")
    add("--vocab", 512, "vocabulary size")
    add("--hidden", 128, "hidden size")
    add("--ffn", 344, "SwiGLU inner size")
    add("--layers", 4, "decoder layers")
    add("--heads", 4, "attention heads")
    add("--train-rows", 64, "rows per training batch")
    add("--train-length", 64, "tokens per training row")
    add("--sample-rows", 64, "rows sampled together")
    add("--prompt", 32, "prompt tokens per sampled row")
    add("--new-tokens", 8, "generated tokens per row")
    add("--score-groups", 64, "prompts scored together")
    add("--score-candidates", 16, "candidates per prompt")
    add("--score-tokens", 8, "tokens per candidate")
    add("--score-prompt", 48, "prompt tokens per scored group")
    add("--threads", 1, "torch intra-op threads (inter-op: 1)")
    add("--repeats", 3, "timed repetitions; the best counts")
    cfg = ap.parse_args(argv)
    for name, value in vars(cfg).items():
        if value < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1, got {value}")
    if cfg.train_length < 2:
        ap.error("--train-length must be at least 2")
    if cfg.hidden % cfg.heads or (cfg.hidden // cfg.heads) % 2:
        ap.error("--hidden must be a multiple of --heads with an even head size (rotary positions)")
    if cfg.vocab < 4:
        ap.error("--vocab must be at least 4")
    torch.set_num_threads(cfg.threads)
    torch.set_num_interop_threads(1)
    torch.manual_seed(1)
    max_pos = max(cfg.train_length, cfg.prompt + cfg.new_tokens, cfg.score_prompt + cfg.score_tokens)
    model = Llama(cfg.vocab, cfg.hidden, cfg.ffn, cfg.layers, cfg.heads, max_pos)
    params = sum(p.numel() for p in model.parameters())
    h, f = cfg.hidden, cfg.ffn
    expected = 2 * cfg.vocab * h + h + cfg.layers * (4 * h * h + 3 * h * f + 2 * h)
    assert params == expected, (params, expected)
    print(f"model: {params:,} parameters (vocab {cfg.vocab}, hidden {h}, ffn {f}, layers {cfg.layers}, heads "
          f"{cfg.heads}), float32; torch {torch.__version__}, {torch.get_num_threads()} intra-op / "
          f"{torch.get_num_interop_threads()} inter-op threads", flush=True)
    peak, size = matmul_peak(cfg.repeats)
    print(f"matmul peak: {peak / 1e9:.1f} GFLOP/s (float32, best square size {size})", flush=True)
    t_s, t_flops = train(model, cfg)
    t_tok = cfg.train_rows * cfg.train_length
    print(f"training, forward+backward ({cfg.train_rows} x {cfg.train_length} tokens): {t_tok / t_s:,.0f} tokens/s, "
          f"{t_flops / t_s / 1e9:.1f} GFLOP/s = {t_flops / t_s / peak:.3f} of matmul peak", flush=True)
    s_s, (s_flops, s_tok) = sample(model, cfg)
    print(f"sampling with KV cache ({cfg.sample_rows} rows, {cfg.prompt}-token prompts, {cfg.new_tokens} new tokens): "
          f"{s_tok / s_s:,.0f} tokens/s, {s_flops / s_s / 1e9:.1f} GFLOP/s = {s_flops / s_s / peak:.3f} of matmul peak",
          flush=True)
    c_s, (c_flops, c_n) = score(model, cfg)
    print(f"scoring ({cfg.score_groups} groups x {cfg.score_candidates} candidates x {cfg.score_tokens} tokens after a "
          f"{cfg.score_prompt}-token prompt; prompt cached, one tree-masked pass): {c_n / c_s:,.0f} candidates/s "
          f"({c_n * cfg.score_tokens / c_s:,.0f} tokens/s), {c_flops / c_s / 1e9:.1f} GFLOP/s = "
          f"{c_flops / c_s / peak:.3f} of matmul peak", flush=True)
    print(json.dumps({
        "bench": "model", "impl": "python-torch", "torch": torch.__version__, "threads": cfg.threads,
        "parameters": params,
        "matmul_peak_gflops": peak / 1e9, "matmul_peak_size": size,
        "train_shape": f"{cfg.train_rows}x{cfg.train_length}", "train_tokens_per_s": t_tok / t_s,
        "train_gflops": t_flops / t_s / 1e9, "train_fraction_of_peak": t_flops / t_s / peak,
        "sample_shape": f"{cfg.sample_rows}x({cfg.prompt}+{cfg.new_tokens})", "sample_tokens_per_s": s_tok / s_s,
        "sample_gflops": s_flops / s_s / 1e9, "sample_fraction_of_peak": s_flops / s_s / peak,
        "score_shape": f"{cfg.score_groups}x{cfg.score_candidates}x{cfg.score_tokens} after {cfg.score_prompt}",
        "score_candidates": c_n, "score_candidates_per_s": c_n / c_s, "score_tokens_per_s": c_n * cfg.score_tokens / c_s,
        "score_gflops": c_flops / c_s / 1e9, "score_fraction_of_peak": c_flops / c_s / peak,
    }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
