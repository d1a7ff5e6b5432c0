using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Padding;

namespace Panicode.Crypto.Modes;

/// <summary>
/// The one-shot EncryptCbc/DecryptEcb/TryEncryptCfb/... operations over spans, with no allocation
/// beyond the caller's result: the mode register and the last unit live on the stack.
/// </summary>
internal static class OneShot
{
    // Largest block of any cipher here (Rijndael with a 256-bit block).
    private const int MaxBlockSize = 32;

    public static bool TryEncrypt(
        BlockCipher cipher,
        CipherMode mode,
        ReadOnlySpan<byte> iv,
        int feedbackBytes,
        PaddingMode padding,
        ReadOnlySpan<byte> plaintext,
        Span<byte> destination,
        out int bytesWritten)
    {
        int unit = ModeDispatch.UnitSize(mode, cipher.BlockSize, feedbackBytes);
        int padded = BlockPadding.PaddedLength(plaintext.Length, unit, padding);
        if (destination.Length < padded)
        {
            bytesWritten = 0;
            return false;
        }

        Span<byte> register = stackalloc byte[MaxBlockSize];
        register = register.Slice(0, cipher.BlockSize);
        iv.CopyTo(register);
        Span<byte> last = stackalloc byte[MaxBlockSize];
        last = last.Slice(0, unit);

        int whole = plaintext.Length - (plaintext.Length % unit);
        int tailLength = plaintext.Length - whole;
        plaintext.Slice(whole).CopyTo(last);
        ReadOnlySpan<byte> input = plaintext.Slice(0, whole);
        byte[]? copy = UnlessAligned(ref input, destination);
        ModeDispatch.Transform(mode, encrypting: true, cipher, register, feedbackBytes, input, destination, final: true);
        if (padded > whole)
        {
            BlockPadding.Pad(last, tailLength, padding);
            ModeDispatch.Transform(mode, encrypting: true, cipher, register, feedbackBytes, last, destination.Slice(whole, unit), final: true);
        }

        Secret.Clear(last);
        ClearIfAny(copy);
        bytesWritten = padded;
        return true;
    }

    public static bool TryDecrypt(
        BlockCipher cipher,
        CipherMode mode,
        ReadOnlySpan<byte> iv,
        int feedbackBytes,
        PaddingMode padding,
        ReadOnlySpan<byte> ciphertext,
        Span<byte> destination,
        out int bytesWritten)
    {
        int unit = ModeDispatch.UnitSize(mode, cipher.BlockSize, feedbackBytes);
        if (ciphertext.Length % unit != 0)
        {
            throw new CryptographicException(BlockPadding.PartialBlockMessage);
        }

        bool removable = BlockPadding.IsRemovable(padding);
        if (removable && ciphertext.Length == 0)
        {
            throw new CryptographicException(BlockPadding.InvalidPaddingMessage);
        }

        // All but the last unit go straight to the destination; the last unit is depadded on the stack.
        int direct = removable ? ciphertext.Length - unit : ciphertext.Length;
        if (destination.Length < direct)
        {
            bytesWritten = 0;
            return false;
        }

        Span<byte> register = stackalloc byte[MaxBlockSize];
        register = register.Slice(0, cipher.BlockSize);
        iv.CopyTo(register);
        ReadOnlySpan<byte> input = ciphertext.Slice(0, direct);
        byte[]? copy = UnlessAligned(ref input, destination);
        if (!removable)
        {
            // Nothing is checked after the transform, so no handler (which costs a small message more than
            // the cipher does): the one mode that rejects input, CTS, does so before writing anything.
            ModeDispatch.Transform(mode, encrypting: false, cipher, register, feedbackBytes, input, destination, final: true);
            ClearIfAny(copy);
            bytesWritten = direct;
            return true;
        }

        Span<byte> last = stackalloc byte[MaxBlockSize];
        last = last.Slice(0, unit);
        ciphertext.Slice(direct).CopyTo(last);
        try
        {
            ModeDispatch.Transform(mode, encrypting: false, cipher, register, feedbackBytes, input, destination, final: true);
            ModeDispatch.Transform(mode, encrypting: false, cipher, register, feedbackBytes, last, last, final: true);
            int lastLength = BlockPadding.DataLength(last, padding);
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
