using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace Panicode.Crypto.Aead;

/// <summary>
/// GHASH, the universal hash of GCM (NIST SP 800-38D §6.4): Y_i = (Y_{i-1} ^ X_i) · H in GF(2^128) with
/// GCM's bit-reflected field convention. Implementations keep H in the POLYVAL form of RFC 8452 Appendix A
/// (byte-reversed, times x), where the product of two elements is a carry-less multiplication followed by a
/// Montgomery reduction: GHASH(H, X) = ByteReverse(POLYVAL(mulX(ByteReverse(H)), ByteReverse(X_1), ...)).
/// A byte-reversed 16-byte block is simply its two big-endian 64-bit halves read as one little-endian
/// 128-bit integer (high word = bytes 0..7), which is how every implementation loads blocks.
/// </summary>
/// <remarks>
/// An instance holds only H (and its powers), which never change after construction. The running value Y of one
/// computation is a <see cref="GHashValue"/> that the caller keeps on its stack and passes by reference, so one
/// instance (one <see cref="Gcm"/>, one <see cref="Gmac"/>) serves any number of concurrent calls: a value on the
/// object would be shared by them, and two threads verifying tags would read each other's sums.
/// </remarks>
internal abstract class GHash : IDisposable
{
    /// <summary>The GHASH block size in bytes.</summary>
    public const int BlockSize = 16;

    /// <summary>Absorbs whole blocks (a multiple of <see cref="BlockSize"/> bytes) into <paramref name="y"/>.</summary>
    public abstract void Update(ref GHashValue y, ReadOnlySpan<byte> blocks);

    /// <summary>Clears H (and its powers).</summary>
    public abstract void Dispose();

    /// <summary>Absorbs <paramref name="data"/> followed by zeros up to a block boundary (SP 800-38D §7.1 step 5).</summary>
    public void UpdatePadded(ref GHashValue y, ReadOnlySpan<byte> data)
    {
        int whole = data.Length & ~(BlockSize - 1);
        if (whole > 0)
        {
            Update(ref y, data.Slice(0, whole));
        }

        if (whole != data.Length)
        {
            Span<byte> last = stackalloc byte[BlockSize];
            last.Clear();
            data.Slice(whole).CopyTo(last);
            Update(ref y, last);
            last.Clear();
        }
    }

    /// <summary>Absorbs the length block [len(A)]_64 || [len(C)]_64, lengths in bits (SP 800-38D §7.1 step 5).</summary>
    public void UpdateLengths(ref GHashValue y, long firstBytes, long secondBytes)
    {
        Debug.Assert(firstBytes >= 0 && secondBytes >= 0);
        Span<byte> block = stackalloc byte[BlockSize];
        BinaryPrimitives.WriteUInt64BigEndian(block, (ulong)firstBytes * 8);
        BinaryPrimitives.WriteUInt64BigEndian(block.Slice(8), (ulong)secondBytes * 8);
        Update(ref y, block);
    }

    /// <summary>
    /// The POLYVAL form of H (RFC 8452 Appendix A): mulX(ByteReverse(H)), as (low, high) 64-bit words. Multiplying
    /// by x in POLYVAL's field (modulus x^128 + x^127 + x^126 + x^121 + 1) is a left shift that folds a carry out
    /// of bit 127 back as x^127 + x^126 + x^121 + 1.
    /// </summary>
    public static (ulong Low, ulong High) PolyvalKey(ReadOnlySpan<byte> h)
    {
        Debug.Assert(h.Length == BlockSize);
        ulong high = BinaryPrimitives.ReadUInt64BigEndian(h);
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(h.Slice(8));
        ulong carry = 0 - (high >> 63);                      // all ones when bit 127 was set; no branch on the key
        high = (high << 1) | (low >> 63);
        low <<= 1;
        low ^= carry & 1;
        high ^= carry & 0xC200000000000000;
        return (low, high);
    }
}

/// <summary>
/// The running value Y of one GHASH computation in the byte-reversed form of <see cref="GHash"/>: <see cref="High"/>
/// is bytes 0..7 of Y read big-endian, <see cref="Low"/> bytes 8..15. It starts at zero (<c>default</c>).
/// </summary>
internal struct GHashValue
{
    public ulong Low;
    public ulong High;

    /// <summary>Writes Y (16 bytes) to <paramref name="destination"/>.</summary>
    public readonly void WriteTo(Span<byte> destination)
    {
        BinaryPrimitives.WriteUInt64BigEndian(destination, High);
        BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(8), Low);
    }

    /// <summary>Sets Y back to zero (it is a function of the data and H: cleared like other secrets).</summary>
    public void Clear()
    {
        Low = 0;
        High = 0;
    }
}
