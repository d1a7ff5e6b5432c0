using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace Panicode.Crypto.Aead;

/// <summary>
/// GHASH (NIST SP 800-38D §6.4) in constant time with integer arithmetic only: no table is indexed by H or by the
/// data, and nothing branches on them. The carry-less products come from ordinary integer multiplications of
/// operands with "holes" (the idea of T. Pornin's BearSSL ghash_ctmul64: keep only every fourth bit of each
/// operand so the carries of an integer multiplication never reach a bit that is kept), combined by Karatsuba, then
/// reduced by the Montgomery step of POLYVAL (RFC 8452 Appendix A; see <see cref="GHash"/>).
/// </summary>
internal sealed class GHashPortable : GHash
{
    // The POLYVAL form of H; the running value Y is the caller's (see GHash).
    private ulong _hLow;
    private ulong _hHigh;

    public GHashPortable(ReadOnlySpan<byte> h)
    {
        (_hLow, _hHigh) = PolyvalKey(h);
    }

    public override void Update(ref GHashValue y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(blocks.Length % BlockSize == 0);
        ulong yLow = y.Low;
        ulong yHigh = y.High;
        ulong hLow = _hLow;
        ulong hHigh = _hHigh;
        for (int i = 0; i < blocks.Length; i += BlockSize)
        {
            yHigh ^= BinaryPrimitives.ReadUInt64BigEndian(blocks.Slice(i));
            yLow ^= BinaryPrimitives.ReadUInt64BigEndian(blocks.Slice(i + 8));
            (yLow, yHigh) = Multiply(yLow, yHigh, hLow, hHigh);
        }

        y.Low = yLow;
        y.High = yHigh;
    }

    public override void Dispose()
    {
        _hLow = _hHigh = 0;
    }

    /// <summary>
    /// POLYVAL's product a · b · x^-128 mod (x^128 + x^127 + x^126 + x^121 + 1): a 256-bit carry-less product by
    /// Karatsuba (three 64 x 64 products), then two Montgomery folds of 64 bits each.
    /// </summary>
    internal static (ulong Low, ulong High) Multiply(ulong aLow, ulong aHigh, ulong bLow, ulong bHigh)
    {
        (ulong l0, ulong l1) = Clmul64(aLow, bLow);
        (ulong h0, ulong h1) = Clmul64(aHigh, bHigh);
        (ulong m0, ulong m1) = Clmul64(aLow ^ aHigh, bLow ^ bHigh);
        m0 ^= l0 ^ h0;
        m1 ^= l1 ^ h1;

        // The product as four words x0 (lowest) .. x3.
        ulong x0 = l0;
        ulong x1 = l1 ^ m0;
        ulong x2 = h0 ^ m1;
        ulong x3 = h1;

        // Adding x0 · P clears word 0: P = 1 + x^64 · (x^57 + x^62 + x^63) + x^128, so x0 · (x^57 + x^62 + x^63)
        // (a 128-bit value made of shifts) lands on words 1..2 and x0 itself on word 2. Then the same for word 1.
        x1 ^= (x0 << 57) ^ (x0 << 62) ^ (x0 << 63);
        x2 ^= (x0 >> 7) ^ (x0 >> 2) ^ (x0 >> 1) ^ x0;
        x2 ^= (x1 << 57) ^ (x1 << 62) ^ (x1 << 63);
        x3 ^= (x1 >> 7) ^ (x1 >> 2) ^ (x1 >> 1) ^ x1;
        return (x2, x3);
    }

    /// <summary>The 128-bit carry-less product of two 64-bit words (Karatsuba over 32-bit halves).</summary>
    private static (ulong Low, ulong High) Clmul64(ulong a, ulong b)
    {
        uint a0 = (uint)a, a1 = (uint)(a >> 32);
        uint b0 = (uint)b, b1 = (uint)(b >> 32);
        ulong p0 = Clmul32(a0, b0);
        ulong p2 = Clmul32(a1, b1);
        ulong pm = Clmul32(a0 ^ a1, b0 ^ b1) ^ p0 ^ p2;
        return (p0 ^ (pm << 32), p2 ^ (pm >> 32));
    }

    /// <summary>
    /// The exact 64-bit carry-less product of two 32-bit words from sixteen integer multiplications. Each operand
    /// is split into four parts holding the bits of one residue class mod 4 (at most 8 bits each). In the integer
    /// product of two parts, a kept bit position receives at most 8 one-bit terms; their sum, at most 8, fits in the
    /// 4 bits up to the next position of the same class, so the position's low bit is exactly the XOR of the
    /// terms. The products of 32-bit values fit in 64 bits, so nothing is lost.
    /// </summary>
    private static ulong Clmul32(uint x, uint y)
    {
        const uint M0 = 0x11111111, M1 = 0x22222222, M2 = 0x44444444, M3 = 0x88888888;
        ulong x0 = x & M0, x1 = x & M1, x2 = x & M2, x3 = x & M3;
        ulong y0 = y & M0, y1 = y & M1, y2 = y & M2, y3 = y & M3;

        // z_c gathers the products whose bit classes add up to c mod 4.
        ulong z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        ulong z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        ulong z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        ulong z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & 0x1111111111111111) | (z1 & 0x2222222222222222) | (z2 & 0x4444444444444444) | (z3 & 0x8888888888888888);
    }
}
