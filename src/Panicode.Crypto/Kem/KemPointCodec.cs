// The point encodings of ISO/IEC 18033-2 §5.4.3 for the KEMs of §10.2 and §10.3 (the same as SEC 1 v2 §2.3.3-2.3.4):
// E(P, uncompressed) = 04 || x || y, E(P, compressed) = (02 | y mod 2) || x, and the partial encoding E'(P) = x, each
// coordinate FieldBytes long. Decoding validates: coordinates below p, the point on the curve (the point at infinity
// has no encoding here: the KEMs never send it). Ciphertext points are public, so decompression may take variable
// time (a square root with BigInteger); the hybrid format (06/07) is not accepted.

using System;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

internal static class KemPointCodec
{
    /// <summary>The length of E(P) on <paramref name="group"/>'s curve.</summary>
    public static int EncodedLength(EcGroup group, bool compressed) => 1 + ((compressed ? 1 : 2) * group.FieldBytes);

    /// <summary>Writes E((x, y), fmt); <paramref name="destination"/> is <see cref="EncodedLength"/> long.</summary>
    public static void Encode(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y, bool compressed, Span<byte> destination)
    {
        if (compressed)
        {
            destination[0] = (byte)(2 | (y[y.Length - 1] & 1));
            x.CopyTo(destination.Slice(1));
        }
        else
        {
            destination[0] = 4;
            x.CopyTo(destination.Slice(1));
            y.CopyTo(destination.Slice(1 + x.Length));
        }
    }

    /// <summary>
    /// D(encoded) in the format <paramref name="compressed"/> says, into <paramref name="x"/> and <paramref name="y"/>
    /// (FieldBytes each). Throws <see cref="CryptographicException"/> for any other length, prefix, or a point off the curve.
    /// </summary>
    public static void Decode(EcGroup group, ReadOnlySpan<byte> encoded, bool compressed, byte[] x, byte[] y)
    {
        int f = group.FieldBytes;
        if (encoded.Length != EncodedLength(group, compressed))
        {
            throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
        }

        encoded.Slice(1, f).CopyTo(x);
        if (!compressed)
        {
            if (encoded[0] != 4)
            {
                throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
            }

            encoded.Slice(1 + f, f).CopyTo(y);
        }
        else if (encoded[0] is not (2 or 3) || !TryDecompress(group.Curve, x, encoded[0] & 1, y))
        {
            throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
        }

        // Both coordinates below p and y^2 = x^3 + a x + b (ISO/IEC 18033-2 §5.4.3: a decoding that is not a point fails).
        if (!group.IsOnCurve(x, y))
        {
            throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
        }
    }

    // y with y^2 = x^3 + a x + b and y mod 2 = parity (SEC 1 v2 §2.3.4 step 2.4); false when x >= p, when the right
    // side is not a square, or when y = 0 is asked for with parity 1.
    private static bool TryDecompress(CurveParameters curve, ReadOnlySpan<byte> xBytes, int parity, byte[] y)
    {
        BigInteger p = CurveParameters.ToInteger(curve.P);
        BigInteger x = CurveParameters.ToInteger(xBytes);
        if (x >= p)
        {
            return false;
        }

        BigInteger rhs = ((BigInteger.ModPow(x, 3, p) + (CurveParameters.ToInteger(curve.A) * x) + CurveParameters.ToInteger(curve.B)) % p + p) % p;
        if (!TrySqrt(rhs, p, out BigInteger root))
        {
            return false;
        }

        if ((int)(root & 1) != parity)
        {
            root = (p - root) % p;
            if ((int)(root & 1) != parity)
            {
                return false;
            }
        }

        byte[] bytes = Rsa.RsaKey.ToBytes(root, y.Length);
        bytes.CopyTo(y, 0);
        return true;
    }

    // A square root mod the odd prime p: (p + 1) / 4 when p = 3 mod 4 (most of our curves), else Tonelli-Shanks
    // (P-224, whose p - 1 has 2^96 as a factor). Public data; variable time.
    private static bool TrySqrt(BigInteger v, BigInteger p, out BigInteger root)
    {
        root = BigInteger.Zero;
        if (v.IsZero)
        {
            return true;
        }

        if (BigInteger.ModPow(v, (p - 1) / 2, p) != BigInteger.One)
        {
            return false;
        }

        if ((p & 3) == 3)
        {
            root = BigInteger.ModPow(v, (p + 1) / 4, p);
            return true;
        }

        BigInteger q = p - 1;
        int s = 0;
        while (q.IsEven)
        {
            q >>= 1;
            s++;
        }

        BigInteger z = 2;
        while (BigInteger.ModPow(z, (p - 1) / 2, p) != p - 1)
        {
            z++;
        }

        BigInteger c = BigInteger.ModPow(z, q, p);
        BigInteger t = BigInteger.ModPow(v, q, p);
        BigInteger r = BigInteger.ModPow(v, (q + 1) / 2, p);
        int m = s;
        while (!t.IsOne)
        {
            int i = 0;
            for (BigInteger t2 = t; !t2.IsOne; t2 = t2 * t2 % p)
            {
                i++;
            }

            BigInteger b = BigInteger.ModPow(c, BigInteger.One << (m - i - 1), p);
            m = i;
            c = b * b % p;
            t = t * c % p;
            r = r * b % p;
        }

        root = r;
        return true;
    }
}
