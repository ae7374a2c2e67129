#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of `msvis graph` comparing two dumps, against Python's own json.load of both.

Generates an NPU dump of about --mb MB and a benchmark dump of the same model whose statistics
drift from --bug-from (a fraction of the dump) on, with --drop API entries taken out of it,
then measures in the same run:
  (a) python3 json.load of both dump.json files: wall time, best of --runs;
  (b) msvis graph -i compare.json -o OUT -q: wall time, best of --runs, and peak RSS,
alternating as bench-build.py does. With --visualize, (b) is instead
  msvis graph_visualize -tp NPU -gp BENCH -o OUT, which writes msprobe 26.0.0's .vis.db.
Targets: msvis time <= 0.33 x the Python parse, and peak RSS <= both dumps' MB + 300.
A benchmark reports: it exits 0 even when a target is missed, and 1 only on errors.
"""

import argparse
import importlib.util
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("bench_build", os.path.join(HERE, "bench-build.py"))
bb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bb)

RSS_MARGIN_MB = 300


def msvis_visualize(msvis, npu_dir, bench_dir, workdir):
    """One run of msvis graph_visualize: its wall time and peak RSS in MB."""
    out = os.path.join(workdir, "out")
    shutil.rmtree(out, ignore_errors=True)
    wall, rss = bb.timed_child([msvis, "graph_visualize", "-tp", npu_dir, "-gp", bench_dir,
                                "-o", out])
    if not any(name.endswith(".vis.db") for name in os.listdir(out)):
        bb.fail(f"msvis wrote no .vis.db file into {out}")
    shutil.rmtree(out)
    return wall, rss / 1024


def drop_apis(dump_dir, count):
    """Takes `count` forward API entries, spread over the dump, out of dump.json and
    construct.json: the structural differences a real benchmark run has."""
    paths = {name: os.path.join(dump_dir, name) for name in ("dump.json", "construct.json")}
    with open(paths["dump.json"]) as f:
        dump = json.load(f)
    with open(paths["construct.json"]) as f:
        construct = json.load(f)
    apis = [name for name in dump["data"]
            if name.endswith(".forward") and not name.startswith("Distributed.")]
    step = max(1, len(apis) // (count + 1))
    dropped = apis[step::step][:count]
    for name in dropped:
        dump["data"].pop(name, None)
        construct.pop(name, None)
    with open(paths["dump.json"], "w") as f:
        json.dump(dump, f, indent=1)
    with open(paths["construct.json"], "w") as f:
        json.dump(construct, f, indent=1)
    return len(dropped)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msvis", required=True, help="path of the msvis binary")
    parser.add_argument("--gen", required=True, help="path of msvis-gen-dump")
    parser.add_argument("--mb", type=float, default=100, help="size of each dump.json in MB")
    parser.add_argument("--entries", type=int, help="entries per dump, instead of --mb")
    parser.add_argument("--bug-from", type=float, default=0.6,
                        help="where in the dump the benchmark's statistics start to drift")
    parser.add_argument("--drop", type=int, default=5, help="API entries missing on one side")
    parser.add_argument("--runs", type=int, default=bb.RUNS, help="timed runs of each side")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--visualize", action="store_true",
                        help="time msvis graph_visualize (the 26.0.0 .vis.db) instead of graph")
    args = parser.parse_args()
    bb.RUNS = max(1, args.runs)
    gen = bb.check_executable(args.gen, "--gen")
    msvis = bb.check_executable(args.msvis, "--msvis")

    with bb.scratch_dir("msvis-bench-compare-", args.keep) as workdir:
        if args.entries:
            npu_dir = os.path.join(workdir, "npu")
            bb.run_checked([gen, "--entries", str(args.entries), "--seed", "1", npu_dir])
            entries = args.entries
        else:
            npu_dir, entries, _ = bb.make_dump(gen, workdir, args.mb)
        bench_dir = os.path.join(workdir, "bench")
        bb.run_checked([gen, "--entries", str(entries), "--seed", "1", "--perturb", "0.05",
                        "--perturb-from", str(args.bug_from), bench_dir])
        dropped = drop_apis(bench_dir, args.drop) if args.drop > 0 else 0
        npu_json = os.path.join(npu_dir, "dump.json")
        bench_json = os.path.join(bench_dir, "dump.json")
        config = os.path.join(workdir, "compare.json")
        with open(config, "w") as f:
            json.dump({"npu_path": npu_dir, "bench_path": bench_dir}, f)

        dumps_mb = (os.path.getsize(npu_json) + os.path.getsize(bench_json)) / bb.MB
        print(f"dumps: {entries} entries per side, {dumps_mb:.1f} MB of dump.json in all, "
              f"{dropped} APIs dropped from the benchmark, drift from {args.bug_from:.0%} on")
        if args.visualize:
            msvis_once = lambda: msvis_visualize(msvis, npu_dir, bench_dir, workdir)
        else:
            msvis_once = lambda: bb.msvis_graph(msvis, config, workdir)
        py_s, ms_s, paired, rss_mb = bb.bench_interleaved(
            lambda: bb.python_load(npu_json, bench_json), msvis_once)
        budget = dumps_mb + RSS_MARGIN_MB
        bb.print_table([
            ("dump.json sizes (MB)", f"{dumps_mb:.1f}", "both sides", None),
            ("python json.load x2 (s)", f"{py_s:.3f}", f"best of {bb.RUNS}", None),
            ("msvis graph_visualize (s)" if args.visualize else "msvis compare+write (s)",
             f"{ms_s:.3f}", f"best of {bb.RUNS}", None),
            *bb.ratio_rows(py_s, ms_s, paired),
            ("msvis peak RSS (MB)", f"{rss_mb:.1f}", f"<= {budget:.1f}", rss_mb <= budget),
            ("RSS budget (MB)", f"{budget:.1f}", "dumps MB + 300", None)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
