using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Padding;

/// <summary>
/// The five paddings of <see cref="PaddingMode"/>, written once for every cipher and mode.
/// The padding unit is the block for ECB, CBC and OFB and the feedback size for CFB, as in
/// .NET Framework's RijndaelManaged; in CFB, decryption also removes padding of up to a block. Removal checks every byte of the last unit without
/// branching on its contents and fails with a single <see cref="CryptographicException"/>.
/// </summary>
internal static class BlockPadding
{
    /// <summary>True for the paddings whose length is recorded in the data and removed on decryption.</summary>
    public static bool IsRemovable(PaddingMode padding) =>
        padding is PaddingMode.PKCS7 or PaddingMode.ANSIX923 or PaddingMode.ISO10126;

    /// <summary>The ciphertext length for <paramref name="length"/> plaintext bytes.</summary>
    public static int PaddedLength(int length, int unit, PaddingMode padding)
    {
        int partial = length % unit;
        switch (padding)
        {
            case PaddingMode.None:
                if (partial != 0)
                {
                    throw new CryptographicException(ErrorMessages.PartialBlock);
                }

                return length;
            case PaddingMode.Zeros:
                return partial == 0 ? length : length - partial + unit;
            default:
                return length - partial + unit;
        }
    }

    /// <summary>
    /// Fills <paramref name="unitBuffer"/> (one unit holding <paramref name="dataLength"/> data bytes
    /// at its start, fewer than a unit) with the padding.
    /// </summary>
    public static void Pad(Span<byte> unitBuffer, int dataLength, PaddingMode padding)
    {
        int padLength = unitBuffer.Length - dataLength;
        Span<byte> pad = unitBuffer.Slice(dataLength);
        switch (padding)
        {
            case PaddingMode.PKCS7:
                pad.Fill((byte)padLength);
                break;
            case PaddingMode.ANSIX923:
                pad.Clear();
                pad[pad.Length - 1] = (byte)padLength;
                break;
            case PaddingMode.ISO10126:
                FillRandom(pad);
                pad[pad.Length - 1] = (byte)padLength;
                break;
            case PaddingMode.Zeros:
                pad.Clear();
                break;
            default:
                throw new CryptographicException(ErrorMessages.PartialBlock);
        }
    }

    /// <summary>
    /// The number of data bytes in <paramref name="tail"/>, the decrypted end of a message, whose padding may be 1 to
    /// <paramref name="maxPadding"/> bytes long (the unit, or a block in CFB; see FinalBlock.DepadLength); throws when
    /// the padding is malformed. Every byte of the tail is examined whatever its value.
    /// </summary>
    public static int DataLength(ReadOnlySpan<byte> tail, int maxPadding, PaddingMode padding)
    {
        uint length = (uint)tail.Length;
        uint padLength = tail[tail.Length - 1];

        // 1 <= padLength <= maxPadding (bad is a 0/1 control value)
        uint bad = ConstantTime.Eq0(padLength) | ConstantTime.Gt(padLength, (uint)maxPadding);

        if (padding != PaddingMode.ISO10126)
        {
            // PKCS7: every padding byte equals padLength. ANSIX923: the ones before the last are zero.
            uint expectedFill = padding == PaddingMode.PKCS7 ? padLength : 0;
            for (uint i = 0; i < length - 1; i++)
            {
                uint inPadding = ConstantTime.Lt(length - 1 - i, padLength);
                bad |= inPadding & ConstantTime.Neq(tail[(int)i], expectedFill);
            }
        }

        if (bad != 0)
        {
            throw new CryptographicException(ErrorMessages.InvalidPadding);
        }

        return (int)(length - padLength);
    }

    private static void FillRandom(Span<byte> buffer)
    {
#if NET
        RandomNumberGenerator.Fill(buffer);
#else
        byte[] random = new byte[buffer.Length];
        using (RandomNumberGenerator rng = RandomNumberGenerator.Create())
        {
            rng.GetBytes(random);
        }

        random.CopyTo(buffer);
#endif
    }
}
