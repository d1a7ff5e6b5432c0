using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;

namespace Panicode.Crypto.Ec;

/// <summary>
/// RFC 6979 §3.2 deterministic nonces: HMAC_DRBG keyed from int2octets(d) || bits2octets(h1), yielding
/// candidates k = bits2int(T) until one lies in [1, n-1] (steps a-h; step h.3 for the next candidate).
/// </summary>
internal sealed class Rfc6979Nonces : IDisposable
{
    private readonly EcGroup _group;
    private readonly HashAlgorithmName _hash;
    private byte[] _k;
    private byte[] _v;
    private bool _first = true;

    public Rfc6979Nonces(EcGroup group, ReadOnlySpan<byte> d, ReadOnlySpan<byte> h1, HashAlgorithmName hash)
    {
        _group = group;
        _hash = hash;
        PrimeField sf = group.Scalars;
        int rlen = group.OrderBytes;

        // bits2octets(h1) = int2octets(bits2int(h1) mod q)
        byte[] h = new byte[rlen];
        Span<uint> z = stackalloc uint[sf.LimbCount];
        EcdsaAlgorithm.HashToScalar(group, h1, z);
        sf.Encode(z, h);
        byte[] x = d.ToArray();

        using (var probe = new EcHash.Hmac(hash, Array.Empty<byte>()))
        {
            _v = new byte[probe.Length];
            _k = new byte[probe.Length];
        }

        for (int i = 0; i < _v.Length; i++)
        {
            _v[i] = 0x01;
        }

        Replace(ref _k, Mac(_k, _v, new byte[] { 0x00 }, x, h));   // step d
        Replace(ref _v, Mac(_k, _v));                              // step e
        Replace(ref _k, Mac(_k, _v, new byte[] { 0x01 }, x, h));   // step f
        Replace(ref _v, Mac(_k, _v));                              // step g
        Array.Clear(x, 0, x.Length);
        Array.Clear(h, 0, h.Length);
    }

    /// <summary>Writes the next candidate in [1, n-1] (RFC 6979 step h).</summary>
    public void Next(byte[] k)
    {
        PrimeField sf = _group.Scalars;
        int qlen = _group.Curve.OrderBits;
        Span<uint> t = stackalloc uint[sf.LimbCount];
        while (true)
        {
            if (!_first)
            {
                Replace(ref _k, Mac(_k, _v, new byte[] { 0x00 }));
                Replace(ref _v, Mac(_k, _v));
            }

            _first = false;
            byte[] tt = new byte[0];
            while (tt.Length * 8 < qlen)   // size: tt stops growing one HMAC output past qlen bits
            {
                Replace(ref _v, Mac(_k, _v));
                byte[] grown = new byte[tt.Length + _v.Length];
                tt.CopyTo(grown, 0);
                _v.CopyTo(grown, tt.Length);
                Array.Clear(tt, 0, tt.Length);
                tt = grown;
            }

            EcdsaAlgorithm.Bits2Int(tt, qlen, k);
            Array.Clear(tt, 0, tt.Length);
            bool inRange = sf.TryDecode(k, t);
            bool nonZero = sf.IsZero(t) == 0;
            t.Clear();
            if (inRange & nonZero)
            {
                return;
            }
        }
    }

    public void Dispose()
    {
        Array.Clear(_k, 0, _k.Length);
        Array.Clear(_v, 0, _v.Length);
    }

    /// <summary>K and V are secret-derived: the old value is wiped when a new one replaces it.</summary>
    private static void Replace(ref byte[] field, byte[] value)
    {
        Array.Clear(field, 0, field.Length);
        field = value;
    }

    private byte[] Mac(byte[] key, params byte[][] parts)
    {
        using var hmac = new EcHash.Hmac(_hash, key);
        return hmac.Compute(parts);
    }
}
