#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One command, one Chinese name: English source texts that differ only in mnemonics, case,
# ellipses and final punctuation ("Expand to E_rrors", "Expand to _Errors", "Expand to errors")
# must get the same Simplified Chinese text once the same is stripped from it, or the menu, the
# node menu and the shortcuts window name one command three ways. Plural forms are checked by
# their msgid only. A text that must differ (one English word, two meanings) goes into the
# list below, normalised (lower case, no mnemonic), one a line.
set -u
root=${1:?source root}
cd "$root" || exit 1

# "all" is both "every item" and msprobe's task that dumps the real tensors (真实数据).
allowed='all'

awk -v allowed="$allowed" '
function unq(s) { sub(/^[^"]*"/, "", s); sub(/"[ \t]*$/, "", s); return s }
function norm_en(s) {
  gsub(/_/, "", s); s = tolower(s)
  gsub(/(\.\.\.|…|[.:!?])+$/, "", s); gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
  return s
}
function norm_zh(s) {
  gsub(/\(_[A-Za-z0-9]\)/, "", s); gsub(/_/, "", s)
  gsub(/(\.\.\.|…|[。：:！？.])+$/, "", s); gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
  return s
}
function flush() {
  if (id != "" && str != "" && !obsolete) {
    k = norm_en(id); v = norm_zh(str)
    if (!(k in allowed_set)) {
      if (!(k in first)) first[k] = v
      else if (first[k] != v && !((k, v) in told)) {
        printf "different Chinese for one text: \"%s\" → \"%s\" and \"%s\" → \"%s\"\n",
               firstsrc_id[k], firstsrc_str[k], id, str
        told[k, v] = 1; bad = 1
      }
      if (!(k in firstsrc_id)) { firstsrc_id[k] = id; firstsrc_str[k] = str }
    }
  }
  id = ""; str = ""; cur = ""; obsolete = 0
}
BEGIN { n = split(allowed, a, "\n"); for (i = 1; i <= n; i++) allowed_set[a[i]] = 1 }
/^#~/ { obsolete = 1; next }
/^msgctxt / { flush(); cur = "ctx"; next }
/^msgid / { if (cur != "ctx") flush(); id = unq($0); cur = "id"; next }
/^msgid_plural / { cur = "plural"; next }
/^msgstr(\[0\])? / { str = unq($0); cur = "str"; next }
/^msgstr\[/ { cur = "other"; next }
/^"/ { if (cur == "id") id = id unq($0); else if (cur == "str") str = str unq($0); next }
/^$/ { flush() }
END { flush(); exit bad }
' po/zh_CN.po >&2 || { echo "po/zh_CN.po: give each of these one translation" >&2; exit 1; }
