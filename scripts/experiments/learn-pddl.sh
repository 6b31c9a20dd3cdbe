#!/usr/bin/env bash
# Issue 43's measurement on the shared IPC domains: for each domain, the linear policy and judge over the pddl
# kind's step features, 3 seeds, held-out problems never trained on:
#   before        the starting policy (a clone of the planner: behaviour cloning, then DAgger rounds)
#   random        a uniform choice among the applicable actions
#   demonstrator  the planner itself
#   OUTCOME_ONLY, POLICY_REWARD_ENV   trained from the clone for ITERATIONS iterations
#   scratch       the full method from zero weights (no demonstrator)
# Usage: scripts/experiments/learn-pddl.sh OUT [DOMAIN...]   (all 14 when none is named; about an hour)
# EXTRA: more overrides for every arm, e.g. EXTRA=environment.greedy_nodes=20000 where the planner labels
# the clone's own states slowly (childsnack, barman: docs/results/learn-2026-12-07.md)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/experiments/pddl-domain.sh
OUT=${1:?an output folder}
shift || true
DATA=${RLANYTHING_PDDL:-../shared/data/pddl}
ITERATIONS=${ITERATIONS:-40}
RLA=${RLA:-./rlanything}
# domain | training problems | held-out problems | max_steps
SPLITS="
blocks|probBLOCKS-[4-6]-*.pddl|probBLOCKS-[7-8]-*.pddl|40
gripper|prob0[12].pddl|prob0[34].pddl|60
miconic|s[2-4]-*.pddl|s5-*.pddl|40
hanoi|pfile[1-4].pddl|pfile5.pddl|50
ferry|p-10locs-[56]cars.pddl|p-10locs-[78]cars.pddl|60
depot|pfile[12].pddl|pfile3.pddl|60
driverlog|pfile[1-3].pddl|pfile[45].pddl|60
zenotravel|pfile[1-3].pddl|pfile[45].pddl|60
satellite|p0[12]-*.pddl|p0[34]-*.pddl|60
logistics00|problogistics-4-*.pddl|problogistics-5-*.pddl|60
visitall-opt11-strips|problem0[23]-*.pddl|problem04-*.pddl|60
elevators-opt08-strips|p0[12].pddl|p03.pddl|60
childsnack-opt14-strips|child-snack_pfile01*.pddl|child-snack_pfile02*.pddl|60
barman-opt11-strips|pfile01-00[12].pddl|pfile01-00[34].pddl|80
"
for line in $SPLITS; do
  IFS='|' read -r domain train held steps <<< "$line"
  if [ $# -gt 0 ] && [[ ! " $* " == *" $domain "* ]]; then continue; fi
  dir="$DATA/$domain"
  domainfile=$(domain_file "$dir")
  echo "== $domain: $train -> $held, max_steps $steps" >&2
  nice "$RLA" bench ablation --config configs/pddl-linear.yaml --baselines --seeds 3 --workers 1 \
    --arms POLICY_REWARD_ENV,OUTCOME_ONLY --variant 'scratch POLICY_REWARD_ENV policy.imitate=false' \
    --out "$OUT/$domain" \
    ${domainfile:+environment.domain=$domainfile} "environment.problems=$dir/$train" \
    "environment.held_out=$dir/$held" environment.max_steps="$steps" policy.imitate=true \
    trainer.iterations="$ITERATIONS" trainer.evaluate_every=10 trainer.checkpoint_every=10 \
    trainer.starting_models="$OUT/$domain/start" ${EXTRA:-}
done
