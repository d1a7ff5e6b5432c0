#!/usr/bin/env python3
"""An independent second implementation of ISO/IEC 18033-2 ECIES-KEM (§10.2) and PSEC-KEM (§10.3) over prime
curves, written from the standard's description (and NTT's PSEC-KEM specification) for Panicode.Crypto's tests.

It shares no code with the C# library: affine arithmetic with Python integers, curve parameters read from OpenSSL
(`openssl ecparam -param_enc explicit -text`), hashes from hashlib. It is checked first against the standard's own
ECIES-KEM records (Annex C.2.2/C.2.3 as Botan ships them, vectors/ecies-kem/ecies-18033.vec), then writes the
PSEC-KEM and extra ECIES-KEM records to vectors/psec-kem/psec-kem.vec and vectors/ecies-kem/ecies-kem-extra.vec.

    python3 tools/psec-kem/iso18033_kem.py            # check, then regenerate both files
    python3 tools/psec-kem/iso18033_kem.py --check    # check, and compare the files with what would be written

No official PSEC-KEM test vector was found (not in ISO/IEC 18033-2's Annex C as published, nor NTT's or CRYPTREC's
documents available to us): these records show only that two independent implementations agree.
"""

import hashlib
import os
import random
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# The curves the records cover: OpenSSL's name -> the SEC 2 / RFC 5639 name the records carry.
CURVES = [
    ("prime192v1", "secp192r1"),
    ("secp224r1", "secp224r1"),
    ("prime256v1", "secp256r1"),
    ("secp384r1", "secp384r1"),
    ("secp521r1", "secp521r1"),
    ("secp256k1", "secp256k1"),
    ("brainpoolP256r1", "brainpoolP256r1"),
    ("brainpoolP384r1", "brainpoolP384r1"),
]


class Curve:
    def __init__(self, name, p, a, b, gx, gy, n, h):
        self.name, self.p, self.a, self.b, self.gx, self.gy, self.n, self.h = name, p, a, b, gx, gy, n, h
        self.flen = (p.bit_length() + 7) // 8
        self.nlen = (n.bit_length() + 7) // 8

    @property
    def g(self):
        return (self.gx, self.gy)

    def on_curve(self, pt):
        x, y = pt
        return 0 <= x < self.p and 0 <= y < self.p and (y * y - (x * x * x + self.a * x + self.b)) % self.p == 0

    def add(self, p1, p2):
        if p1 is None:
            return p2
        if p2 is None:
            return p1
        (x1, y1), (x2, y2) = p1, p2
        if x1 == x2:
            if (y1 + y2) % self.p == 0:
                return None
            lam = (3 * x1 * x1 + self.a) * pow(2 * y1, -1, self.p) % self.p
        else:
            lam = (y2 - y1) * pow(x2 - x1, -1, self.p) % self.p
        x3 = (lam * lam - x1 - x2) % self.p
        return (x3, (lam * (x1 - x3) - y1) % self.p)

    def mul(self, k, pt):
        result = None
        for bit in bin(k)[2:] if k > 0 else "":
            result = self.add(result, result)
            if bit == "1":
                result = self.add(result, pt)
        return result

    def sqrt(self, v):
        """A square root mod p (Tonelli-Shanks), or None."""
        p = self.p
        v %= p
        if v == 0:
            return 0
        if pow(v, (p - 1) // 2, p) != 1:
            return None
        q, s = p - 1, 0
        while q % 2 == 0:
            q, s = q // 2, s + 1
        z = 2
        while pow(z, (p - 1) // 2, p) != p - 1:
            z += 1
        m, c, t, r = s, pow(z, q, p), pow(v, q, p), pow(v, (q + 1) // 2, p)
        while t != 1:
            i, t2 = 0, t
            while t2 != 1:
                t2, i = t2 * t2 % p, i + 1
            b = pow(c, 1 << (m - i - 1), p)
            m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
        return r

    # ISO/IEC 18033-2 §5.4.3 (EC2OSP / OS2ECP of the point formats): uncompressed 04 || x || y, compressed
    # 02/03 || x with the low bit of y; the partial encoding E'(P) is x alone (FE2OSP of the x-coordinate).
    def encode(self, pt, fmt):
        x, y = pt
        xs = x.to_bytes(self.flen, "big")
        if fmt == "compressed":
            return bytes([2 | (y & 1)]) + xs
        return b"\x04" + xs + y.to_bytes(self.flen, "big")

    def partial(self, pt):
        return pt[0].to_bytes(self.flen, "big")

    def decode(self, data):
        if len(data) == 1 + 2 * self.flen and data[0] == 4:
            pt = (int.from_bytes(data[1:1 + self.flen], "big"), int.from_bytes(data[1 + self.flen:], "big"))
            if not self.on_curve(pt):
                raise ValueError("not on the curve")
            return pt
        if len(data) == 1 + self.flen and data[0] in (2, 3):
            x = int.from_bytes(data[1:], "big")
            if x >= self.p:
                raise ValueError("x >= p")
            y = self.sqrt(x * x * x + self.a * x + self.b)
            if y is None:
                raise ValueError("no point with this x")
            if (y & 1) != (data[0] & 1):
                y = (self.p - y) % self.p
            return (x, y)
        raise ValueError("bad encoding")


def openssl_curve(openssl_name, name):
    text = subprocess.run(["openssl", "ecparam", "-name", openssl_name, "-param_enc", "explicit", "-text", "-noout"],
                          check=True, capture_output=True, text=True).stdout
    fields = {}
    current = None
    for line in text.splitlines():
        header = re.match(r"^(\S[^:]*):\s*(.*)$", line)
        if header and not line.startswith(" "):
            current = header.group(1).strip()
            fields[current] = header.group(2).strip()
        elif current:
            fields[current] += line.strip()

    def num(key):
        value = fields[key].split("(")[0].strip()
        return int(value.replace(":", ""), 16) if ":" in value or not value.isdigit() else int(value)

    gen = bytes.fromhex(fields["Generator (uncompressed)"].replace(":", ""))
    flen = (len(gen) - 1) // 2
    h = int(fields.get("Cofactor", "1").split()[0])
    return Curve(name, num("Prime"), num("A"), num("B"), int.from_bytes(gen[1:1 + flen], "big"),
                 int.from_bytes(gen[1 + flen:], "big"), num("Order"), h)


# ISO/IEC 18033-2 §6.2: KDF1 counts from 0, KDF2 from 1; KDF(x, l) = the first l octets of
# Hash(x || I2OSP(c, 4)) || Hash(x || I2OSP(c + 1, 4)) || ...
def kdf(name, hash_name, x, length):
    counter = 0 if name == "KDF1" else 1
    out = b""
    while len(out) < length:
        out += hashlib.new(hash_name, x + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:length]


# ECIES-KEM (§10.2.3, §10.2.4) with cofactor 1: CofactorMode, OldCofactorMode and CheckMode change nothing
# (nu = 1, and every point of the curve has order dividing mu).
def ecies_encrypt(curve, h, r, fmt, kdf_name, hash_name, key_len, single_hash):
    g_tilde = curve.mul(r, curve.g)
    h_tilde = curve.mul(r, h)
    c0 = curve.encode(g_tilde, fmt)
    peh = curve.partial(h_tilde)
    k = kdf(kdf_name, hash_name, peh if single_hash else c0 + peh, key_len)
    return c0, k


def ecies_decrypt(curve, x, c0, kdf_name, hash_name, key_len, single_hash):
    g_tilde = curve.decode(c0)
    h_tilde = curve.mul(x, g_tilde)
    if h_tilde is None:
        raise ValueError("h~ is the identity")
    peh = curve.partial(h_tilde)
    return kdf(kdf_name, hash_name, peh if single_hash else c0 + peh, key_len)


# PSEC-KEM (§10.3.3, §10.3.4): t = KDF(I2OSP(0, 4) || r, l + KeyLen) with l = oLen(mu) + 16 octets (so that
# alpha = OS2IP(u) mod mu is within 2^-128 of uniform), g~ = alpha g, h~ = alpha h, EG = E(g~), PEH = E'(h~),
# v = r XOR KDF(I2OSP(1, 4) || EG || PEH, SeedLen), C0 = EG || v.
def psec_encrypt(curve, h, r, fmt, kdf_name, hash_name, key_len):
    u_len = curve.nlen + 16
    t = kdf(kdf_name, hash_name, b"\x00\x00\x00\x00" + r, u_len + key_len)
    alpha = int.from_bytes(t[:u_len], "big") % curve.n
    k = t[u_len:]
    g_tilde = curve.mul(alpha, curve.g)
    h_tilde = curve.mul(alpha, h)
    if g_tilde is None or h_tilde is None:
        raise ValueError("alpha = 0")
    eg = curve.encode(g_tilde, fmt)
    mask = kdf(kdf_name, hash_name, b"\x00\x00\x00\x01" + eg + curve.partial(h_tilde), len(r))
    return eg + bytes(a ^ b for a, b in zip(r, mask)), k


def psec_decrypt(curve, x, c0, seed_len, kdf_name, hash_name, key_len):
    eg, v = c0[:-seed_len], c0[-seed_len:]
    g_tilde = curve.decode(eg)
    h_tilde = curve.mul(x, g_tilde)
    if h_tilde is None:
        raise ValueError("h~ is the identity")
    mask = kdf(kdf_name, hash_name, b"\x00\x00\x00\x01" + eg + curve.partial(h_tilde), seed_len)
    r = bytes(a ^ b for a, b in zip(v, mask))
    u_len = curve.nlen + 16
    t = kdf(kdf_name, hash_name, b"\x00\x00\x00\x00" + r, u_len + key_len)
    alpha = int.from_bytes(t[:u_len], "big") % curve.n
    if curve.mul(alpha, curve.g) != g_tilde:
        raise ValueError("reject: g~ != alpha g")
    return t[u_len:]


def read_vec(path):
    """Botan .vec records: key = value lines; a record ends at its K line; 'format =' carries over."""
    records, current, fmt = [], {}, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, value = [s.strip() for s in line.split("=", 1)]
            if key == "format":
                fmt = value
                continue
            current[key] = value
            if key == "K":
                current["format"] = fmt
                records.append(current)
                current = {}
    return records


def check_standard():
    records = read_vec(os.path.join(ROOT, "vectors", "ecies-kem", "ecies-18033.vec"))
    assert len(records) == 2, len(records)
    for rec in records:
        curve = Curve("C.2", *(int(rec[k], 16) for k in ("p", "a", "b", "gx", "gy", "mu")), int(rec["nu"], 16))
        h = (int(rec["hx"], 16), int(rec["hy"], 16))
        assert curve.mul(int(rec["x"], 16), curve.g) == h
        c0, k = ecies_encrypt(curve, h, int(rec["r"], 16), rec["format"], "KDF1", "sha1", 128, False)
        assert c0.hex() == rec["C0"].lower() and k.hex() == rec["K"].lower(), rec["format"]
        assert ecies_decrypt(curve, int(rec["x"], 16), c0, "KDF1", "sha1", 128, False) == k
    return len(records)


def generate():
    rng = random.Random(0x18033)  # fixed, so the files are reproducible
    psec, ecies = [], []
    settings = [("KDF1", "sha1", 16), ("KDF2", "sha256", 32), ("KDF1", "sha384", 48), ("KDF2", "sha512", 64)]
    for openssl_name, name in CURVES:
        curve = openssl_curve(openssl_name, name)
        assert curve.h == 1 and curve.on_curve(curve.g) and curve.mul(curve.n, curve.g) is None
        for i, (kdf_name, hash_name, key_len) in enumerate(settings):
            fmt = "compressed" if i % 2 else "uncompressed"
            x = rng.randrange(1, curve.n)
            h = curve.mul(x, curve.g)
            seed_len = [16, 32, 20, 64][i]
            r = bytes(rng.randrange(256) for _ in range(seed_len))
            c0, k = psec_encrypt(curve, h, r, fmt, kdf_name, hash_name, key_len)
            assert psec_decrypt(curve, x, c0, seed_len, kdf_name, hash_name, key_len) == k
            psec.append((name, kdf_name, hash_name, key_len, fmt, seed_len, x, h, r.hex(), c0.hex(), k.hex()))
            single = i >= 2
            rr = rng.randrange(1, curve.n)
            c0, k = ecies_encrypt(curve, h, rr, fmt, kdf_name, hash_name, key_len, single)
            assert ecies_decrypt(curve, x, c0, kdf_name, hash_name, key_len, single) == k
            ecies.append((name, kdf_name, hash_name, key_len, fmt, single, x, h, rr, c0.hex(), k.hex()))
    return psec, ecies


HASH_NAMES = {"sha1": "SHA1", "sha256": "SHA256", "sha384": "SHA384", "sha512": "SHA512"}


def write_psec(records):
    lines = ["# PSEC-KEM (ISO/IEC 18033-2 §10.3) records generated by tools/psec-kem/iso18033_kem.py, an independent",
             "# Python implementation. NOT official vectors: none was found. Regenerate with that script.", ""]
    for (name, kdf_name, hash_name, key_len, fmt, seed_len, x, h, r, c0, k) in records:
        lines += [f"Curve = {name}", f"Kdf = {kdf_name}", f"Hash = {HASH_NAMES[hash_name]}", f"KeyLen = {key_len}",
                  f"Format = {fmt}", f"SeedLen = {seed_len}", f"x = {x:x}", f"hx = {h[0]:x}", f"hy = {h[1]:x}",
                  f"r = {r}", f"C0 = {c0}", f"K = {k}", ""]
    return "\n".join(lines)


def write_ecies(records):
    lines = ["# ECIES-KEM (ISO/IEC 18033-2 §10.2) records beyond the standard's Annex C, generated by",
             "# tools/psec-kem/iso18033_kem.py (checked against Annex C.2.2/C.2.3 first). Not official vectors.", ""]
    for (name, kdf_name, hash_name, key_len, fmt, single, x, h, r, c0, k) in records:
        lines += [f"Curve = {name}", f"Kdf = {kdf_name}", f"Hash = {HASH_NAMES[hash_name]}", f"KeyLen = {key_len}",
                  f"Format = {fmt}", f"SingleHashMode = {int(single)}", f"x = {x:x}", f"hx = {h[0]:x}", f"hy = {h[1]:x}",
                  f"r = {r:x}", f"C0 = {c0}", f"K = {k}", ""]
    return "\n".join(lines)


def main():
    print(f"ECIES-KEM: {check_standard()} records of ISO/IEC 18033-2 Annex C agree")
    psec, ecies = generate()
    outputs = {os.path.join(ROOT, "vectors", "psec-kem", "psec-kem.vec"): write_psec(psec),
               os.path.join(ROOT, "vectors", "ecies-kem", "ecies-kem-extra.vec"): write_ecies(ecies)}
    failed = False
    for path, text in outputs.items():
        if "--check" in sys.argv:
            with open(path) as f:
                if f.read() != text:
                    print(f"{path} differs from the generator's output")
                    failed = True
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    print(f"PSEC-KEM: {len(psec)} records; ECIES-KEM extra: {len(ecies)} records")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
