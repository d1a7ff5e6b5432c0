#!/usr/bin/env python3
"""Derives the GFNI affine maps of Camellia's s-boxes from the NTT/Mitsubishi specification (2000), section 4.5.

The specification writes s1(x) = h(g(f(0xc5 ^ x))) ^ 0x6e, with f and h linear bit maps and g an inversion in
GF(2^8) = GF(2)[beta]/(beta^8 + beta^6 + beta^5 + beta^3 + 1), its input and output bytes read in the basis
(1, alpha, alpha^2, alpha^3, beta, alpha beta, alpha^2 beta, alpha^3 beta) with alpha = beta^6 + beta^5 + beta^3 + beta^2.
GF2P8AFFINEINVQB inverts in the AES field GF(2)[y]/(y^8 + y^4 + y^3 + y + 1). A field isomorphism phi (beta -> r, r a
root of beta's polynomial in the AES field) turns the inversion of one field into that of the other, so

    s1(x) = B . inv_AES(A . x ^ a) ^ b,   A = phi M f,  a = A . 0xc5,  B = h M^-1 phi^-1,  b = 0x6e,

where M maps a byte to its field element. s2 = rotl1 s1 and s3 = rotr1 s1 fold into B and b; s4 = s1 rotl1 folds into A.
The script checks all 256 inputs of s1..s4 against Tables 4..7 of the specification, emulating the instructions as
the Intel SDM defines them (result bit i = parity(matrix byte [7 - i] & x) ^ bit i of the immediate), and prints the
constants for src/Panicode.Crypto.Unsafe/BlockCiphers/Camellia/CamelliaSlicedCore.cs. It also checks the XOR network the core uses
for the P-function (RFC 3713 section 2.4.1). Plain Python 3, no packages.

Usage: python3 tools/camellia-gfni/derive.py [path to camellia_spec_ntt_2000.txt]
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gf2p8 import inverse, mul, parity, power  # noqa: E402

SPEC = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/specs/camellia_spec_ntt_2000.txt"

AES_POLY = 0x11B   # y^8 + y^4 + y^3 + y + 1
BETA_POLY = 0x169  # beta^8 + beta^6 + beta^5 + beta^3 + 1



def bit(x, k):
    """a_k of the specification: a1 is the most significant bit (section 2.4), so a_k is bit 8 - k."""
    return (x >> (8 - k)) & 1


def from_bits(bits):
    """b1..b8 (b1 most significant) to a byte."""
    v = 0
    for b in bits:
        v = (v << 1) | b
    return v


def f(x):
    a = [None] + [bit(x, k) for k in range(1, 9)]
    return from_bits([a[6] ^ a[2], a[7] ^ a[1], a[8] ^ a[5] ^ a[3], a[8] ^ a[3],
                      a[7] ^ a[4], a[5] ^ a[2], a[8] ^ a[1], a[6] ^ a[4]])


def h(x):
    a = [None] + [bit(x, k) for k in range(1, 9)]
    return from_bits([a[5] ^ a[6] ^ a[2], a[6] ^ a[2], a[7] ^ a[4], a[8] ^ a[2],
                      a[7] ^ a[3], a[8] ^ a[1], a[5] ^ a[1], a[6] ^ a[3]])


ALPHA = 0x6C  # beta^6 + beta^5 + beta^3 + beta^2
assert ALPHA == power(0b10, 238, BETA_POLY), "alpha = beta^238"
assert power(ALPHA, 4, BETA_POLY) ^ ALPHA ^ 1 == 0, "alpha^4 + alpha + 1 = 0"


def to_field(x):
    """M: (a8 + a7 alpha + a6 alpha^2 + a5 alpha^3) + (a4 + a3 alpha + a2 alpha^2 + a1 alpha^3) beta."""
    low = high = 0
    for i, k in enumerate((8, 7, 6, 5)):
        if bit(x, k):
            low ^= power(ALPHA, i, BETA_POLY)
    for i, k in enumerate((4, 3, 2, 1)):
        if bit(x, k):
            high ^= power(ALPHA, i, BETA_POLY)
    return low ^ mul(high, 0b10, BETA_POLY)


TO_FIELD = [to_field(x) for x in range(256)]
assert sorted(TO_FIELD) == list(range(256)), "the basis of g spans GF(2^8)"
FROM_FIELD = [0] * 256
for x, e in enumerate(TO_FIELD):
    FROM_FIELD[e] = x


def g(x):
    return FROM_FIELD[inverse(TO_FIELD[x], BETA_POLY)]


def rotl(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF


def read_tables(path):
    """Tables 4..7 of the specification: 16 lines of 16 decimal numbers after each title."""
    with open(path, encoding="utf-8") as text:
        lines = text.read().splitlines()
    tables = {}
    for number in (4, 5, 6, 7):
        start = next(i for i, line in enumerate(lines) if re.search(r"Table %d: The s-box s%d" % (number, number - 3), line))
        values = []
        for line in lines[start + 1:]:
            fields = line.split()
            if len(fields) == 16 and all(field.isdigit() for field in fields):
                values.extend(int(field) for field in fields)
                if len(values) == 256:
                    break
        assert len(values) == 256, "table %d" % number
        tables[number - 3] = values
    return tables


TABLES = read_tables(SPEC)
SPEC_S1 = [h(g(f(0xC5 ^ x))) ^ 0x6E for x in range(256)]
assert SPEC_S1 == TABLES[1], "section 4.5's algebraic form reproduces Table 4"

# The isomorphism: a root r of beta's polynomial in the AES field; phi(sum c_i beta^i) = sum c_i r^i.
ROOTS = [r for r in range(256) if power(r, 8, AES_POLY) ^ power(r, 6, AES_POLY) ^ power(r, 5, AES_POLY)
         ^ power(r, 3, AES_POLY) ^ 1 == 0]
assert len(ROOTS) == 8
R = ROOTS[0]


def phi(e):
    v = 0
    for i in range(8):
        if (e >> i) & 1:
            v ^= power(R, i, AES_POLY)
    return v


PHI = [phi(e) for e in range(256)]
PHI_INVERSE = [0] * 256
for e, v in enumerate(PHI):
    PHI_INVERSE[v] = e
for x in range(256):
    for y in range(256):
        if x % 17 == 0 or y % 19 == 0:
            assert PHI[mul(x, y, BETA_POLY)] == mul(PHI[x], PHI[y], AES_POLY)


def matrix(linear):
    """The GFNI matrix of a linear byte map: row i (byte [7 - i] of the qword) has bit j set when input bit j
    reaches output bit i."""
    rows = [0] * 8
    for j in range(8):
        column = linear(1 << j)
        for i in range(8):
            if (column >> i) & 1:
                rows[i] |= 1 << j
    return sum(rows[i] << (8 * (7 - i)) for i in range(8))


def affine(x, qword, constant):
    """GF2P8AFFINEQB on one byte, as the Intel SDM defines it."""
    return sum((parity(((qword >> (8 * (7 - i))) & 0xFF) & x) ^ ((constant >> i) & 1)) << i for i in range(8))


def affine_inverse(x, qword, constant):
    """GF2P8AFFINEINVQB: the affine map of the AES-field inverse (0 maps to 0)."""
    return affine(inverse(x, AES_POLY), qword, constant)


def linear_a(x):
    return PHI[TO_FIELD[f(x)]]


def linear_b(x):
    return h(FROM_FIELD[PHI_INVERSE[x]])


A1 = matrix(linear_a)
a1 = linear_a(0xC5)
B1 = matrix(linear_b)
b1 = 0x6E
A4 = matrix(lambda x: linear_a(rotl(x, 1)))
B2 = matrix(lambda x: rotl(linear_b(x), 1))
B3 = matrix(lambda x: rotl(linear_b(x), 7))
SBOXES = {
    1: (A1, a1, B1, b1),
    2: (A1, a1, B2, rotl(b1, 1)),
    3: (A1, a1, B3, rotl(b1, 7)),
    4: (A4, a1, B1, b1),
}
for number, (a_matrix, a_constant, b_matrix, b_constant) in SBOXES.items():
    computed = [affine_inverse(affine(x, a_matrix, a_constant), b_matrix, b_constant) for x in range(256)]
    assert computed == TABLES[number], "s%d" % number

# The core's P-function network (0-based t0..t7 = t1..t8 of RFC 3713 2.4.1), on symbolic bit masks.
t = [1 << i for i in range(8)]
t[0] ^= t[5]; t[1] ^= t[6]; t[2] ^= t[7]; t[3] ^= t[4]
t[4] ^= t[2]; t[5] ^= t[3]; t[6] ^= t[0]; t[7] ^= t[1]
t[0] ^= t[7]; t[1] ^= t[4]; t[2] ^= t[5]; t[3] ^= t[6]
t[4] ^= t[3]; t[5] ^= t[0]; t[6] ^= t[1]; t[7] ^= t[2]
P_ROWS = [(1, 3, 4, 6, 7, 8), (1, 2, 4, 5, 7, 8), (1, 2, 3, 5, 6, 8), (2, 3, 4, 5, 6, 7),
          (1, 2, 6, 7, 8), (2, 3, 5, 7, 8), (3, 4, 5, 6, 8), (1, 4, 5, 6, 7)]
y = [sum(1 << (k - 1) for k in row) for row in P_ROWS]
assert t[4:] + t[:4] == y, "y1..y4 in t4..t7, y5..y8 in t0..t3"

# Without GFNI: AESENCLAST with a zero round key computes SubBytes(ShiftRows(x)) = Aff(inv_AES(x)), FIPS 197
# section 5.1.1 (Aff: bit i = x_i ^ x_(i+4) ^ x_(i+5) ^ x_(i+6) ^ x_(i+7) ^ bit i of 0x63). A PSHUFB with
# InvShiftRows before it cancels the ShiftRows, and the affine maps around it become PSHUFB nibble tables:
# pre(x) = A.x ^ a = PRE_LO[x & 15] ^ PRE_HI[x >> 4]; post(w) = B.Aff^-1(w) ^ b = POST_LO[w & 15] ^ POST_HI[w >> 4].
def aes_affine(v):
    return sum((((v >> i) ^ (v >> ((i + 4) % 8)) ^ (v >> ((i + 5) % 8)) ^ (v >> ((i + 6) % 8)) ^ (v >> ((i + 7) % 8))) & 1) << i
               for i in range(8)) ^ 0x63


AES_SBOX = [aes_affine(inverse(x, AES_POLY)) for x in range(256)]
assert (AES_SBOX[0x00], AES_SBOX[0x01], AES_SBOX[0x53]) == (0x63, 0x7C, 0xED), "FIPS 197 section 5.1.1 examples"
AES_SBOX_INVERSE = [0] * 256
for x, v in enumerate(AES_SBOX):
    AES_SBOX_INVERSE[v] = x

# PSHUFB control (out[i] = in[control[i]]) for InvShiftRows; state byte r + 4c is row r, column c (FIPS 197 3.4).
INV_SHIFT_ROWS = [r + 4 * ((c - r) % 4) for c in range(4) for r in range(4)]
shifted = [INV_SHIFT_ROWS[r + 4 * ((c + r) % 4)] for c in range(4) for r in range(4)]
assert shifted == list(range(16)), "ShiftRows undoes the pre-shuffle"


def nibble_tables(function):
    low = [function(n) for n in range(16)]
    high = [function(n << 4) ^ function(0) for n in range(16)]
    assert all(low[x & 15] ^ high[x >> 4] == function(x) for x in range(256)), "affine"
    return low, high


def qwords(table):
    return "0x%016X, 0x%016X" % (sum(v << (8 * i) for i, v in enumerate(table[:8])), sum(v << (8 * i) for i, v in enumerate(table[8:])))


AESNI = {}
for number, (a_matrix, a_constant, b_matrix, b_constant) in SBOXES.items():
    pre = nibble_tables(lambda x: affine(x, a_matrix, a_constant))
    # w = Aff(inv(u)), so B.inv(u) ^ b = B.inv(SubBytes^-1(w)) ^ b, an affine function of w.
    post = nibble_tables(lambda w: affine_inverse(AES_SBOX_INVERSE[w], b_matrix, b_constant))
    computed = []
    for x in range(256):
        u = pre[0][x & 15] ^ pre[1][x >> 4]
        w = AES_SBOX[u]
        computed.append(post[0][w & 15] ^ post[1][w >> 4])
    assert computed == TABLES[number], "AES-NI s%d" % number
    AESNI[number] = (pre, post)

print("# all 256 inputs of s1..s4 match Tables 4..7; P network checked; AES-field root r = 0x%02X" % R)
print("private const ulong PreS123 = 0x%016X; // A (s1, s2, s3)" % A1)
print("private const ulong PreS4 = 0x%016X; // A . rotl1 (s4)" % A4)
print("private const byte PreConstant = 0x%02X; // A . 0xc5" % a1)
print("private const ulong PostS14 = 0x%016X; // B (s1, s4)" % B1)
print("private const ulong PostS2 = 0x%016X; // rotl1 . B" % B2)
print("private const ulong PostS3 = 0x%016X; // rotr1 . B" % B3)
print("private const byte PostS14Constant = 0x%02X;" % b1)
print("private const byte PostS2Constant = 0x%02X;" % rotl(b1, 1))
print("private const byte PostS3Constant = 0x%02X;" % rotl(b1, 7))
print("# AES-NI variant: PSHUFB nibble tables as Vector128.Create(ulong low, ulong high) (byte i = table[i])")
print("InvShiftRows = %s" % qwords(INV_SHIFT_ROWS))
print("PreLowS123 = %s; PreHighS123 = %s" % (qwords(AESNI[1][0][0]), qwords(AESNI[1][0][1])))
print("PreLowS4 = %s; PreHighS4 = %s" % (qwords(AESNI[4][0][0]), qwords(AESNI[4][0][1])))
for number in (1, 2, 3):
    print("PostLowS%d = %s; PostHighS%d = %s" % (number, qwords(AESNI[number][1][0]), number, qwords(AESNI[number][1][1])))
assert AESNI[4][1] == AESNI[1][1], "s4 shares s1's post-filter"
