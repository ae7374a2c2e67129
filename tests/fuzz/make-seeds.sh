#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the seed corpus of every fuzz target from the project's own fixtures: small dumps from
# tools/msvis-gen-dump, the .vis and .vis.db files msvis writes from them, the hand-made inputs
# of tests/data, a few small files of msprobe's reference runs (tests/data/reference) and a few
# .npy and .pt files written here. Nothing comes from outside the project.
# Usage: make-seeds.sh SOURCE_DIR NORMAL_BUILD_DIR OUT_DIR
set -euo pipefail
src=$(realpath "$1") build=$(realpath "$2") out=$3
gen=$build/tools/msvis-gen-dump msvis=$build/app/msvis
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for t in json-scanner dump-reader vis-reader vis-db-reader npy pt layer-mapping vis-config \
         vis-config-apply trend; do
  mkdir -p "$out/fuzz-$t"
done
seed () {   # seed TARGET < contents; named by content, as libFuzzer names its corpus
  local tmp
  tmp=$(mktemp -p "$out/fuzz-$1")
  cat > "$tmp"
  mv "$tmp" "$out/fuzz-$1/seed-$(sha1sum < "$tmp" | cut -c1-16)"
}

# Dumps of every layout and flavour, each as small as the generator makes them.
"$gen" --layers 1 "$work/files" >/dev/null
"$gen" --layers 1 --ranks 2 --inf 1 "$work/ranks" >/dev/null
"$gen" --layers 1 --steps 2 --ranks 1 "$work/steps" >/dev/null
"$gen" --layers 1 --task structure --old-stack "$work/structure" >/dev/null
"$gen" --layers 1 --md5 --micro-steps 2 --seed 3 "$work/md5" >/dev/null
"$gen" --layers 1 --seed 5 --perturb 0.01 --inf 1 "$work/perturbed" >/dev/null

# The generator's smallest model still has a hundred entries; fuzzing goes faster on a dozen.
shrink () {   # shrink DIR ENTRIES: keeps the first ENTRIES of dump.json and what they need
  python3 - "$@" <<'PY'
import json, os, sys
d, n = sys.argv[1], int(sys.argv[2])
load = lambda name: json.load(open(os.path.join(d, name)))
dump, construct, stack = load("dump.json"), load("construct.json"), load("stack.json")
dump["data"] = dict(list(dump["data"].items())[:n])
keep = set()
for name in dump["data"]:
    while name is not None and name not in keep:
        keep.add(name)
        name = construct.get(name)
construct = {k: v for k, v in construct.items() if k in keep}
if all(isinstance(v, list) and v and isinstance(v[0], list) for v in stack.values()):
    stack = {k: [[x for x in v[0] if x in keep], v[1]] for k, v in stack.items()}
    stack = {k: v for k, v in stack.items() if v[0]}
else:
    stack = {k: v for k, v in stack.items() if k in keep}
for name, value in (("dump.json", dump), ("construct.json", construct), ("stack.json", stack)):
    json.dump(value, open(os.path.join(d, name), "w"), indent=1)
PY
}
while IFS= read -r -d '' f; do
  shrink "$(dirname "$f")" 12
done < <(find "$work" -name dump.json -print0)

# dump-reader: dump.json NUL construct.json NUL stack.json NUL plan (see fuzz-dump-reader.c).
dump_seed () {   # dump_seed DIR PLAN
  { cat "$1/dump.json"; printf '\0'; cat "$1/construct.json"; printf '\0'; cat "$1/stack.json"
    printf '\0%b' "$2"; } | seed dump-reader
}
dump_seed "$work/files" ''
dump_seed "$work/files" 'c'
dump_seed "$work/files" 'do'
dump_seed "$work/files" 'cf\nrank0\nrank1'
dump_seed "$work/structure" 's'
dump_seed "$work/md5" 'cl\nstep0/rank0\nstep1/rank0'
dump_seed "$work/ranks/rank1" 'o\nrank0\n~rank1'
printf '%s\0%s\0%s' '{"task": "statistics", "level": "mix", "framework": "pytorch",
 "dump_data_dir": null, "data": {"Module.m.M.forward.0": {"input_args": [], "output": []}}}' \
  '{"Module.m.M.forward.0": null}' '{}' | seed dump-reader

# trend: dump.json NUL construct.json NUL mapping NUL plan (see fuzz-trend.c).
trend_seed () {   # trend_seed DIR MAPPING PLAN
  { cat "$1/dump.json"; printf '\0'; cat "$1/construct.json"; printf '\0%s\0%b' "$2" "$3"; } |
    seed trend
}
trend_seed "$work/files" '' 'm'
trend_seed "$work/files" '' 'ps'
trend_seed "$work/md5" '{"layers": "L"}' 'm'
for d in "$src"/tests/data/reference-trend-2026/in/*/step0/rank0; do
  [ -f "$d/dump.json" ] && [ "$(stat -c %s "$d/dump.json")" -lt 65536 ] || continue
  { cat "$d/dump.json"; printf '\0'; cat "$d/construct.json" 2>/dev/null; printf '\0\0m'; } |
    seed trend
done

# json-scanner: a mode byte (read size and skip/tree choice), then any JSON the project reads.
for f in "$work"/files/*.json "$work"/structure/*.json "$work"/md5/*.json; do
  for mode in '\000' '\007' '\376'; do
    { printf "$mode"; head -c 16384 "$f"; } | seed json-scanner
  done
done

# The .vis and .vis.db msvis writes from those dumps: a build, a compare, several ranks.
write_results () {   # write_results NAME NPU [BENCH]
  local config=$work/$1.json
  if [ $# -gt 2 ]; then
    printf '{"npu_path": "%s", "bench_path": "%s"}' "$2" "$3" > "$config"
  else
    printf '{"npu_path": "%s"}' "$2" > "$config"
  fi
  "$msvis" graph -q -i "$config" -o "$work/out-$1" -oc >/dev/null
  "$msvis" graph -q -i "$config" -o "$work/db-$1" --format db >/dev/null
}
write_results build "$work/files"
write_results compare "$work/files" "$work/perturbed"
write_results ranks "$work/ranks" "$work/ranks"
for f in "$work"/out-*/*.vis; do
  seed vis-reader < "$f"
  { printf '\002'; head -c 16384 "$f"; } | seed json-scanner
done
for f in "$work"/db-*/*.vis.db; do
  seed vis-db-reader < "$f"
done

# The hand-made inputs of tests/data, each to the target that reads its kind; msprobe's
# reference runs (megabytes, slow to fuzz) only as the few small files picked below.
while IFS= read -r -d '' f; do
  case "$f" in
    *.vis.config) seed vis-config < "$f"; seed vis-config-apply < "$f" ;;
    *.vis) seed vis-reader < "$f" ;;
    *.yaml) seed layer-mapping < "$f" ;;
    *.json) { printf '\001'; cat "$f"; } | seed json-scanner ;;
  esac
done < <(find "$src/tests/data" -path "$src/tests/data/reference" -prune -o -type f -print0 |
         sort -z)

# What msprobe itself wrote or read: its smaller .vis outputs, a real -lm mapping, and a few
# real .npy and .pt tensors.
ref=$src/tests/data/reference
while IFS= read -r -d '' f; do
  seed vis-reader < "$f"
done < <(find "$ref" -path "$ref/inputs" -prune -o -name '*.vis' -size -65536c -print0 | sort -z)
seed layer-mapping < "$ref/inputs/fx/xfw/layer_mapping.yaml"
for f in $(find "$ref/inputs/fx/ms_tensor/npu" -name '*.npy' -size -4000c | sort | head -n 4); do
  seed npy < "$f"
done
for f in $(find "$ref/inputs/fx/pt_tensor/npu" -name '*.pt' -size -4000c | sort | head -n 4); do
  seed pt < "$f"
done

printf 'Cell:\n  a: b\nLayer:\n  x.y: z\n  x: w\n' | seed layer-mapping
printf 'Layer:\n  layers.0: layer0\n  "quoted": &a x\n' | seed layer-mapping
printf '{"Module.a.A.forward.0": "Module.b.B.forward.0"}' | seed vis-config
# Names of the compare fuzz-vis-config-apply applies them to (tests/data/bad/vis/compare-good.vis).
printf '{"Functional.relu.0.forward": "Functional.relu.0.forward"}' | seed vis-config-apply
printf '{"Module.m.M.forward.0": "Module.m.M.forward.0", "DefaultModel": "DefaultModel"}' |
  seed vis-config-apply
printf '{"Functional.relu.0.forward": "Module.m.M.forward.0"}' | seed vis-config-apply

# .npy of each format version, byte order and a few dtypes, as numpy pads them.
python3 - "$out/fuzz-npy" <<'PY'
import struct, sys
out = sys.argv[1]
cases = [(1, "<f4", "(2, 3)", 24), (1, ">f8", "(2,)", 16), (2, "<f2", "(4,)", 8),
         (3, "|b1", "(3,)", 3), (1, "<i8", "()", 8), (1, "<u2", "(0, 5)", 0),
         (1, "<V2", "(2,)", 4), (1, "<f4", "(3,)", 12)]
for i, (major, descr, shape, size) in enumerate(cases):
    order = "True" if i == 7 else "False"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (descr, order, shape)
    lenfmt = "<H" if major == 1 else "<I"
    pre = 10 if major == 1 else 12
    header += " " * ((64 - (pre + len(header) + 1) % 64) % 64) + "\n"
    with open("%s/seed-npy-%d" % (out, i), "wb") as f:
        f.write(b"\x93NUMPY" + bytes([major, 0]) + struct.pack(lenfmt, len(header)))
        f.write(header.encode("latin1") + bytes(range(size)))
PY
# .pt as torch.save lays them out (a stored zip of data.pkl, byteorder and data/0): float32
# and bfloat16 storages, a view with an offset and strides, big-endian, protocol 2 pickles.
python3 - "$out/fuzz-pt" <<'PY'
import io, struct, sys, zipfile
out = sys.argv[1]
def pickle(storage, numel, offset, size, stride):
    p = b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\nq\x00((X\x07\x00\x00\x00storage"
    p += b"ctorch\n" + storage + b"\nX\x01\x00\x00\x000X\x03\x00\x00\x00cpu"
    p += b"\x8a\x08" + struct.pack("<Q", numel) + b"tQK" + bytes([offset])
    p += b"(" + b"".join(b"K" + bytes([d]) for d in size) + b"t"
    p += b"(" + b"".join(b"K" + bytes([d]) for d in stride) + b"t"
    p += b"\x89ccollections\nOrderedDict\n)RtR."
    return p
cases = [(b"FloatStorage", 4, 6, 0, (2, 3), (3, 1), b"little"),
         (b"BFloat16Storage", 2, 4, 0, (4,), (1,), b"little"),
         (b"FloatStorage", 4, 6, 1, (2, 2), (1, 2), b"little"),
         (b"DoubleStorage", 8, 2, 0, (2,), (1,), b"big"),
         (b"LongStorage", 8, 1, 0, (), (), b"little")]
for i, (storage, width, numel, offset, size, stride, order) in enumerate(cases):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        z.writestr("t/data.pkl", pickle(storage, numel, offset, size, stride))
        z.writestr("t/byteorder", order)
        z.writestr("t/data/0", bytes(range(numel * width)))
    with open("%s/seed-pt-%d" % (out, i), "wb") as f:
        f.write(buf.getvalue())
    # The same pickle alone, for the pickle reader (see fuzz-pt.c).
    with open("%s/seed-pt-pickle-%d" % (out, i), "wb") as f:
        f.write(b"P" + pickle(storage, numel, offset, size, stride))
PY
echo "seeds: $(find "$out" -type f | wc -l) files in $out"
