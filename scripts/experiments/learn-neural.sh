#!/usr/bin/env bash
# Issue 43's measurement with the embedded neural policy and judge (generic starting models: the policy cloned
# from the planner, then DAgger rounds; the judge on the planner's step labels) on shared IPC domains whose
# held-out problems fit the models' 296-token prompt window, 3 seeds:
#   before, random, demonstrator, OUTCOME_ONLY and POLICY_REWARD_ENV from the clone.
# Usage: scripts/experiments/learn-neural.sh OUT [DOMAIN...]   (about half an hour a domain on two cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?an output folder}
shift || true
DATA=${RLANYTHING_PDDL:-../shared/data/pddl}
ITERATIONS=${ITERATIONS:-10}
RLA=${RLA:-./rlanything}
# domain | training problems | held-out problems | max_steps
SPLITS="
gripper|prob01.pddl|prob02.pddl|40
miconic|s[1-2]-*.pddl|s3-*.pddl|30
"
for line in $SPLITS; do
  IFS='|' read -r domain train held steps <<< "$line"
  if [ $# -gt 0 ] && [[ ! " $* " == *" $domain "* ]]; then continue; fi
  dir="$DATA/$domain"
  echo "== $domain: $train -> $held, max_steps $steps" >&2
  nice "$RLA" bench ablation --config configs/pddl-neural.yaml --baselines --seeds 3 --workers 1 \
    --arms POLICY_REWARD_ENV,OUTCOME_ONLY --out "$OUT/$domain" \
    "environment.domain=$dir/domain.pddl" "environment.problems=$dir/$train" \
    "environment.held_out=$dir/$held" environment.max_steps="$steps" environment.eval_rollouts=4 \
    trainer.iterations="$ITERATIONS" trainer.evaluate_every=5 trainer.checkpoint_every=5 \
    trainer.starting_models="$OUT/$domain/start"
done
