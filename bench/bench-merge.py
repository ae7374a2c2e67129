#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of `msvis graph` with parallel_merge: an 8-rank TP=2 PP=4 run, merged and compared.

Generates an NPU run of 8 ranks (tensor parallelism 2, pipeline parallelism 4, --layers per
stage, --micro-steps) and a benchmark run of the same model whose statistics drift from
--bug-from on, then measures in the same run:
  (a) python3 json.load of all 16 dump.json files in one process: wall time (best of --runs)
      and peak RSS;
  (b) msvis graph merging the NPU run (build_merged0), and (c) merging both runs and comparing
      them (compare_merged0): wall time (best of --runs) and peak RSS of each.
The issue sets no target: the ratios are printed as they are. With --check, every
statistics-merging sentence of the compare's parallel_merge_info is redone with Python's float
arithmetic and str(), and must say the same.
A benchmark reports: it exits 0 whatever it measures, and 1 only on errors.
"""

import argparse
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("bench_build", os.path.join(HERE, "bench-build.py"))
bb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bb)

TP, PP = 2, 4
RANKS = TP * PP
SENTENCE = re.compile(r"The (Max|Min|Mean|Norm) value merging method for \S+ is: (.*) = (\S+)$")


def generate(gen, outdir, layers, micro, extra=()):
    bb.run_checked([gen, "--tp", str(TP), "--pp", str(PP), "--layers", str(layers),
                    "--micro-steps", str(micro), "--seed", "1", *extra, outdir])


def dump_files(run_dir):
    return [os.path.join(run_dir, f"rank{r}", "dump.json") for r in range(RANKS)]


def bench_python_all(paths):
    code = "import json, sys; [json.load(open(p)) for p in sys.argv[1:]]"
    runs = [bb.timed_child([sys.executable, "-c", code, *paths]) for _ in range(bb.RUNS)]
    return min(r[0] for r in runs), max(r[1] for r in runs) / 1024


def number(text):
    return float(text) if text in ("nan", "inf", "-inf") else json.loads(text)


def redo(stat, formula):
    """The merged value as graph_merger.py computes it, from the sentence's own numbers."""
    if stat == "Norm":
        values = [number(v) for v in re.findall(r"(\S+) \*\* 2", formula.replace("(", ""))]
        total = pow(values[0], 2.0)
        for v in values[1:]:
            total += pow(v, 2.0)
        return pow(total, 1 / 2.0)
    inner = re.match(r"(?:max|min)?\((.*)\)(?: / \d+)?$", formula).group(1)
    values = [number(v) for v in inner.split(", " if stat in ("Max", "Min") else " + ")]
    result = values[0]
    for v in values[1:]:
        result = max(result, v) if stat == "Max" else min(result, v) if stat == "Min" \
            else result + v
    return result / len(values) if stat == "Mean" else result


def check_sentences(vis_path):
    with open(vis_path) as f:
        nodes = json.load(f)["NPU"]["node"]
    checked = wrong = 0
    for name, node in nodes.items():
        for line in node.get("parallel_merge_info", []):
            match = SENTENCE.match(line)
            if not match:
                continue
            checked += 1
            if str(redo(match.group(1), match.group(2))) != match.group(3):
                wrong += 1
                if wrong <= 3:
                    print(f"differs from Python: {name}: {line}")
    return checked, wrong


def bench_msvis_keep(msvis, config, workdir):
    """RUNS of msvis graph, keeping the last output for --check."""
    times, peak, out = [], 0, None
    for i in range(bb.RUNS):
        out = os.path.join(workdir, f"out-{os.path.basename(config)}-{i}")
        wall, rss = bb.timed_child([msvis, "graph", "-i", config, "-o", out, "-q"])
        vis = [n for n in os.listdir(out) if n.endswith(".vis")]
        if len(vis) != 1:
            bb.fail(f"msvis wrote {len(vis)} .vis files into {out}, expected 1")
        times.append(wall)
        peak = max(peak, rss)
    return min(times), peak / 1024, os.path.join(out, vis[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msvis", required=True, help="path of the msvis binary")
    parser.add_argument("--gen", required=True, help="path of msvis-gen-dump")
    parser.add_argument("--layers", type=int, default=32, help="decoder layers per stage (32)")
    parser.add_argument("--micro-steps", type=int, default=4, help="micro steps (4)")
    parser.add_argument("--bug-from", type=float, default=0.6,
                        help="where in the dumps the benchmark's statistics start to drift")
    parser.add_argument("--runs", type=int, default=bb.RUNS, help="timed runs of each side")
    parser.add_argument("--check", action="store_true",
                        help="redo the merged statistics of the compare in Python")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    args = parser.parse_args()
    bb.RUNS = max(1, args.runs)
    gen = bb.check_executable(args.gen, "--gen")
    msvis = bb.check_executable(args.msvis, "--msvis")

    with bb.scratch_dir("msvis-bench-merge-", args.keep) as workdir:
        npu = os.path.join(workdir, "npu")
        bench = os.path.join(workdir, "bench")
        generate(gen, npu, args.layers, args.micro_steps)
        generate(gen, bench, args.layers, args.micro_steps,
                 ("--perturb", "0.05", "--perturb-from", str(args.bug_from)))
        merge = {"rank_size": RANKS, "tp": TP, "pp": PP}
        build_cfg = os.path.join(workdir, "build.json")
        compare_cfg = os.path.join(workdir, "compare.json")
        with open(build_cfg, "w") as f:
            json.dump({"npu_path": npu, "parallel_merge": {"npu": merge}}, f)
        with open(compare_cfg, "w") as f:
            json.dump({"npu_path": npu, "bench_path": bench,
                       "parallel_merge": {"npu": merge, "bench": merge}}, f)

        paths = dump_files(npu) + dump_files(bench)
        dumps_mb = sum(os.path.getsize(p) for p in paths) / bb.MB
        print(f"runs: {RANKS} ranks (tp {TP}, pp {PP}) per side, {args.layers} layers per "
              f"stage, {args.micro_steps} micro steps, {dumps_mb:.1f} MB of dump.json in all")
        py_s, py_rss = bench_python_all(paths)
        build_s, build_rss, _ = bench_msvis_keep(msvis, build_cfg, workdir)
        cmp_s, cmp_rss, cmp_vis = bench_msvis_keep(msvis, compare_cfg, workdir)
        rows = [
            ("dump.json sizes (MB)", f"{dumps_mb:.1f}", "16 files", None),
            ("python json.load x16 (s)", f"{py_s:.3f}", f"best of {bb.RUNS}", None),
            ("python peak RSS (MB)", f"{py_rss:.1f}", "", None),
            ("msvis merge NPU (s)", f"{build_s:.3f}", "8 ranks", None),
            ("msvis peak RSS (MB)", f"{build_rss:.1f}", "", None),
            ("msvis merge+compare (s)", f"{cmp_s:.3f}", "16 ranks", None),
            ("msvis peak RSS (MB)", f"{cmp_rss:.1f}", "", None),
            ("ratio time merge/python", f"{build_s / py_s:.3f}", "", None),
            ("ratio time compare/python", f"{cmp_s / py_s:.3f}", "", None),
            ("ratio RSS merge/python", f"{build_rss / py_rss:.3f}", "", None),
            ("ratio RSS compare/python", f"{cmp_rss / py_rss:.3f}", "", None)]
        if args.check:
            checked, wrong = check_sentences(cmp_vis)
            rows.append(("merge sentences redone", f"{checked}", "0 differ", wrong == 0))
        bb.print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
