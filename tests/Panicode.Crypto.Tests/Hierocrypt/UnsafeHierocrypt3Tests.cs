using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Hierocrypt;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>
/// What is particular to the Unsafe Hierocrypt-3 flavour: which core it picks, and its own key schedule. Its cores'
/// contract and its agreement with the Reference flavour are checked in BlockCiphers/UnsafeCoreContractTests.cs.
/// </summary>
public sealed class UnsafeHierocrypt3Tests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    [Fact]
    public void AutoFlavourUsesTheGfniCoreExactlyWhenTheCpuHasGfniAndIntrinsicsAreAllowed()
    {
        bool allowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
        using BlockCipher auto = UnsafeHierocrypt3.CreateCore(new byte[16], allowed);
        Assert.Equal(allowed && Hierocrypt3GfniCore.IsSupported, auto is Hierocrypt3GfniCore);
        using BlockCipher portable = UnsafeHierocrypt3.CreateCore(new byte[16], allowIntrinsics: false);
        Assert.IsType<Hierocrypt3PortableCore>(portable);
    }

    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys() =>
        Assert.Equal(600, UnsafeDifferential.CompareKeySchedules(s_keySizes, 200, new Random(35), key => Hierocrypt3Core.ExpandKey(key), key => Hierocrypt3KeySchedule.Expand(key)));
}
