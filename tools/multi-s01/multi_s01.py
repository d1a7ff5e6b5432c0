#!/usr/bin/env python3
"""A second, independent MULTI-S01 (and PANAMA) written from the specifications, in plain Python.

Sources: J. Daemen and C. Clapp, "Fast Hashing and Stream Encryption with PANAMA", FSE 1998, as restated in Hitachi's
MULTI-S01 specification §2.3.2 (shared/specs/multi_s01_spec.txt), and that specification's §1.2 (big-endian), §1.3
(F_2^64 with x^64 + x^4 + x^3 + x + 1), §2.4 (A, B, S) and §2.5 (encryption). Nothing here is shared with the C# code.

  python3 tools/multi-s01/multi_s01.py --check      checks PANAMA against every record of vectors/panama/panama.txt
                                                    and the GF(2^64) example of §1.3, and decrypts what it encrypts
  python3 tools/multi-s01/multi_s01.py --write      also writes vectors/multi-s01/python.txt
"""
import os
import random
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
MASK32 = 0xFFFFFFFF


def rotl32(x, k):
    k %= 32
    return ((x << k) | (x >> (32 - k))) & MASK32 if k else x


class Panama:
    """State a (17 words) and buffer b (32 stages of 8 words, b[0] the newest), as lists."""

    def __init__(self, big_endian):
        self.big_endian = big_endian
        self.a = [0] * 17
        self.b = [[0] * 8 for _ in range(32)]

    def words(self, data):
        order = "big" if self.big_endian else "little"
        return [int.from_bytes(data[4 * i:4 * i + 4], order) for i in range(len(data) // 4)]

    def to_bytes(self, words):
        order = "big" if self.big_endian else "little"
        return b"".join(w.to_bytes(4, order) for w in words)

    def rho(self, l, b16):
        a = self.a
        g = [a[i] ^ (a[(i + 1) % 17] | (~a[(i + 2) % 17] & MASK32)) for i in range(17)]
        p = [rotl32(g[(7 * i) % 17], (i * (i + 1) // 2) % 32) for i in range(17)]
        t = [p[i] ^ p[(i + 1) % 17] ^ p[(i + 4) % 17] for i in range(17)]
        t[0] ^= 1
        for i in range(8):
            t[i + 1] ^= l[i]
            t[i + 9] ^= b16[i]
        self.a = t

    def lam(self, q):
        b = self.b
        d = [None] * 32
        for j in range(1, 32):
            d[j] = list(b[j - 1])
        d[0] = [b[31][i] ^ q[i] for i in range(8)]
        d[25] = [b[24][i] ^ b[31][(i + 2) % 8] for i in range(8)]
        self.b = d

    def push(self, block):
        p = self.words(block)
        b16 = list(self.b[16])
        self.lam(p)
        self.rho(p, b16)

    def pull(self):
        out = self.to_bytes(self.a[9:17])
        q = self.a[1:9]
        l = list(self.b[4])
        b16 = list(self.b[16])
        self.lam(q)
        self.rho(l, b16)
        return out


def panama_hash(message, big_endian):
    p = Panama(big_endian)
    padded = message + b"\x01" + b"\x00" * ((32 - (len(message) + 1) % 32) % 32)
    for i in range(0, len(padded), 32):
        p.push(padded[i:i + 32])
    for _ in range(32):
        p.pull()
    return p.pull()


class PanamaStream:
    def __init__(self, key, iv, big_endian):
        self.p = Panama(big_endian)
        self.p.push(key)
        self.p.push(iv)
        for _ in range(32):
            self.p.pull()
        self.buffer = b""

    def read(self, n):
        while len(self.buffer) < n:
            self.buffer += self.p.pull()
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out


def gf_mul(a, b):
    """Schoolbook product of the two degree-63 polynomials, then reduction by x^64 + x^4 + x^3 + x + 1."""
    product = 0
    for i in range(64):
        if (b >> i) & 1:
            product ^= a << i
    for degree in range(126, 63, -1):
        if (product >> degree) & 1:
            product ^= (1 << degree) | (0x1B << (degree - 64))
    return product


def gf_inverse(a):
    # Extended Euclid over F_2[x].
    def deg(x):
        return x.bit_length() - 1
    r0, r1 = (1 << 64) | 0x1B, a
    s0, s1 = 0, 1
    while r1 != 1:
        shift = deg(r0) - deg(r1)
        if shift < 0:
            r0, r1, s0, s1 = r1, r0, s1, s0
            continue
        r0 ^= r1 << shift
        s0 ^= s1 << shift
        if deg(r0) < deg(r1) or r0 == 0:
            r0, r1, s0, s1 = r1, r0, s1, s0
    return s1 & ((1 << 64) - 1) if deg(s1) < 64 else gf_reduce(s1)


def gf_reduce(x):
    for degree in range(x.bit_length() - 1, 63, -1):
        if (x >> degree) & 1:
            x ^= (1 << degree) | (0x1B << (degree - 64))
    return x


def keystream(key, q, n):
    s = PanamaStream(key, q, big_endian=True)
    while True:
        a = int.from_bytes(s.read(8), "big")
        if a:
            break
    b = [int.from_bytes(s.read(8), "big") for _ in range(n)]
    s_value = int.from_bytes(s.read(8), "big")
    return a, b, s_value


def encrypt(key, q, r, message):
    m_blocks = (len(message) + 7) // 8
    n = m_blocks + 2
    a, b, s = keystream(key, q, n)
    padded = message + b"\x00" * (8 * m_blocks - len(message))
    p = [int.from_bytes(padded[8 * i:8 * i + 8], "big") for i in range(m_blocks)] + [s, int.from_bytes(r, "big")]
    f_prev = 0
    out = b""
    for i in range(n):
        f = p[i] ^ b[i]
        out += (gf_mul(f, a) ^ f_prev).to_bytes(8, "big")
        f_prev = f
    return out


def decrypt(key, q, r, ciphertext):
    n = len(ciphertext) // 8
    a, b, s = keystream(key, q, n)
    inv = gf_inverse(a)
    f_prev = 0
    p = []
    for i in range(n):
        f = gf_mul(int.from_bytes(ciphertext[8 * i:8 * i + 8], "big") ^ f_prev, inv)
        p.append(f ^ b[i])
        f_prev = f
    if p[n - 2] != s or p[n - 1] != int.from_bytes(r, "big"):
        return None
    return b"".join(x.to_bytes(8, "big") for x in p[:n - 2])


def decode(value):
    """Crypto++ TestVectors values: "text", r<N> repeats, hex."""
    out = b""
    repeat = 1
    i = 0
    while i < len(value):
        if value[i].isspace():
            i += 1
        elif value[i] == '"':
            end = value.index('"', i + 1)
            out += value[i + 1:end].encode("ascii") * repeat
            repeat = 1
            i = end + 1
        else:
            end = i
            while end < len(value) and not value[end].isspace():
                end += 1
            token = value[i:end]
            if token[0] == "r" and token[1:].isdigit():
                repeat = int(token[1:])
            else:
                out += bytes.fromhex(token) * repeat
                repeat = 1
            i = end
    return out


def check_panama():
    fields = {}
    count = 0
    with open(os.path.join(ROOT, "vectors", "panama", "panama.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            name, _, value = line.partition(":")
            value = value.strip()
            if name == "AlgorithmType":
                fields = {}
            if name != "Test":
                fields[name] = value
                continue
            big = {"Panama-LE": False, "Panama-BE": True}[fields["Name"]]
            kind = fields["AlgorithmType"]
            if kind in ("MessageDigest", "MAC"):
                message = decode(fields.get("Key", '""')) + decode(fields["Message"])
                expected = decode(fields["Digest" if kind == "MessageDigest" else "MAC"])
                assert panama_hash(message, big) == expected, (kind, fields["Name"], len(message))
            else:
                plaintext = decode(fields["Plaintext"])
                stream = PanamaStream(decode(fields["Key"]), decode(fields["IV"]), big)
                got = bytes(x ^ y for x, y in zip(plaintext, stream.read(len(plaintext))))
                assert got == decode(fields["Ciphertext"]), (kind, fields["Name"])
            count += 1
    assert count == 16, count
    print(f"PANAMA: all {count} records of vectors/panama/panama.txt pass")


def check_gf():
    # §1.3's worked example.
    assert gf_mul(0x0123456789ABCDEF, 0xFEDCBA9876543210) == 0x48827AB55D976FA0
    rng = random.Random(1)
    for _ in range(200):
        a = rng.getrandbits(64) or 1
        assert gf_mul(a, gf_inverse(a)) == 1
    print("GF(2^64): the example of §1.3 and 200 inverses pass")


def records():
    rng = random.Random(2001)
    lengths = list(range(0, 41)) + [63, 64, 65, 100, 255, 256, 257, 1000]
    for length in lengths:
        key = bytes(rng.getrandbits(8) for _ in range(32))
        q = bytes(rng.getrandbits(8) for _ in range(32))
        r = bytes(rng.getrandbits(8) for _ in range(8))
        message = bytes(rng.getrandbits(8) for _ in range(length))
        c = encrypt(key, q, r, message)
        back = decrypt(key, q, r, c)
        assert back is not None and back[:length] == message and not any(back[length:])
        tampered = bytearray(c)
        tampered[rng.randrange(len(c))] ^= 1 << rng.randrange(8)
        assert decrypt(key, q, r, bytes(tampered)) is None
        yield key, q, r, message, c


def main():
    check_gf()
    check_panama()
    lines = [" ".join(x.hex() or "-" for x in record) for record in records()]
    print(f"MULTI-S01: {len(lines)} records encrypt, decrypt and reject a flipped bit")
    if "--write" in sys.argv:
        with open(os.path.join(ROOT, "vectors", "multi-s01", "python.txt"), "w", newline="\n") as f:
            f.write(f"# Written by tools/multi-s01/multi_s01.py --write; {len(lines)} records: key Q R message ciphertext (hex; - is empty).\n")
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
