using System;
using static Panicode.Crypto.BlockCiphers.Rijndael.RijndaelTables;

namespace Panicode.Crypto.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael key expansion (AES proposal v2 §4.3; FIPS 197 §5.2) for Nk = 4..8 key words and
/// Nb = 4..8 block words, with Nr = max(Nb, Nk) + 6 rounds, and the round keys of the equivalent
/// inverse cipher (§5.3.3: InvMixColumns applied to round keys 1 .. Nr-1, rounds in reverse order).
/// Words are little-endian columns, as in <see cref="RijndaelTables"/>.
/// </summary>
internal static class RijndaelKeySchedule
{
    /// <summary>The most round-key words of any (Nb, Nk): Nb * (Nr + 1) = 8 * (8 + 6 + 1), for 256-bit blocks and keys.</summary>
    public const int MaxRoundKeyWords = 8 * (8 + 6 + 1);

    public static int Rounds(int blockWords, int keyWords) => Math.Max(blockWords, keyWords) + 6;

    /// <summary>True when <paramref name="keyBytes"/> is a Rijndael key length: 16 to 32 bytes in steps of 4 (§2).</summary>
    public static bool IsKeyLength(int keyBytes) => keyBytes is >= 16 and <= 32 && keyBytes % 4 == 0;

    /// <summary>Fills <paramref name="roundKeys"/> (Nb * (Nr + 1) words) from <paramref name="key"/>.</summary>
    public static void ExpandEncryptionKey(ReadOnlySpan<byte> key, Span<uint> roundKeys)
    {
        int nk = key.Length / 4;
        for (int i = 0; i < nk; i++)
        {
            roundKeys[i] = ReadColumn(key, i);
        }

        for (int i = nk; i < roundKeys.Length; i++)
        {
            uint temp = roundKeys[i - 1];
            if (i % nk == 0)
            {
                // RotWord moves row 1 to row 0: a right rotation of a little-endian column.
                temp = SubWord(Rotl(temp, 24)) ^ RoundConstants[(i / nk) - 1];
            }
            else if (nk > 6 && i % nk == 4)
            {
                temp = SubWord(temp);
            }

            roundKeys[i] = roundKeys[i - nk] ^ temp;
        }
    }

    /// <summary>Derives the decryption round keys of the equivalent inverse cipher.</summary>
    public static void ExpandDecryptionKey(ReadOnlySpan<uint> encryptionKeys, Span<uint> decryptionKeys, int blockWords)
    {
        int rounds = (encryptionKeys.Length / blockWords) - 1;
        for (int round = 0; round <= rounds; round++)
        {
            ReadOnlySpan<uint> source = encryptionKeys.Slice((rounds - round) * blockWords, blockWords);
            Span<uint> target = decryptionKeys.Slice(round * blockWords, blockWords);
            for (int j = 0; j < blockWords; j++)
            {
                target[j] = round == 0 || round == rounds ? source[j] : InvMixColumn(source[j]);
            }
        }
    }

    public static uint ReadColumn(ReadOnlySpan<byte> bytes, int column) =>
        bytes[4 * column] | ((uint)bytes[(4 * column) + 1] << 8) | ((uint)bytes[(4 * column) + 2] << 16) | ((uint)bytes[(4 * column) + 3] << 24);

    private static uint SubWord(uint w) =>
        SBox[w & 0xFF] | ((uint)SBox[(w >> 8) & 0xFF] << 8) | ((uint)SBox[(w >> 16) & 0xFF] << 16) | ((uint)SBox[w >> 24] << 24);

    // Td tables include S^-1, so Td[S[x]] is InvMixColumns applied to x alone.
    private static uint InvMixColumn(uint w) =>
        Td0[SBox[w & 0xFF]] ^ Td1[SBox[(w >> 8) & 0xFF]] ^ Td2[SBox[(w >> 16) & 0xFF]] ^ Td3[SBox[w >> 24]];
}
