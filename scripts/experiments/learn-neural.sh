#!/usr/bin/env bash
# Issue 43's measurement with the embedded neural policy and judge (generic starting models: the policy cloned
# from the planner, then DAgger rounds; the judge on the planner's step labels) on shared IPC domains, 3 seeds
# (docs/results/learn-2026-12-07.md: the clones solve no held-out problem, with any window):
#   before, random, demonstrator, OUTCOME_ONLY and POLICY_REWARD_ENV from the clone.
# Usage: scripts/experiments/learn-neural.sh OUT [DOMAIN...]   (about half an hour a domain on two cores)
# EXTRA: more overrides for every arm, e.g. EXTRA="policy.warm_start.positions=768 policy.max_prompt_tokens=744"
# for a window that holds larger problems; SEEDS: the seeds (3)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?an output folder}
shift || true
DATA=${RLANYTHING_PDDL:-../shared/data/pddl}
ITERATIONS=${ITERATIONS:-10}
RLA=${RLA:-./rlanything}
# domain | training problems | held-out problems | max_steps (SPLITS in the environment replaces them)
SPLITS=${SPLITS:-"
gripper|prob01.pddl|prob02.pddl|40
miconic|s[1-2]-*.pddl|s3-*.pddl|30
"}
for line in $SPLITS; do
  IFS='|' read -r domain train held steps <<< "$line"
  if [ $# -gt 0 ] && [[ ! " $* " == *" $domain "* ]]; then continue; fi
  dir="$DATA/$domain"
  domainfile="$dir/domain.pddl"
  # a domain whose problems each carry their own copy (elevators: pNN-domain.pddl, all the same text)
  [ -f "$domainfile" ] || domainfile=$(ls "$dir"/*-domain.pddl 2>/dev/null | head -n 1)
  echo "== $domain: $train -> $held, max_steps $steps" >&2
  nice "$RLA" bench ablation --config configs/pddl-neural.yaml --baselines --seeds "${SEEDS:-3}" --workers 1 \
    --arms POLICY_REWARD_ENV,OUTCOME_ONLY --out "$OUT/$domain" \
    "environment.domain=$domainfile" "environment.problems=$dir/$train" \
    "environment.held_out=$dir/$held" environment.max_steps="$steps" environment.eval_rollouts=4 \
    trainer.iterations="$ITERATIONS" trainer.evaluate_every=5 trainer.checkpoint_every=5 \
    trainer.starting_models="$OUT/$domain/start" ${EXTRA:-}
done
