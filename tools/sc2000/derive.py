#!/usr/bin/env python3
"""Derives the bitsliced form of SC2000's B and B^-1 functions from the 4-bit S-boxes S4 and S4i.

Shimoyama et al., "The Block Cipher SC2000" (FSE 2001), section 3.5: the B function transposes its four 32-bit words
(a, b, c, d) into thirty-two 4-bit values (a_i, b_i, c_i, d_i), a_i the most significant bit (the T function), looks
each up in S4 and transposes back (T^-1); B^-1 does the same with S4i. The paper notes that S4 can be written as
logical operations on whole words (Bitslice); its Fig. 3 gives such a form, but the text we have of it is garbled, so
this script derives one: each output bit is written in algebraic normal form (XOR of AND-monomials of a, b, c, d),
which holds bit for bit on 32 S-boxes at once. It checks every form on all 16 inputs and prints the C# statements
used by src/Panicode.Crypto/BlockCiphers/Sc2000/Sc2000Core.cs. Plain Python 3, no packages.

Usage: python3 tools/sc2000/derive.py [path to sc2000_fse2001_paper.txt]
"""

import itertools
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

VARS = "abcd"  # a is the most significant bit of the nibble


def anf(box, out_bit):
    """Coefficients of the algebraic normal form of output bit out_bit (0 = most significant) by Moebius transform."""
    f = [(box[x] >> (3 - out_bit)) & 1 for x in range(16)]
    for i in range(4):
        for x in range(16):
            if x & (1 << i):
                f[x] ^= f[x ^ (1 << i)]
    return f  # f[m] = coefficient of the monomial whose variables are the set bits of m (bit 3 = a)


def monomial_name(m):
    return "one" if m == 0 else "".join(VARS[3 - i] for i in (3, 2, 1, 0) if m & (1 << i))


def emit(box, outputs):
    coefficients = [anf(box, bit) for bit in range(4)]
    used = sorted({m for c in coefficients for m in range(16) if c[m] and bin(m).count("1") >= 2}, key=lambda m: (bin(m).count("1"), -m))
    lines = []
    for m in used:
        names = [VARS[3 - i] for i in (3, 2, 1, 0) if m & (1 << i)]
        # A monomial of three variables reuses the pair of its first two.
        value = " & ".join(names) if len(names) == 2 else "%s & %s" % ("".join(names[:-1]), names[-1])
        lines.append("uint %s = %s;" % (monomial_name(m), value))
    for bit, out in enumerate(outputs):
        terms = [monomial_name(m) for m in range(1, 16) if coefficients[bit][m]]
        expression = " ^ ".join(terms)
        if coefficients[bit][0]:
            expression = "~(%s)" % expression
        lines.append("uint %s = %s;" % (out, expression))
    return coefficients, lines


def evaluate(coefficients, x):
    bits = [(x >> 3) & 1, (x >> 2) & 1, (x >> 1) & 1, x & 1]
    y = 0
    for bit in range(4):
        v = 0
        for m in range(16):
            if coefficients[bit][m]:
                term = 1
                for i in range(4):
                    if m & (1 << i):
                        term &= bits[3 - i]
                v ^= term
        y |= v << (3 - bit)
    return y


for name, box in (("B (S4)", S4), ("B^-1 (S4i)", S4I)):
    coefficients, lines = emit(box, ["e", "f", "g", "h"])
    assert all(evaluate(coefficients, x) == box[x] for x in range(16)), name
    print("// %s: %d ANDs" % (name, sum(1 for line in lines if "&" in line)))
    for line in lines:
        print(line)
    print()
