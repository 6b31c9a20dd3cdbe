#!/usr/bin/env bash
# The screenshots of docs/review.md, from real runs: a 40-iteration demo run and a one-seed key-lock ablation
# (outcome only and the full method), served by the built jar's `rlanything review` and shot in headless Chromium.
# Needs chromium and chromium-driver, and the test classpath of rlanything-cli (Selenium), which any run of its
# tests records: run `mvn -B -pl rlanything-cli -am test -Dtest=ReviewBrowserTest -Dsurefire.failIfNoSpecifiedTests=false`
# once first. Usage: scripts/review-screenshots/review-screenshots.sh [OUT_DIR, default docs]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:-$ROOT/docs}"
JAR="$ROOT/rlanything-cli/target/rlanything.jar"
REPORT=$(ls "$ROOT"/rlanything-cli/target/surefire-reports/TEST-*.xml | head -1)
CP=$(python3 -c 'import re,sys; print(re.search(r"name=\"surefire.test.class.path\" value=\"([^\"]*)\"", open(sys.argv[1]).read()).group(1))' "$REPORT")
WORK=$(mktemp -d)
java -jar "$JAR" train "$ROOT/configs/demo.yaml" -q "trainer.run_dir=$WORK/demo"
java -jar "$JAR" bench ablation --config "$ROOT/configs/demo.yaml" --seeds 1 --arms POLICY_REWARD_ENV --out "$WORK/ablation" >/dev/null
java -cp "$CP" "$ROOT/scripts/review-screenshots/ReviewScreenshots.java" "$OUT" "$JAR" "$WORK/demo" "$WORK/ablation"
rm -rf "$WORK"
