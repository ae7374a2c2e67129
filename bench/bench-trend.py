#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of `msvis trend` (msprobe's data2db) against Python's own json.load.

Generates a run of --ranks ranks of one step (default: the medium dump, 94,000 entries as
step0/rank0) with msvis-gen-dump, then measures, in the same run and on the same files:
  (a) python3 -c 'import json; [json.load(open(P)) for P in FILES]' on every dump.json: wall
      time, best of --runs;
  (b) msvis trend --db OUT --data RUN: wall time, best of --runs, and peak RSS of that child.
The two alternate, so that a burst of load on a shared machine falls on both; the median of
the ratios of neighbouring runs is printed too. Target (issue 27): msvis <= 1/3 of json.load.
A benchmark reports: it exits 0 even when a target is missed, and 1 only on errors.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

RATIO_TARGET = 1 / 3


def fail(msg):
    sys.exit(f"bench-trend: {msg}")


def check_executable(path, option):
    if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
        fail(f"{option} {path!r} is not an executable file")
    return os.path.abspath(path)


def timed_child(argv):
    """Wall time and peak RSS (KiB on Linux) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace").strip()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        fail(f"{' '.join(argv)} failed: {err}")
    return wall, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msvis", required=True, help="path of the msvis binary")
    parser.add_argument("--gen", required=True, help="path of msvis-gen-dump")
    parser.add_argument("--entries", type=int, default=94000, help="entries per dump (94000)")
    parser.add_argument("--ranks", type=int, default=1, help="ranks of step0 (1)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each (3)")
    parser.add_argument("--micro-step", default="true", choices=["true", "false"])
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    args = parser.parse_args()
    msvis = check_executable(args.msvis, "--msvis")
    gen = check_executable(args.gen, "--gen")
    work = tempfile.mkdtemp(prefix="msvis-bench-trend-")
    try:
        run_dir = os.path.join(work, "run")
        files = []
        for rank in range(max(1, args.ranks)):
            rank_dir = os.path.join(run_dir, "step0", f"rank{rank}")
            res = subprocess.run([gen, "--entries", str(args.entries), "--seed", str(rank + 1),
                                  rank_dir], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if res.returncode != 0:
                fail(f"msvis-gen-dump failed: {res.stderr.decode(errors='replace')}")
            files.append(os.path.join(rank_dir, "dump.json"))
        size_mb = sum(os.path.getsize(f) for f in files) / (1 << 20)
        out = os.path.join(work, "out")
        py_code = "import json, sys; [json.load(open(p)) for p in sys.argv[1:]]"
        py_times, ms_times, ratios, peak = [], [], [], 0
        for _ in range(max(1, args.runs)):
            py_times.append(timed_child([sys.executable, "-c", py_code, *files])[0])
            shutil.rmtree(out, ignore_errors=True)
            wall, rss = timed_child([msvis, "trend", "--db", out, "--data", run_dir,
                                     "--micro_step", args.micro_step])
            if not os.path.isfile(os.path.join(out, "dump_data.trend.db")):
                fail("msvis wrote no dump_data.trend.db")
            ms_times.append(wall)
            ratios.append(wall / py_times[-1])
            peak = max(peak, rss / 1024)
        py_s, ms_s = min(py_times), min(ms_times)
        ratio = ms_s / py_s
        print(f"dump: {args.ranks} rank(s) x {args.entries} entries, {size_mb:.1f} MB of "
              f"dump.json, micro steps {args.micro_step}")
        print(f"{'python json.load (s)':<28}{py_s:>10.3f}  best of {len(py_times)}")
        print(f"{'msvis trend (s)':<28}{ms_s:>10.3f}  best of {len(ms_times)}")
        print(f"{'msvis peak RSS (MB)':<28}{peak:>10.1f}")
        print(f"{'ratio msvis/python':<28}{ratio:>10.3f}  <= {RATIO_TARGET:.3f} "
              f"{'PASS' if ratio <= RATIO_TARGET else 'MISS'}")
        print(f"{'  median of paired runs':<28}{statistics.median(ratios):>10.3f}")
    finally:
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
