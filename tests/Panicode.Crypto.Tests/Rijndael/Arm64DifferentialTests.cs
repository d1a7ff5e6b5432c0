using System;
using System.Buffers.Binary;
using System.Linq;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Security.Cryptography;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe.Catalog;
using Panicode.Crypto.Unsafe.Internal;
using Panicode.Crypto.Vectors;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace Panicode.Crypto.Tests.Rijndael;

/// <summary>
/// The ARMv8 Crypto Extension cores (ARMv8 AES, PMULL) against the portable cores, for the ARM64 leg
/// (scripts/arm64-leg.sh, under qemu-user): the instructions themselves on FIPS 197's worked example, the cores the
/// leg expects, and the ARM64 AES core against the portable core on random keys of every key size, every length of
/// whole blocks from 0 to 304 bytes (the batch of eight and its remainders), ECB, CBC and CTR with counters that wrap
/// inside a batch. Skipped where the CPU has no ARMv8 AES (x86 runs the AES-NI cores' own suites).
/// </summary>
public sealed class Arm64DifferentialTests
{
    private const string LegVariable = "PANICODE_ARM64_LEG";

    private static readonly int[] s_blockBytes = { 16, 20, 24, 28, 32 };

    /// <summary>
    /// In the leg, the intrinsic pass must really run the ARM64 cores (a runtime that reported no AES would otherwise
    /// pass on the portable cores) and the forced-portable pass the portable ones.
    /// </summary>
    [Fact]
    public void TheLegRunsTheCoresItExpects()
    {
        string? leg = Environment.GetEnvironmentVariable(LegVariable);
        string rijndael = UnsafeCores.Rijndael.Choose(128, CpuFeatures.IntrinsicsAllowed).Name;
        string[] wide = new[] { 160, 192, 224, 256 }.Select(b => UnsafeCores.Rijndael.Choose(b, CpuFeatures.IntrinsicsAllowed).Name).Distinct().ToArray();
        string ghash = UnsafeCores.GHash.Choose(128, CpuFeatures.IntrinsicsAllowed).Name;
        using BlockCipherAlgorithm aes = Unsafe.UnsafeCrypto.CreateRijndael();
        using Gcm gcm = aes.CreateGcm(new byte[16]);
        string bulk = gcm.Bulk is Unsafe.Aead.StitchedAesGcm stitched ? $"stitched, {stitched.Width} bits" : gcm.Bulk?.GetType().Name ?? "none";
        string seen = $"AdvSimd {AdvSimd.IsSupported}, Aes {ArmAes.IsSupported}, Aes.Arm64 {ArmAes.Arm64.IsSupported}, Sha256 {Sha256.IsSupported}; Rijndael-128 core {rijndael}, 160..256 {string.Join("/", wide)}, GHASH {ghash}, AES-GCM loop {bulk}";
        switch (leg)
        {
            case "intrinsics":
                Assert.True(AdvSimd.IsSupported && ArmAes.IsSupported && ArmAes.Arm64.IsSupported && Sha256.IsSupported, seen);
                Assert.True(rijndael == "ArmAes" && wide.SequenceEqual(new[] { "ArmAesWide" }) && ghash == "Pmull", seen);

                // AES-GCM's whole blocks take the stitched loop on AESE/AESMC and 128-bit PMULL, not the chunked one.
                Assert.True(bulk == "stitched, 128 bits" && !System.Runtime.Intrinsics.X86.Aes.IsSupported, seen);

                // Camellia has no ARM64 core: its table-free answer must be no.
                Assert.False(Unsafe.UnsafeCrypto.IsCamelliaConstantTime, seen);
                break;
            case "portable":
                Assert.False(CpuFeatures.IntrinsicsAllowed, seen);
                Assert.True(rijndael == "Portable" && wide.SequenceEqual(new[] { "Portable" }) && ghash == "Portable", seen);
                Assert.True(bulk == "none", seen);
                break;
            default:
                Assert.Skip($"{LegVariable} is not set: not the ARM64 leg ({seen})");
                break;
        }
    }

    [Fact]
    public void AeseAndAesmcComputeTheFirstRoundOfFips197AppendixB()
    {
        SkipUnlessArmAes();

        // FIPS 197 Appendix B: the input, the cipher key (round key 0), and the state after round 1's MixColumns.
        // AESE XORs its key first, then SubBytes and ShiftRows; AESMC is MixColumns.
        Vector128<byte> input = Vector128.Create(Hex.Decode("3243f6a8885a308d313198a2e0370734"));
        Vector128<byte> key = Vector128.Create(Hex.Decode("2b7e151628aed2a6abf7158809cf4f3c"));
        Vector128<byte> mixed = ArmAes.MixColumns(ArmAes.Encrypt(input, key));
        Assert.Equal(Vector128.Create(Hex.Decode("046681e5e0cb199a48f8d37a2806264c")), mixed);

        // And back: InvMixColumns, then AESD (InvShiftRows, InvSubBytes after its key XOR, here zero), then the key.
        Vector128<byte> back = ArmAes.Decrypt(ArmAes.InverseMixColumns(mixed), Vector128<byte>.Zero) ^ key;
        Assert.Equal(input, back);
    }

    [Fact]
    public void ArmAesCoreEqualsThePortableCoreOnRandomKeysLengthsAndCounters()
    {
        SkipUnlessArmAes();
        Random random = new(64);
        int cases = 0;
        foreach (int keyBytes in new[] { 16, 20, 24, 28, 32 })
        {
            for (int blocks = 0; blocks <= 19; blocks++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keyBytes);
                byte[] data = UnsafeDifferential.Bytes(random, 16 * blocks);
                byte[] iv = UnsafeDifferential.Bytes(random, 16);
                using BlockCipher arm = new RijndaelArmAesCore(key);
                using BlockCipher portable = new RijndaelPortableCore(key, 16);
                string label = $"key {keyBytes * 8}, {blocks} blocks";

                byte[] cbc = EcbAndCbcEncryptionMatch(arm, portable, data, iv, label);
                byte[] chain = (byte[])iv.Clone();
                ((ICbcDecryptor)arm).DecryptCbc(chain, cbc, cbc);
                Assert.True(data.AsSpan().SequenceEqual(cbc), "CBC decrypt in place: " + label);

                // CTR with 4-byte and 16-byte counters, a few blocks before their wrap (inside the batch of eight).
                foreach (int counterBytes in new[] { 4, 16 })
                {
                    byte[] counter = UnsafeDifferential.Bytes(random, 16);
                    counter.AsSpan(16 - counterBytes).Fill(0xFF);
                    counter[15] = (byte)(0xFF - random.Next(0, 10));
                    byte[] armCounter = (byte[])counter.Clone();
                    byte[] ctr = new byte[data.Length];
                    ((ICtrCore)arm).TransformCtr(armCounter, counterBytes, data, ctr);
                    byte[] expectedCounter = (byte[])counter.Clone();
                    Assert.True(CtrByHand(portable, expectedCounter, counterBytes, data).AsSpan().SequenceEqual(ctr), $"CTR-{counterBytes * 8}: {label}");
                    Assert.True(expectedCounter.AsSpan().SequenceEqual(armCounter), $"CTR-{counterBytes * 8} counter after: {label}");
                }

                cases++;
            }
        }

        Assert.Equal(5 * 20, cases);
    }

    /// <summary>
    /// The ARM64 wide core (160- to 256-bit blocks) against the portable core: all 20 key and block size combinations
    /// (the 128-bit block is the test above), random keys, every whole number of blocks from 0 to 11 (the batch of
    /// four and its remainders), ECB both ways in and out of place, fused CBC encryption, and the CTR batch form with the
    /// data XORed in, in place.
    /// </summary>
    [Fact]
    public void ArmAesWideCoreEqualsThePortableCoreOnEveryBlockAndKeySize()
    {
        SkipUnlessArmAes();
        Random random = new(66);
        int cases = 0;
        foreach (int blockBytes in new[] { 20, 24, 28, 32 })
        foreach (int keyBytes in new[] { 16, 20, 24, 28, 32 })
        {
            for (int blocks = 0; blocks <= 11; blocks++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keyBytes);
                byte[] data = UnsafeDifferential.Bytes(random, blockBytes * blocks);
                byte[] iv = UnsafeDifferential.Bytes(random, blockBytes);
                using BlockCipher arm = new RijndaelArmAesWideCore(key, blockBytes);
                using BlockCipher portable = new RijndaelPortableCore(key, blockBytes);
                string label = $"block {blockBytes * 8}, key {keyBytes * 8}, {blocks} blocks";

                EcbAndCbcEncryptionMatch(arm, portable, data, iv, label);

                // The CTR batch form: counter blocks in, data XORed in as each block is stored (here in place).
                byte[] counters = UnsafeDifferential.Bytes(random, data.Length);
                byte[] keystream = new byte[data.Length];
                portable.Encrypt(counters, keystream);
                byte[] ctr = (byte[])data.Clone();
                Assert.Equal(data.Length, ((ICtrBatchCore)arm).EncryptXor(counters, ctr, ctr));
                for (int i = 0; i < data.Length; i++)
                {
                    keystream[i] ^= data[i];
                }

                Assert.True(keystream.AsSpan().SequenceEqual(ctr), "CTR batch, in place: " + label);
                cases++;
            }
        }

        Assert.Equal(4 * 5 * 12, cases);
    }

    /// <summary>The Unsafe flavour against the Unsafe-Portable one through the public API, every mode and padding.</summary>
    [Fact]
    public void UnsafeRijndaelEqualsItsPortableFlavourInEveryModeAndPadding()
    {
        SkipUnlessArmAes();
        int[] keyBytes = { 16, 20, 24, 28, 32 };
        int cases = UnsafeDifferential.RunModesAndPaddings(
            () => Unsafe.UnsafeCrypto.CreateRijndael(forcePortable: true), () => Unsafe.UnsafeCrypto.CreateRijndael(forcePortable: false), s_blockBytes, keyBytes, new Random(65));
        Assert.Equal(s_blockBytes.Length * keyBytes.Length * 6 * 5, cases);
    }

    private static void SkipUnlessArmAes()
    {
        if (!RijndaelArmAesCore.IsSupported)
        {
            Assert.Skip("No ARMv8 AES here (the ARM64 leg, scripts/arm64-leg.sh, runs this under qemu-user).");
        }
    }

    // ECB both ways (decryption in place) and the fused CBC encryption loop against the portable core one block at a
    // time, with the chain it leaves; returns the CBC ciphertext.
    private static byte[] EcbAndCbcEncryptionMatch(BlockCipher arm, BlockCipher portable, byte[] data, byte[] iv, string label)
    {
        byte[] expected = new byte[data.Length];
        byte[] actual = new byte[data.Length];
        portable.Encrypt(data, expected);
        arm.Encrypt(data, actual);
        Assert.True(expected.AsSpan().SequenceEqual(actual), "ECB encrypt: " + label);
        arm.Decrypt(actual, actual);
        Assert.True(data.AsSpan().SequenceEqual(actual), "ECB decrypt in place: " + label);

        byte[] chain = (byte[])iv.Clone();
        byte[] cbc = new byte[data.Length];
        ((ICbcEncryptor)arm).EncryptCbc(chain, data, cbc);
        Assert.True(CbcByHand(portable, iv, data).AsSpan().SequenceEqual(cbc), "CBC encrypt: " + label);
        Assert.True(chain.AsSpan().SequenceEqual(data.Length == 0 ? iv : cbc.AsSpan(cbc.Length - iv.Length)), "CBC chain after encrypt: " + label);
        return cbc;
    }

    private static byte[] CbcByHand(BlockCipher cipher, byte[] iv, byte[] data)
    {
        int n = cipher.BlockSize;
        byte[] output = new byte[data.Length];
        byte[] previous = (byte[])iv.Clone();
        for (int i = 0; i < data.Length; i += n)
        {
            byte[] block = data.AsSpan(i, n).ToArray();
            for (int j = 0; j < n; j++)
            {
                block[j] ^= previous[j];
            }

            cipher.Encrypt(block, output.AsSpan(i, n));
            previous = output.AsSpan(i, n).ToArray();
        }

        return output;
    }

    // SP 800-38A §6.5 with the last counterBytes bytes counting big-endian modulo their width; counter is moved on.
    private static byte[] CtrByHand(BlockCipher cipher, byte[] counter, int counterBytes, byte[] data)
    {
        byte[] output = new byte[data.Length];
        byte[] keystream = new byte[16];
        for (int i = 0; i < data.Length; i += 16)
        {
            cipher.Encrypt(counter, keystream);
            for (int j = 0; j < 16; j++)
            {
                output[i + j] = (byte)(data[i + j] ^ keystream[j]);
            }

            for (int j = 15; j >= 16 - counterBytes && ++counter[j] == 0; j--)
            {
            }
        }

        return output;
    }
}
