// A finite-field Diffie-Hellman key (NIST SP 800-56A rev. 3) on the Montgomery layer: the group (p, g, q), the public
// y = g^x mod p and, for a private key, x. Key generation follows §5.6.1.1.4 (x uniform in [1, M - 1], M = min(2^N, q)):
// N = the bit length of q for groups with a prime-order subgroup (RFC 5114, explicit q), and for the safe-prime
// groups of RFC 7919 and RFC 3526 the short exponents of RFC 7919 §5.2 (225, 275, 325, 375 and 400 bits for 2,048 to
// 8,192-bit p; 192 for MODP-1536). The peer's key is checked before any work with x (§5.6.2.3.1): 2 <= y <= p - 2
// and y^q = 1 mod p. The shared secret Z = y^x mod p (§5.7.1.1) is p's length in bytes, leading zeros kept; Z = 1 is
// an error.

using System;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Dsa;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;
using Panicode.Crypto.Rsa;

namespace Panicode.Crypto.Dh;

internal sealed class DhKey : IDisposable
{
    /// <summary>The smallest p accepted (RFC 5114's 1,024-bit group).</summary>
    public const int MinBits = 1024;

    /// <summary>The largest p: RFC 7919's and RFC 3526's largest group. A cap, so that a peer cannot make one validation cost seconds.</summary>
    public const int MaxBits = 8192;

    private readonly ModularArithmetic _arith;
    private readonly Modulus _p;
    private readonly byte[] _g;
    private readonly byte[] _q;
    private readonly bool _qGiven;
    private readonly byte[] _y;
    private readonly byte[]? _x;
    private readonly ulong[] _gMont;

    private DhKey(ModularArithmetic arith, Modulus p, byte[] g, byte[] q, bool qGiven, byte[] y, byte[]? x)
    {
        _arith = arith;
        _p = p;
        _g = g;
        _q = q;
        _qGiven = qGiven;
        _y = y;
        _x = x;
        _gMont = new ulong[p.Limbs];
        arith.ToMontgomery(p, _gMont, RsaKey.ToLimbs(g, p.Limbs));
    }

    public int KeySize => _p.Bits;

    public int PBytes => (_p.Bits + 7) / 8;

    public bool HasPrivate => _x != null;

    /// <summary>A new key pair in a named group.</summary>
    public static DhKey Generate(ModularArithmetic arith, FfdhGroup group)
    {
        (string P, string G, string? Q, string _) data = FfdhGroupData.Get(group);
        byte[] p = FromHex(data.P), g = FromHex(data.G);
        byte[]? q = data.Q is null ? null : FromHex(data.Q);
        return Generate(arith, p, g, q, ShortExponentBits(DsaKey.BitLength(p), q));
    }

    /// <summary>The length of a named group's p in bits.</summary>
    public static int GroupBits(FfdhGroup group) => DsaKey.BitLength(GroupParameters(group).P);

    /// <summary>The parameters of a named group (no key).</summary>
    public static (byte[] P, byte[] G, byte[]? Q) GroupParameters(FfdhGroup group)
    {
        (string P, string G, string? Q, string _) data = FfdhGroupData.Get(group);
        return (FromHex(data.P), FromHex(data.G), data.Q is null ? null : FromHex(data.Q));
    }

    /// <summary>
    /// Imports a key: p of 1,024 to 8,192 bits and odd, 2 &lt;= g &lt;= p - 2, q (when given) with q | p - 1 and
    /// g^q = 1 (when q is not given, p must be a safe prime's shape: q = (p - 1) / 2 is then used); y as a peer key
    /// would be checked; x in [1, q - 1] with g^x = y. Parameters that are not prime are caught by the subgroup checks
    /// only as far as they go: p and q are tested by Miller-Rabin (the rounds of DSA's import).
    /// </summary>
    public static DhKey Import(ModularArithmetic arith, byte[]? pIn, byte[]? gIn, byte[]? qIn, byte[]? yIn, byte[]? xIn)
    {
        if (pIn is null || gIn is null || (yIn is null && xIn is null))
        {
            throw new ArgumentException(ErrorMessages.DhParametersMissing);
        }

        byte[] p = RsaKey.Trim(pIn);
        int bits = DsaKey.BitLength(p);
        if (bits < MinBits || bits > MaxBits || (p[p.Length - 1] & 1) == 0)
        {
            throw new CryptographicException(ErrorMessages.DhParametersInvalid);
        }

        BigInteger pp = DsaKey.ToBigInteger(p);
        byte[] q = qIn is null ? RsaKey.ToBytes((pp - 1) / 2, p.Length) : RsaKey.Trim(qIn);
        BigInteger qq = DsaKey.ToBigInteger(q);
        BigInteger gg = DsaKey.ToBigInteger(gIn);
        if (qq < 2 || (pp - 1) % qq != 0 || gg < 2 || gg > pp - 2)
        {
            throw new CryptographicException(ErrorMessages.DhParametersInvalid);
        }

        Modulus pm = Modulus.FromBigEndian(p);
        byte[] g = RsaKey.Pad(RsaKey.Trim(gIn), p.Length);
        DhKey? key = null;
        try
        {
            ulong[] gMont = new ulong[pm.Limbs];
            arith.ToMontgomery(pm, gMont, RsaKey.ToLimbs(g, pm.Limbs));
            // A named group's p, g and q are the RFCs'; anything else is tested: g of order q, q and p prime.
            if (!IsNamedGroup(p, RsaKey.Trim(gIn), qIn is null ? null : q) &&
                (!IsOne(PowPublic(arith, pm, gMont, q)) ||
                 !RsaKey.IsProbablePrime(arith, q.Length > 1 ? q : new byte[] { 3 }, DsaDomain.Rounds(bits)) ||
                 !RsaKey.IsProbablePrime(arith, p, DsaDomain.ImportRoundsForP)))
            {
                throw new CryptographicException(ErrorMessages.DhParametersInvalid);
            }

            byte[]? x = null;
            if (xIn != null)
            {
                byte[] xt = RsaKey.Trim(xIn);
                BigInteger xx = DsaKey.ToBigInteger(xt);   // range check on the secret: reveals only validity
                if (xx < 1 || xx >= qq)
                {
                    throw new CryptographicException(ErrorMessages.DhParametersInvalid);
                }

                x = xt;
            }

            byte[] y = yIn is null ? Pow(arith, pm, gMont, x!) : RsaKey.Pad(RsaKey.Trim(yIn), p.Length);
            key = new DhKey(arith, pm, g, q, qIn != null, y, x);
            if (!key.IsValidPeer(y) || (x != null && yIn != null && !key.MatchesPublic()))
            {
                throw new CryptographicException(ErrorMessages.DhParametersInvalid);
            }

            return key;
        }
        catch
        {
            if (key != null)
            {
                key.Dispose();
            }
            else
            {
                pm.Dispose();
            }

            throw;
        }
    }

    /// <summary>The key's parameters; X only when asked for (and present). Y is p's length.</summary>
    public (byte[] P, byte[] G, byte[]? Q, byte[] Y, byte[]? X) Export(bool includePrivate)
    {
        if (includePrivate && _x is null)
        {
            throw new CryptographicException(ErrorMessages.DhNoPrivateKey);
        }

        return (_p.ToBigEndian(PBytes), (byte[])_g.Clone(), _qGiven ? (byte[])_q.Clone() : null, (byte[])_y.Clone(), includePrivate ? (byte[])_x!.Clone() : null);
    }

    /// <summary>Whether <paramref name="p"/> and <paramref name="g"/> are this key's group.</summary>
    public bool SameGroup(byte[] p, byte[] g) =>
        RsaKey.Trim(p).AsSpan().SequenceEqual(RsaKey.Trim(_p.ToBigEndian(PBytes))) && RsaKey.Trim(g).AsSpan().SequenceEqual(RsaKey.Trim(_g));

    /// <summary>
    /// Z = y^x mod p for the peer's y (SP 800-56A 5.7.1.1), PBytes long. The peer key is validated first (5.6.2.3.1);
    /// a bad one throws <see cref="CryptographicException"/> before x is touched.
    /// </summary>
    public byte[] Agree(byte[] peerY)
    {
        if (_x is null)
        {
            throw new CryptographicException(ErrorMessages.DhNoPrivateKey);
        }

        byte[] y = RsaKey.Trim(peerY);
        if (y.Length > PBytes || !IsValidPeer(RsaKey.Pad(y, PBytes)))
        {
            throw new CryptographicException(ErrorMessages.DhPeerKeyInvalid);
        }

        ulong[] t = new ulong[_p.Limbs];
        _arith.ToMontgomery(_p, t, RsaKey.ToLimbs(y, _p.Limbs));
        byte[] z = Pow(_arith, _p, t, _x);
        Array.Clear(t, 0, t.Length);

        // Z = 1 only for a y outside the subgroup, which validation refuses; checked all the same (5.7.1.1 step 2).
        ulong[] zl = RsaKey.ToLimbs(z, _p.Limbs);
        bool one = IsOne(zl);
        Array.Clear(zl, 0, zl.Length);
        if (one)
        {
            Array.Clear(z, 0, z.Length);
            throw new CryptographicException(ErrorMessages.DhSharedSecretInvalid);
        }

        return z;
    }

    public void Dispose()
    {
        Secret.Clear(_x);
        _p.Dispose();
    }

    // RFC 7919 §5.2's short exponents for the safe-prime groups (their table starts at 2,048 bits; 1,536 takes 2 x 96).
    internal static int ShortExponentBits(int pBits, byte[]? q) =>
        q != null ? DsaKey.BitLength(RsaKey.Trim(q)) : pBits switch
        {
            <= 1536 => 192,
            <= 2048 => 225,
            <= 3072 => 275,
            <= 4096 => 325,
            <= 6144 => 375,
            _ => 400,
        };

    private static DhKey Generate(ModularArithmetic arith, byte[] p, byte[] g, byte[]? q, int exponentBits)
    {
        Modulus pm = Modulus.FromBigEndian(p);
        byte[] qBytes = q ?? RsaKey.ToBytes((DsaKey.ToBigInteger(p) - 1) / 2, p.Length);

        // x uniform in [1, M - 1], M = min(2^N, q) (SP 800-56A 5.6.1.1.4): N random bits, drawn again when 0 or >= q.
        using Modulus qm = Modulus.FromBigEndian(qBytes);
        int n = Math.Min(exponentBits, qm.Bits);
        ulong[] xl = new ulong[qm.Limbs];
        byte[] buffer = new byte[(n + 7) / 8];
        while (true)
        {
            RsaKey.Fill(buffer);
            buffer[0] &= (byte)(0xFF >> ((8 * buffer.Length) - n));
            Limbs64.FromBigEndian(buffer, xl);
            if (Limbs64.IsZero(xl) == 0 && Limbs64.LessThan(xl, qm.N) == 1)
            {
                break;
            }
        }

        Array.Clear(xl, 0, xl.Length);
        ulong[] gMont = new ulong[pm.Limbs];
        arith.ToMontgomery(pm, gMont, RsaKey.ToLimbs(g, pm.Limbs));
        byte[] y = Pow(arith, pm, gMont, buffer);
        return new DhKey(arith, pm, RsaKey.Pad(g, p.Length), qBytes, q != null, y, buffer);
    }

    // SP 800-56A 5.6.2.3.1: 2 <= y <= p - 2 and y^q = 1 mod p. All public.
    private bool IsValidPeer(byte[] y)
    {
        ulong[] yl = RsaKey.ToLimbs(y, _p.Limbs);
        ulong[] pMinus1 = (ulong[])_p.N.Clone();
        pMinus1[0] ^= 1;   // p is odd
        if ((yl[0] < 2 && Limbs64.IsZero(yl.AsSpan(1)) == 1) || Limbs64.LessThan(yl, pMinus1) == 0)
        {
            return false;
        }

        if (!_qGiven)
        {
            // A safe prime p = 2q + 1: y^q = 1 exactly when y is a square mod p (Euler's criterion), which the Jacobi
            // symbol tells in quadratic time instead of a (p - 1)/2-bit exponentiation.
            return Jacobi(DsaKey.ToBigInteger(y), DsaKey.ToBigInteger(_p.ToBigEndian(PBytes))) == 1;
        }

        ulong[] t = new ulong[_p.Limbs];
        _arith.ToMontgomery(_p, t, yl);
        return IsOne(PowPublic(_arith, _p, t, _q));
    }

    // The Jacobi symbol (a / n) for odd n > 0 by quadratic reciprocity (Cohen, A Course in Computational Algebraic
    // Number Theory, Algorithm 1.4.10). Public values only.
    internal static int Jacobi(BigInteger a, BigInteger n)
    {
        a %= n;
        int t = 1;
        while (!a.IsZero)
        {
            while (a.IsEven)
            {
                a >>= 1;
                int r = (int)(n & 7);
                if (r == 3 || r == 5)
                {
                    t = -t;
                }
            }

            (a, n) = (n, a);
            if ((int)(a & 3) == 3 && (int)(n & 3) == 3)
            {
                t = -t;
            }

            a %= n;
        }

        return n.IsOne ? t : 0;
    }

    private bool MatchesPublic()
    {
        byte[] y = Pow(_arith, _p, _gMont, _x!);
        bool ok = y.AsSpan().SequenceEqual(_y);
        Array.Clear(y, 0, y.Length);
        return ok;
    }

    // base^x mod p with a secret exponent (fixed windows, whole-table scans), p's length in bytes.
    private static byte[] Pow(ModularArithmetic arith, Modulus p, ulong[] baseMont, byte[] x)
    {
        ulong[] t = new ulong[p.Limbs];
        arith.ModPow(p, t, baseMont, x, exponentIsPublic: false);
        arith.FromMontgomery(p, t, t);
        byte[] result = new byte[(p.Bits + 7) / 8];
        Limbs64.ToBigEndian(t, result);
        Array.Clear(t, 0, t.Length);
        return result;
    }

    private static ulong[] PowPublic(ModularArithmetic arith, Modulus p, ulong[] baseMont, byte[] e)
    {
        ulong[] t = new ulong[p.Limbs];
        arith.ModPow(p, t, baseMont, e, exponentIsPublic: true);
        arith.FromMontgomery(p, t, t);
        return t;
    }

    private static bool IsNamedGroup(byte[] p, byte[] g, byte[]? q)
    {
        for (FfdhGroup group = FfdhGroup.Ffdhe2048; group <= FfdhGroup.Rfc5114Modp2048With256; group++)
        {
            (byte[] P, byte[] G, byte[]? Q) named = GroupParameters(group);
            if (named.P.AsSpan().SequenceEqual(p) && RsaKey.Trim(named.G).AsSpan().SequenceEqual(g) &&
                (q is null || (named.Q != null && named.Q.AsSpan().SequenceEqual(q))) && (q != null || named.Q is null))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsOne(ulong[] v) => v[0] == 1 && Limbs64.IsZero(v.AsSpan(1)) == 1;

    private static byte[] FromHex(string hex)
    {
        if (hex.Length % 2 == 1)
        {
            hex = "0" + hex;
        }

        byte[] result = new byte[hex.Length / 2];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        }

        return result;
    }
}
