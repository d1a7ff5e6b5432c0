using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.Internal;
using Panicode.Crypto.Vectors.Camellia;

namespace Panicode.Crypto.Tests.Camellia;

/// <summary>
/// The table-free Camellia on GFNI (<see cref="CamelliaGfniSerialCore"/>, <see cref="CamelliaGfniRounds"/>, and the
/// sliced core that sends its leftovers there, which the Unsafe flavour uses on GFNI): every vector file through it as
/// one-block and as two-block calls, its key schedule, and the serial modes against the table form, in and out of
/// place. Where the CPU lacks GFNI the tests that need it are skipped with that reason, and the flavour's table form
/// is asserted instead.
/// </summary>
public sealed class CamelliaConstantTimeTests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    public static TheoryData<string> Files => new(CamelliaSuites.All.Select(s => s.Name));

    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFileThroughTheTableFreeSlicedCore(string file)
    {
        RequireGfni();
        SuiteAssert.AllPass(CamelliaSuites.Get(file), () => new CoreCamellia(key => new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni, constantTime: true)));
    }

    // Every call of the vector suites reaches the serial core alone: pairs in two lanes, an odd block in one.
    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFileThroughTheSerialCore(string file)
    {
        RequireGfni();
        SuiteAssert.AllPass(CamelliaSuites.Get(file), () => new CoreCamellia(key => new CamelliaGfniSerialCore(key)));
    }

    // Every block of the vector suites as a two-block call (the block twice): both lanes must give the answer.
    [Theory]
    [MemberData(nameof(Files))]
    public void VectorFileThroughTheSerialCoreTwoLanes(string file)
    {
        RequireGfni();
        SuiteAssert.AllPass(CamelliaSuites.Get(file), () => new CoreCamellia(key => new TwiceCore(new CamelliaGfniSerialCore(key))));
    }

    [Fact]
    public void TableFreeKeyScheduleEqualsReferenceScheduleForRandomKeys()
    {
        RequireGfni();
        Random random = new(21);
        int compared = 0;
        foreach (int keySize in s_keySizes)
        {
            for (int i = 0; i < 200; i++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keySize);
                Assert.True(
                    CamelliaCore.ExpandKey(key).AsSpan().SequenceEqual(CamelliaKeySchedule.Expand<CamelliaGfniSerialCore.GfniF>(key)),
                    $"key {Convert.ToHexString(key)}");
                compared++;
            }
        }

        Assert.Equal(600, compared);
    }

    [Fact]
    public void OneAndTwoBlockCallsEqualReferenceInAndOutOfPlace()
    {
        RequireGfni();
        Random random = new(22);
        int checkedCalls = 0;
        foreach (int keySize in s_keySizes)
        {
            for (int i = 0; i < 50; i++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keySize);
                using CamelliaCore reference = new(key);
                using CamelliaGfniSerialCore candidate = new(key);
                foreach (int blocks in new[] { 1, 2, 3 })
                {
                    byte[] plaintext = UnsafeDifferential.Bytes(random, 16 * blocks);
                    byte[] expected = new byte[plaintext.Length];
                    reference.Encrypt(plaintext, expected);
                    byte[] actual = new byte[plaintext.Length];
                    candidate.Encrypt(plaintext, actual);
                    Assert.Equal(expected, actual);
                    byte[] inPlace = (byte[])plaintext.Clone();
                    candidate.Encrypt(inPlace, inPlace);
                    Assert.Equal(expected, inPlace);
                    candidate.Decrypt(expected, actual);
                    Assert.Equal(plaintext, actual);
                    candidate.Decrypt(inPlace, inPlace);
                    Assert.Equal(plaintext, inPlace);
                    checkedCalls += 4;
                }
            }
        }

        Assert.Equal(3 * 50 * 3 * 4, checkedCalls);
    }

    // CBC, CFB-8, CFB-128 and OFB through the Unsafe flavour (table-free on GFNI) equal the sliced core with table
    // leftovers, one-shot in and out of place, for random keys and lengths (the short ones stay in the serial core,
    // the long ones reach the batches).
    [Fact]
    public void SerialModesOfTheTableFreeFlavourEqualTheTableFormInAndOutOfPlace()
    {
        RequireGfni();
        Random random = new(23);
        int cases = 0;
        foreach (int keySize in s_keySizes)
        {
            for (int i = 0; i < 12; i++)
            {
                byte[] key = UnsafeDifferential.Bytes(random, keySize);
                byte[] iv = UnsafeDifferential.Bytes(random, 16);
                byte[] data = UnsafeDifferential.Bytes(random, 16 * random.Next(0, i % 3 == 0 ? 80 : 6));
                using CamelliaCipher on = UnsafeCrypto.CreateCamellia();
                using CamelliaCipher off = new CoreCamellia(k => new CamelliaSlicedCore(k, CamelliaSBoxUnit.Gfni, constantTime: false));
                on.Key = key;
                off.Key = key;
                string label = $"key {keySize * 8}, {data.Length} bytes";

                byte[] cbc = off.EncryptCbc(data, iv, PaddingMode.None);
                Assert.True(cbc.AsSpan().SequenceEqual(on.EncryptCbc(data, iv, PaddingMode.None)), "CBC encrypt " + label);
                Assert.True(data.AsSpan().SequenceEqual(on.DecryptCbc(cbc, iv, PaddingMode.None)), "CBC decrypt " + label);
                byte[] buffer = (byte[])data.Clone();
                on.EncryptCbc(buffer, iv, buffer, PaddingMode.None);
                Assert.True(cbc.AsSpan().SequenceEqual(buffer), "CBC encrypt in place " + label);
                on.DecryptCbc(buffer, iv, buffer, PaddingMode.None);
                Assert.True(data.AsSpan().SequenceEqual(buffer), "CBC decrypt in place " + label);

                foreach (int feedbackBits in new[] { 8, 128 })
                {
                    byte[] cfb = off.EncryptCfb(data, iv, PaddingMode.None, feedbackBits);
                    Assert.True(cfb.AsSpan().SequenceEqual(on.EncryptCfb(data, iv, PaddingMode.None, feedbackBits)), $"CFB-{feedbackBits} encrypt {label}");
                    Assert.True(data.AsSpan().SequenceEqual(on.DecryptCfb(cfb, iv, PaddingMode.None, feedbackBits)), $"CFB-{feedbackBits} decrypt {label}");
                    buffer = (byte[])data.Clone();
                    on.EncryptCfb(buffer, iv, buffer, PaddingMode.None, feedbackBits);
                    Assert.True(cfb.AsSpan().SequenceEqual(buffer), $"CFB-{feedbackBits} encrypt in place {label}");
                    on.DecryptCfb(buffer, iv, buffer, PaddingMode.None, feedbackBits);
                    Assert.True(data.AsSpan().SequenceEqual(buffer), $"CFB-{feedbackBits} decrypt in place {label}");
                }

                byte[] ofbOff = Transform(off, CipherMode.OFB, iv, data);
                Assert.True(ofbOff.AsSpan().SequenceEqual(Transform(on, CipherMode.OFB, iv, data)), "OFB " + label);
                cases++;
            }
        }

        Assert.Equal(3 * 12, cases);
    }

    // The Unsafe flavour is table-free exactly where GFNI is there and intrinsics are allowed, and says so.
    [Fact]
    public void TheUnsafeFlavourIsTableFreeExactlyWhereGfniIsAllowed()
    {
        bool allowed = CpuFeatures.IntrinsicsAllowed;
        bool expected = allowed && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) && CamelliaGfniSerialCore.IsSupported;
        Assert.Equal(expected, UnsafeCrypto.IsCamelliaConstantTime);
        using BlockCipher core = UnsafeCamellia.CreateCore(new byte[16], allowed);
        Assert.Equal(expected, core is CamelliaSlicedCore { IsConstantTime: true });
        if (CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni))
        {
            using CamelliaSlicedCore tables = new(new byte[16], CamelliaSBoxUnit.Gfni, constantTime: false);
            Assert.False(tables.IsConstantTime);
        }
    }

    [Fact]
    public void TheSerialCoreDeclaresItsCbcLoop() => Assert.True(typeof(ICbcEncryptor).IsAssignableFrom(typeof(CamelliaGfniSerialCore)));

    private static void RequireGfni()
    {
        if (!CamelliaGfniSerialCore.IsSupported)
        {
            Assert.Skip("GFNI with SSSE3 not available on this CPU (or switched off with a DOTNET_Enable* setting)");
        }

        if (!UnsafeCrypto.IsCamelliaConstantTime)
        {
            Assert.Skip("intrinsics switched off (PANICODE_FORCE_PORTABLE=1)");
        }
    }

    private static byte[] Transform(SymmetricAlgorithm algorithm, CipherMode mode, byte[] iv, byte[] data)
    {
        algorithm.Mode = mode;
        algorithm.Padding = PaddingMode.None;
        algorithm.IV = iv;
        using ICryptoTransform encryptor = algorithm.CreateEncryptor();
        return encryptor.TransformFinalBlock(data, 0, data.Length);
    }

    /// <summary>Camellia (every mode and padding) over a core of the test's choice.</summary>
    private sealed class CoreCamellia : CamelliaCipher
    {
        public CoreCamellia(Func<byte[], BlockCipher> create)
            : base(CipherCores.Single("Test", (key, _) => create(key.ToArray())))
        {
        }
    }

    /// <summary>Each block goes through the inner core as a two-block call of the block twice; both halves must agree.</summary>
    private sealed class TwiceCore : BlockCipher
    {
        private readonly BlockCipher _inner;

        public TwiceCore(BlockCipher inner)
            : base(16)
        {
            _inner = inner;
        }

        protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Twice(source, destination, encrypt: true);

        protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) => Twice(source, destination, encrypt: false);

        protected override void ClearKeySchedule() => _inner.Dispose();

        private void Twice(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
        {
            Span<byte> pair = stackalloc byte[32];
            for (int offset = 0; offset < source.Length; offset += 16)
            {
                source.Slice(offset, 16).CopyTo(pair);
                source.Slice(offset, 16).CopyTo(pair.Slice(16));
                if (encrypt)
                {
                    _inner.Encrypt(pair, pair);
                }
                else
                {
                    _inner.Decrypt(pair, pair);
                }

                Assert.True(pair.Slice(0, 16).SequenceEqual(pair.Slice(16)), "the two lanes disagree");
                pair.Slice(0, 16).CopyTo(destination.Slice(offset, 16));
            }
        }
    }
}
