using System;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Tests.Infrastructure;
using Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

namespace Panicode.Crypto.Tests.Sc2000;

/// <summary>
/// What is particular to the Unsafe SC2000 flavour: its own key schedule. Its core's contract and its agreement with
/// the Reference flavour are checked in BlockCiphers/UnsafeCoreContractTests.cs, over the registry.
/// </summary>
public sealed class UnsafeSc2000Tests
{
    [Fact]
    public void UnsafeKeyScheduleEqualsReferenceScheduleForRandomKeys() =>
        Assert.Equal(600, UnsafeDifferential.CompareKeySchedules(new[] { 16, 24, 32 }, 200, new Random(35), key => Sc2000Core.ExpandKey(key), key => Sc2000KeySchedule.Expand(key)));
}
