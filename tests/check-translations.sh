#!/bin/sh
# Every string marked for translation is translated into Simplified Chinese, none fuzzy: the
# template is extracted from the sources as `ninja msvis-pot` does (without touching po/), merged
# with po/zh_CN.po, and checked with msgfmt. A source file with marked strings that is missing
# from po/POTFILES.in fails too: its strings would never reach the template.
# Exit 77 (a skip for meson) when the gettext tools are absent.
set -u
root=${1:?source root}
cd "$root" || exit 1

for tool in xgettext msgmerge msgfmt; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not found (apt-get install gettext)"; exit 77; }
done

status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Marked strings in C (_("…"), N_("…"), C_("…", …), g_dngettext) or .ui files (translatable="yes").
for f in $(git ls-files '*.c' '*.ui' 2>/dev/null); do
  case "$f" in tests/*|bench/*) continue ;; esac
  if grep -qE '(^|[^A-Za-z0-9_])(N?_|C_) ?\("|g_dngettext ?\(|translatable="yes"' "$f" \
     && ! grep -qxF "$f" po/POTFILES.in; then
    echo "$f has strings for translation but is not in po/POTFILES.in" >&2
    status=1
  fi
done

xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 \
  --keyword=g_dpgettext2:2c,3 --files-from=po/POTFILES.in --output="$tmp/msvis.pot" || exit 1
# No fuzzy matching: a new string must get a translation, not a guess from a similar one.
msgmerge --quiet --no-fuzzy-matching --output-file="$tmp/zh_CN.po" po/zh_CN.po "$tmp/msvis.pot" \
  || exit 1

for po in po/zh_CN.po "$tmp/zh_CN.po"; do
  stats=$(LC_ALL=C msgfmt --check --statistics --output-file=/dev/null "$po" 2>&1) || {
    echo "$stats" >&2
    status=1
    continue
  }
  echo "$po: $stats"
  case "$stats" in
    *fuzzy*|*untranslated*)
      echo "$po: every string must be translated, none fuzzy" >&2
      for kind in --untranslated --only-fuzzy; do
        LC_ALL=C msgattrib "$kind" --no-obsolete --no-wrap "$po" 2>/dev/null \
          | grep '^msgid ' | grep -v '^msgid ""$' | sed "s/^/  ${kind#--}: /" >&2
      done
      status=1 ;;
  esac
done

exit $status
