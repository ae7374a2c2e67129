#!/bin/sh
# Checks the files that make msvis a desktop application, each with the tool the freedesktop and
# GNOME stacks read it with. Run by `meson test --suite lint`:
#   check-desktop-data.sh desktop   BUILT.desktop MIME.xml
#   check-desktop-data.sh appstream BUILT.metainfo.xml
#   check-desktop-data.sh schemas   SCHEMA_SOURCE_DIR
#   check-desktop-data.sh mime      BUILT-MIME.xml
# Exit 77 (a skip for meson) with the package to install when a tool is missing.
set -u
what=${1:?what to check}
shift

need () {
  command -v "$1" >/dev/null 2>&1 || { echo "SKIP: $1 not found (apt-get install $2)"; exit 77; }
}

case "$what" in
  desktop)
    need desktop-file-validate desktop-file-utils
    desktop-file-validate "$1" || exit 1
    # Translated by the build: a Chinese desktop shows Chinese.
    grep -q '^Comment\[zh_CN\]=' "$1" || { echo "$1: no zh_CN Comment" >&2; exit 1; }
    # Every type the launcher claims is one msvis defines.
    for type in $(sed -n 's/^MimeType=//p' "$1" | tr ';' ' '); do
      grep -q "type=\"$type\"" "$2" || { echo "$1: $type is not defined in $2" >&2; exit 1; }
    done
    echo "$1: valid" ;;
  appstream)
    need appstreamcli appstream
    appstreamcli validate --no-net "$1" ;;
  schemas)
    need glib-compile-schemas libglib2.0-bin
    glib-compile-schemas --strict --dry-run "$1" && echo "$1: schemas compile (strict)" ;;
  mime)
    need update-mime-database shared-mime-info
    need gio libglib2.0-bin
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/share/mime/packages" "$tmp/files" "$tmp/home"
    cp "$1" "$tmp/share/mime/packages/" || exit 1
    XDG_DATA_DIRS="$tmp/share" update-mime-database "$tmp/share/mime" || exit 1
    printf '{"NPU": {}}' > "$tmp/files/run.vis"
    printf 'SQLite format 3\000' > "$tmp/files/run.vis.db"
    printf '{}' > "$tmp/files/run.vis.config"
    printf 'SQLite format 3\000' > "$tmp/files/other.db"
    status=0
    for pair in run.vis:application/x-msprobe-vis run.vis.db:application/x-msprobe-vis-db \
                run.vis.config:application/x-msprobe-vis-config other.db:application/vnd.sqlite3; do
      name=${pair%%:*}
      want=${pair#*:}
      got=$(XDG_DATA_HOME="$tmp/home" XDG_DATA_DIRS="$tmp/share:/usr/local/share:/usr/share" \
            gio info -a standard::content-type "$tmp/files/$name" \
            | sed -n 's/^ *standard::content-type: //p')
      echo "$name: $got"
      [ "$got" = "$want" ] || { echo "$name should be $want" >&2; status=1; }
    done
    exit $status ;;
  *)
    echo "unknown check $what" >&2
    exit 2 ;;
esac
