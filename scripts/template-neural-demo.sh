#!/usr/bin/env bash
# The --python template's counting game with the embedded neural policy and judge, per seed, four arms:
#   demo       starting models made from the server's solver (/demonstrate), default warm-start sizes
#   explore50  the same with policy.warm_start.explore=0.5 (half the warm-start commands drawn)
#   scratch    the same env.py with demonstrate removed (the SDK then offers no /demonstrate): from scratch
#   random     policy.kind random and the label judge (no model: the game's baseline)
# and prints the warm-start check's figures and held-out success at iterations 0, 5 and 10.
#   scripts/template-neural-demo.sh [OUT_DIR] [SEEDS...]      (default: a new temporary folder, seeds 1 2 3)
# A run already in OUT_DIR is kept. docs/results/afternoon-2026-12-05.md reports one run of it.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
OUT="${1:-$(mktemp -d)}"
shift || true
SEEDS=("$@")
[ ${#SEEDS[@]} -gt 0 ] || SEEDS=(1 2 3)
mkdir -p "$OUT" && cd "$OUT"
[ -d counter ] || "$ROOT/rlanything" new environment counter --python --dir counter >/dev/null
cd counter
sed 's/def demonstrate(/def no_solver(/' env.py > env_scratch.py
for seed in "${SEEDS[@]}"; do
  for arm in demo explore50 scratch random; do
    [ -f "runs/$arm-$seed/metrics.jsonl" ] && continue
    case $arm in
      demo) extra=(policy.kind=neural reward_model.kind=neural) ;;
      explore50) extra=(policy.kind=neural reward_model.kind=neural policy.warm_start.explore=0.5) ;;
      scratch) extra=(policy.kind=neural reward_model.kind=neural "environment.command=python3 env_scratch.py") ;;
      random) extra=() ;;
    esac
    start=$(date +%s)
    "$ROOT/rlanything" train config.yaml -q trainer.seed="$seed" trainer.iterations=10 trainer.evaluate_every=5 \
      trainer.run_dir="runs/$arm-$seed" trainer.starting_models="start-$arm-$seed" \
      environment.pool_size=32 environment.eval_tasks=32 "${extra[@]}"
    echo "$arm seed $seed: $(( $(date +%s) - start )) s"
  done
done
python3 - "${SEEDS[@]}" <<'PY'
import json, os, sys
arms = ("demo", "explore50", "scratch", "random")
fmt = lambda v: "%.2f" % v if isinstance(v, (int, float)) and v == v else "-"  # NaN: nothing to measure
print("| arm | seed | demonstrated states | check: policy agreement (uniform draw) | check: judge balanced acc. | held-out success at 0 / 5 / 10 |")
print("|---|---|---|---|---|---|")
means = {arm: [[], [], []] for arm in arms}
for seed in sys.argv[1:]:
    for arm in arms:
        state = "start-%s-%s/policy/trainer_state.json" % (arm, seed)
        p = json.load(open(state))["extras"]["pretrain_metrics"] if os.path.exists(state) else {}
        evals = [json.loads(line).get("val-core/counter/success") for line in open("runs/%s-%s/metrics.jsonl" % (arm, seed))]
        evals = [e for e in evals if e is not None]
        for i, e in enumerate(evals[:3]):
            means[arm][i].append(e)
        print("| %s | %s | %s | %s (%s) on %s states | %s on %s steps | %s |" % (
            arm, seed, fmt(p.get("pretrain/demonstrations")).replace(".00", ""),
            fmt(p.get("pretrain/check_policy_agreement")), fmt(p.get("pretrain/check_chance_agreement")),
            fmt(p.get("pretrain/check_states")).replace(".00", ""), fmt(p.get("pretrain/check_judge_bal_acc")),
            fmt(p.get("pretrain/check_judged_steps")).replace(".00", ""), " / ".join("%.3f" % e for e in evals)))
for arm in arms:
    print("mean held-out success, %s: %s" % (arm, " / ".join("%.3f" % (sum(v) / len(v)) for v in means[arm] if v)))
PY
