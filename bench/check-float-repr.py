#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares msvis's repr(float) with this Python's repr() on many values (not a test: the suite
has tests/data/float-repr.txt; this is the long run behind it).

    bench/check-float-repr.py --oracle _build/bench/msvis-float-repr-oracle \\
        --bits 50000000 --decimals 1000000 --special

Runs msvis-float-repr-oracle (see its header for the stream it writes) for each kind asked for,
in jobs of --chunk values with their own seeds, and prints the counts compared and every
mismatch (at most --show). Exits 1 on any mismatch or error.
"""

import argparse
import array
import struct
import subprocess
import sys


def read_exact(stream, size):
    data = stream.read(size)
    if len(data) != size:
        raise EOFError(f"the oracle's stream ended early ({len(data)} of {size} bytes)")
    return data


def check(oracle, kind, count, seed, show):
    """Returns (values compared, mismatches) for one run of the oracle."""
    proc = subprocess.Popen([oracle, kind, str(count), str(seed)], stdout=subprocess.PIPE)
    compared, mismatches = 0, 0
    while True:
        head = proc.stdout.read(8)
        if not head:
            break
        if len(head) != 8:
            raise EOFError("the oracle's stream ended inside a block's count")
        n = struct.unpack("<Q", head)[0]
        values = array.array("d")
        values.frombytes(read_exact(proc.stdout, 8 * n))
        length = struct.unpack("<Q", read_exact(proc.stdout, 8))[0]
        text = read_exact(proc.stdout, length).decode("ascii")
        expected = "\n".join(map(repr, values)) + "\n"
        compared += n
        if text != expected:
            for value, ours in zip(values, text.split("\n")):
                if repr(value) != ours:
                    mismatches += 1
                    if mismatches <= show:
                        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
                        print(f"MISMATCH {kind} 0x{bits:016x}: python {value!r}, msvis {ours}")
    if proc.wait() != 0:
        sys.exit(f"{oracle} {kind} failed with status {proc.returncode}")
    return compared, mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle", required=True, help="path of msvis-float-repr-oracle")
    parser.add_argument("--bits", type=int, default=0, help="random 64-bit patterns")
    parser.add_argument("--decimals", type=int, default=0, help="random decimals, 1-17 digits")
    parser.add_argument("--stats", type=int, default=0,
                        help="random decimals, 1-17 digits, exponents -10..6")
    parser.add_argument("--special", action="store_true", help="the tricky values' list")
    parser.add_argument("--chunk", type=int, default=5_000_000, help="values per oracle run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first run")
    parser.add_argument("--show", type=int, default=20, help="mismatches printed at most")
    args = parser.parse_args()

    total_mismatches = 0
    jobs = [("special", 0)] if args.special else []
    for kind, count in (("bits", args.bits), ("decimals", args.decimals), ("stats", args.stats)):
        jobs += [(kind, min(args.chunk, count - at)) for at in range(0, count, args.chunk)]
    for number, (kind, count) in enumerate(jobs):
        compared, mismatches = check(args.oracle, kind, count, args.seed + number, args.show)
        total_mismatches += mismatches
        print(f"{kind:9} seed {args.seed + number:4}: {compared:10} compared, "
              f"{mismatches} mismatches", flush=True)
    print(f"total mismatches: {total_mismatches}")
    return 1 if total_mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
