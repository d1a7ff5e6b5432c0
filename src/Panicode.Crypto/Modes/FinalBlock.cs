using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Padding;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The end of a message, written once for the <see cref="ICryptoTransform"/> objects (TransformFinalBlock) and the
/// one-shot methods: the whole units, then the last unit padded (encryption) or depadded (decryption), or, for
/// CTS, the stolen last two blocks. The mode state is the caller's <c>register</c> (the IV, or where earlier calls
/// left it); nothing is allocated beyond a copy for partially overlapping buffers.
/// </summary>
internal static class FinalBlock
{
    /// <summary>The largest block of any cipher here (Rijndael with a 256-bit block), for stack buffers.</summary>
    internal const int MaxBlockSize = 32;

    /// <summary>
    /// How many bytes at the end of a message decryption depads: one unit, except in CFB with a feedback unit shorter
    /// than the block, where it is the fewest whole units that cover a block. Encryption pads to the feedback unit, as
    /// .NET Framework's RijndaelManaged did; decryption also accepts padding of up to a full block, which .NET
    /// Framework's AesCryptoServiceProvider and other producers write and the built-in Aes accepts in CFB8.
    /// At most <c>2 * MaxBlockSize</c> bytes (a unit is at most a block).
    /// </summary>
    public static int DepadLength(int unit, int blockSize) => unit >= blockSize ? unit : (blockSize + unit - 1) / unit * unit;

    /// <summary>The length the end of a message of <paramref name="length"/> bytes encrypts or decrypts to at most.</summary>
    public static int MaxOutputLength(CipherMode mode, int unit, PaddingMode padding, int length, bool encrypting) =>
        encrypting && mode != CipherMode.CTS ? BlockPadding.PaddedLength(length, unit, padding) : length;

    public static bool TryEncrypt(
        Span<byte> register,
        ReadOnlySpan<byte> plaintext,
        Span<byte> destination,
        BlockCipher cipher,
        CipherMode mode,
        int feedbackBytes,
        PaddingMode padding,
        out int bytesWritten)
    {
        if (mode == CipherMode.CTS)
        {
            return TryCts(cipher, register, plaintext, destination, encrypting: true, out bytesWritten);
        }

        int unit = ModeDispatch.UnitSize(mode, cipher.BlockSize, feedbackBytes);
        int padded = BlockPadding.PaddedLength(plaintext.Length, unit, padding);
        if (destination.Length < padded)
        {
            bytesWritten = 0;
            return false;
        }

        Span<byte> last = stackalloc byte[MaxBlockSize];
        last = last.Slice(0, unit);

        int whole = plaintext.Length - (plaintext.Length % unit);
        int tailLength = plaintext.Length - whole;
        plaintext.Slice(whole).CopyTo(last);
        ReadOnlySpan<byte> input = plaintext.Slice(0, whole);
        byte[]? copy = UnlessAligned(ref input, destination);
        ModeDispatch.Transform(register, input, destination, cipher, mode, encrypting: true, feedbackBytes);
        if (padded > whole)
        {
            BlockPadding.Pad(last, tailLength, padding);
            ModeDispatch.Transform(register, last, destination.Slice(whole, unit), cipher, mode, encrypting: true, feedbackBytes);
        }

        Secret.Clear(last);
        ClearIfAny(copy);
        bytesWritten = padded;
        return true;
    }

    public static bool TryDecrypt(
        Span<byte> register,
        ReadOnlySpan<byte> ciphertext,
        Span<byte> destination,
        BlockCipher cipher,
        CipherMode mode,
        int feedbackBytes,
        PaddingMode padding,
        out int bytesWritten)
    {
        if (mode == CipherMode.CTS)
        {
            return TryCts(cipher, register, ciphertext, destination, encrypting: false, out bytesWritten);
        }

        int unit = ModeDispatch.UnitSize(mode, cipher.BlockSize, feedbackBytes);
        if (ciphertext.Length % unit != 0)
        {
            throw new CryptographicException(ErrorMessages.PartialBlock);
        }

        bool removable = BlockPadding.IsRemovable(padding);
        if (removable && ciphertext.Length == 0)
        {
            // RijndaelManaged (and the one-shot methods) reject empty input when padding must be removed:
            // a padded message is never empty (vectors/rijndael/rijndaelmanaged, D records of length 0).
            throw new CryptographicException(ErrorMessages.InvalidPadding);
        }

        // All but the last unit (CFB: the last block's worth of units) go straight to the destination; the rest is
        // depadded on the stack. Padding is at most a block long (and, when the message is shorter, at most the message).
        int depad = Math.Min(DepadLength(unit, cipher.BlockSize), ciphertext.Length);
        int direct = removable ? ciphertext.Length - depad : ciphertext.Length;
        if (destination.Length < direct)
        {
            bytesWritten = 0;
            return false;
        }

        ReadOnlySpan<byte> input = ciphertext.Slice(0, direct);
        byte[]? copy = UnlessAligned(ref input, destination);
        if (!removable)
        {
            // Nothing is checked after the transform, so no handler (which costs a small message more than
            // the cipher does).
            ModeDispatch.Transform(register, input, destination, cipher, mode, encrypting: false, feedbackBytes);
            ClearIfAny(copy);
            bytesWritten = direct;
            return true;
        }

        Span<byte> last = stackalloc byte[2 * MaxBlockSize];
        last = last.Slice(0, depad);
        ciphertext.Slice(direct).CopyTo(last);
        try
        {
            ModeDispatch.Transform(register, input, destination, cipher, mode, encrypting: false, feedbackBytes);
            ModeDispatch.Transform(register, last, last, cipher, mode, encrypting: false, feedbackBytes);
            int lastLength = BlockPadding.DataLength(last, Math.Min(cipher.BlockSize, depad), padding);
            if (destination.Length < direct + lastLength)
            {
                Secret.Clear(destination.Slice(0, direct));
                bytesWritten = 0;
                return false;
            }

            last.Slice(0, lastLength).CopyTo(destination.Slice(direct));
            bytesWritten = direct + lastLength;
            return true;
        }
        catch (CryptographicException)
        {
            Secret.Clear(destination.Slice(0, direct));
            throw;
        }
        finally
        {
            Secret.Clear(last);
            ClearIfAny(copy);
        }
    }

    // CTS ignores the padding mode: the output is as long as the input, and a message shorter than a block is
    // rejected (by Cts) before anything is written.
    private static bool TryCts(BlockCipher cipher, Span<byte> register, ReadOnlySpan<byte> input, Span<byte> destination, bool encrypting, out int bytesWritten)
    {
        if (destination.Length < input.Length)
        {
            bytesWritten = 0;
            return false;
        }

        byte[]? copy = UnlessAligned(ref input, destination);
        if (encrypting)
        {
            Cts.Encrypt(cipher, register, input, destination);
        }
        else
        {
            Cts.Decrypt(cipher, register, input, destination);
        }

        ClearIfAny(copy);
        bytesWritten = input.Length;
        return true;
    }

    // The copy exists only for partially overlapping buffers; skipping the call otherwise saves a small message a
    // call into the never-inlined clearing routine.
    private static void ClearIfAny(byte[]? copy)
    {
        if (copy != null)
        {
            Secret.Clear(copy);
        }
    }

    // The modes run in place or between disjoint buffers; a partial overlap is served from a copy.
    private static byte[]? UnlessAligned(ref ReadOnlySpan<byte> input, Span<byte> destination)
    {
        if (input.Overlaps(destination, out int offset) && offset != 0)
        {
            byte[] copy = input.ToArray();
            input = copy;
            return copy;
        }

        return null;
    }
}
