using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// A cipher as the benchmarks see it: one block size of a registry family (<see cref="Families"/>, whose flavours
/// give the Reference, Unsafe and Unsafe-Portable factories) plus the outside baselines, the built-in and BouncyCastle.
/// </summary>
public sealed class CipherSpec
{
    private CipherSpec(string name, int blockBits, BlockCipherFamily family, Func<SymmetricAlgorithm>? builtIn, Func<IBlockCipher>? bouncyCastle)
    {
        Name = name;
        BlockBits = blockBits;
        Reference = family.Reference.Create;
        Unsafe = family.Unsafe.Create;
        UnsafePortable = family.UnsafePortable?.Create;
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

    /// <summary>Rijndael with a 128-bit block (AES): all four implementations.</summary>
    public static CipherSpec Rijndael128 { get; } = new("Rijndael-128", 128, Families.Rijndael, Aes.Create, () => new AesEngine());

    /// <summary>Rijndael with a 256-bit block: no built-in; BouncyCastle's RijndaelEngine(256).</summary>
    public static CipherSpec Rijndael256 { get; } = new("Rijndael-256", 256, Families.Rijndael, null, () => new RijndaelEngine(256));

    /// <summary>Camellia (128-bit block): no built-in; BouncyCastle's CamelliaEngine. Unsafe is the GFNI core where the CPU has it.</summary>
    public static CipherSpec Camellia { get; } = new("Camellia", 128, Families.Camellia, null, () => new CamelliaEngine());

    /// <summary>CLEFIA (128-bit block): no built-in, no BouncyCastle engine. Unsafe is the GFNI core where the CPU has it.</summary>
    public static CipherSpec Clefia { get; } = new("CLEFIA", 128, Families.Clefia, null, null);

    /// <summary>SC2000 (128-bit block): no built-in, no BouncyCastle engine, one Unsafe core (no intrinsic path).</summary>
    public static CipherSpec Sc2000 { get; } = new("SC2000", 128, Families.Sc2000, null, null);
}
