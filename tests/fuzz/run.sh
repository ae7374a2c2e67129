#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes each reader in turn for SECONDS (default 600) under AddressSanitizer and
# UndefinedBehaviorSanitizer, one target at a time at the lowest priority, then prints how many
# inputs each ran and what it found. Usage: tests/fuzz/run.sh [SECONDS] [TARGET…]
#   TARGET is a name from tests/fuzz/meson.build (fuzz-npy …); default: all of them.
# Builds _build (for the seed fixtures) and _build-fuzz (clang, -Dfuzzing=true) as needed.
# The corpus grows in _build-fuzz/fuzz-corpus; crashes land in _build-fuzz/fuzz-artifacts.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-json-scanner fuzz-dump-reader fuzz-vis-reader
                                     fuzz-vis-db-reader fuzz-npy fuzz-pt fuzz-layer-mapping
                                     fuzz-vis-config fuzz-vis-config-apply fuzz-trend)

# clang and libFuzzer from Debian, besides what .ci/setup installs.
bash .ci/setup >/dev/null || exit 1
if [ "$(dpkg-query -W -f='${Status}\n' clang libclang-rt-14-dev 2>/dev/null |
       grep -c 'install ok installed')" -ne 2 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
    clang libclang-rt-14-dev || exit 1
fi
nice ninja -C _build -j2 tools/msvis-gen-dump app/msvis >/dev/null || exit 1
if [ ! -d _build-fuzz ]; then
  CC=clang meson setup _build-fuzz -Dfuzzing=true -Db_sanitize=address,undefined \
    -Db_lundef=false >/dev/null || exit 1
fi
nice ninja -C _build-fuzz -j2 >/dev/null || exit 1

seeds=$root/_build-fuzz/fuzz-seeds
rm -rf "$seeds"
bash tests/fuzz/make-seeds.sh "$root" _build "$seeds" || exit 1

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
status=0
summary=()
for t in "${targets[@]}"; do
  corpus=$root/_build-fuzz/fuzz-corpus/$t artifacts=$root/_build-fuzz/fuzz-artifacts/$t
  mkdir -p "$corpus" "$artifacts"
  rm -f "$artifacts"/fuzz-*.log
  touch "$artifacts/.start"
  echo "== $t for $seconds s"
  # -jobs=1: one fuzzing process, its output in fuzz-0.log. -timeout: an input that takes more
  # than 10 s counts as a hang.
  (cd "$artifacts" && nice -n 19 "$root/_build-fuzz/tests/fuzz/$t" -jobs=1 -workers=1 \
     -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
     -artifact_prefix="$artifacts/" "$corpus" "$seeds/$t" >/dev/null 2>&1)
  log=$artifacts/fuzz-0.log
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  found=$(cd "$artifacts" && find . -maxdepth 1 -type f -newer .start \
          \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  if grep -q 'ERROR: \|SUMMARY: \|==ERROR\|deadly signal' "$log"; then
    status=1
    summary+=("$t: ${runs:-?} executions, FOUND: $(echo $found) (see $log)")
  else
    summary+=("$t: ${runs:-?} executions, nothing found")
  fi
done

echo
printf '%s\n' "${summary[@]}"
exit $status
