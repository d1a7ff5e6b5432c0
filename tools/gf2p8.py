"""GF(2^8) arithmetic shared by the GFNI derivation scripts (tools/camellia-gfni, tools/hierocrypt-gfni)."""


def mul(x, y, poly):
    """x * y modulo the degree-8 polynomial poly (bit i = coefficient of y^i)."""
    r = 0
    while y:
        if y & 1:
            r ^= x
        y >>= 1
        x <<= 1
        if x & 0x100:
            x ^= poly
    return r


def power(x, n, poly):
    r = 1
    for _ in range(n):
        r = mul(r, x, poly)
    return r


def inverse(x, poly):
    return 0 if x == 0 else power(x, 254, poly)


def parity(v):
    return bin(v).count("1") & 1
