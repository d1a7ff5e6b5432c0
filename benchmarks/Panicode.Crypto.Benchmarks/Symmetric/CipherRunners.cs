using System;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>The implementations of one cipher, all keyed with the same key and IV.</summary>
public sealed class CipherRunners : IDisposable
{
    public CipherRunners(CipherSpec spec, byte[] key, byte[] iv)
    {
        Reference = new SymmetricAlgorithmRunner(spec.Reference(), spec.BlockBits, key, iv);
        Unsafe = spec.Unsafe == null ? null : new SymmetricAlgorithmRunner(spec.Unsafe(), spec.BlockBits, key, iv);
        UnsafePortable = spec.UnsafePortable == null ? null : new SymmetricAlgorithmRunner(spec.UnsafePortable(), spec.BlockBits, key, iv);
        BuiltIn = spec.BuiltIn == null ? null : new SymmetricAlgorithmRunner(spec.BuiltIn(), spec.BlockBits, key, iv);
        BouncyCastle = spec.BouncyCastle == null ? null : new BouncyCastleRunner(spec.BouncyCastle, key, iv);
    }

    public CipherRunner Reference { get; }

    public CipherRunner? Unsafe { get; }

    public CipherRunner? UnsafePortable { get; }

    public CipherRunner? BuiltIn { get; }

    /// <summary>Null for a cipher BouncyCastle does not have.</summary>
    public CipherRunner? BouncyCastle { get; }

    public void Dispose()
    {
        Reference.Dispose();
        Unsafe?.Dispose();
        UnsafePortable?.Dispose();
        BuiltIn?.Dispose();
        BouncyCastle?.Dispose();
    }
}
