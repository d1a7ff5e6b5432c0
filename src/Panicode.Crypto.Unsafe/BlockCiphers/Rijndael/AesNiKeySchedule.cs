#if NET
using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.BlockCiphers.Rijndael;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// Round keys for the AES-NI cores and the ARMv8 AES core, from the Reference key schedule (AES proposal v2 §4.3): one
/// XMM register per four columns, so ceil(Nb / 4) registers per round, the last one zero-padded for
/// 160-, 192- and 224-bit blocks (the padding columns meet only padding columns in the wide core). Column words are little-endian
/// with row 0 lowest, which is the byte order of an XMM register on x86 and of a Q register on ARM64 (little-endian there too).
/// The decryption keys of the equivalent inverse cipher (§5.3.3; FIPS 197 §5.3.5) are AESIMC
/// (InvMixColumns) of encryption round keys 1 .. Nr-1, rounds in reverse order.
/// </summary>
internal static class AesNiKeySchedule
{
    public static (int Rounds, Vector128<byte>[] Encryption, Vector128<byte>[] Decryption) Expand(ReadOnlySpan<byte> key, int nb)
    {
        Debug.Assert(nb is >= 4 and <= 8);

        // The public classes check the key first; checked again here because the stack reserved below must not depend
        // on the caller's length (a 512 MiB key once overflowed the stack and ended the process).
        if (!RijndaelKeySchedule.IsKeyLength(key.Length))
        {
            throw new CryptographicException(ErrorMessages.InvalidKeySize);
        }

        int rounds = RijndaelKeySchedule.Rounds(nb, key.Length / 4);
        int halves = (nb + 3) / 4;
        Span<uint> words = stackalloc uint[RijndaelKeySchedule.MaxRoundKeyWords];
        words = words.Slice(0, nb * (rounds + 1));
        RijndaelKeySchedule.ExpandEncryptionKey(key, words);
        Vector128<byte>[] encryption = new Vector128<byte>[halves * (rounds + 1)];
        Vector128<byte>[] decryption = new Vector128<byte>[encryption.Length];
        Span<uint> column = stackalloc uint[4];
        for (int round = 0; round <= rounds; round++)
        {
            for (int h = 0; h < halves; h++)
            {
                for (int j = 0; j < 4; j++)
                {
                    int c = (4 * h) + j;
                    column[j] = c < nb ? words[(round * nb) + c] : 0;
                }

                encryption[(round * halves) + h] = Vector128.Create(column[0], column[1], column[2], column[3]).AsByte();
            }
        }

        Secret.Clear(MemoryMarshal.AsBytes(column));

        Secret.Clear(MemoryMarshal.AsBytes(words));
        for (int round = 0; round <= rounds; round++)
        {
            for (int h = 0; h < halves; h++)
            {
                Vector128<byte> k = encryption[((rounds - round) * halves) + h];
                decryption[(round * halves) + h] = round == 0 || round == rounds ? k : InverseMixColumns(k);
            }
        }

        return (rounds, encryption, decryption);
    }

    // AESIMC on x86 and on ARM64 (the ARMv8 AES core takes the same keys; see RijndaelArmAesCore).
    private static Vector128<byte> InverseMixColumns(Vector128<byte> k) =>
        X86Aes.IsSupported ? X86Aes.InverseMixColumns(k) : ArmAes.InverseMixColumns(k);
}
#endif
