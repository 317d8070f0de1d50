#!/bin/sh
# For HyphenatorTests: a copy of a hyph_*.dic with each level's patterns run through libhyphen's
# own preprocessor, /usr/share/libhyphen/substrings.pl (Debian's libhyphen-dev), which puts into
# every pattern the values of the patterns inside it. libhyphen's matcher relies on that step
# (its README: without it, "you'll get bad hyphenations (i.e. a silent failure)"); pyphen does
# not, it looks up every substring of a word. Some Debian dictionaries (hyph_de_DE.dic,
# hyph_ru_RU.dic) are installed without it.
#
# usage: substrings-dictionary.sh INPUT.dic OUTPUT.dic
set -eu
input=$1
output=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
charset=$(head -n 1 "$input" | tr -d '\r')
tail -n +2 "$input" | awk -v dir="$work" '
  /^NEXTLEVEL/ { level = 1; next }
  /^(LEFTHYPHENMIN|RIGHTHYPHENMIN|COMPOUNDLEFTHYPHENMIN|COMPOUNDRIGHTHYPHENMIN|NOHYPHEN)/ { print > (dir "/header"); next }
  /^[#%]/ || /^[ \t\r]*$/ { next }
  { print > (dir "/level" (level + 0)) }'
touch "$work/header"
perl /usr/share/libhyphen/substrings.pl "$work/level0" "$work/level0.dic" "$charset" >/dev/null
{
  echo "$charset"
  cat "$work/header"
  tail -n +2 "$work/level0.dic"
  if [ -f "$work/level1" ]; then
    perl /usr/share/libhyphen/substrings.pl "$work/level1" "$work/level1.dic" "$charset" >/dev/null
    echo NEXTLEVEL
    tail -n +2 "$work/level1.dic"
  fi
} > "$output"
