#!/usr/bin/env python3
"""Checks the bitsliced form of SC2000's B and B^-1 functions against the 4-bit S-boxes S4 and S4i.

Shimoyama et al., "The Block Cipher SC2000" (FSE 2001), section 3.5: the B function transposes its four 32-bit words
(a, b, c, d) into thirty-two 4-bit values (a_i, b_i, c_i, d_i), a_i the most significant bit (the T function), looks
each up in S4 and transposes back (T^-1); B^-1 does the same with S4i. Fig. 3 of the paper writes both as a sequence
of logical operations on whole words (Bitslice). The text we have of the paper lost the overlines (NOT) of that
figure; this script takes the figure's operations as printed, tries every placement of NOT on their results, and
finds that the only placement with a single NOT that reproduces the tables on all 16 inputs is t1 = NOT b in B and
t5 = NOT c in B^-1 (others need more NOTs, which cancel in pairs). It
prints the C# statements of src/Panicode.Crypto/BlockCiphers/Sc2000/Sc2000Core.cs. Plain Python 3, no packages.

Usage: python3 tools/sc2000/derive.py [path to sc2000_fse2001_paper.txt]
"""

import re
import sys

PAPER = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/specs/sc2000_fse2001_paper.txt"


def read_table(name, count):
    text = open(PAPER, encoding="utf-8").read()
    match = re.search(re.escape(name) + r"\s*\[" + str(count) + r"\]\s*=\s*\{([^}]*)\}", text)
    assert match, name
    values = [int(v) for v in match.group(1).replace("\n", " ").split(",")]
    assert len(values) == count and sorted(values) == list(range(count)), name
    return values


S4 = read_table("S4", 16)
S4I = read_table("S4 i", 16)
assert all(S4I[S4[x]] == x for x in range(16)), "S4i is the inverse of S4"

# Fig. 3 as printed: (destination, operator, left, right); "=" copies left.
B = [("t1", "=", "b", None), ("t2", "|", "a", "d"), ("t3", "^", "c", "t2"), ("t4", "&", "t1", "t3"),
     ("e", "^", "d", "t4"), ("t6", "^", "t2", "e"), ("t7", "^", "a", "b"), ("t8", "|", "t6", "t7"),
     ("f", "^", "c", "t8"), ("t10", "&", "c", "t3"), ("t11", "^", "t1", "t10"), ("t12", "^", "c", "t4"),
     ("t13", "&", "t6", "t12"), ("h", "^", "t7", "t13"), ("t15", "|", "c", "h"), ("g", "^", "t11", "t15")]
B_INVERSE = [("t1", "^", "c", "d"), ("t2", "|", "t1", "b"), ("t3", "^", "t2", "c"), ("t4", "&", "t3", "a"),
             ("t5", "=", "c", None), ("t6", "|", "t5", "b"), ("t7", "^", "t6", "d"), ("e", "^", "t7", "t4"),
             ("t8", "^", "a", "t6"), ("t9", "|", "t8", "d"), ("g", "^", "t9", "b"), ("t10", "^", "c", "g"),
             ("t11", "|", "t10", "t4"), ("t12", "&", "t11", "t9"), ("f", "^", "t12", "e"), ("t13", "^", "t6", "g"),
             ("t14", "&", "t13", "t1"), ("h", "^", "t14", "a")]

ALL = 0xFFFF


def variable(bit):
    """The truth table of one input bit over the 16 nibbles x (bit i of the result = value for x = i)."""
    return sum(((x >> bit) & 1) << x for x in range(16))


def run(program, negated):
    env = {"a": variable(3), "b": variable(2), "c": variable(1), "d": variable(0)}
    for i, (destination, operator, left, right) in enumerate(program):
        if operator == "=":
            value = env[left]
        else:
            value = {"|": env[left] | env[right], "&": env[left] & env[right], "^": env[left] ^ env[right]}[operator]
        env[destination] = value ^ ALL if (negated >> i) & 1 else value
    return [sum(((env[o] >> x) & 1) << (3 - j) for j, o in enumerate("efgh")) for x in range(16)]


def find(program, box, name):
    # Several placements work (two NOTs on one XOR path cancel); the figure has the fewest, so take those and
    # require that there is only one with that few.
    placements = [n for n in range(1 << len(program)) if run(program, n) == box]
    fewest = min(bin(n).count("1") for n in placements)
    minimal = [n for n in placements if bin(n).count("1") == fewest]
    assert len(minimal) == 1, "%s: %d placements of %d NOTs reproduce the table" % (name, len(minimal), fewest)
    return minimal[0]


def emit(program, negated):
    lines = []
    for i, (destination, operator, left, right) in enumerate(program):
        expression = left if operator == "=" else "%s %s %s" % (left, operator, right)
        if (negated >> i) & 1:
            expression = "~%s" % expression if operator == "=" else "~(%s)" % expression
        lines.append("uint %s = %s;" % (destination, expression))
    return lines


for name, program, box in (("B (S4)", B, S4), ("B^-1 (S4i)", B_INVERSE, S4I)):
    negated = find(program, box, name)
    print("// %s, checked on all 16 inputs" % name)
    for line in emit(program, negated):
        print(line)
    print()
