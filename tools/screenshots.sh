#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pictures of the window and its panels, to look at: runs the UI tests under Xvfb with
# MSVIS_SHOT_DIR set, so that every picture a test takes (and checks) is kept, and the
# picture-only cases (/legend/screenshots, /find-panel/screenshots, /node-details/screenshots)
# run too. One folder per screen size and language:
#
#   tools/screenshots.sh OUTPUT_DIR [BUILD_DIR]
#
# SCREENS (default "1280x720 1920x1080") and LANGUAGES (default "C zh_CN") choose them. In a
# language other than C the cases that check English texts fail; their pictures up to that
# point are kept, and the run goes on. A test run without this tool writes no picture.
set -u
out=${1:?usage: tools/screenshots.sh OUTPUT_DIR [BUILD_DIR]}
build=${2:-_build}
screens=${SCREENS:-1280x720 1920x1080}
languages=${LANGUAGES:-C zh_CN}

command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run is needed (apt-get install xvfb)" >&2; exit 1; }
[ -f "$build/build.ninja" ] || { echo "$build is not a configured build folder" >&2; exit 1; }

status=0
for screen in $screens; do
  for language in $languages; do
    dir="$out/$screen-$language"
    mkdir -p "$dir" || exit 1
    dir=$(cd "$dir" && pwd)
    echo "== $dir"
    MSVIS_SHOT_DIR="$dir" LANGUAGE="$language" LC_ALL=C.UTF-8 GTK_A11Y=none \
      xvfb-run -a -s "-screen 0 ${screen}x24" \
      meson test -C "$build" --suite ui --no-rebuild --num-processes 1 >"$dir/meson-test.log" 2>&1 \
      || { [ "$language" = C ] && status=1; echo "   some cases failed: $dir/meson-test.log"; }
    echo "   $(find "$dir" -name '*.png' | wc -l) pictures"
  done
done
exit $status
