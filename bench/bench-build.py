#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of `msvis graph` building one graph, against Python's own json.load.

Generates a dump of about --mb MB (dump.json size; MB here is 2**20 bytes) with msvis-gen-dump,
then measures, in the same run and on the same files:
  (a) python3 -c 'import json; json.load(open(P))' on dump.json: wall time, best of --runs;
  (b) msvis graph -i compare.json -o OUT -q: wall time, best of --runs, and peak RSS of that child.
The two alternate, so that a burst of load on a shared machine falls on both; besides the ratio
of the bests, the median of the ratios of neighbouring runs is printed.
Targets: msvis time <= 0.33 x the Python parse, and peak RSS <= dump MB + 200.
A benchmark reports: it exits 0 even when a target is missed, and 1 only on errors.
"""

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MB = 1 << 20
RUNS = 3
RATIO_TARGET = 0.33
RSS_MARGIN_MB = 200
CALIBRATION_ENTRIES = 20000


def fail(msg):
    sys.exit(f"bench-build: {msg}")


def check_executable(path, option):
    if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
        fail(f"{option} {path!r} is not an executable file")
    return os.path.abspath(path)


def run_checked(argv):
    res = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if res.returncode != 0:
        fail(f"{' '.join(argv)} failed (exit {res.returncode}): {res.stderr.strip()}")
    return res


def generate(gen, outdir, entries):
    if os.path.exists(outdir):
        shutil.rmtree(outdir)
    run_checked([gen, "--entries", str(entries), "--seed", "1", outdir])
    return os.path.getsize(os.path.join(outdir, "dump.json"))


def make_dump(gen, workdir, target_mb):
    """Picks --entries from a small calibration run, then corrects it once if needed."""
    dump_dir = os.path.join(workdir, "npu")
    size = generate(gen, dump_dir, CALIBRATION_ENTRIES)
    entries = CALIBRATION_ENTRIES
    for _ in range(2):
        entries = max(1, round(entries * target_mb * MB / size))
        size = generate(gen, dump_dir, entries)
        if abs(size / (target_mb * MB) - 1) <= 0.05:
            break
    return dump_dir, entries, size


@contextlib.contextmanager
def scratch_dir(prefix, keep):
    """A temporary folder for the generated dumps, removed afterwards unless kept."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    try:
        yield workdir
    finally:
        if keep:
            print(f"kept: {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def timed_child(argv):
    """Wall time and peak RSS (KiB on Linux) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace").strip()
    proc.stderr.close()
    if proc.returncode != 0:
        fail(f"{' '.join(argv)} failed (exit {proc.returncode}): {err}")
    return wall, usage.ru_maxrss


def python_load(*paths):
    """One run of Python's json.load over the files: its wall time."""
    code = "import json, sys; [json.load(open(p)) for p in sys.argv[1:]]"
    return timed_child([sys.executable, "-c", code, *paths])[0]


def msvis_graph(msvis, config, workdir):
    """One run of msvis graph: its wall time and peak RSS in MB."""
    out = os.path.join(workdir, "out")
    shutil.rmtree(out, ignore_errors=True)
    wall, rss = timed_child([msvis, "graph", "-i", config, "-o", out, "-q"])
    if not any(name.endswith(".vis") for name in os.listdir(out)):
        fail(f"msvis wrote no .vis file into {out}")
    shutil.rmtree(out)
    return wall, rss / 1024


def bench_interleaved(python_once, msvis_once):
    """RUNS of each, alternating: the best Python time, the best msvis time, msvis's peak RSS
    and the median ratio of each msvis run to the Python run before it."""
    py_times, ms_times, ratios, peak = [], [], [], 0
    for _ in range(RUNS):
        py_times.append(python_once())
        wall, rss = msvis_once()
        ms_times.append(wall)
        ratios.append(wall / py_times[-1])
        peak = max(peak, rss)
    return min(py_times), min(ms_times), statistics.median(ratios), peak


def ratio_rows(py_s, ms_s, paired):
    ratio = ms_s / py_s
    return [("ratio msvis/python", f"{ratio:.3f}", f"<= {RATIO_TARGET}", ratio <= RATIO_TARGET),
            ("  median of paired runs", f"{paired:.3f}", f"{RUNS} pairs", None)]


def print_table(rows):
    print(f"{'metric':<28}{'value':>12}  {'target':<14}result")
    for name, value, target, ok in rows:
        result = "" if ok is None else ("PASS" if ok else "MISS")
        print(f"{name:<28}{value:>12}  {target:<14}{result}".rstrip())


def main():
    global RUNS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--msvis", help="path of the msvis binary")
    parser.add_argument("--gen", required=True, help="path of msvis-gen-dump")
    parser.add_argument("--mb", type=float, default=100, help="dump.json size in MB (100)")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed runs of each")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--python-only", action="store_true",
                        help="only time Python's json.load")
    args = parser.parse_args()
    if args.mb <= 0:
        fail("--mb must be positive")
    RUNS = max(1, args.runs)
    gen = check_executable(args.gen, "--gen")
    msvis = None if args.python_only else check_executable(args.msvis, "--msvis")

    with scratch_dir("msvis-bench-", args.keep) as workdir:
        dump_dir, entries, size = make_dump(gen, workdir, args.mb)
        dump_json = os.path.join(dump_dir, "dump.json")
        config = os.path.join(workdir, "compare.json")
        with open(config, "w") as f:
            json.dump({"npu_path": dump_dir}, f)
        dump_mb = size / MB
        print(f"dump: {entries} entries, {dump_mb:.1f} MB dump.json, in {dump_dir}")
        if not msvis:
            py_s = min(python_load(dump_json) for _ in range(RUNS))
            print_table([("dump.json size (MB)", f"{dump_mb:.1f}", "", None),
                         ("python json.load (s)", f"{py_s:.3f}", f"best of {RUNS}", None)])
            return 0
        py_s, ms_s, paired, rss_mb = bench_interleaved(
            lambda: python_load(dump_json), lambda: msvis_graph(msvis, config, workdir))
        budget = dump_mb + RSS_MARGIN_MB
        print_table([("dump.json size (MB)", f"{dump_mb:.1f}", "", None),
                     ("python json.load (s)", f"{py_s:.3f}", f"best of {RUNS}", None),
                     ("msvis build+write (s)", f"{ms_s:.3f}", f"best of {RUNS}", None),
                     ("msvis throughput (MB/s)", f"{dump_mb / ms_s:.1f}", "", None),
                     *ratio_rows(py_s, ms_s, paired),
                     ("msvis peak RSS (MB)", f"{rss_mb:.1f}", f"<= {budget:.1f}",
                      rss_mb <= budget),
                     ("RSS budget (MB)", f"{budget:.1f}", "dump MB + 200", None)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
