#!/bin/sh
# Fails when a folder includes a header it must not see (docs/style.md §6).
# Run by `meson test --suite lint`.
set -u
root=${1:?source root}
status=0

forbid () {   # forbid <folder> <extended regex of #include targets> <reason>
  [ -d "$root/$1" ] || return 0
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($2)" "$root/$1" 2>/dev/null)
  if [ -n "$hits" ]; then
    printf '%s\n%s\n\n' "layering: $1/ $3" "$hits" >&2
    status=1
  fi
}

forbid graph   'gtk/|gdk/|gsk/|adwaita\.h|msvis-(overflow|distributed|graph-job|compare-error)\.h' 'is the GTK-free core and knows nothing of compare/'
forbid compare 'gtk/|gdk/|gsk/|adwaita\.h|graphviz/|sqlite3\.h' 'is GTK-free'
forbid app     'graphviz/|sqlite3\.h|cairo\.h|gsk/' 'never draws'

# app/ may share private headers among its own files, never reach into another folder's.
for f in $(grep -rhoE '#[[:space:]]*include[[:space:]]*"[^"]*-private\.h"' "$root/app" 2>/dev/null \
           | sed 's/.*"\(.*\)"/\1/' | sort -u); do
  [ -e "$root/app/$f" ] || { echo "layering: app/ includes $f, another folder's internals" >&2; status=1; }
done

# Every test program is registered.
for t in "$root"/tests/core/test-*.c "$root"/tests/ui/test-*.c; do
  [ -e "$t" ] || continue
  stem=$(basename "$t" .c)
  grep -q "'$stem'" "$root/tests/meson.build" || { echo "layering: $stem is not in tests/meson.build" >&2; status=1; }
done

exit $status
