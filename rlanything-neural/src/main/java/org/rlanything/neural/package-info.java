/**
 * A small Llama-style decoder (RMSNorm, rotary positions, SwiGLU, causal attention with a key/value
 * cache) on DJL's PyTorch engine, its tokenizer, a PPO-clip + k3 trainer (method.md §3),
 * safetensors checkpoints, and adapters to the core {@code Policy} and {@code RewardModel}
 * contracts.
 */
package org.rlanything.neural;
