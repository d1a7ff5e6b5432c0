using System;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Ec;

/// <summary>
/// RFC 6979 §3.2 deterministic nonces for any group order q: HMAC_DRBG keyed from int2octets(x) || bits2octets(h1),
/// yielding candidates k = bits2int(T) until one lies in [1, q-1] (steps a-h; step h.3 for the next candidate). ECDSA
/// checks a candidate against its curve's order; DSA against its subgroup order q.
/// </summary>
internal sealed class Rfc6979Nonces : IDisposable
{
    private readonly EcGroup? _group;
    private readonly HashAlgorithmName _hash;
    private readonly int _qlen;
    private byte[] _k;
    private byte[] _v;
    private bool _first = true;

    /// <summary>ECDSA: x = d, already int2octets; bits2octets(h1) reduced modulo the curve's order here.</summary>
    public Rfc6979Nonces(EcGroup group, ReadOnlySpan<byte> d, ReadOnlySpan<byte> h1, HashAlgorithmName hash)
        : this(d, ScalarOctets(group, h1), group.Curve.OrderBits, hash)
    {
        _group = group;
    }

    /// <summary>
    /// Any order of <paramref name="qlen"/> bits: <paramref name="x"/> is int2octets(x) and <paramref name="h"/> is
    /// bits2octets(h1), both rlen = ceil(qlen / 8) bytes (steps a-g).
    /// </summary>
    public Rfc6979Nonces(ReadOnlySpan<byte> x, ReadOnlySpan<byte> h, int qlen, HashAlgorithmName hash)
    {
        _hash = hash;
        _qlen = qlen;
        byte[] xx = x.ToArray();
        byte[] hh = h.ToArray();
        using (var probe = new EcHash.Hmac(hash, Array.Empty<byte>()))
        {
            _v = new byte[probe.Length];
            _k = new byte[probe.Length];
        }

        for (int i = 0; i < _v.Length; i++)
        {
            _v[i] = 0x01;
        }

        Replace(ref _k, Mac(_k, _v, new byte[] { 0x00 }, xx, hh));   // step d
        Replace(ref _v, Mac(_k, _v));                               // step e
        Replace(ref _k, Mac(_k, _v, new byte[] { 0x01 }, xx, hh));   // step f
        Replace(ref _v, Mac(_k, _v));                               // step g
        Array.Clear(xx, 0, xx.Length);
        Array.Clear(hh, 0, hh.Length);
    }

    /// <summary>Writes the next candidate in [1, n-1] of the curve's order (RFC 6979 step h).</summary>
    public void Next(byte[] k)
    {
        PrimeField sf = _group!.Scalars;
        Span<uint> t = stackalloc uint[sf.LimbCount];
        while (true)
        {
            NextCandidate(k);
            bool inRange = sf.TryDecode(k, t);
            bool nonZero = sf.IsZero(t) == 0;
            t.Clear();
            if (inRange & nonZero)
            {
                return;
            }
        }
    }

    /// <summary>Writes the next candidate in [1, q-1] for q = <paramref name="q"/> (RFC 6979 step h); k is rlen bytes.</summary>
    public void Next(byte[] k, Modulus q)
    {
        ulong[] t = new ulong[q.Limbs];
        try
        {
            while (true)
            {
                NextCandidate(k);
                Limbs64.FromBigEndian(k, t);
                ulong ok = Limbs64.LessThan(t, q.N) & (Limbs64.IsZero(t) ^ 1);
                if (ok == 1)
                {
                    return;
                }
            }
        }
        finally
        {
            Array.Clear(t, 0, t.Length);
        }
    }

    public void Dispose()
    {
        Array.Clear(_k, 0, _k.Length);
        Array.Clear(_v, 0, _v.Length);
    }

    // bits2octets(h1) = int2octets(bits2int(h1) mod n) for the curve's order n.
    private static byte[] ScalarOctets(EcGroup group, ReadOnlySpan<byte> h1)
    {
        PrimeField sf = group.Scalars;
        byte[] h = new byte[group.OrderBytes];
        // A constant-size buffer sliced to the order's limbs: Slice throws if an order were ever longer than the bound.
        Span<uint> z = stackalloc uint[CurveParameters.MaxOrderLimbs32].Slice(0, sf.LimbCount);
        EcdsaAlgorithm.HashToScalar(group, h1, z);
        sf.Encode(z, h);
        z.Clear();
        return h;
    }

    /// <summary>K and V are secret-derived: the old value is wiped when a new one replaces it.</summary>
    private static void Replace(ref byte[] field, byte[] value)
    {
        Array.Clear(field, 0, field.Length);
        field = value;
    }

    // Step h.1-h.3: the first call takes T from the V of step g; each later one first updates K and V (step h.3).
    private void NextCandidate(byte[] k)
    {
        if (!_first)
        {
            Replace(ref _k, Mac(_k, _v, new byte[] { 0x00 }));
            Replace(ref _v, Mac(_k, _v));
        }

        _first = false;
        byte[] tt = new byte[0];
        while (tt.Length * 8 < _qlen)   // size: tt stops growing one HMAC output past qlen bits
        {
            Replace(ref _v, Mac(_k, _v));
            byte[] grown = new byte[tt.Length + _v.Length];
            tt.CopyTo(grown, 0);
            _v.CopyTo(grown, tt.Length);
            Array.Clear(tt, 0, tt.Length);
            tt = grown;
        }

        EcdsaAlgorithm.Bits2Int(tt, _qlen, k);
        Array.Clear(tt, 0, tt.Length);
    }

    private byte[] Mac(byte[] key, params byte[][] parts)
    {
        using var hmac = new EcHash.Hmac(_hash, key);
        return hmac.Compute(parts);
    }
}
