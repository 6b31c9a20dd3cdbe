#!/usr/bin/env python3
"""Writes a Hugging Face model folder with a real model's shapes, random weights and a real tokenizer.

For measuring import, training and export at real sizes on a machine that cannot download weights:
config.json with the named model's architecture keys, random BF16 (or F32) weights drawn from
normal(0, 0.02) with a seeded generator (norms at 1), written as model.safetensors or, above 5 GB,
as shards with model.safetensors.index.json (as save_pretrained does), and the tokenizer files of
a fixture folder made by scripts/models/make-fixtures (Llama 3.1's tokenizer.json with Llama 3.2's
chat template; Qwen2's vocabulary and template).

Usage: make_shape.py SHAPE OUT [--tokenizer FIXTURE_HF_FOLDER] [--dtype bf16|f32] [--seed N] [--config-only]
SHAPE: llama-3.2-1b, llama-3.2-3b, llama-3.1-8b, qwen2.5-0.5b, qwen2.5-3b, qwen2.5-7b, or
narrow-f32-2.2g (a narrow deep Llama shape just over 2 GiB of float32 weights).
Needs python3 with numpy only.
"""

import argparse
import json
import os
import shutil
import struct
import sys

import numpy as np

LLAMA3_ROPE = dict(factor=32.0, low_freq_factor=1.0, high_freq_factor=4.0,
                   original_max_position_embeddings=8192, rope_type="llama3")
SHAPES = {
    "llama-3.2-1b": dict(model_type="llama", vocab=128256, hidden=2048, ffn=8192, layers=16, heads=32,
                         kv=8, positions=131072, theta=500000.0, eps=1e-5, tied=True,
                         rope=LLAMA3_ROPE, tokenizer="llama"),
    "llama-3.2-3b": dict(model_type="llama", vocab=128256, hidden=3072, ffn=8192, layers=28, heads=24,
                         kv=8, positions=131072, theta=500000.0, eps=1e-5, tied=True,
                         rope=LLAMA3_ROPE, tokenizer="llama"),
    "llama-3.1-8b": dict(model_type="llama", vocab=128256, hidden=4096, ffn=14336, layers=32, heads=32,
                         kv=8, positions=131072, theta=500000.0, eps=1e-5, tied=False,
                         rope=dict(LLAMA3_ROPE, factor=8.0), tokenizer="llama"),
    "qwen2.5-0.5b": dict(model_type="qwen2", vocab=151936, hidden=896, ffn=4864, layers=24, heads=14,
                         kv=2, positions=32768, theta=1000000.0, eps=1e-6, tied=True, rope=None,
                         tokenizer="qwen2"),
    "qwen2.5-3b": dict(model_type="qwen2", vocab=151936, hidden=2048, ffn=11008, layers=36, heads=16,
                       kv=2, positions=32768, theta=1000000.0, eps=1e-6, tied=True, rope=None,
                       tokenizer="qwen2"),
    "qwen2.5-7b": dict(model_type="qwen2", vocab=152064, hidden=3584, ffn=18944, layers=28, heads=28,
                       kv=4, positions=32768, theta=1000000.0, eps=1e-6, tied=False, rope=None,
                       tokenizer="qwen2"),
    # 2.2 GB of float32: 128 narrow layers over Llama 3's vocabulary
    "narrow-f32-2.2g": dict(model_type="llama", vocab=128256, hidden=256, ffn=1024, layers=128,
                            heads=4, kv=2, positions=1024, theta=500000.0, eps=1e-5, tied=False,
                            rope=None, tokenizer="llama"),
}
MAX_SHARD = 5_000_000_000


def layout(s):
    h, f, hd = s["hidden"], s["ffn"], s["hidden"] // s["heads"]
    q, kv = s["heads"] * hd, s["kv"] * hd
    out = [("model.embed_tokens.weight", (s["vocab"], h))]
    for i in range(s["layers"]):
        p = f"model.layers.{i}."
        out.append((p + "input_layernorm.weight", (h,)))
        out.append((p + "self_attn.q_proj.weight", (q, h)))
        if s["model_type"] == "qwen2":
            out.append((p + "self_attn.q_proj.bias", (q,)))
        out.append((p + "self_attn.k_proj.weight", (kv, h)))
        if s["model_type"] == "qwen2":
            out.append((p + "self_attn.k_proj.bias", (kv,)))
        out.append((p + "self_attn.v_proj.weight", (kv, h)))
        if s["model_type"] == "qwen2":
            out.append((p + "self_attn.v_proj.bias", (kv,)))
        out.append((p + "self_attn.o_proj.weight", (h, q)))
        out.append((p + "post_attention_layernorm.weight", (h,)))
        out.append((p + "mlp.gate_proj.weight", (f, h)))
        out.append((p + "mlp.up_proj.weight", (f, h)))
        out.append((p + "mlp.down_proj.weight", (h, f)))
    out.append(("model.norm.weight", (h,)))
    if not s["tied"]:
        out.append(("lm_head.weight", (s["vocab"], h)))
    return out


def config(s):
    c = {"architectures": ["LlamaForCausalLM" if s["model_type"] == "llama" else "Qwen2ForCausalLM"],
         "model_type": s["model_type"], "vocab_size": s["vocab"], "hidden_size": s["hidden"],
         "intermediate_size": s["ffn"], "num_hidden_layers": s["layers"],
         "num_attention_heads": s["heads"], "num_key_value_heads": s["kv"],
         "max_position_embeddings": s["positions"], "rope_theta": s["theta"],
         "rms_norm_eps": s["eps"], "hidden_act": "silu", "tie_word_embeddings": s["tied"]}
    if s["model_type"] == "llama":
        c.update(attention_bias=False, mlp_bias=False, head_dim=s["hidden"] // s["heads"])
    else:
        c.update(use_sliding_window=False, max_window_layers=s["layers"])
    if s["rope"]:
        c["rope_scaling"] = s["rope"]
    return c


def tensor_bytes(name, shape, dtype, rng):
    n = int(np.prod(shape))
    if len(shape) == 1 and not name.endswith(".bias"):
        v = np.ones(n, dtype=np.float32)
    else:
        v = rng.standard_normal(n, dtype=np.float32) * np.float32(0.02)
    if dtype == "BF16":
        return (v.view(np.uint32) >> 16).astype("<u2").tobytes()
    return v.astype("<f4").tobytes()


def write_file(path, entries, dtype, rng):
    size = 2 if dtype == "BF16" else 4
    header, off = {"__metadata__": {"format": "pt"}}, 0
    for name, shape in entries:
        n = int(np.prod(shape)) * size
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [off, off + n]}
        off += n
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as out:
        out.write(struct.pack("<Q", len(h)))
        out.write(h)
        for name, shape in entries:
            out.write(tensor_bytes(name, shape, dtype, rng))
    return off


def main():
    p = argparse.ArgumentParser()
    p.add_argument("shape", choices=sorted(SHAPES))
    p.add_argument("out")
    p.add_argument("--tokenizer", default=None, help="a fixture hf folder (default: the cache's)")
    p.add_argument("--dtype", default=None, choices=["bf16", "f32"])
    p.add_argument("--seed", type=int, default=36)
    p.add_argument("--config-only", action="store_true",
                   help="config.json and tokenizer files only (for rlanything model plan)")
    a = p.parse_args()
    s = SHAPES[a.shape]
    dtype = (a.dtype or ("f32" if a.shape.endswith("f32-2.2g") else "bf16")).upper()
    dtype = "BF16" if dtype == "BF16" else "F32"
    tok = a.tokenizer or os.path.join(
        os.environ.get("RLANYTHING_MODEL_FIXTURES") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
            "rlanything", "model-fixtures"), s["tokenizer"], "hf")
    os.makedirs(a.out)
    for f in ("tokenizer.json", "tokenizer_config.json", "generation_config.json",
              "chat_template.jinja"):
        if os.path.exists(os.path.join(tok, f)):
            shutil.copy(os.path.join(tok, f), os.path.join(a.out, f))
    c = config(s)
    c["torch_dtype"] = "bfloat16" if dtype == "BF16" else "float32"
    with open(os.path.join(a.out, "config.json"), "w") as f:
        json.dump(c, f, indent=2)
    if a.config_only:
        print(f"{a.shape}: config.json and tokenizer files -> {a.out}")
        return 0
    rng = np.random.default_rng(a.seed)
    size = 2 if dtype == "BF16" else 4
    entries = layout(s)
    shards, cur, cur_size = [], [], 0
    for e in entries:
        n = int(np.prod(e[1])) * size
        if cur and cur_size + n > MAX_SHARD:
            shards.append(cur)
            cur, cur_size = [], 0
        cur.append(e)
        cur_size += n
    shards.append(cur)
    if len(shards) == 1:
        total = write_file(os.path.join(a.out, "model.safetensors"), cur, dtype, rng)
    else:
        weight_map, total = {}, 0
        for i, shard in enumerate(shards):
            name = f"model-{i + 1:05d}-of-{len(shards):05d}.safetensors"
            total += write_file(os.path.join(a.out, name), shard, dtype, rng)
            weight_map.update({n: name for n, _ in shard})
        with open(os.path.join(a.out, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f, indent=2)
    params = sum(int(np.prod(sh)) for _, sh in entries)
    print(f"{a.shape}: {params} parameters, {total} bytes of {dtype} in {len(shards)} file(s) -> {a.out}")


if __name__ == "__main__":
    sys.exit(main())
