#!/usr/bin/env python3
"""Lengths of Swift declaration bodies: func, init, deinit, subscript and computed
properties (a `var` whose type annotation is followed by `{`, accessors or observers).

A length counts lines from the line of the declaration's keyword to the line of its
closing brace, both included. Braces inside string literals (plain, multi-line, raw,
with interpolations) and comments (line, block, nested block) are ignored. Closures
are not declarations: their lines count toward the declaration that holds them, and a
nested function is listed on its own as well as counting toward its outer one.

    scripts/function-lengths.py [--top N] [--max LINES] [PATH ...]   (default PATH: Sources)

--top N      print the N longest bodies (default 25 when --max is not given)
--max LINES  print every body longer than LINES and exit 1 if there is one
"""

import argparse
import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*|`[^`]+`"


def blank_non_code(src):
    """Returns src with comments and string-literal contents replaced by spaces
    (newlines kept, so offsets and line numbers stay put). Interpolated code stays."""
    out = list(src)
    n = len(src)
    i = 0
    # Stack of states: ("code", paren_depth_of_interpolation or None) or ("str", hashes, multiline)
    stack = [("code", None)]

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        state = stack[-1]
        c = src[i]
        if state[0] == "code":
            if src.startswith("//", i):
                j = src.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
                continue
            if src.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if src.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif src.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
                continue
            m = re.compile(r'(#*)("""|")').match(src, i)
            if m:
                hashes = len(m.group(1))
                multiline = m.group(2) == '"""'
                stack.append(("str", hashes, multiline))
                i = m.end()
                continue
            if state[1] is not None:  # inside an interpolation: track its parentheses
                if c == "(":
                    stack[-1] = ("code", state[1] + 1)
                elif c == ")":
                    if state[1] == 0:
                        stack.pop()  # back into the string
                        i += 1
                        continue
                    stack[-1] = ("code", state[1] - 1)
            i += 1
            continue
        # Inside a string literal.
        _, hashes, multiline = state
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        if src.startswith(close, i):
            stack.pop()
            i += len(close)
            continue
        if src.startswith(escape, i):
            j = i + len(escape)
            if j < n and src[j] == "(":
                blank(i, j + 1)
                stack.append(("code", 0))
                i = j + 1
                continue
            blank(i, min(j + 1, n))
            i = j + 1
            continue
        if c == "\n" and not multiline:  # unterminated: give up on this literal
            stack.pop()
            i += 1
            continue
        if c != "\n":
            out[i] = " "
        i += 1
    return "".join(out)


def match_braces(code):
    """Maps the offset of every '{' to the offset of its matching '}'."""
    pairs, stack = {}, []
    for i, c in enumerate(code):
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            pairs[stack.pop()] = i
    return pairs


DECL = re.compile(r"\b(func|init|deinit|subscript|var)\b")
TYPE = re.compile(r"\b(struct|class|enum|actor|extension|protocol)\s+(" + IDENT + r")((?:\s*\.\s*(?:" + IDENT + r"))*)")
STOP = re.compile(r"\b(func|init|deinit|subscript|var|let|case|struct|class|enum|actor|extension|protocol|typealias)\b")


def body_open(code, start, kind):
    """Offset of the '{' that opens the body of the declaration whose keyword ends at
    start, or None (a requirement without a body, a stored property, ...)."""
    depth = 0
    i = start
    n = len(code)
    while i < n:
        c = code[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0:
            if c == "{":
                return i
            if c in "};":
                return None
            if kind == "var" and (c == "=" or c == "\n"):
                return None  # stored property (perhaps with a closure initializer), or no body
            if c.isalpha() or c == "_":
                m = STOP.match(code, i)
                if m and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] in "_.")):
                    return None  # the next declaration starts: this one had no body
                while i < n and (code[i].isalnum() or code[i] == "_"):
                    i += 1
                continue
        i += 1
    return None


def param_labels(code, i):
    """The argument labels `a:b:_:` of the parameter list that opens at code[i] == '('."""
    depth, j, n = 0, i, len(code)
    pieces, current = [], []
    while j < n:
        c = code[j]
        if c in "([<{":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c in ")]>}":
            if c == ">" and j > 0 and code[j - 1] == "-":
                pass  # the arrow of a function type
            else:
                depth -= 1
                if depth == 0:
                    pieces.append("".join(current))
                    break
        if depth == 1 and c == ",":
            pieces.append("".join(current))
            current = []
        elif depth >= 1:
            current.append(c)
        j += 1
    labels = []
    for p in pieces:
        head = p.split(":", 1)[0].split()
        if not head or ":" not in p:
            continue
        labels.append(head[0].strip("`") + ":")
    return "(" + "".join(labels) + ")"


def declarations(path):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    code = blank_non_code(src)
    pairs = match_braces(code)
    line_starts = [0]
    for k, c in enumerate(code):
        if c == "\n":
            line_starts.append(k + 1)

    def line_of(offset):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    types = []  # (open, close, name)
    for m in TYPE.finditer(code):
        if m.start() > 0 and code[m.start() - 1] == ".":
            continue
        o = code.find("{", m.end())
        if o >= 0 and o in pairs:
            name = (m.group(2) + re.sub(r"\s", "", m.group(3) or "")).replace("`", "")
            types.append((o, pairs[o], name))

    found = []
    for m in DECL.finditer(code):
        kind = m.group(1)
        s = m.start()
        before = code[:s].rstrip()
        if before.endswith("."):
            continue  # self.init(...), Type.init, super.init
        rest = m.end()
        if kind == "var":
            # A computed property or one with accessors: `var name: Type {`
            vm = re.compile(r"\s+(" + IDENT + r")\s*:").match(code, rest)
            if not vm:
                continue
            name = vm.group(1).strip("`")
            o = body_open(code, vm.end(), "var")
        elif kind == "func":
            fm = re.compile(r"\s+(" + IDENT + r"|[^\s(<]+)").match(code, rest)
            if not fm:
                continue
            name = fm.group(1).strip("`")
            o = body_open(code, fm.end(), kind)
            p = code.find("(", fm.end())
            if o is not None and 0 <= p < o:
                name += param_labels(code, p)
        else:
            name = kind
            o = body_open(code, rest, kind)
            p = code.find("(", rest)
            if kind in ("init", "subscript") and o is not None and 0 <= p < o:
                name += param_labels(code, p)
        if o is None or o not in pairs:
            continue
        enclosing = [t for t in types if t[0] < s < t[1]]
        if enclosing:
            owner = max(enclosing, key=lambda t: t[0])[2]
            name = owner + "." + name
        first, last = line_of(s), line_of(pairs[o])
        found.append((last - first + 1, path, first, name))
    return found


def swift_files(paths):
    for root in paths:
        if os.path.isfile(root):
            yield root
            continue
        for d, dirs, files in os.walk(root):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(".swift"):
                    yield os.path.join(d, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=["Sources"])
    ap.add_argument("--top", type=int, help="print the N longest bodies")
    ap.add_argument("--max", type=int, help="fail listing every body longer than this many lines")
    args = ap.parse_args()

    found = []
    for path in swift_files(args.paths):
        found.extend(declarations(path))
    found.sort(key=lambda d: (-d[0], d[1], d[2]))

    top = args.top if args.top is not None else (None if args.max is not None else 25)
    if top:
        print(f"{min(top, len(found))} longest of {len(found)} declaration bodies:")
        for length, path, line, name in found[:top]:
            print(f"{length:5}  {path}:{line}  {name}")
    if args.max is not None:
        over = [d for d in found if d[0] > args.max]
        if over:
            print(f"{len(over)} declaration bodies longer than {args.max} lines:", file=sys.stderr)
            for length, path, line, name in over:
                print(f"{path}:{line}: {name} is {length} lines (at most {args.max})", file=sys.stderr)
            return 1
        print(f"no declaration body longer than {args.max} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
