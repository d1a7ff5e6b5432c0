#if NET
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The AES encryption rounds (FIPS 197 §5.1) of one instruction set, as a struct type parameter: a loop written once
/// over <see cref="IAesRounds"/> is compiled by the JIT into AES-NI code or ARMv8 AES code (the stitched GCM loop,
/// <c>Aead/StitchedAesGcm.cs</c>, and <see cref="AesBatch"/>'s eight-block steps). Both take the same round keys
/// k0 .. kNr of <see cref="AesNiKeySchedule"/>, but not at the same instruction:
/// <list type="bullet">
/// <item>AES-NI: b ^= k0; AESENC(b, k1) .. AESENC(b, k[Nr-1]); AESENCLAST(b, kNr) (AESENC XORs its key after MixColumns).</item>
/// <item>ARMv8: AESMC(AESE(b, k0)) .. AESMC(AESE(b, k[Nr-2])); AESE(b, k[Nr-1]) ^ kNr (AESE XORs its key before
/// SubBytes and ShiftRows, and MixColumns is the separate AESMC).</item>
/// </list>
/// So a loop makes the same calls for both: <see cref="Whiten"/> with k0, <see cref="Round"/> r (1 &lt;= r &lt; Nr) with
/// k[r - <see cref="KeyLag"/>], and <see cref="Last"/> with k[Nr - KeyLag] and kNr XORed with the data (which AESENCLAST
/// and the final EOR add in anyway, so the keystream block meets the data at no cost). KeyLag is 0 on AES-NI, 1 on
/// ARMv8: each ARMv8 key is taken one instruction earlier.
/// </summary>
internal interface IAesRounds
{
    /// <summary>How many round keys earlier than AES-NI this instruction set takes each key: 0 or 1.</summary>
    int KeyLag { get; }

    /// <summary>The start of the cipher: the block XORed with k0 (AES-NI), or the block as it is (ARMv8: the first AESE adds k0).</summary>
    Vector128<byte> Whiten(Vector128<byte> block, Vector128<byte> k0);

    /// <summary>Round r of 1 .. Nr - 1, given k[r - <see cref="KeyLag"/>]: AESENC, or AESE then AESMC.</summary>
    Vector128<byte> Round(Vector128<byte> block, Vector128<byte> key);

    /// <summary>
    /// The last round, given k[Nr - <see cref="KeyLag"/>] and <paramref name="final"/> (kNr, with the data XORed in where
    /// the caller has data): AESENCLAST(block, final), or AESE(block, key) ^ final.
    /// </summary>
    Vector128<byte> Last(Vector128<byte> block, Vector128<byte> key, Vector128<byte> final);
}

/// <summary>AESENC and AESENCLAST.</summary>
internal readonly struct AesNiRounds : IAesRounds
{
    public static bool IsSupported => X86Aes.IsSupported;

    public int KeyLag => 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Whiten(Vector128<byte> block, Vector128<byte> k0) => block ^ k0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Round(Vector128<byte> block, Vector128<byte> key) => X86Aes.Encrypt(block, key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Last(Vector128<byte> block, Vector128<byte> key, Vector128<byte> final) => X86Aes.EncryptLast(block, final);
}

/// <summary>AESE, AESMC and EOR.</summary>
internal readonly struct ArmAesRounds : IAesRounds
{
    public static bool IsSupported => ArmAes.IsSupported && AdvSimd.IsSupported;

    public int KeyLag => 1;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Whiten(Vector128<byte> block, Vector128<byte> k0) => block;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Round(Vector128<byte> block, Vector128<byte> key) => ArmAes.MixColumns(ArmAes.Encrypt(block, key));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Last(Vector128<byte> block, Vector128<byte> key, Vector128<byte> final) => ArmAes.Encrypt(block, key) ^ final;
}
#endif
