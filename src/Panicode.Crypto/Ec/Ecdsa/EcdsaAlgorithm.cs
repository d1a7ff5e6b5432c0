// ECDSA signature generation and verification, SEC 1 v2 §4.1.3 and §4.1.4 (= FIPS 186-4 §6.3-6.4,
// ANS X9.62), written once over an EcGroup so every flavour shares it. Nonces come from
// RandomNumberGenerator (FIPS 186-4 B.5.2, rejection sampling) or RFC 6979 §3.2 (HMAC_DRBG).

using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;

namespace Panicode.Crypto.Ec;

internal static class EcdsaAlgorithm
{
    /// <summary>
    /// bits2int (RFC 6979 §2.3.2; SEC 1 §4.1.3 step 5): the leftmost qlen bits of the input as an integer,
    /// written as <paramref name="output"/>.Length = ceil(qlen / 8) big-endian bytes. Shorter inputs keep their value.
    /// </summary>
    public static void Bits2Int(ReadOnlySpan<byte> input, int qlen, Span<byte> output)
    {
        output.Clear();

        // In long: a hash of 2^28 bytes or more has more bits than an int holds; it is truncated like any other.
        if ((long)input.Length * 8 <= qlen)
        {
            input.CopyTo(output.Slice(output.Length - input.Length));
            return;
        }

        input.Slice(0, output.Length).CopyTo(output);
        int shift = (output.Length * 8) - qlen;   // size: output is the order's length, at most 84 bytes
        if (shift > 0)
        {
            for (int i = output.Length - 1; i >= 0; i--)
            {
                int prev = i > 0 ? output[i - 1] : 0;
                output[i] = (byte)((output[i] >> shift) | (prev << (8 - shift)));
            }
        }
    }

    /// <summary>e = bits2int(hash) mod n, in the scalar field's internal representation.</summary>
    public static void HashToScalar(EcGroup group, ReadOnlySpan<byte> hash, Span<uint> e)
    {
        Span<byte> t = stackalloc byte[group.OrderBytes];
        Bits2Int(hash, group.Curve.OrderBits, t);
        group.Scalars.Reduce(t, e);
    }

    /// <summary>
    /// Signs with the given nonce k (both d and k in [1, n-1], OrderBytes long). Returns false in the
    /// negligible cases r = 0 or s = 0, where the caller must pick another k. Writes r || s.
    /// </summary>
    public static bool TrySign(EcGroup group, ReadOnlySpan<byte> d, ReadOnlySpan<byte> hash, ReadOnlySpan<byte> k, Span<byte> signature)
    {
        PrimeField sf = group.Scalars;
        int len = group.OrderBytes;
        Debug.Assert(signature.Length == 2 * len && d.Length == len && k.Length == len);
        int n = sf.LimbCount;
        Span<byte> x = stackalloc byte[group.FieldBytes];
        Span<uint> t = stackalloc uint[5 * n];
        Span<uint> r = t.Slice(0, n);
        Span<uint> s = t.Slice(n, n);
        Span<uint> e = t.Slice(2 * n, n);
        Span<uint> kk = t.Slice(3 * n, n);
        Span<uint> dd = t.Slice(4 * n, n);
        try
        {
            // R = k G; r = x_R mod n (step 1-3). r is part of the signature, so testing it for zero leaks nothing.
            if (!group.MultiplyBase(k, x, Span<byte>.Empty))
            {
                return false;
            }

            sf.Reduce(x, r);
            if (sf.IsZero(r) == 1)
            {
                return false;
            }

            // s = k^-1 (e + r d) mod n (steps 5-6); the inversion is Fermat's, constant time.
            HashToScalar(group, hash, e);
            bool ok = sf.TryDecode(d, dd) & sf.TryDecode(k, kk);
            Debug.Assert(ok);
            sf.Mul(s, r, dd);
            sf.Add(s, s, e);
            sf.Invert(kk, kk);
            sf.Mul(s, s, kk);
            if (sf.IsZero(s) == 1)
            {
                return false;
            }

            sf.Encode(r, signature.Slice(0, len));
            sf.Encode(s, signature.Slice(len, len));
            return true;
        }
        finally
        {
            t.Clear();
            x.Clear();
            StructEcGroup.ScrubStack();   // the field structs' temporaries of k^-1 and s, in dead frames below
        }
    }

    /// <summary>Signs with a random or RFC 6979 nonce, retrying on the (negligible) r = 0 or s = 0.</summary>
    public static void Sign(EcGroup group, ReadOnlySpan<byte> d, ReadOnlySpan<byte> hash, HashAlgorithmName? deterministicHash, Span<byte> signature)
    {
        byte[] k = new byte[group.OrderBytes];
        try
        {
            if (deterministicHash is HashAlgorithmName h)
            {
                using var nonces = new Rfc6979Nonces(group, d, hash, h);
                do
                {
                    nonces.Next(k);
                }
                while (!TrySign(group, d, hash, k, signature));
            }
            else
            {
                do
                {
                    RandomScalar(group, k);
                }
                while (!TrySign(group, d, hash, k, signature));
            }
        }
        finally
        {
            Array.Clear(k, 0, k.Length);
        }
    }

    /// <summary>
    /// Verifies r || s (each OrderBytes long) against Q (SEC 1 §4.1.4). r or s outside [1, n-1] is simply
    /// an invalid signature. Everything here is public, so it may branch.
    /// </summary>
    public static bool Verify(EcGroup group, ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy, ReadOnlySpan<byte> hash, ReadOnlySpan<byte> rBytes, ReadOnlySpan<byte> sBytes)
    {
        PrimeField sf = group.Scalars;
        int n = sf.LimbCount;
        Span<uint> t = stackalloc uint[5 * n];
        Span<uint> r = t.Slice(0, n);
        Span<uint> s = t.Slice(n, n);
        Span<uint> e = t.Slice(2 * n, n);
        Span<uint> u1 = t.Slice(3 * n, n);
        Span<uint> u2 = t.Slice(4 * n, n);
        if (!sf.TryDecode(rBytes, r) || !sf.TryDecode(sBytes, s) || sf.IsZero(r) == 1 || sf.IsZero(s) == 1)
        {
            return false;
        }

        HashToScalar(group, hash, e);
        sf.InvertPublic(s, s);
        sf.Mul(u1, e, s);
        sf.Mul(u2, r, s);
        int len = group.OrderBytes;
        byte[] u1Bytes = new byte[len];
        byte[] u2Bytes = new byte[len];
        sf.Encode(u1, u1Bytes);
        sf.Encode(u2, u2Bytes);
        byte[] x = new byte[group.FieldBytes];
        if (!group.MultiplyAddPublic(u1Bytes, u2Bytes, new AffineBytes(qx, qy), x))
        {
            return false;
        }

        Span<uint> v = u1;
        sf.Reduce(x, v);
        return sf.Equal(v, r) == 1;
    }

    /// <summary>A uniform scalar in [1, n-1]: draw OrderBits random bits, keep the draw when it is in range.</summary>
    public static void RandomScalar(EcGroup group, byte[] k)
    {
        PrimeField sf = group.Scalars;
        int excessBits = (k.Length * 8) - group.Curve.OrderBits;   // size: k is OrderBytes long
        Span<uint> t = stackalloc uint[sf.LimbCount];
        using RandomNumberGenerator rng = RandomNumberGenerator.Create();
        while (true)
        {
            rng.GetBytes(k);
            k[0] &= (byte)(0xFF >> excessBits);
            bool inRange = sf.TryDecode(k, t);
            bool nonZero = sf.IsZero(t) == 0;
            t.Clear();
            if (inRange & nonZero)
            {
                return;
            }
        }
    }
}
