using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// Every core reads and writes exactly its buffers: input and output are placed flush against PROT_NONE pages (the
/// last byte right before one, or the first byte right after one), so a read or write one byte outside faults. A fault
/// kills the test host, which fails the run. Linux only (mmap/mprotect from libc); elsewhere the tests are skipped
/// with that reason.
/// </summary>
public sealed class GuardPageTests
{
    public static TheoryData<string> Cores => new(CoreFactories().Keys);

    public static TheoryData<Implementation<SymmetricAlgorithm>> BlockCiphers => Implementations.BlockCipherData;

    /// <summary>Every block count from 1 to 130: across the 8-block AES-NI and the 16/32/64-block sliced batches.</summary>
    [LinuxTheory]
    [MemberData(nameof(Cores))]
    public void CoresStayInsideBuffersFlushAgainstGuardPages(string name)
    {
        (Func<byte[], BlockCipher> create, BlockCipher reference, int blockSize) = CoreFactories()[name];
        using BlockCipher core = create(ConcurrencyTests.Bytes(32, 1));
        using var guarded = new GuardedRegion(16384);
        int calls = 0;
        for (int blocks = 1; blocks <= 130; blocks++)
        {
            int length = blocks * blockSize;
            byte[] plaintext = ConcurrencyTests.Bytes(length, blocks);
            byte[] expected = new byte[length];
            reference.Encrypt(plaintext, expected);
            foreach ((bool sourceAtEnd, bool destinationAtEnd) in new[] { (true, false), (false, true), (true, true) })
            {
                Span<byte> source = sourceAtEnd ? guarded.AtEnd(length) : guarded.AtStart(length);
                Span<byte> destination = destinationAtEnd == sourceAtEnd ? source : destinationAtEnd ? guarded.AtEnd(length) : guarded.AtStart(length);
                plaintext.CopyTo(source);
                core.Encrypt(source, destination);
                Assert.True(destination.SequenceEqual(expected), $"{name}: {blocks} blocks encrypted wrongly");
                core.Decrypt(destination, destination);
                Assert.True(destination.SequenceEqual(plaintext), $"{name}: {blocks} blocks decrypted wrongly");
                calls += 2;
            }
        }

        Assert.Equal(130 * 3 * 2, calls);
        reference.Dispose();
    }

    /// <summary>The one-shot methods (ECB, CBC, CFB-8, both ways, PKCS7) on guard-page buffers, every length to 5 blocks past the widest batch.</summary>
    [LinuxTheory]
    [MemberData(nameof(BlockCiphers))]
    public void OneShotsStayInsideBuffersFlushAgainstGuardPages(Implementation<SymmetricAlgorithm> flavour)
    {
        using SymmetricAlgorithm algorithm = flavour.Create();
        algorithm.Key = ConcurrencyTests.Bytes(16, 2);
        byte[] iv = ConcurrencyTests.Bytes(algorithm.BlockSize / 8, 3);
        using var guarded = new GuardedRegion(16384);
        int checkedLengths = 0;
        for (int length = 0; length <= (69 * 16) + 1; length += length < 140 ? 1 : 37)
        {
            byte[] plaintext = ConcurrencyTests.Bytes(length, length);
            foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
            {
                byte[] expected = Encrypt(algorithm, mode, plaintext, iv);
                Span<byte> source = guarded.AtEnd(length);
                plaintext.CopyTo(source);
                Span<byte> destination = guarded.AtStart(expected.Length);
                Assert.True(TryEncrypt(algorithm, mode, source, iv, destination, out int written) && written == expected.Length);
                Assert.True(destination.SequenceEqual(expected));

                Span<byte> ciphertext = guarded.AtEnd(expected.Length);
                expected.CopyTo(ciphertext);
                Span<byte> back = guarded.AtStart(length);
                Assert.True(TryDecrypt(algorithm, mode, ciphertext, iv, back, out written) && written == length);
                Assert.True(back.SequenceEqual(plaintext));
            }

            checkedLengths++;
        }

        Assert.True(checkedLengths > 150);
    }

    private static byte[] Encrypt(SymmetricAlgorithm algorithm, CipherMode mode, byte[] plaintext, byte[] iv) => mode switch
    {
        CipherMode.ECB => algorithm.EncryptEcb(plaintext, PaddingMode.PKCS7),
        CipherMode.CBC => algorithm.EncryptCbc(plaintext, iv, PaddingMode.PKCS7),
        _ => algorithm.EncryptCfb(plaintext, iv, PaddingMode.PKCS7, 8),
    };

    private static bool TryEncrypt(SymmetricAlgorithm algorithm, CipherMode mode, ReadOnlySpan<byte> source, byte[] iv, Span<byte> destination, out int written) => mode switch
    {
        CipherMode.ECB => algorithm.TryEncryptEcb(source, destination, PaddingMode.PKCS7, out written),
        CipherMode.CBC => algorithm.TryEncryptCbc(source, iv, destination, out written, PaddingMode.PKCS7),
        _ => algorithm.TryEncryptCfb(source, iv, destination, out written, PaddingMode.PKCS7, 8),
    };

    private static bool TryDecrypt(SymmetricAlgorithm algorithm, CipherMode mode, ReadOnlySpan<byte> source, byte[] iv, Span<byte> destination, out int written) => mode switch
    {
        CipherMode.ECB => algorithm.TryDecryptEcb(source, destination, PaddingMode.PKCS7, out written),
        CipherMode.CBC => algorithm.TryDecryptCbc(source, iv, destination, out written, PaddingMode.PKCS7),
        _ => algorithm.TryDecryptCfb(source, iv, destination, out written, PaddingMode.PKCS7, 8),
    };

    // Every core of both flavours this CPU can run, at every block size it has, with the Reference core as the oracle.
    private static Dictionary<string, (Func<byte[], BlockCipher> Create, BlockCipher Reference, int BlockSize)> CoreFactories()
    {
        var cores = new Dictionary<string, (Func<byte[], BlockCipher>, BlockCipher, int)>();
        byte[] key = ConcurrencyTests.Bytes(32, 1);
        for (int blockSize = 16; blockSize <= 32; blockSize += 4)
        {
            int bs = blockSize;
            cores[$"Rijndael-Reference-{8 * bs}"] = (k => new RijndaelCore(k, bs), new RijndaelCore(key, bs), bs);
            cores[$"Rijndael-Portable-{8 * bs}"] = (k => new RijndaelPortableCore(k, bs), new RijndaelCore(key, bs), bs);
        }

        if (RijndaelAesNiCore.IsSupported)
        {
            cores["Rijndael-AesNi-128"] = (k => new RijndaelAesNiCore(k), new RijndaelCore(key, 16), 16);
        }

        if (RijndaelAesNi256Core.IsSupported)
        {
            cores["Rijndael-AesNi-256"] = (k => new RijndaelAesNi256Core(k), new RijndaelCore(key, 32), 32);
        }

        cores["Camellia-Reference"] = (k => new CamelliaCore(k), new CamelliaCore(key), 16);
        cores["Camellia-Portable"] = (k => new CamelliaPortableCore(k), new CamelliaCore(key), 16);
        foreach (CamelliaSBoxUnit unit in new[] { CamelliaSBoxUnit.Gfni, CamelliaSBoxUnit.AesNi })
        {
            if (CamelliaSlicedCore.IsSupported(unit))
            {
                CamelliaSBoxUnit u = unit;
                cores["Camellia-Sliced-" + unit] = (k => new CamelliaSlicedCore(k, u), new CamelliaCore(key), 16);
            }
        }

        return cores;
    }

    /// <summary>Pages of read-write memory between two PROT_NONE pages.</summary>
    private sealed class GuardedRegion : IDisposable
    {
        private const int ProtNone = 0;
        private const int ProtReadWrite = 1 | 2;
        private const int MapPrivate = 0x02;
        private const int MapAnonymous = 0x20;

        private readonly nint _base;
        private readonly nuint _total;
        private readonly int _page;
        private readonly int _usable;

        public GuardedRegion(int usableBytes)
        {
            _page = Environment.SystemPageSize;
            _usable = ((usableBytes + _page - 1) / _page) * _page;
            _total = (nuint)(_usable + (2 * _page));
            _base = mmap(0, _total, ProtReadWrite, MapPrivate | MapAnonymous, -1, 0);
            Assert.True(_base != -1, $"mmap failed: errno {Marshal.GetLastPInvokeError()}");
            Assert.Equal(0, mprotect(_base, (nuint)_page, ProtNone));
            Assert.Equal(0, mprotect(_base + _page + _usable, (nuint)_page, ProtNone));
        }

        /// <summary>A span whose first byte follows the leading guard page.</summary>
        public Span<byte> AtStart(int length) => At(_base + _page, length);

        /// <summary>A span whose last byte precedes the trailing guard page.</summary>
        public Span<byte> AtEnd(int length) => At(_base + _page + _usable - length, length);

        public void Dispose() => munmap(_base, _total);

        private Span<byte> At(nint address, int length)
        {
            Assert.InRange(length, 0, _usable);
            return MemoryMarshal.CreateSpan(ref System.Runtime.CompilerServices.Unsafe.AddByteOffset(ref System.Runtime.CompilerServices.Unsafe.NullRef<byte>(), address), length);
        }

        [DllImport("libc", SetLastError = true)]
        private static extern nint mmap(nint address, nuint length, int protection, int flags, int fd, nint offset);

        [DllImport("libc", SetLastError = true)]
        private static extern int mprotect(nint address, nuint length, int protection);

        [DllImport("libc", SetLastError = true)]
        private static extern int munmap(nint address, nuint length);
    }
}

/// <summary>A theory that runs only on Linux, and is reported as skipped, with the reason, elsewhere.</summary>
public sealed class LinuxTheoryAttribute : TheoryAttribute
{
    public LinuxTheoryAttribute(
        [System.Runtime.CompilerServices.CallerFilePath] string? sourceFilePath = null,
        [System.Runtime.CompilerServices.CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "Guard pages are set up with Linux's mmap/mprotect; this test runs on Linux only.";
        }
    }
}
