#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What meson's dependency lists cannot enforce (docs/style.md §6; DESIGN.md draws the arrows).
# meson makes an include against the arrows a build error; this catches the rest: includes of
# a kind a folder must never have, another folder's private headers, and include cycles
# between folders. Run by `meson test --suite lint`.
set -u
root=${1:?source root}
cd "$root" || exit 1
status=0

forbid () {   # forbid <folder> <extended regex of #include targets> <reason>
  [ -d "$1" ] || return 0
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($2)" "$1" 2>/dev/null)
  if [ -n "$hits" ]; then
    printf '%s\n%s\n\n' "layering: $1/ $3" "$hits" >&2
    status=1
  fi
}

# sqlite3 belongs to graph/vis (.vis.db) and graph/trend (.trend.db); nothing above graph/
# opens a database itself.
gtk='gtk/|gdk/|gsk/|adwaita\.h'
forbid graph   "$gtk|json-glib/" 'is the GTK-free core'
forbid compare "$gtk|json-glib/|graphviz/|sqlite3\.h|cairo|pango" 'is GTK-free and draws nothing itself'
forbid app/cli "$gtk|graphviz/|cairo|pango|sqlite3\.h" 'runs without GTK, cairo and graphviz'
forbid app     'graphviz/|sqlite3\.h|cairo\.h|gsk/' 'never draws'
# The widgets show what the libraries read and write: no JSON of their own, no dump-folder
# detection (jobs and the document say what a folder is), no writers.
forbid widgets 'json-glib/|msvis-dump-layout\.h|msvis-dump-reader\.h|msvis-(json|vis|vis-db)-writer\.h|sqlite3\.h|graphviz/' \
  'shows what compare/ and graph/ give it'

# app/cli is the executable's side: it registers no GType of its own.
hits=$(grep -nE 'G_DEFINE_(TYPE|FINAL_TYPE|BOXED_TYPE|INTERFACE)|g_type_register' app/cli/*.c 2>/dev/null)
[ -z "$hits" ] || { printf 'layering: app/cli registers a GType\n%s\n' "$hits" >&2; status=1; }

# A private header belongs to its own folder's files.
for f in $(git ls-files '*.c' '*.h' 2>/dev/null | grep -v '^tests/'); do
  dir=$(dirname "$f")
  for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*-private\.h\)".*/\1/p' "$f"); do
    [ -e "$dir/$h" ] || { echo "layering: $f includes $h, another folder's internals" >&2; status=1; }
  done
done

# Folder-level include graph: an edge "A B" when a file of A includes a header of B. tsort
# refuses a cycle.
edges=$(git ls-files 'graph/*' 'compare/*' 'widgets/*' 'app/*' | grep -E '\.[ch]$' | awk '
  { files[NR] = $0 }
  END {
    for (i in files) { f = files[i]; n = split(f, p, "/"); d = f; sub("/[^/]*$", "", d); owner[p[n]] = d }
    for (i in files) {
      f = files[i]; d = f; sub("/[^/]*$", "", d)
      while ((getline line < f) > 0)
        if (match(line, /^[ \t]*#[ \t]*include[ \t]*"[^"]+"/)) {
          h = line; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
          if ((h in owner) && owner[h] != d) print d, owner[h]
        }
      close(f)
    }
  }' | sort -u)
if ! printf '%s\n' "$edges" | tsort >/dev/null 2>"${TMPDIR:-/tmp}/msvis-tsort.$$"; then
  echo "layering: the folders include each other in a cycle:" >&2
  cat "${TMPDIR:-/tmp}/msvis-tsort.$$" >&2
  status=1
fi
rm -f "${TMPDIR:-/tmp}/msvis-tsort.$$"

# Every test program is registered.
for t in tests/core/test-*.c tests/ui/test-*.c; do
  [ -e "$t" ] || continue
  stem=$(basename "$t" .c)
  grep -q "'$stem'" tests/meson.build || { echo "layering: $stem is not in tests/meson.build" >&2; status=1; }
done

exit $status
