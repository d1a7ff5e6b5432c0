// A DSA key (FIPS 186-4 §4) on the Montgomery layer: domain parameters (p, q, g), public y = g^x mod p and, for a
// private key, x in [1, q-1]. Signing (§4.6) takes k from RFC 6979 §3.2 (or from the caller, for known-answer tests):
// r = (g^k mod p) mod q by the constant-time fixed-window exponentiation, s = k^-1 (z + x r) mod q with k^-1 by
// divsteps (DivstepInverse), also constant time. Verification (§4.7) works on public values only and may branch.

using System;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Dsa;

internal sealed partial class DsaKey : IDisposable
{
    /// <summary>Smallest p accepted on import (FIPS 186-2 keys); generation makes the sizes of FIPS 186-4 §4.2.</summary>
    public const int MinImportBits = 512;

    /// <summary>
    /// The largest p, as the BCL's DSA on OpenSSL and CNG (3,072 bits): a cap, as the EC engine caps its fields, so
    /// that an imported key cannot make validation or a verification take seconds.
    /// </summary>
    public const int MaxBits = 3072;

    private readonly ModularArithmetic _arith;
    private readonly Modulus _p;
    private readonly Modulus _q;
    private readonly byte[] _g;
    private readonly byte[] _y;
    private readonly ulong[] _gMont;
    private readonly ulong[] _yMont;
    private readonly byte[]? _x;
    private readonly byte[]? _seed;
    private readonly int _counter;

    private DsaKey(ModularArithmetic arith, Modulus p, Modulus q, byte[] g, byte[] y, byte[]? x, byte[]? seed, int counter)
    {
        _arith = arith;
        _p = p;
        _q = q;
        _g = g;
        _y = y;
        _x = x;
        _seed = seed;
        _counter = counter;
        _gMont = new ulong[p.Limbs];
        _yMont = new ulong[p.Limbs];
        arith.ToMontgomery(p, _gMont, RsaKey.ToLimbs(g, p.Limbs));
        arith.ToMontgomery(p, _yMont, RsaKey.ToLimbs(y, p.Limbs));
    }

    /// <summary>The length of p in bits.</summary>
    public int KeySize => _p.Bits;

    /// <summary>The length of q in bytes: each of r and s in an IEEE P1363 signature.</summary>
    public int QBytes => (_q.Bits + 7) / 8;

    public int QBits => _q.Bits;

    public bool HasPrivate => _x != null;

    internal Modulus Q => _q;

    /// <summary>
    /// Imports and validates a key (SP 800-89 §5.3 and FIPS 186-4 A.1.1.3 steps 1-4 and A.2.2 without the seed):
    /// p of 512 to 3,072 bits and q of 160, 224 or 256 bits, both prime, q | p - 1, 2 &lt;= g &lt; p with g^q = 1;
    /// 2 &lt;= y &lt; p with y^q = 1 (so y lies in the subgroup); for a private key 1 &lt;= x &lt; q and g^x = y.
    /// Missing P, Q, G or Y throws <see cref="ArgumentException"/> (as the BCL); anything else wrong throws
    /// <see cref="CryptographicException"/>.
    /// </summary>
    public static DsaKey Import(ModularArithmetic arith, in DSAParameters parameters, bool deriveY = false)
    {
        bool computeY = deriveY && parameters.Y is null && parameters.X != null;
        if (parameters.P is null || parameters.Q is null || parameters.G is null || (parameters.Y is null && !computeY))
        {
            throw new ArgumentException(ErrorMessages.DsaParametersMissing, nameof(parameters));
        }

        byte[] pBytes = RsaKey.Trim(parameters.P);
        byte[] qBytes = RsaKey.Trim(parameters.Q);
        int pBits = BitLength(pBytes), qBits = BitLength(qBytes);
        if (pBits < MinImportBits || pBits > MaxBits || (qBits != 160 && qBits != 224 && qBits != 256))
        {
            throw new CryptographicException(ErrorMessages.DsaSizeUnsupported);
        }

        if ((pBytes[pBytes.Length - 1] & 1) == 0 || (qBytes[qBytes.Length - 1] & 1) == 0)
        {
            throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
        }

        Modulus p = Modulus.FromBigEndian(pBytes);
        Modulus q = Modulus.FromBigEndian(qBytes);
        byte[]? x = null;
        try
        {
            byte[] g = FitBelow(parameters.G, p);
            DsaDomain.Validate(arith, p, q, g);
            if (parameters.X != null)
            {
                x = FitBelow(parameters.X, q);
            }

            byte[] y = computeY ? PowSecret(arith, p, g, x!) : FitBelow(parameters.Y!, p);

            DsaKey key = new(arith, p, q, g, y, x, parameters.Seed is { Length: > 0 } ? (byte[])parameters.Seed.Clone() : null, parameters.Counter);
            if (!key.PublicInSubgroup() || (x != null && !key.PrivateMatchesPublic()))
            {
                key.Dispose();
                throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
            }

            return key;
        }
        catch
        {
            Secret.Clear(x);
            p.Dispose();
            q.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Generates domain parameters (FIPS 186-4 A.1.1.2 and A.2.3) of <paramref name="keySize"/> bits for p and
    /// <paramref name="qBits"/> for q (0: 160 for 1,024-bit p, else 256, as OpenSSL), then a key pair.
    /// </summary>
    public static DsaKey Generate(ModularArithmetic arith, int keySize, int qBits = 0)
    {
        int n = qBits != 0 ? qBits : keySize == 1024 ? 160 : 256;
        if (!DsaDomain.IsApprovedSize(keySize, n))
        {
            throw new CryptographicException(ErrorMessages.DsaKeySizeInvalid);
        }

        var domain = DsaDomain.Generate(arith, keySize, n);
        return Create(arith, Modulus.FromBigEndian(domain.P), Modulus.FromBigEndian(domain.Q), domain.G, domain.Seed, domain.Counter);
    }

    /// <summary>A key of given domain parameters (already validated or just generated) and a fresh x in [1, q-1] (FIPS 186-4 B.1.2).</summary>
    internal static DsaKey Create(ModularArithmetic arith, Modulus p, Modulus q, byte[] g, byte[]? seed, int counter)
    {
        ulong[] xl = new ulong[q.Limbs];
        RsaKey.RandomBelow(q, xl);
        byte[] x = new byte[(q.Bits + 7) / 8];
        Limbs64.ToBigEndian(xl, x);
        Array.Clear(xl, 0, xl.Length);
        byte[] y = PowSecret(arith, p, g, x);
        return new DsaKey(arith, p, q, RsaKey.Pad(g, y.Length), y, x, seed, counter);
    }

    // y = g^x mod p by the constant-time exponentiation (x is secret), p's length in bytes.
    private static byte[] PowSecret(ModularArithmetic arith, Modulus p, byte[] g, byte[] x)
    {
        ulong[] t = new ulong[p.Limbs];
        arith.ToMontgomery(p, t, RsaKey.ToLimbs(g, p.Limbs));
        arith.ModPow(p, t, t, x, exponentIsPublic: false);
        arith.FromMontgomery(p, t, t);
        byte[] y = new byte[(p.Bits + 7) / 8];
        Limbs64.ToBigEndian(t, y);
        return y;
    }

    /// <summary>The key as DSAParameters in the BCL's shape: G and Y as long as P, X as long as Q.</summary>
    public DSAParameters Export(bool includePrivateParameters)
    {
        if (includePrivateParameters && _x is null)
        {
            throw new CryptographicException(ErrorMessages.DsaNoPrivateKey);
        }

        int pLen = (_p.Bits + 7) / 8;
        return new DSAParameters
        {
            P = _p.ToBigEndian(pLen),
            Q = _q.ToBigEndian(QBytes),
            G = RsaKey.Pad(_g, pLen),
            Y = RsaKey.Pad(_y, pLen),
            X = includePrivateParameters ? (byte[])_x!.Clone() : null,
            Seed = _seed is null ? null : (byte[])_seed.Clone(),
            Counter = _seed is null ? 0 : _counter,
        };
    }

    /// <summary>
    /// Signs <paramref name="hash"/> into r || s (2 <see cref="QBytes"/>) with k from RFC 6979 §3.2 using HMAC with
    /// <paramref name="nonceHash"/>; the next candidate is taken in the (negligible) case r = 0 or s = 0.
    /// </summary>
    public void Sign(ReadOnlySpan<byte> hash, HashAlgorithmName nonceHash, Span<byte> signature)
    {
        byte[] x = RequirePrivate();
        byte[] k = new byte[QBytes];
        byte[] h = new byte[QBytes];
        try
        {
            // bits2octets(h1) = int2octets(bits2int(h1) mod q); bits2int(h1) < 2^N <= 2q, so one subtraction reduces.
            HashToInteger(hash, h);
            using var nonces = new Rfc6979Nonces(x, h, _q.Bits, nonceHash);
            do
            {
                nonces.Next(k, _q);
            }
            while (!TrySign(hash, k, signature));
        }
        finally
        {
            Array.Clear(k, 0, k.Length);
            Array.Clear(h, 0, h.Length);
        }
    }

    /// <summary>
    /// FIPS 186-4 §4.6 with the given k in [1, q-1] (QBytes long); false when r or s is 0, which calls for another k.
    /// Nothing here branches or indexes memory on x, k or k^-1; r is public once computed (it is half the signature).
    /// </summary>
    public bool TrySign(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> k, Span<byte> signature)
    {
        byte[] x = RequirePrivate();
        int pl = _p.Limbs, ql = _q.Limbs;
        ulong[] t = new ulong[pl];
        ulong[] r = new ulong[ql], s = new ulong[ql], kk = new ulong[ql], xx = new ulong[ql], z = new ulong[ql];
        byte[] zBytes = new byte[QBytes];
        try
        {
            // r = (g^k mod p) mod q: the exponent's length is q's, public; its bits go through whole-table scans.
            _arith.ModPow(_p, t, _gMont, k, exponentIsPublic: false);
            _arith.FromMontgomery(_p, t, t);
            _arith.ReduceToMontgomery(_q, r, t);
            _arith.FromMontgomery(_q, r, r);
            if (Limbs64.IsZero(r) == 1)
            {
                return false;
            }

            // s = k^-1 (z + x r) mod q.
            Limbs64.FromBigEndian(k, kk);
            _arith.InversePrime(_q, kk, kk);
            HashToInteger(hash, zBytes);
            Limbs64.FromBigEndian(zBytes, z);
            Limbs64.FromBigEndian(x, xx);
            _arith.MultiplyMod(_q, s, xx, r);
            Limbs64.AddMod(s, s, z, _q.N);
            _arith.MultiplyMod(_q, s, s, kk);
            if (Limbs64.IsZero(s) == 1)
            {
                return false;
            }

            int len = QBytes;
            Limbs64.ToBigEndian(r, signature.Slice(0, len));
            Limbs64.ToBigEndian(s, signature.Slice(len, len));
            return true;
        }
        finally
        {
            Array.Clear(t, 0, t.Length);
            Array.Clear(s, 0, s.Length);
            Array.Clear(kk, 0, kk.Length);
            Array.Clear(xx, 0, xx.Length);
        }
    }

    /// <summary>
    /// FIPS 186-4 §4.7: r || s (2 <see cref="QBytes"/>) verifies against the hash. r or s outside [1, q-1] or a
    /// signature of another length is simply not valid. All inputs are public.
    /// </summary>
    public bool Verify(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature)
    {
        int len = QBytes;
        if (signature.Length != 2 * len)
        {
            return false;
        }

        int ql = _q.Limbs, pl = _p.Limbs;
        ulong[] r = new ulong[ql], s = new ulong[ql], w = new ulong[ql], z = new ulong[ql], u = new ulong[ql];
        Limbs64.FromBigEndian(signature.Slice(0, len), r);
        Limbs64.FromBigEndian(signature.Slice(len, len), s);
        if (!InRange(r) || !InRange(s) || !ModularArithmetic.InverseVartime(_q, w, s))
        {
            return false;
        }

        byte[] zBytes = new byte[len];
        HashToInteger(hash, zBytes);
        Limbs64.FromBigEndian(zBytes, z);

        // v = (g^u1 y^u2 mod p) mod q with u1 = z w and u2 = r w mod q.
        byte[] u1 = new byte[8 * ql], u2 = new byte[8 * ql];
        _arith.MultiplyMod(_q, u, z, w);
        Limbs64.ToBigEndian(u, u1);
        _arith.MultiplyMod(_q, u, r, w);
        Limbs64.ToBigEndian(u, u2);
        ulong[] a = new ulong[pl], b = new ulong[pl];
        _arith.ModPow(_p, a, _gMont, u1, exponentIsPublic: true);
        _arith.ModPow(_p, b, _yMont, u2, exponentIsPublic: true);
        _arith.Multiply(_p, a, a, b);
        _arith.FromMontgomery(_p, a, a);
        ulong[] v = new ulong[ql];
        _arith.ReduceToMontgomery(_q, v, a);
        _arith.FromMontgomery(_q, v, v);
        return v.AsSpan().SequenceEqual(r);
    }

    public void Dispose()
    {
        Secret.Clear(_x);
        _p.Dispose();
        _q.Dispose();
    }

    internal static int BitLength(byte[] trimmed)
    {
        if (trimmed.Length == 0)
        {
            return 0;
        }

        int bits = 8 * (trimmed.Length - 1);
        for (int b = trimmed[0]; b != 0; b >>= 1)
        {
            bits++;
        }

        return bits;
    }

    internal static BigInteger ToBigInteger(ReadOnlySpan<byte> bigEndian) => RsaKey.FromBytes(bigEndian.ToArray());

    // The value as exactly the modulus' byte length, or CryptographicException when it is not below the modulus.
    // For x this compares a secret: the comparison runs over every limb (Limbs64.LessThan).
    private static byte[] FitBelow(byte[] value, Modulus m)
    {
        byte[] trimmed = RsaKey.Trim(value);
        int len = (m.Bits + 7) / 8;
        if (trimmed.Length > len)
        {
            Secret.Clear(trimmed);
            throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
        }

        ulong[] t = RsaKey.ToLimbs(trimmed, m.Limbs);
        ulong ok = Limbs64.LessThan(t, m.N) & (Limbs64.IsZero(t) ^ 1);
        Array.Clear(t, 0, t.Length);
        byte[] result = RsaKey.Pad(trimmed, len);
        Secret.Clear(trimmed);
        if (ok != 1)
        {
            Secret.Clear(result);
            throw new CryptographicException(ErrorMessages.DsaKeyInvalid);
        }

        return result;
    }

    private byte[] RequirePrivate() => _x ?? throw new CryptographicException(ErrorMessages.DsaNoPrivateKey);

    private bool InRange(ulong[] v) => Limbs64.IsZero(v) == 0 && Limbs64.LessThan(v, _q.N) == 1;

    // z = bits2int(hash) mod q as QBytes bytes: the leftmost min(N, outlen) bits of the hash (FIPS 186-4 §4.6), below
    // 2^N <= 2q, so one conditional subtraction reduces it.
    private void HashToInteger(ReadOnlySpan<byte> hash, Span<byte> output)
    {
        EcdsaAlgorithm.Bits2Int(hash, _q.Bits, output);
        ulong[] z = new ulong[_q.Limbs];
        Limbs64.FromBigEndian(output, z);
        Limbs64.SubtractIf(z, _q.N, 0);
        Limbs64.ToBigEndian(z, output);
    }

    // y in [2, p - 2] and y^q = 1 mod p (SP 800-89 §5.3.1; FIPS 186-4 doesn't list it but OpenSSL's check does too).
    private bool PublicInSubgroup()
    {
        BigInteger y = ToBigInteger(_y), p = ToBigInteger(_p.ToBigEndian((_p.Bits + 7) / 8));
        if (y < 2 || y > p - 2)
        {
            return false;
        }

        return IsOne(PowPublic(_yMont, _q.ToBigEndian(QBytes)));
    }

    // g^x = y, with x secret: the constant-time exponentiation; the comparison reveals only whether the key is valid.
    private bool PrivateMatchesPublic()
    {
        ulong[] t = new ulong[_p.Limbs];
        _arith.ModPow(_p, t, _gMont, _x!, exponentIsPublic: false);
        _arith.FromMontgomery(_p, t, t);
        ulong[] y = RsaKey.ToLimbs(_y, _p.Limbs);
        bool ok = t.AsSpan().SequenceEqual(y);
        Array.Clear(t, 0, t.Length);
        return ok;
    }

    private ulong[] PowPublic(ulong[] baseMont, byte[] exponent)
    {
        ulong[] t = new ulong[_p.Limbs];
        _arith.ModPow(_p, t, baseMont, exponent, exponentIsPublic: true);
        _arith.FromMontgomery(_p, t, t);
        return t;
    }

    private static bool IsOne(ulong[] v) => v[0] == 1 && Limbs64.IsZero(v.AsSpan(1)) == 1;
}
