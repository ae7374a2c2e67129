#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of opening a compare .vis (`msvis inspect`), against Python's json.load of it.

Makes a compare .vis of about --vis-mb MB with msvis-gen-dump and `msvis graph` (or takes
--vis FILE), then measures in the same run and on the same file:
  (a) python3 json.load of the .vis (what tb_graph_ascend does first): wall time, best of 3;
  (b) msvis inspect FILE: the streaming index the viewer shows from, plus the counts: wall
      time, best of 3, and peak RSS.
Targets: msvis time <= 0.2 x the Python load, and peak RSS <= half the file's size.
A benchmark reports: it exits 0 even when a target is missed, and 1 only on errors.
"""

import argparse
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("bench_build", os.path.join(HERE, "bench-build.py"))
bb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bb)

RATIO_TARGET = 0.2
CALIBRATION_ENTRIES = 5000


def make_compare(gen, msvis, workdir, entries):
    """A compare .vis of two generated dumps whose statistics drift from 60% on."""
    npu_dir = os.path.join(workdir, "npu")
    bench_dir = os.path.join(workdir, "bench")
    out_dir = os.path.join(workdir, f"out{entries}")
    bb.run_checked([gen, "--entries", str(entries), "--seed", "1", npu_dir])
    bb.run_checked([gen, "--entries", str(entries), "--seed", "1", "--perturb", "0.05",
                    "--perturb-from", "0.6", bench_dir])
    config = os.path.join(workdir, "compare.json")
    with open(config, "w") as f:
        json.dump({"npu_path": npu_dir, "bench_path": bench_dir}, f)
    written = bb.run_checked([msvis, "graph", "-i", config, "-o", out_dir, "-q"]).stdout.split()
    if len(written) != 1:
        bb.fail(f"msvis graph wrote {written}, not one .vis")
    return written[0]


def make_vis(gen, msvis, workdir, target_mb):
    """Picks --entries from a small calibration run: the .vis grows linearly with them."""
    small = make_compare(gen, msvis, workdir, CALIBRATION_ENTRIES)
    per_entry = os.path.getsize(small) / CALIBRATION_ENTRIES
    os.remove(small)
    entries = max(1, round(target_mb * bb.MB / per_entry))
    return make_compare(gen, msvis, workdir, entries)


def bench_python_load(path):
    code = "import json, sys; json.load(open(sys.argv[1]))"
    runs = [bb.timed_child([sys.executable, "-c", code, path]) for _ in range(bb.RUNS)]
    return min(r[0] for r in runs), max(r[1] for r in runs) / 1024


def bench_inspect(msvis, path):
    runs = [bb.timed_child([msvis, "inspect", path]) for _ in range(bb.RUNS)]
    return min(r[0] for r in runs), max(r[1] for r in runs) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msvis", required=True, help="path of the msvis binary")
    parser.add_argument("--gen", help="path of msvis-gen-dump (not needed with --vis)")
    parser.add_argument("--vis-mb", type=float, default=800, help="size of the .vis in MB")
    parser.add_argument("--vis", help="measure this .vis instead of generating one")
    parser.add_argument("--runs", type=int, default=bb.RUNS, help="timed runs of each side")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    args = parser.parse_args()
    bb.RUNS = max(1, args.runs)
    msvis = bb.check_executable(args.msvis, "--msvis")

    with bb.scratch_dir("msvis-bench-read-", args.keep) as workdir:
        if args.vis:
            path = args.vis
        else:
            path = make_vis(bb.check_executable(args.gen, "--gen"), msvis, workdir, args.vis_mb)
        size_mb = os.path.getsize(path) / bb.MB
        print(f"file: {path}, {size_mb:.1f} MB")
        py_s, py_rss = bench_python_load(path)
        ms_s, ms_rss = bench_inspect(msvis, path)
        ratio = ms_s / py_s
        bb.print_table([
            (".vis size (MB)", f"{size_mb:.1f}", "", None),
            ("python json.load (s)", f"{py_s:.3f}", f"best of {bb.RUNS}", None),
            ("python peak RSS (MB)", f"{py_rss:.1f}", "", None),
            ("msvis inspect (s)", f"{ms_s:.3f}", f"best of {bb.RUNS}", None),
            ("ratio msvis/python", f"{ratio:.3f}", f"<= {RATIO_TARGET}", ratio <= RATIO_TARGET),
            ("msvis peak RSS (MB)", f"{ms_rss:.1f}", f"<= {size_mb / 2:.1f}",
             ms_rss <= size_mb / 2)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
