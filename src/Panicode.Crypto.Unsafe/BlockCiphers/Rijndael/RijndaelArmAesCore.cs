#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using Panicode.Crypto.Modes;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// AES (Rijndael with 128-bit blocks, keys of 128..256 bits in steps of 32) on the ARMv8 Cryptography Extension
/// (FIPS 197 §5.1, §5.3). Multi-block calls keep eight independent blocks in flight, as the AES-NI core does
/// (AESE/AESMC have a latency of 2-3 cycles and pair up on most cores); the remainder goes one block at a time.
/// <para>
/// The round keys are <see cref="AesNiKeySchedule"/>'s, the same arrays as AES-NI's, no conversion: each is taken one
/// instruction earlier (<see cref="IAesRounds"/> states the mapping). Decryption is the same shape over the equivalent
/// inverse cipher's keys (AESD and AESIMC; FIPS 197 §5.3.5), which AES-NI's AESDEC takes too.
/// </para>
/// CTR (<see cref="ICtrCore"/>) is the AES-NI core's loop over the ARMv8 instructions (<see cref="AesBatch.Ctr{TAes}"/>).
/// </summary>
internal sealed unsafe class RijndaelArmAesCore : AesCore, ICbcDecryptor, ICtrCore
{
    private const int Width = 8;

    public RijndaelArmAesCore(ReadOnlySpan<byte> key)
        : base(key, 16)
    {
        Debug.Assert(IsSupported);
    }

    /// <summary>True where the CPU has the ARMv8 AES instructions (and Advanced SIMD, which they imply).</summary>
    public static bool IsSupported => ArmAes.IsSupported && AdvSimd.IsSupported;

    protected override void Encrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<ArmEncryption, Unchained>(null, src, dst, blocks, keys, rounds);

    protected override void Decrypt(byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds) =>
        Transform<ArmDecryption, Unchained>(null, src, dst, blocks, keys, rounds);

    protected override void EncryptCbc(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
    {
        Vector128<byte> last = keys[rounds];
        Vector128<byte> c = AdvSimd.LoadVector128(chain);
        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            c = Block<ArmEncryption>(c ^ AdvSimd.LoadVector128(src), keys, rounds) ^ last;
            AdvSimd.Store(dst, c);
        }

        AdvSimd.Store(chain, c);
    }

    void ICbcDecryptor.DecryptCbc(Span<byte> chain, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* iv = chain)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<byte>* keys = DecryptionKeys)
        {
            Transform<ArmDecryption, CbcDecryption>(iv, src, dst, source.Length / 16, keys, Rounds);
        }
    }

    void ICtrCore.TransformCtr(Span<byte> counter, int counterBytes, ReadOnlySpan<byte> source, Span<byte> destination) =>
        TransformCtr<ArmAesRounds>(counter, counterBytes, source, destination);

    /// <summary>All rounds but the final XOR with keys[rounds]: one block, its rounds a serial chain.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> Block<TDirection>(Vector128<byte> b, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IArmDirection
    {
        for (int round = 0; round < rounds - 1; round++)
        {
            b = default(TDirection).Mix(default(TDirection).Round(b, keys[round]));
        }

        return default(TDirection).Round(b, keys[rounds - 1]);
    }

    /// <summary>All rounds but the final XOR with keys[rounds] on eight blocks: eight independent chains.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void AllRounds<TDirection>(Vector128<byte>* keys, int rounds, ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2,
        ref Vector128<byte> b3, ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
        where TDirection : struct, IArmDirection
    {
        TDirection d = default;
        for (int round = 0; round < rounds - 1; round++)
        {
            Vector128<byte> k = keys[round];
            b0 = d.Mix(d.Round(b0, k));
            b1 = d.Mix(d.Round(b1, k));
            b2 = d.Mix(d.Round(b2, k));
            b3 = d.Mix(d.Round(b3, k));
            b4 = d.Mix(d.Round(b4, k));
            b5 = d.Mix(d.Round(b5, k));
            b6 = d.Mix(d.Round(b6, k));
            b7 = d.Mix(d.Round(b7, k));
        }

        Vector128<byte> kl = keys[rounds - 1];
        b0 = d.Round(b0, kl);
        b1 = d.Round(b1, kl);
        b2 = d.Round(b2, kl);
        b3 = d.Round(b3, kl);
        b4 = d.Round(b4, kl);
        b5 = d.Round(b5, kl);
        b6 = d.Round(b6, kl);
        b7 = d.Round(b7, kl);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreEight(byte* dst, Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7)
    {
        AdvSimd.Store(dst, b0);
        AdvSimd.Store(dst + 16, b1);
        AdvSimd.Store(dst + 32, b2);
        AdvSimd.Store(dst + 48, b3);
        AdvSimd.Store(dst + 64, b4);
        AdvSimd.Store(dst + 80, b5);
        AdvSimd.Store(dst + 96, b6);
        AdvSimd.Store(dst + 112, b7);
    }

    // ECB in either direction, or CBC decryption (TChaining = CbcDecryption): P[i] = D(C[i]) XOR C[i-1] (SP 800-38A
    // §6.2), the XOR folded into the final key XOR. In place (src == dst) is safe: a batch loads all its blocks, and for
    // CBC the ciphertext blocks its XORs need, before its first store.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Transform<TDirection, TChaining>(byte* chain, byte* src, byte* dst, int blocks, Vector128<byte>* keys, int rounds)
        where TDirection : struct, IArmDirection
        where TChaining : struct, IChaining
    {
        bool cbc = default(TChaining).Cbc;
        Vector128<byte> last = keys[rounds];
        Vector128<byte> previous = cbc ? AdvSimd.LoadVector128(chain) : default;
        for (; blocks >= Width; blocks -= Width, src += 16 * Width, dst += 16 * Width)
        {
            Vector128<byte> b0 = AdvSimd.LoadVector128(src);
            Vector128<byte> b1 = AdvSimd.LoadVector128(src + 16);
            Vector128<byte> b2 = AdvSimd.LoadVector128(src + 32);
            Vector128<byte> b3 = AdvSimd.LoadVector128(src + 48);
            Vector128<byte> b4 = AdvSimd.LoadVector128(src + 64);
            Vector128<byte> b5 = AdvSimd.LoadVector128(src + 80);
            Vector128<byte> b6 = AdvSimd.LoadVector128(src + 96);
            Vector128<byte> b7 = AdvSimd.LoadVector128(src + 112);
            AllRounds<TDirection>(keys, rounds, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            b0 ^= cbc ? last ^ previous : last;
            b1 ^= cbc ? last ^ AdvSimd.LoadVector128(src) : last;
            b2 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 16) : last;
            b3 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 32) : last;
            b4 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 48) : last;
            b5 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 64) : last;
            b6 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 80) : last;
            b7 ^= cbc ? last ^ AdvSimd.LoadVector128(src + 96) : last;
            if (cbc)
            {
                previous = AdvSimd.LoadVector128(src + 112);
            }

            StoreEight(dst, b0, b1, b2, b3, b4, b5, b6, b7);
        }

        for (; blocks > 0; blocks--, src += 16, dst += 16)
        {
            Vector128<byte> c = AdvSimd.LoadVector128(src);
            AdvSimd.Store(dst, Block<TDirection>(c, keys, rounds) ^ (cbc ? last ^ previous : last));
            previous = c;
        }

        if (cbc)
        {
            AdvSimd.Store(chain, previous);
        }
    }
}

/// <summary>One direction of the ARMv8 AES instructions, as a struct type parameter (the JIT compiles a copy per direction).</summary>
internal interface IArmDirection
{
    /// <summary>AESE or AESD: the key XOR, then (Inv)SubBytes and (Inv)ShiftRows.</summary>
    Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey);

    /// <summary>AESMC or AESIMC: (Inv)MixColumns.</summary>
    Vector128<byte> Mix(Vector128<byte> state);
}

internal readonly struct ArmEncryption : IArmDirection
{
    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => ArmAes.Encrypt(state, roundKey);

    public Vector128<byte> Mix(Vector128<byte> state) => ArmAes.MixColumns(state);
}

internal readonly struct ArmDecryption : IArmDirection
{
    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => ArmAes.Decrypt(state, roundKey);

    public Vector128<byte> Mix(Vector128<byte> state) => ArmAes.InverseMixColumns(state);
}
#endif
