#!/usr/bin/env bash
# Issue 43's measurement with the embedded neural policy and judge (generic starting models: the policy cloned
# from the planner, then DAgger rounds; the judge on the planner's step labels) on shared IPC domains, 3 seeds
# (docs/results/learn-2026-12-07.md: what the clones solve held out, and why a wider window does not help):
#   before, random, demonstrator, OUTCOME_ONLY and POLICY_REWARD_ENV from the clone.
# Usage: scripts/experiments/learn-neural.sh OUT [DOMAIN...]   (10 to 30 minutes a domain on one core)
# EXTRA: more overrides for every arm; SEEDS: the seeds (3)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/experiments/pddl-domain.sh
OUT=${1:?an output folder}
shift || true
DATA=${RLANYTHING_PDDL:-../shared/data/pddl}
ITERATIONS=${ITERATIONS:-10}
RLA=${RLA:-./rlanything}
# domain | training problems | held-out problems | max_steps | positions (the models' window: the longest prompt
# plus 24 for the response, sized to the domain's prompts; docs/results/learn-2026-12-07.md gives them)
# SPLITS in the environment replaces these; childsnack is left out (its prompts run to 6,469 tokens)
SPLITS=${SPLITS:-"
gripper|prob01.pddl|prob02.pddl|40|768
blocks|probBLOCKS-[4-6]-*.pddl|probBLOCKS-[7-8]-*.pddl|40|320
barman-opt11-strips|pfile01-00[12].pddl|pfile01-00[34].pddl|80|512
hanoi|pfile[1-4].pddl|pfile5.pddl|50|512
logistics00|problogistics-4-*.pddl|problogistics-5-*.pddl|60|512
depot|pfile[12].pddl|pfile3.pddl|60|512
zenotravel|pfile[1-3].pddl|pfile[45].pddl|60|640
driverlog|pfile[1-3].pddl|pfile[45].pddl|60|640
satellite|p0[12]-*.pddl|p0[34]-*.pddl|60|768
miconic|s[2-4]-*.pddl|s5-*.pddl|40|768
ferry|p-10locs-[56]cars.pddl|p-10locs-[78]cars.pddl|60|1280
visitall-opt11-strips|problem0[23]-*.pddl|problem04-*.pddl|60|1280
elevators-opt08-strips|p0[12].pddl|p03.pddl|60|1280
"}
for line in $SPLITS; do
  IFS='|' read -r domain train held steps positions <<< "$line"
  if [ $# -gt 0 ] && [[ ! " $* " == *" $domain "* ]]; then continue; fi
  window=${positions:+policy.warm_start.positions=$positions policy.max_prompt_tokens=$((positions - 24))}
  dir="$DATA/$domain"
  domainfile=$(domain_file "$dir")
  echo "== $domain: $train -> $held, max_steps $steps" >&2
  nice "$RLA" bench ablation --config configs/pddl-neural.yaml --baselines --seeds "${SEEDS:-3}" --workers 1 \
    --arms POLICY_REWARD_ENV,OUTCOME_ONLY --out "$OUT/$domain" \
    "environment.domain=$domainfile" "environment.problems=$dir/$train" \
    "environment.held_out=$dir/$held" environment.max_steps="$steps" environment.eval_rollouts=4 \
    trainer.iterations="$ITERATIONS" trainer.evaluate_every=5 trainer.checkpoint_every=5 \
    trainer.starting_models="$OUT/$domain/start" $window ${EXTRA:-}
done
