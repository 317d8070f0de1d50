#!/usr/bin/env python3
"""The reference for the hyphenation tests (run by Pyphen.swift beside this folder): hyphenation
points of words by PyPI's pyphen, a pure Python reader of the same hyph_*.dic files that Galley
hands to libhyphen.

usage: pyphen-points.py DICTIONARY LEFT RIGHT < words   (one word a line)
prints: the pyphen version, then per word "word<TAB>points<TAB>plain points", each a list of
code point offsets separated by spaces.

LEFT and RIGHT are the caller's minimums; as in libhyphen, the larger of each and the
dictionary's LEFTHYPHENMIN / RIGHTHYPHENMIN applies, 2 when both are 0. Points where the
dictionary asks for a change of spelling (non-standard hyphenation) are left out, as Galley
leaves them out.

"plain points" are pyphen's own: it reads every pattern of the file as one level. A file with a
NEXTLEVEL line (German) has two: compound-word boundaries first, then syllables inside each
part, with COMPOUNDLEFTHYPHENMIN / COMPOUNDRIGHTHYPHENMIN next to a boundary. "points" apply
pyphen's matcher to each level separately, combined as libhyphen's hnj_hyphen_hyph_ combines
them (a part is looked at again for boundaries; a part without any gets the syllable level).
"""
import os
import sys
import tempfile

import pyphen


def read_dictionary(path):
    with open(path, 'rb') as f:
        encoding = f.readline().decode().strip()
        text = f.read().decode(encoding if encoding.lower() != 'microsoft-cp1251' else 'cp1251')
    return encoding, text.split('\n')


def minimum(lines, key):
    for line in lines:
        if line.startswith(key + ' ') or line.startswith(key + '\t'):
            return int(line[len(key):].strip() or 0)
    return 0


def level_matcher(encoding, lines, directory, name):
    """pyphen's matcher for one level; None for a level without patterns (French's first level
    is empty: libhyphen then finds nothing there)."""
    patterns = [line for line in lines if line.strip() and not line.startswith(('%', '#'))
                and not line.split()[0].isupper()]
    if not patterns:
        return None
    path = os.path.join(directory, name)
    with open(path, 'wb') as f:
        f.write((encoding + '\n' + '\n'.join(lines) + '\n').encode(encoding))
    return pyphen.Pyphen(filename=path, left=1, right=1).hd


def raw_marks(matcher, word):
    """marks[i]: an odd value after character i, for 0 <= i < len(word) - 1 (libhyphen's array)."""
    marks = [False] * len(word)
    if matcher is None:
        return marks
    for p in matcher.positions(word):
        if getattr(p, 'data', None) is None and 1 <= p <= len(word) - 1:
            marks[p - 1] = True
    return marks


def clear_left(marks, count):
    for i in range(min(count - 1, len(marks))):
        marks[i] = False


def clear_right(marks, count):
    for j in range(len(marks) - 1, max(len(marks) - 1 - count, 0), -1):
        marks[j] = False


def two_level(first, second, word, clhmin, crhmin, lend, rend):
    """libhyphen's hnj_hyphen_hyph_ for a dictionary with a NEXTLEVEL."""
    n = len(word)
    marks = raw_marks(first, word)
    begin = 0
    for i in range(n):
        if marks[i] or (begin > 0 and i + 1 == n):
            if i - begin > 0:
                part = two_level(first, second, word[begin:i + 1], clhmin, crhmin,
                                 0 if begin > 0 else lend, 0 if marks[i] else rend)
                marks[begin:i] = part[:i - begin]
            begin = i + 1
    if begin == 0:
        marks = raw_marks(second, word)
        if not lend:
            clear_left(marks, clhmin)
        if not rend:
            clear_right(marks, crhmin)
    return marks


def main():
    path, left, right = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    encoding, lines = read_dictionary(path)
    split = next((i for i, line in enumerate(lines) if line.startswith('NEXTLEVEL')), None)
    header = lines if split is None else lines[:split]
    left = max(left, minimum(header, 'LEFTHYPHENMIN')) or 2
    right = max(right, minimum(header, 'RIGHTHYPHENMIN')) or 2
    plain = pyphen.Pyphen(filename=path, left=left, right=right)
    with tempfile.TemporaryDirectory() as directory:
        if split is not None:
            first = level_matcher(encoding, lines[:split], directory, 'hyph_first.dic')
            second = level_matcher(encoding, lines[split + 1:], directory, 'hyph_second.dic')
            clhmin = minimum(header, 'COMPOUNDLEFTHYPHENMIN') or minimum(header, 'LEFTHYPHENMIN') or 3
            crhmin = minimum(header, 'COMPOUNDRIGHTHYPHENMIN') or minimum(header, 'RIGHTHYPHENMIN') or 3
        print(pyphen.__version__)
        for word in sys.stdin.read().split('\n'):
            if not word:
                continue
            plain_points = [int(p) for p in plain.positions(word) if getattr(p, 'data', None) is None]
            if split is None:
                points = plain_points
            else:
                marks = two_level(first, second, word.lower(), clhmin, crhmin, 1, 1)
                clear_left(marks, left)
                clear_right(marks, right)
                points = [i + 1 for i, mark in enumerate(marks) if mark]
            print(word + '\t' + ' '.join(map(str, points)) + '\t' + ' '.join(map(str, plain_points)))


main()
