// secp256k1's GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001; Guide to ECC §3.5), shared by both
// flavours' verification: public scalars only, so BigInteger arithmetic (variable time) is fine here.

using System;
using System.Diagnostics;
using System.Numerics;

namespace Panicode.Crypto.Ec;

/// <summary>
/// secp256k1's GLV endomorphism data (SEC 2 v2 §2.4.1 curve; the constants as published for it, checked here
/// against their defining relations): beta, a cube root of unity mod p, and lambda, one mod n, with
/// lambda (x, y) = (beta x, y); and the short basis (a1, b1), (a2, b2) of the lattice {(x, y): x + y lambda = 0 mod n}
/// for the decomposition of Guide Alg. 3.74.
/// </summary>
internal sealed class Glv
{
    public static readonly BigInteger Beta = Hex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE");
    public static readonly BigInteger Lambda = Hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72");
    /// <summary>The order n of secp256k1's base point (SEC 2 v2 §2.4.1): the split needs this n, not only the prime.</summary>
    public static readonly BigInteger Secp256k1Order = Hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");
    internal static readonly BigInteger A1 = Hex("3086D221A7D46BCDE86C90E49284EB15");
    internal static readonly BigInteger B1 = -Hex("E4437ED6010E88286F547FA90ABFE4C3");
    internal static readonly BigInteger A2 = Hex("114CA50F7A8E2F3F657C1108D9D44CFD8");
    internal static readonly BigInteger B2 = A1;

    private readonly BigInteger _n;

    public Glv(BigInteger n)
    {
        _n = n;
        Debug.Assert(BigInteger.ModPow(Lambda, 3, n).IsOne && !Lambda.IsOne);
        Debug.Assert(((A1 + (B1 * Lambda)) % n).IsZero && ((A2 + (B2 * Lambda)) % n).IsZero);
    }

    /// <summary>k = k1 + k2 lambda (mod n) with |k1|, |k2| about sqrt(n): Babai rounding against the short basis.</summary>
    public void Split(BigInteger k, out BigInteger k1, out BigInteger k2)
    {
        BigInteger c1 = RoundDiv(B2 * k, _n);
        BigInteger c2 = RoundDiv(-B1 * k, _n);
        k1 = k - (c1 * A1) - (c2 * A2);
        k2 = -(c1 * B1) - (c2 * B2);
    }

    public static int ByteLength(BigInteger v)
    {
        int bytes = 0;
        for (BigInteger a = BigInteger.Abs(v); !a.IsZero; a >>= 8)
        {
            bytes++;
        }

        return bytes;
    }

    /// <summary>A non-negative v as big-endian bytes filling <paramref name="dst"/>.</summary>
    public static void Write(BigInteger v, Span<byte> dst)
    {
        for (int i = dst.Length - 1; i >= 0; i--)
        {
            dst[i] = (byte)(v & 0xFF);
            v >>= 8;
        }
    }

    /// <summary>round(x / n) for n &gt; 0 (halves away from zero).</summary>
    private static BigInteger RoundDiv(BigInteger x, BigInteger n)
    {
        BigInteger q = BigInteger.DivRem(BigInteger.Abs(x) + (n >> 1), n, out _);
        return x.Sign < 0 ? -q : q;
    }

    private static BigInteger Hex(string s) => BigInteger.Parse("0" + s, System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture);
}
