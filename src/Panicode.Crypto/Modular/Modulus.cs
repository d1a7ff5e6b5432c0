// An odd modulus prepared for Montgomery arithmetic (Montgomery 1985; Koç, Acar and Kaliski, "Analyzing and
// comparing Montgomery multiplication algorithms", 1996): its 64-bit limbs, -n^-1 mod 2^64, R mod n and R^2 mod n
// for R = 2^(64k). Built without branching on the modulus' value, since RSA's p and q are secret.

using System;
using System.Diagnostics;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modular;

internal sealed class Modulus : IDisposable
{
    /// <summary>The most limbs a modulus may have: 16,384 bits, RSA's largest. Every stackalloc of the layer is at most this long (plus two).</summary>
    public const int MaxLimbs = 256;

    private Modulus(ulong[] n, int bits)
    {
        N = n;
        Bits = bits;
        N0 = Wide.NegInverse(n[0]);
        One = new ulong[n.Length];
        R2 = new ulong[n.Length];
        ComputeConstants();
    }

    /// <summary>The modulus, little-endian 64-bit limbs; its top limb is not zero.</summary>
    public ulong[] N { get; }

    public int Limbs => N.Length;

    /// <summary>The bit length of the modulus (public: RSA's p and q have half the modulus' length).</summary>
    public int Bits { get; }

    /// <summary>-N^-1 mod 2^64.</summary>
    public ulong N0 { get; }

    /// <summary>R mod N: one in Montgomery form.</summary>
    public ulong[] One { get; }

    /// <summary>R^2 mod N: multiplying by it in Montgomery form converts into Montgomery form.</summary>
    public ulong[] R2 { get; }

    /// <summary>
    /// Prepares an odd modulus above 1 given big-endian (leading zero bytes are ignored); throws
    /// <see cref="CryptographicException"/> for an even modulus or one below 3.
    /// </summary>
    public static Modulus FromBigEndian(ReadOnlySpan<byte> value)
    {
        int start = 0;
        while (start < value.Length && value[start] == 0)
        {
            start++;
        }

        value = value.Slice(start);
        if (value.Length > 8 * MaxLimbs || value.Length == 0 || (value[value.Length - 1] & 1) == 0 || (value.Length == 1 && value[0] < 3))
        {
            throw new CryptographicException(ErrorMessages.RsaModulusInvalid);
        }

        ulong[] n = new ulong[(value.Length + 7) / 8];
        Limbs64.FromBigEndian(value, n);
        int bits = (64 * (n.Length - 1)) + BitLength(n[n.Length - 1]);
        return new Modulus(n, bits);
    }

    /// <summary>The modulus as big-endian bytes of <paramref name="length"/> (at least its byte length).</summary>
    public byte[] ToBigEndian(int length)
    {
        byte[] result = new byte[length];
        Limbs64.ToBigEndian(N, result);
        return result;
    }

    public void Dispose()
    {
        Array.Clear(N, 0, N.Length);
        Array.Clear(One, 0, One.Length);
        Array.Clear(R2, 0, R2.Length);
    }

    private static int BitLength(ulong x)
    {
        int bits = 0;
        while (x != 0)
        {
            bits++;
            x >>= 1;
        }

        return bits;
    }

    // R mod N by doubling 2^(bits-1) (which is below N, as N is odd and has that bit set) up to 2^(64k); then k more
    // doublings give 2^k R mod N, the Montgomery form of 2^k, which six Montgomery squarings take to the form of
    // 2^(64k) = R, that is R^2 mod N. Every doubling subtracts N under a mask.
    private void ComputeConstants()
    {
        int k = N.Length;
        // stackalloc bound: k <= MaxLimbs (FromBigEndian refuses longer moduli).
        Span<ulong> x = stackalloc ulong[k];
        x.Clear();
        x[(Bits - 1) / 64] = 1UL << ((Bits - 1) % 64);
        for (int i = Bits - 1; i < 64 * k; i++)
        {
            DoubleMod(x);
        }

        x.CopyTo(One);
        for (int i = 0; i < k; i++)
        {
            DoubleMod(x);
        }

        for (int i = 0; i < 6; i++)
        {
            default(CiosKernel).Multiply(x, x, x, N, N0);
        }

        x.CopyTo(R2);
        x.Clear();
    }

    // x = 2x mod N for x < N: the shifted-out bit or the absence of a borrow in 2x - N says 2x >= N.
    private void DoubleMod(Span<ulong> x)
    {
        int k = x.Length;
        ulong top = x[k - 1] >> 63;
        for (int i = k - 1; i > 0; i--)
        {
            x[i] = (x[i] << 1) | (x[i - 1] >> 63);
        }

        x[0] <<= 1;
        Limbs64.SubtractIf(x, N, top);
    }
}
