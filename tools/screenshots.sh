#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pictures of the window and its panels, to look at: runs every case of the UI tests under
# Xvfb with MSVIS_SHOT_DIR set, so that each picture a case takes (and checks) is kept, and the
# picture-only cases (/legend/screenshots, /find-panel/screenshots, /node-details/screenshots)
# run too. One folder per screen size and language:
#
#   tools/screenshots.sh OUTPUT_DIR [BUILD_DIR]
#
# SCREENS (default "1280x720 1920x1080") and LANGUAGES (default "C zh_CN") choose them. In a
# language other than C the cases that check English texts fail; the program's other cases are
# then run one by one, so they still take their pictures. A test run without this tool writes
# no picture.
set -u
out=${1:?usage: tools/screenshots.sh OUTPUT_DIR [BUILD_DIR]}
build=$(cd "${2:-_build}" 2>/dev/null && pwd) || { echo "no build folder ${2:-_build}" >&2; exit 1; }
source=$(cd "$(dirname "$0")/.." && pwd)
screens=${SCREENS:-1280x720 1920x1080}
languages=${LANGUAGES:-C zh_CN}

command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run is needed (apt-get install xvfb)" >&2; exit 1; }

# What meson test gives the UI tests (tests/meson.build, test_env).
export G_TEST_SRCDIR="$source/tests" G_TEST_BUILDDIR="$build/tests" GSETTINGS_BACKEND=memory
export GTK_A11Y=none XDG_DATA_HOME="$build/tests/xdg-data" LC_ALL=C.UTF-8
export MSVIS_SHARED_DIR="${MSVIS_SHARED_DIR:-$source/../shared}"

status=0
for screen in $screens; do
  for language in $languages; do
    dir="$out/$screen-$language"
    mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || exit 1
    failed=0
    for program in "$source"/tests/ui/test-*.c; do
      test=$build/tests/$(basename "$program" .c)
      [ -x "$test" ] || { echo "$test is not built" >&2; exit 1; }
      shoot () { MSVIS_SHOT_DIR="$dir" LANGUAGE="$language" \
                   xvfb-run -a -s "-screen 0 ${screen}x24" "$test" "$@" >>"$dir/cases.log" 2>&1; }
      shoot && continue
      # A failed case ends its program: the cases after it take their pictures one by one.
      failed=$((failed + 1))
      echo "failed: $test" >>"$dir/cases.log"
      for case in $(MSVIS_SHOT_DIR="$dir" "$test" -l 2>/dev/null | grep '^/'); do
        shoot -p "$case" || echo "failed alone: $case" >>"$dir/cases.log"
      done
    done
    echo "$dir: $(find "$dir" -name '*.png' | wc -l) pictures, $failed programs failed (cases.log)"
    [ "$language" = C ] && [ "$failed" -gt 0 ] && status=1
  done
done
exit $status
