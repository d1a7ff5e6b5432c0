using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>A cipher family as the benchmarks see it: its block size and a factory per implementation.</summary>
public sealed class CipherSpec
{
    private CipherSpec(
        string name,
        int blockBits,
        Func<SymmetricAlgorithm> reference,
        Func<SymmetricAlgorithm>? @unsafe,
        Func<SymmetricAlgorithm>? unsafePortable,
        Func<SymmetricAlgorithm>? builtIn,
        Func<IBlockCipher>? bouncyCastle)
    {
        Name = name;
        BlockBits = blockBits;
        Reference = reference;
        Unsafe = @unsafe;
        UnsafePortable = unsafePortable;
        BuiltIn = builtIn;
        BouncyCastle = bouncyCastle;
    }

    public string Name { get; }

    public int BlockBits { get; }

    public Func<SymmetricAlgorithm> Reference { get; }

    public Func<SymmetricAlgorithm>? Unsafe { get; }

    /// <summary>The Unsafe flavour with intrinsics turned off: the paper's table-based techniques alone ("Proposed").</summary>
    public Func<SymmetricAlgorithm>? UnsafePortable { get; }

    public Func<SymmetricAlgorithm>? BuiltIn { get; }

    /// <summary>BouncyCastle's engine; null for a cipher it does not have.</summary>
    public Func<IBlockCipher>? BouncyCastle { get; }

    private static Func<SymmetricAlgorithm>? UnsafeRijndael => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael;

    private static Func<SymmetricAlgorithm>? UnsafePortableRijndael => () => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRijndael(forcePortable: true);

    /// <summary>Rijndael with a 128-bit block (AES): all four implementations.</summary>
    public static CipherSpec Rijndael128 { get; } = new(
        "Rijndael-128",
        128,
        RijndaelCipher.Create,
        UnsafeRijndael,
        UnsafePortableRijndael,
        Aes.Create,
        () => new AesEngine());

    /// <summary>Rijndael with a 256-bit block: no built-in; BouncyCastle's RijndaelEngine(256).</summary>
    public static CipherSpec Rijndael256 { get; } = new(
        "Rijndael-256",
        256,
        RijndaelCipher.Create,
        UnsafeRijndael,
        UnsafePortableRijndael,
        null,
        () => new RijndaelEngine(256));

    /// <summary>Camellia (128-bit block): no built-in; BouncyCastle's CamelliaEngine. Unsafe is the GFNI core where the CPU has it.</summary>
    public static CipherSpec Camellia { get; } = new(
        "Camellia",
        128,
        CamelliaCipher.Create,
        Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCamellia,
        () => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateCamellia(forcePortable: true),
        null,
        () => new CamelliaEngine());

    // --- CRYPTREC 128-bit ciphers, part a (CLEFIA, SC2000) ---

    /// <summary>CLEFIA (128-bit block): no built-in, no BouncyCastle engine. Unsafe is the GFNI core where the CPU has it.</summary>
    public static CipherSpec Clefia { get; } = new(
        "CLEFIA",
        128,
        ClefiaCipher.Create,
        Panicode.Crypto.Unsafe.UnsafeCrypto.CreateClefia,
        () => Panicode.Crypto.Unsafe.UnsafeCrypto.CreateClefia(forcePortable: true),
        null,
        null);

    /// <summary>SC2000 (128-bit block): no built-in, no BouncyCastle engine, one Unsafe core (no intrinsic path).</summary>
    public static CipherSpec Sc2000 { get; } = new(
        "SC2000",
        128,
        Sc2000Cipher.Create,
        Panicode.Crypto.Unsafe.UnsafeCrypto.CreateSc2000,
        null,
        null,
        null);
}
