# Sourced by the PDDL experiment scripts. domain_file DIR: the domain file of a shared domain's folder, its
# domain.pddl, or for a domain whose problems each carry their own copy (elevators: pNN-domain.pddl, all the
# same text) the first of those; empty when there is none.
domain_file() {
  if [ -f "$1/domain.pddl" ]; then
    echo "$1/domain.pddl"
  else
    ls "$1"/*-domain.pddl 2>/dev/null | head -n 1
  fi
}
