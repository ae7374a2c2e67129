#!/bin/sh
# The mechanical house rules (docs/style.md §3.14): SPDX first line, no tabs, no trailing
# spaces, at most 100 columns, config.h first in every .c. Run by `meson test --suite lint`.
set -u
root=${1:?source root}
status=0

for f in $(cd "$root" && git ls-files '*.c' '*.h' 2>/dev/null || find graph compare app widgets tests bench -name '*.[ch]'); do
  path="$root/$f"
  [ -f "$path" ] || continue
  head -n 1 "$path" | grep -q '^// SPDX-License-Identifier: ' || { echo "$f:1: no SPDX line" >&2; status=1; }
  if grep -q "$(printf '\t')" "$path"; then echo "$f: has tabs" >&2; status=1; fi
  if grep -q ' $' "$path"; then echo "$f: has trailing spaces" >&2; status=1; fi
  # Characters, not bytes: messages carry “quotes” and Chinese text.
  if LC_ALL=C.UTF-8 grep -qE '^.{101,}' "$path"; then
    LC_ALL=C.UTF-8 grep -nE '^.{101,}' "$path" | cut -d: -f1 | sed "s|^|$f:|;s|$|: over 100 columns|" >&2
    status=1
  fi
  case "$f" in
    bench/*|tools/*) ;;
    *.c) first=$(grep -m 1 '^#include' "$path")
         [ "$first" = '#include "config.h"' ] || { echo "$f: config.h is not the first include" >&2; status=1; } ;;
  esac
done

exit $status
