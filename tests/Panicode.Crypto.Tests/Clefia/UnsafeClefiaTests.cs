using System;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.Catalog;

namespace Panicode.Crypto.Tests.Clefia;

/// <summary>
/// What is particular to the Unsafe CLEFIA flavour: which core it picks. Its cores' contract and its agreement with
/// the Reference flavour are checked in BlockCiphers/UnsafeCoreContractTests.cs, over the registry.
/// </summary>
public sealed class UnsafeClefiaTests
{
    [Fact]
    public void UsesTheGfniCoreExactlyWhenTheCpuHasGfniAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        Assert.Equal(allowed, Unsafe.Internal.CpuFeatures.IntrinsicsAllowed);
        using BlockCipher auto = UnsafeCores.Flavour(UnsafeCores.Clefia, allowed).CreateCipher(new byte[16], 16);
        Assert.Equal(ClefiaGfniCore.IsSupported && allowed, auto is ClefiaGfniCore);
        using BlockCipher portable = UnsafeCores.Flavour(UnsafeCores.Clefia, allowIntrinsics: false).CreateCipher(new byte[16], 16);
        Assert.IsType<ClefiaPortableCore>(portable);
    }
}
