#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the headless commands (msvis graph, inspect, export, report and match) under valgrind's
# memcheck over the project's own fixtures: dumps from tools/msvis-gen-dump of every layout,
# builds and compares in both formats with every flag, every dump of the bad-input corpus
# (tests/data/bad), whose runs fail, and msprobe's reference runs (tests/data/reference). Any
# memory error or definite leak fails the script.
# Usage: tests/valgrind.sh [BUILD_DIR]   (default _build, a normal build: not ASan)
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-_build}
msvis=$(realpath "$build")/app/msvis gen=$build/tools/msvis-gen-dump

bash .ci/setup >/dev/null || exit 1
if ! command -v valgrind >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends valgrind ||
    exit 1
fi
nice ninja -C "$build" -j2 app/msvis app/msvis-desktop.so tools/msvis-gen-dump >/dev/null || exit 1

supp=$PWD/tests/valgrind.supp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export G_DEBUG=gc-friendly G_SLICE=always-malloc
runs=0 failed=0

memcheck () {   # memcheck NAME EXPECTED_STATUS ARGS…: one command under memcheck, in $run_dir
  local name=${1//\//-} expected=$2 status
  shift 2
  runs=$((runs + 1))
  (cd "${run_dir:-.}" &&
   nice -n 19 valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
     --errors-for-leak-kinds=definite --show-leak-kinds=definite --track-origins=yes \
     --num-callers=30 --suppressions="$supp" --log-file="$work/$name.log" \
     "$msvis" "$@" >/dev/null 2>"$work/$name.err")
  status=$?
  if [ "$status" -eq 99 ] || { [ "$expected" != any ] && [ "$status" -ne "$expected" ]; }; then
    failed=$((failed + 1))
    echo "FAIL $name: status $status (expected $expected)"
    head -n 3 "$work/$name.err"
    grep -E '^==[0-9]+== (Invalid|Conditional|Use of|Mismatched|Source and|[0-9,]+ bytes in)' \
      "$work/$name.log" | head -5
    cp "$work/$name.log" "$build/valgrind-$name.log"
  else
    echo "ok   $name"
  fi
}

config () {   # config FILE NPU [BENCH]
  if [ $# -gt 2 ]; then
    printf '{"npu_path": "%s", "bench_path": "%s"}' "$2" "$3" > "$1"
  else
    printf '{"npu_path": "%s"}' "$2" > "$1"
  fi
}

"$gen" --layers 1 "$work/files" >/dev/null
"$gen" --layers 1 --seed 7 --perturb 0.01 --inf 2 "$work/files2" >/dev/null
"$gen" --layers 1 --ranks 2 --inf 1 "$work/ranks" >/dev/null
"$gen" --layers 1 --ranks 2 --seed 5 --perturb 0.01 "$work/ranks2" >/dev/null
"$gen" --layers 1 --steps 2 --ranks 1 "$work/steps" >/dev/null
"$gen" --layers 1 --md5 "$work/md5" >/dev/null
"$gen" --layers 1 --md5 --seed 3 "$work/md5b" >/dev/null
"$gen" --layers 1 --task structure --old-stack "$work/structure" >/dev/null
printf 'TopLayer:\n  model: model\nLayer:\n  self_attn: self_attn\n' > "$work/map.yaml"

config "$work/build.json" "$work/files"
config "$work/ranks.json" "$work/ranks"
config "$work/steps.json" "$work/steps"
config "$work/structure.json" "$work/structure"
config "$work/compare.json" "$work/files" "$work/files2"
config "$work/compare-ranks.json" "$work/ranks" "$work/ranks2"
config "$work/compare-md5.json" "$work/md5" "$work/md5b"

memcheck build 0 graph -q -i "$work/build.json" -o "$work/out-build" -oc -cs
memcheck build-db 0 graph -q -i "$work/build.json" -o "$work/out-build-db" --format db
memcheck build-ranks 0 graph -q -i "$work/ranks.json" -o "$work/out-ranks" -oc
memcheck build-steps 0 graph -q -i "$work/steps.json" -o "$work/out-steps" --format db
memcheck build-structure 0 graph -q -i "$work/structure.json" -o "$work/out-structure"
memcheck compare 0 graph -q -i "$work/compare.json" -o "$work/out-compare" -oc
memcheck compare-db 0 graph -q -i "$work/compare.json" -o "$work/out-compare-db" --format db
memcheck compare-fuzzy 0 graph -q -i "$work/compare.json" -o "$work/out-fuzzy" -f
memcheck compare-lm 0 graph -q -i "$work/compare.json" -o "$work/out-lm" -lm "$work/map.yaml"
memcheck compare-ranks 0 graph -q -i "$work/compare-ranks.json" -o "$work/out-cranks"
memcheck compare-md5 0 graph -q -i "$work/compare-md5.json" -o "$work/out-md5"
# Outputs are named by the second: taking the names of the next minutes makes the run collide.
mkdir -p "$work/out-taken"
for s in $(seq 0 300); do
  touch "$work/out-taken/build_$(date -d "+$s seconds" +%Y%m%d%H%M%S).vis.db"
done
memcheck exists 1 graph -q -i "$work/build.json" -o "$work/out-taken" --format db
memcheck force 0 graph -q -i "$work/build.json" -o "$work/out-taken" --format db --force
memcheck export-png 0 export -q "$work/out-compare" -o "$work/errors.png" --errors
memcheck export-svg 0 export -q "$work/out-compare-db" -o "$work/all.svg" --expand-all
memcheck export-pdf 0 export -q "$work/files" -o "$work/dump.pdf" --depth 2
memcheck report-html 0 report "$work/out-compare" -o "$work/report.html"
memcheck report-csv 0 report "$work/out-md5" -o "$work/report.csv"
# The pairs of the compare are matched already: every pair is refused, and nothing is written.
vis=$(ls "$work"/out-compare/compare_*.vis | head -n 1)
printf '{"Module.model.Model.forward.0": "Module.model.Model.forward.0"}' > "$work/x.vis.config"
memcheck match-refused 1 match "$vis" --config "$work/x.vis.config" -o "$work/matched.vis"
memcheck inspect 0 inspect "$work/out-compare"
memcheck inspect-json 0 inspect --json "$work/out-cranks"
memcheck inspect-db 0 inspect "$work/out-compare-db"

# Every dump of the bad-input corpus: the error paths must not leak either.
for dir in tests/data/bad/dump/*/; do
  name=$(basename "$dir")
  if [ -d "$dir/npu" ]; then
    config "$work/bad.json" "$PWD/$dir/npu" "$PWD/$dir/bench"
  else
    config "$work/bad.json" "$PWD/$dir"
  fi
  memcheck "bad-$name" any graph -q -i "$work/bad.json" -o "$work/out-bad-$name"
done
for f in tests/data/bad/vis/*.vis; do
  memcheck "bad-vis-$(basename "$f" .vis)" any inspect "$f"
done

# msprobe's own inputs and outputs (tests/data/reference): every config is a golden case, so
# every run must succeed.
reference=$PWD/tests/data/reference
if [ ! -d "$reference/inputs/cfg" ]; then
  echo "no $reference/inputs/cfg: incomplete checkout" >&2
  exit 1
fi
for cfg in "$reference"/inputs/cfg/*.json; do
  name=$(basename "$cfg" .json)
  lm=()
  [ "$name" != cmp_xfw ] || lm=(-lm "$reference/inputs/fx/xfw/layer_mapping.yaml")
  run_dir=$reference/inputs memcheck "reference-$name" 0 graph -q -i "$cfg" \
    -o "$work/out-ref-$name" "${lm[@]}"
done
while IFS= read -r dir; do
  memcheck "reference-inspect-${dir#"$reference"/}" 0 inspect "$dir"
done < <(find "$reference" -path "$reference/inputs" -prune -o -name '*.vis' -printf '%h\n' |
         sort -u)

echo
echo "valgrind: $((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
