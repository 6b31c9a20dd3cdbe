#!/usr/bin/env python3
"""Summarises the learn-*.sh benchmarks: python3 learn-summary.py OUT [OUT...] prints one markdown row per
environment (a folder holding ablation.json): held-out success of the solver (demonstrator), a uniform random
policy, the start (the clone), outcome only and the full method after training, the full method from scratch,
and the paired differences to the start with their 95% intervals (Student t, n - 1 degrees of freedom)."""

import json
import math
import os
import sys

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def success(finals):
    keys = sorted(k for k in finals if k.startswith("val-core/") and k.endswith("/success"))
    return finals[keys[0]] if keys else None


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def paired(a, b):
    """Mean of a - b over the seeds both have, and its 95% interval."""
    diffs = [a[s] - b[s] for s in a if s in b]
    n = len(diffs)
    if n == 0:
        return "-"
    m = mean(diffs)
    if n == 1:
        return "%+.3f (n=1)" % m
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1))
    half = T95.get(n - 1, 1.96) * sd / math.sqrt(n)
    return "%+.3f [%+.3f, %+.3f]" % (m, m - half, m + half)


def row(folder):
    results = json.load(open(os.path.join(folder, "ablation.json")))
    by = {}
    seconds = {}
    for r in results:
        s = success(r["finals"])
        if s is not None:
            by.setdefault(r["arm"], {})[r["seed"]] = s
        seconds.setdefault(r["arm"], []).append(r.get("seconds", 0))

    def cell(arm):
        values = list(by.get(arm, {}).values())
        return "%.3f" % mean(values) if values else "-"

    start, demo = by.get("before", {}), by.get("demonstrator", {})
    ratio = "-"
    if start and demo and mean(list(demo.values())) > 0:
        ratio = "%.2f" % (mean(list(start.values())) / mean(list(demo.values())))
    scratch_vs_random = paired(by.get("scratch", {}), by.get("random", {}))
    name = os.path.basename(os.path.normpath(folder))
    run_seconds = mean(seconds.get("POLICY_REWARD_ENV", []))
    return "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.0f |" % (
        name, cell("demonstrator"), cell("random"), cell("before"), ratio, cell("OUTCOME_ONLY"),
        cell("POLICY_REWARD_ENV"), paired(by.get("OUTCOME_ONLY", {}), start),
        paired(by.get("POLICY_REWARD_ENV", {}), start), cell("scratch"), scratch_vs_random, run_seconds)


def main(outs):
    print("| environment | solver | random | start (clone) | start / solver | outcome only | full method |"
          " outcome only - start | full - start | from scratch (full) | scratch - random | s per full run |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for out in outs:
        folders = [out] if os.path.isfile(os.path.join(out, "ablation.json")) else [
            os.path.join(out, d) for d in sorted(os.listdir(out))]
        for folder in folders:
            if os.path.isfile(os.path.join(folder, "ablation.json")):
                print(row(folder))


if __name__ == "__main__":
    main(sys.argv[1:])
