// SHA-224, FIPS 180-4 §5.3.2 (initial value), §6.2 (the SHA-256 computation) and §6.3 (truncation to 224
// bits). .NET has no SHA-224, but ECDSA with SHA-224 appears in FIPS 186, RFC 6979 and Wycheproof. The
// constants are derived from their definition in §4.2.2 and §5.3.2 with exact integer roots.

using System;
using System.Numerics;
using System.Security.Cryptography;

namespace Panicode.Crypto.Hashing;

internal sealed class Sha224 : HashAlgorithm
{
    private static readonly uint[] s_k = RootConstants(64, cube: true, skip: 0, take: 32);
    private static readonly uint[] s_iv = RootConstants(8, cube: false, skip: 32, take: 32, firstPrime: 8);

    private readonly uint[] _h = new uint[8];
    private readonly uint[] _w = new uint[64];
    private readonly byte[] _block = new byte[64];
    private int _blockLength;
    private ulong _totalBytes;

    public Sha224()
    {
        HashSizeValue = 224;
        Initialize();
    }

    public override void Initialize()
    {
        s_iv.CopyTo(_h, 0);
        _blockLength = 0;
        _totalBytes = 0;
        Array.Clear(_block, 0, _block.Length);
    }

    protected override void HashCore(byte[] array, int ibStart, int cbSize)
    {
        _totalBytes += (ulong)cbSize;
        while (cbSize > 0)
        {
            int take = Math.Min(64 - _blockLength, cbSize);
            Buffer.BlockCopy(array, ibStart, _block, _blockLength, take);
            _blockLength += take;
            ibStart += take;
            cbSize -= take;
            if (_blockLength == 64)
            {
                Compress(_block);
                _blockLength = 0;
            }
        }
    }

    protected override byte[] HashFinal()
    {
        // §5.1.1: append 1, zeros to 56 mod 64, then the 64-bit bit length.
        ulong bits = _totalBytes * 8;
        byte[] pad = new byte[((_blockLength < 56) ? 56 : 120) - _blockLength + 8];
        pad[0] = 0x80;
        for (int i = 0; i < 8; i++)
        {
            pad[pad.Length - 1 - i] = (byte)(bits >> (8 * i));
        }

        ulong total = _totalBytes;
        HashCore(pad, 0, pad.Length);
        _totalBytes = total;

        byte[] digest = new byte[28];
        for (int i = 0; i < 7; i++)
        {
            digest[4 * i] = (byte)(_h[i] >> 24);
            digest[(4 * i) + 1] = (byte)(_h[i] >> 16);
            digest[(4 * i) + 2] = (byte)(_h[i] >> 8);
            digest[(4 * i) + 3] = (byte)_h[i];
        }

        return digest;
    }

    protected override void Dispose(bool disposing)
    {
        Array.Clear(_block, 0, _block.Length);
        Array.Clear(_w, 0, _w.Length);
        Array.Clear(_h, 0, _h.Length);
        base.Dispose(disposing);
    }

    private static uint Rotr(uint x, int n) => (x >> n) | (x << (32 - n));

    private void Compress(byte[] block)
    {
        uint[] w = _w;
        for (int t = 0; t < 16; t++)
        {
            w[t] = ((uint)block[4 * t] << 24) | ((uint)block[(4 * t) + 1] << 16) | ((uint)block[(4 * t) + 2] << 8) | block[(4 * t) + 3];
        }

        for (int t = 16; t < 64; t++)
        {
            uint s0 = Rotr(w[t - 15], 7) ^ Rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint s1 = Rotr(w[t - 2], 17) ^ Rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = s1 + w[t - 7] + s0 + w[t - 16];
        }

        uint a = _h[0], b = _h[1], c = _h[2], d = _h[3], e = _h[4], f = _h[5], g = _h[6], h = _h[7];
        for (int t = 0; t < 64; t++)
        {
            uint t1 = h + (Rotr(e, 6) ^ Rotr(e, 11) ^ Rotr(e, 25)) + ((e & f) ^ (~e & g)) + s_k[t] + w[t];
            uint t2 = (Rotr(a, 2) ^ Rotr(a, 13) ^ Rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }

        _h[0] += a;
        _h[1] += b;
        _h[2] += c;
        _h[3] += d;
        _h[4] += e;
        _h[5] += f;
        _h[6] += g;
        _h[7] += h;
    }

    /// <summary>
    /// 32 bits of the fractional part of the square or cube roots of consecutive primes, starting after
    /// <paramref name="skip"/> fractional bits: floor(root(q) 2^(skip + take)) mod 2^take, by exact integer roots.
    /// </summary>
    private static uint[] RootConstants(int count, bool cube, int skip, int take, int firstPrime = 0)
    {
        uint[] r = new uint[count];
        int found = 0;
        int index = 0;
        for (int candidate = 2; found < count; candidate++)
        {
            bool prime = true;
            for (int d = 2; d * d <= candidate; d++)
            {
                prime &= candidate % d != 0;
            }

            if (!prime || index++ < firstPrime)
            {
                continue;
            }

            int shift = skip + take;
            int degree = cube ? 3 : 2;
            BigInteger scaled = new BigInteger(candidate) << (shift * degree);
            BigInteger root = IntegerRoot(scaled, degree);
            r[found++] = (uint)(root & uint.MaxValue);
        }

        return r;
    }

    private static BigInteger IntegerRoot(BigInteger value, int degree)
    {
        // Newton's method from above converges to floor(value^(1/degree)).
        BigInteger x = BigInteger.One << ((value.ToByteArray().Length * 8 / degree) + 2);   // size: a prime times 2^(64 degree) at most
        while (true)
        {
            BigInteger next = (((degree - 1) * x) + (value / BigInteger.Pow(x, degree - 1))) / degree;
            if (next >= x)
            {
                return x;
            }

            x = next;
        }
    }
}
