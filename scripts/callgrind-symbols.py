#!/usr/bin/env python3
"""The symbols of one executable that ran, from callgrind profiles: an lld symbol-ordering file.

Usage: callgrind-symbols.py EXECUTABLE_NAME PROFILE...

Reads callgrind output made with --demangle=no and prints, one to a line, the raw symbol of
every function of the object named EXECUTABLE_NAME that ran, in order of first appearance
over the profiles as given (the first profile's functions first), each once.
"""
import re
import sys


def define(table, spec):
    """Callgrind names a function or object "(N) name" the first time and "(N)" afterwards."""
    match = re.match(r"\((\d+)\)(?: (.*))?", spec)
    if match is None:
        return spec
    if match.group(2) is not None:
        table[match.group(1)] = match.group(2)
    return table.get(match.group(1), "")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    executable = "/" + sys.argv[1]
    seen = {}
    for path in sys.argv[2:]:
        functions, objects, current = {}, {}, ""
        with open(path, encoding="utf-8", errors="replace") as profile:
            for line in profile:
                line = line.rstrip("\n")
                if line.startswith("ob="):
                    current = define(objects, line[3:])
                elif line.startswith("cob="):
                    define(objects, line[4:])
                elif line.startswith("cfn="):
                    define(functions, line[4:])
                elif line.startswith("fn="):
                    name = define(functions, line[3:])
                    if current.endswith(executable) and name and not name.startswith("0x"):
                        seen.setdefault(name, None)
    sys.stdout.write("".join(name + "\n" for name in seen))


if __name__ == "__main__":
    main()
