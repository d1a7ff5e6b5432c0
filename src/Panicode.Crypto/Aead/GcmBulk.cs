using System;

namespace Panicode.Crypto.Aead;

/// <summary>
/// A capability a flavour may give <see cref="Gcm"/>: the CTR encryption (SP 800-38D §6.5, GCTR) and the GHASH of the
/// ciphertext (§6.4) of whole blocks in one pass, so a core can run its cipher blocks and the carry-less multiplies of
/// the blocks before them side by side ("stitching"). <see cref="Gcm"/> uses it for the whole blocks of a message and
/// does the partial last block, the associated data and the length block itself; without it, Gcm runs CTR and GHASH
/// one after the other over the same chunk. An instance holds references to the core and the hash that
/// <see cref="Gcm"/> owns (and disposes); it keeps no per-message state, so concurrent calls may share it.
/// </summary>
internal abstract class GcmBulk
{
    /// <summary>
    /// Encrypts <paramref name="source"/> (whole blocks) into <paramref name="destination"/> (same length; the same memory
    /// or disjoint) with the counter blocks from <paramref name="counter"/> on (inc32, §6.2), absorbs the ciphertext
    /// into <paramref name="y"/>, and leaves <paramref name="counter"/> at the first block not used.
    /// </summary>
    public abstract void Seal(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue y);

    /// <summary>
    /// Absorbs <paramref name="source"/> (whole blocks of ciphertext) into <paramref name="y"/> and decrypts it into
    /// <paramref name="destination"/>, under the contract of <see cref="Seal"/>. The caller checks the tag afterwards and
    /// clears <paramref name="destination"/> if it does not match.
    /// </summary>
    public abstract void Open(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue y);

    /// <summary>Clears what this object derived from the key (powers of H laid out for its loads), if anything.</summary>
    public virtual void Dispose()
    {
    }
}
