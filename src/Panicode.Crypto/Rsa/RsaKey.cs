// An RSA key (RFC 8017 §3) on the Montgomery layer: the public operation RSAEP/RSAVP1 (§5.1.1, §5.2.2) with the public
// exponent, and the private operation RSADP/RSASP1 (§5.1.2, §5.2.1) by the Chinese remainder theorem, blinded with a
// fresh random r per call and checked with e before the result leaves (Boneh, DeMillo and Lipton 1997: one faulty
// CRT half would give away a factor of n). Two-prime keys only: RSAParameters cannot carry more primes.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Rsa;

internal sealed partial class RsaKey : IDisposable
{
    /// <summary>Smallest modulus accepted on import (legacy keys); generation starts at <see cref="MinGeneratedBits"/>.</summary>
    public const int MinImportBits = 512;
    public const int MinGeneratedBits = 1024;
    public const int MaxBits = 16384;

    /// <summary>
    /// Above <see cref="SmallModulusBits"/>, the public exponent may have at most <see cref="MaxLargeModulusExponentBits"/>
    /// bits, as OpenSSL rules (RSA_SMALL_MODULUS_BITS, RSA_MAX_PUBEXP_BITS): the public operation is square-and-multiply
    /// over every bit of e, so an e as long as a 16,384-bit n made one verification take seconds. FIPS 186-5 §5.4 keeps
    /// e below 2^256 anyway; smaller moduli keep the legacy range (e &lt; n), whose cost is bounded by one private-size
    /// exponentiation of at most 3,072 bits.
    /// </summary>
    public const int SmallModulusBits = 3072;
    public const int MaxLargeModulusExponentBits = 64;

    private readonly ModularArithmetic _arith;
    private readonly Modulus _n;
    private readonly byte[] _e;
    private readonly Modulus? _p;
    private readonly Modulus? _q;
    private readonly byte[]? _d;
    private readonly byte[]? _dp;
    private readonly byte[]? _dq;
    private readonly byte[]? _qInv;
    private readonly ulong[]? _qInvMont;

    private RsaKey(ModularArithmetic arith, Modulus n, byte[] e, Modulus? p, Modulus? q, byte[]? d, byte[]? dp, byte[]? dq, byte[]? qInv)
    {
        _arith = arith;
        _n = n;
        _e = e;
        _p = p;
        _q = q;
        _d = d;
        _dp = dp;
        _dq = dq;
        _qInv = qInv;
        if (p != null)
        {
            _qInvMont = new ulong[p.Limbs];
            ulong[] t = ToLimbs(qInv!, p.Limbs);
            arith.ToMontgomery(p, _qInvMont, t);
            Array.Clear(t, 0, t.Length);
        }
    }

    /// <summary>The modulus' length in bits.</summary>
    public int KeySize => _n.Bits;

    /// <summary>The modulus' length in bytes: the length of every signature and ciphertext.</summary>
    public int ModulusBytes => (_n.Bits + 7) / 8;

    public bool HasPrivate => _p != null;

    /// <summary>
    /// Imports and validates a key: n odd, of 512 to 16,384 bits; e odd with 3 &lt;= e &lt; n; for a private key
    /// p q = n, d &lt; n, dP &lt; p - 1, dQ &lt; q - 1, qInv &lt; p, e dP = e dQ = e d = 1 modulo p - 1 and q - 1
    /// (so e d = 1 mod λ(n)), and qInv q = 1 mod p. Throws <see cref="CryptographicException"/> otherwise.
    /// </summary>
    public static RsaKey Import(ModularArithmetic arith, in RSAParameters parameters)
    {
        if (parameters.Modulus is null || parameters.Exponent is null || parameters.Modulus.Length == 0 || parameters.Exponent.Length == 0)
        {
            throw new CryptographicException(ErrorMessages.RsaParametersMissing);
        }

        byte[] nBytes = Trim(parameters.Modulus);
        byte[] e = Trim(parameters.Exponent);
        Modulus n;
        try
        {
            n = Modulus.FromBigEndian(nBytes);
        }
        catch (CryptographicException)
        {
            throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
        }

        if (n.Bits < MinImportBits || n.Bits > MaxBits || e.Length == 0 || (e[e.Length - 1] & 1) == 0 ||
            (e.Length == 1 && e[0] < 3) || CompareVartime(e, nBytes) >= 0 ||
            (n.Bits > SmallModulusBits && e.Length > MaxLargeModulusExponentBits / 8))
        {
            throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
        }

        bool anyPrivate = parameters.D != null || parameters.P != null || parameters.Q != null ||
                          parameters.DP != null || parameters.DQ != null || parameters.InverseQ != null;
        if (!anyPrivate)
        {
            return new RsaKey(arith, n, e, null, null, null, null, null, null);
        }

        if (parameters.D is null || parameters.P is null || parameters.Q is null || parameters.DP is null ||
            parameters.DQ is null || parameters.InverseQ is null)
        {
            throw new CryptographicException(ErrorMessages.RsaPrivateIncomplete);
        }

        Modulus? p = null, q = null;
        try
        {
            p = Modulus.FromBigEndian(parameters.P);
            q = Modulus.FromBigEndian(parameters.Q);
            byte[] d = Fit(parameters.D, (n.Bits + 7) / 8);
            byte[] dp = Fit(parameters.DP, (p.Bits + 7) / 8);
            byte[] dq = Fit(parameters.DQ, (q.Bits + 7) / 8);
            byte[] qInv = Fit(parameters.InverseQ, (p.Bits + 7) / 8);
            RsaKey key = new(arith, n, e, p, q, d, dp, dq, qInv);
            if (!key.CheckPrivate())
            {
                key.Dispose();
                throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
            }

            return key;
        }
        catch (CryptographicException)
        {
            p?.Dispose();
            q?.Dispose();
            throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
        }
    }

    /// <summary>The key as RSAParameters in the BCL's shape: D as long as the modulus; P, Q, DP, DQ, InverseQ half as long.</summary>
    public RSAParameters Export(bool includePrivateParameters)
    {
        int k = ModulusBytes;
        RSAParameters result = new()
        {
            Modulus = _n.ToBigEndian(k),
            Exponent = (byte[])_e.Clone(),
        };
        if (includePrivateParameters)
        {
            if (_p is null)
            {
                throw new CryptographicException(ErrorMessages.RsaNoPrivateKey);
            }

            int half = Math.Max((k + 1) / 2, Math.Max((_p.Bits + 7) / 8, (_q!.Bits + 7) / 8));
            result.D = Pad(_d!, k);
            result.P = _p.ToBigEndian(half);
            result.Q = _q.ToBigEndian(half);
            result.DP = Pad(_dp!, half);
            result.DQ = Pad(_dq!, half);
            result.InverseQ = Pad(_qInv!, half);
        }

        return result;
    }

    /// <summary>
    /// output = input^e mod n (RSAEP / RSAVP1), as <see cref="ModulusBytes"/> bytes. Returns false when the input,
    /// read as an integer, is not below n (RFC 8017 §5.1.1 step 1, §5.2.2 step 1).
    /// </summary>
    public bool TryPublic(ReadOnlySpan<byte> input, Span<byte> output)
    {
        ulong[]? x = ToLimbsBelow(input, _n);
        if (x is null)
        {
            return false;
        }

        _arith.ToMontgomery(_n, x, x);
        _arith.ModPow(_n, x, x, _e, exponentIsPublic: true);
        _arith.FromMontgomery(_n, x, x);
        Limbs64.ToBigEndian(x, output.Slice(0, ModulusBytes));
        return true;
    }

    /// <summary>
    /// output = input^d mod n (RSADP / RSASP1) by CRT with base blinding; the result is raised to e and compared with
    /// the input before it is written. Returns false when the input is not below n; throws
    /// <see cref="CryptographicException"/> when the check fails.
    /// </summary>
    public bool TryPrivate(ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (_p is null)
        {
            throw new CryptographicException(ErrorMessages.RsaNoPrivateKey);
        }

        ulong[]? c = ToLimbsBelow(input, _n);
        if (c is null)
        {
            return false;
        }

        Modulus n = _n, p = _p, q = _q!;
        int kn = n.Limbs;
        ulong[] r = new ulong[kn], rInv = new ulong[kn], x = new ulong[kn];
        ulong[] m1 = new ulong[p.Limbs], m2p = new ulong[p.Limbs], m2 = new ulong[q.Limbs];
        ulong[] y = new ulong[p.Limbs + q.Limbs];
        try
        {
            // Blinding: x = c r^e mod n, so x^d = c^d r; r^-1 comes from the inverse of r s for a second random s
            // (the variable-time inversion sees only r s, which is independent of r).
            NewBlinding(r, rInv);
            _arith.ToMontgomery(n, x, r);
            _arith.ModPow(n, x, x, _e, exponentIsPublic: true);   // (r^e) R
            _arith.Multiply(n, x, x, c);                           // c r^e

            // m1 = x^dP mod p, m2 = x^dQ mod q (RFC 8017 §5.1.2 step 2b), constant time.
            _arith.ReduceToMontgomery(p, m1, x);
            _arith.ModPow(p, m1, m1, _dp!, exponentIsPublic: false);
            _arith.FromMontgomery(p, m1, m1);
            _arith.ReduceToMontgomery(q, m2, x);
            _arith.ModPow(q, m2, m2, _dq!, exponentIsPublic: false);
            _arith.FromMontgomery(q, m2, m2);

            // h = (m1 - m2) qInv mod p; y = m2 + q h (Garner), below p q = n.
            _arith.ReduceToMontgomery(p, m2p, m2);
            _arith.FromMontgomery(p, m2p, m2p);
            Limbs64.SubMod(m1, m1, m2p, p.N);
            _arith.Multiply(p, m1, m1, _qInvMont!);                 // (m1 - m2) qInv R R^-1
            Limbs64.Multiply(y, m1, q.N);
            ulong carry = 0;
            for (int i = 0; i < y.Length; i++)
            {
                y[i] = Wide.Adc(y[i], i < m2.Length ? m2[i] : 0, ref carry);
            }

            // Unblind: y r^-1 mod n, then check y^e = c before releasing y.
            y.AsSpan(0, kn).CopyTo(x);
            _arith.MultiplyMod(n, x, x, rInv);
            _arith.ToMontgomery(n, r, x);
            _arith.ModPow(n, r, r, _e, exponentIsPublic: true);
            _arith.FromMontgomery(n, r, r);
            ulong diff = 0;
            for (int i = 0; i < kn; i++)
            {
                diff |= r[i] ^ c[i];
            }

            if (diff != 0)
            {
                throw new CryptographicException(ErrorMessages.RsaFaultDetected);
            }

            Limbs64.ToBigEndian(x, output.Slice(0, ModulusBytes));
            return true;
        }
        finally
        {
            Array.Clear(r, 0, r.Length);
            Array.Clear(rInv, 0, rInv.Length);
            Array.Clear(x, 0, x.Length);
            Array.Clear(m1, 0, m1.Length);
            Array.Clear(m2, 0, m2.Length);
            Array.Clear(m2p, 0, m2p.Length);
            Array.Clear(y, 0, y.Length);
            Array.Clear(c, 0, c.Length);
        }
    }

    public void Dispose()
    {
        _p?.Dispose();
        _q?.Dispose();
        Secret.Clear(_d);
        Secret.Clear(_dp);
        Secret.Clear(_dq);
        Secret.Clear(_qInv);
        Secret.Clear(_qInvMont);
    }

    // A random r in [1, n) with its inverse. r s mod n for a second random s is inverted in variable time (it is
    // independent of r), and r^-1 = (r s)^-1 s. A non-invertible draw (probability about 2/sqrt(n)) is drawn again.
    private void NewBlinding(ulong[] r, ulong[] rInv)
    {
        int kn = _n.Limbs;
        ulong[] s = new ulong[kn], u = new ulong[kn];
        try
        {
            for (int attempt = 0; attempt < 64; attempt++)
            {
                RandomBelow(_n, r);
                RandomBelow(_n, s);
                _arith.MultiplyMod(_n, u, r, s);
                if (ModularArithmetic.InverseVartime(_n, u, u))
                {
                    _arith.MultiplyMod(_n, rInv, u, s);
                    return;
                }
            }

            throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
        }
        finally
        {
            Array.Clear(s, 0, s.Length);
            Array.Clear(u, 0, u.Length);
        }
    }

    // A uniformly random value in [1, m): random bits of m's length, drawn again when too large or zero.
    internal static void RandomBelow(Modulus m, ulong[] r)
    {
        byte[] buffer = new byte[8 * m.Limbs];
        int excess = (64 * m.Limbs) - m.Bits;
        while (true)
        {
            Fill(buffer);
            Limbs64.FromBigEndian(buffer, r);
            r[r.Length - 1] &= ulong.MaxValue >> excess;
            if (Limbs64.LessThan(r, m.N) == 1 && Limbs64.IsZero(r) == 0)
            {
                Array.Clear(buffer, 0, buffer.Length);
                return;
            }
        }
    }

    internal static void Fill(byte[] buffer)
    {
#if NET
        RandomNumberGenerator.Fill(buffer);
#else
        using RandomNumberGenerator rng = RandomNumberGenerator.Create();
        rng.GetBytes(buffer);
#endif
    }

    // Reads a big-endian integer into m.Limbs limbs, or null when it is not below m (a leading zero byte of extra
    // length is fine). Inputs are public here (a signature, a ciphertext).
    private static ulong[]? ToLimbsBelow(ReadOnlySpan<byte> input, Modulus m)
    {
        int start = 0;
        while (start < input.Length && input[start] == 0)
        {
            start++;
        }

        input = input.Slice(start);
        if (input.Length > 8 * m.Limbs)
        {
            return null;
        }

        ulong[] x = new ulong[m.Limbs];
        Limbs64.FromBigEndian(input, x);
        return Limbs64.LessThan(x, m.N) == 1 ? x : null;
    }

    internal static ulong[] ToLimbs(ReadOnlySpan<byte> value, int limbs)
    {
        ulong[] x = new ulong[limbs];
        Limbs64.FromBigEndian(value, x);
        return x;
    }

    internal static byte[] Trim(byte[] value)
    {
        int start = 0;
        while (start < value.Length && value[start] == 0)
        {
            start++;
        }

        return value.AsSpan(start).ToArray();
    }

    // The value as exactly `length` bytes (leading zero bytes dropped or added); too long a value is invalid.
    private static byte[] Fit(byte[] value, int length)
    {
        int start = 0;
        while (start < value.Length && value[start] == 0)
        {
            start++;
        }

        int len = value.Length - start;
        if (len > length)
        {
            throw new CryptographicException(ErrorMessages.RsaKeyInvalid);
        }

        byte[] result = new byte[length];
        value.AsSpan(start).CopyTo(result.AsSpan(length - len));
        return result;
    }

    internal static byte[] Pad(byte[] value, int length)
    {
        if (value.Length == length)
        {
            return (byte[])value.Clone();
        }

        byte[] result = new byte[length];
        int len = Math.Min(value.Length, length);
        value.AsSpan(value.Length - len).CopyTo(result.AsSpan(length - len));
        return result;
    }

    // Compares two big-endian integers without leading zeros (public values).
    private static int CompareVartime(byte[] a, byte[] b)
    {
        if (a.Length != b.Length)
        {
            return a.Length.CompareTo(b.Length);
        }

        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return a[i].CompareTo(b[i]);
            }
        }

        return 0;
    }
}
