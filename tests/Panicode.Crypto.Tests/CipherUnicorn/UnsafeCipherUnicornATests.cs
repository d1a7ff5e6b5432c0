using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.CipherUnicorn;

namespace Panicode.Crypto.Tests.CipherUnicorn;

/// <summary>
/// What is particular to the Unsafe CIPHERUNICORN-A flavour: its own key schedule. Its core's contract and its
/// agreement with the Reference flavour are checked in BlockCiphers/UnsafeCoreContractTests.cs, over the registry.
/// </summary>
public sealed class UnsafeCipherUnicornATests
{
    private static readonly int[] s_keySizes = { 16, 24, 32 };

    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys() =>
        Assert.Equal(600, UnsafeDifferential.CompareKeySchedules(s_keySizes, 200, new Random(45), key => CipherUnicornACore.ExpandKey(key), key => CipherUnicornAPortableCore.ExpandKey(key)));
}
