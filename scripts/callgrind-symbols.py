#!/usr/bin/env python3
"""The symbols of one executable that ran, from callgrind profiles: an lld symbol-ordering file.

Usage: callgrind-symbols.py EXECUTABLE_NAME PROFILE...

Reads callgrind output made with --demangle=no --dump-instr=yes and prints, one to a line, the
symbol of every function of the object named EXECUTABLE_NAME that ran, in order of first
appearance over the profiles as given (the first profile's functions first), each once.

The symbols come from the instruction addresses that ran, looked up in the executable's own
symbol table (nm), not from callgrind's function names alone: callgrind credits code reached by a
jump rather than a call (a closure Swift tail-calls, a function LLVM merged with another, the
`...Tm` symbols) to the caller, so a list of its names misses those functions, and each one left
out of the order costs the start-up a 64 KB window of the text mapped in. Profiles without
instruction addresses still give callgrind's names.
"""
import bisect
import re
import subprocess
import sys


def define(table, spec):
    """Callgrind names a function or object "(N) name" the first time and "(N)" afterwards."""
    match = re.match(r"\((\d+)\)(?: (.*))?", spec)
    if match is None:
        return spec
    if match.group(2) is not None:
        table[match.group(1)] = match.group(2)
    return table.get(match.group(1), "")


class SymbolTable:
    """The function symbols of an executable, by address (nm -n)."""

    def __init__(self, path):
        self.starts, self.names = [], []
        listing = subprocess.run(
            ["nm", "-n", "--defined-only", path], capture_output=True, text=True, check=True
        ).stdout
        for line in listing.splitlines():
            fields = line.split(None, 2)
            if len(fields) == 3 and fields[1] in "tTwW":
                self.starts.append(int(fields[0], 16))
                self.names.append(fields[2])

    def name(self, address):
        """The symbol whose code holds `address` (the last one starting at or before it), or None."""
        index = bisect.bisect_right(self.starts, address) - 1
        return self.names[index] if index >= 0 else None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    executable = "/" + sys.argv[1]
    seen = {}
    tables = {}
    for path in sys.argv[2:]:
        functions, objects, current = {}, {}, ""
        address, has_addresses = 0, False
        with open(path, encoding="utf-8", errors="replace") as profile:
            for line in profile:
                line = line.rstrip("\n")
                if line.startswith("positions:"):
                    has_addresses = "instr" in line.split()
                elif line.startswith("ob="):
                    current = define(objects, line[3:])
                elif line.startswith("cob="):
                    define(objects, line[4:])
                elif line.startswith("cfn="):
                    define(functions, line[4:])
                elif line.startswith("fn="):
                    name = define(functions, line[3:])
                    if current.endswith(executable) and name and not name.startswith("0x"):
                        seen.setdefault(name, None)
                elif has_addresses and current.endswith(executable) and line[:1] in ("0", "+", "-", "*"):
                    # A cost line: its first field is the instruction's address, absolute (0x…),
                    # relative to the last one (+N, -N) or the same (*).
                    position = line.split(None, 1)[0]
                    if position.startswith("0x"):
                        address = int(position, 16)
                    elif position[0] in "+-" and position[1:].isdigit():
                        address += int(position)
                    elif position != "*":
                        continue
                    if current not in tables:
                        tables[current] = SymbolTable(current)
                    symbol = tables[current].name(address)
                    if symbol is not None:
                        seen.setdefault(symbol, None)
    sys.stdout.write("".join(name + "\n" for name in seen))


if __name__ == "__main__":
    main()
