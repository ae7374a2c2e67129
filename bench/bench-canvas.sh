#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the canvas benchmark on a virtual display, as CI runs the ui tests:
#   bench/bench-canvas.sh _build-bench/bench/msvis-bench-canvas [--runs N] [--frames N] ...
# Prints its figures; exits 0 even when a target is missed, non-zero only on errors.
set -eu
bin=${1:?usage: bench-canvas.sh PATH/TO/msvis-bench-canvas [OPTIONS]}
shift
[ -x "$bin" ] || { echo "bench-canvas.sh: $bin is not an executable" >&2; exit 1; }
exec env GTK_A11Y=none xvfb-run -a -s "-screen 0 1400x1000x24" "$bin" "$@"
