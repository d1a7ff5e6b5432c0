using System;
using System.Diagnostics;
using System.IO;
using System.Text.RegularExpressions;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Tests.Ec;

/// <summary>
/// PANICODE_FORCE_PORTABLE=1 reaches every intrinsic path of the EC arithmetic (<see cref="EcIntrinsics"/>): in this
/// process the switches follow the variable; a child process of this test program with the variable set sees them
/// all off and runs the EC arithmetic suite (every named curve, both flavours, field, scalar and point layers against
/// BigInteger) on the portable code.
/// </summary>
public class EcForcePortableTests
{
    private const string ArithmeticSuite = "Panicode.Crypto.Tests.Ec.EcArithmeticTests.*";
    private const string SwitchTest = "Panicode.Crypto.Tests.Ec.EcForcePortableTests." + nameof(SwitchesFollowTheVariable);

    [Fact]
    public void SwitchesFollowTheVariable()
    {
        bool forced = Environment.GetEnvironmentVariable(EcIntrinsics.ForcePortableVariable) == "1";
        Assert.Equal(!forced, EcIntrinsics.Allowed);
        if (forced)
        {
            Assert.False(EcIntrinsics.Bmi2X64);
            Assert.False(EcIntrinsics.Vector256Scan);
        }
        else
        {
            Assert.Equal(Bmi2.X64.IsSupported, EcIntrinsics.Bmi2X64);
            Assert.Equal(Vector256.IsHardwareAccelerated, EcIntrinsics.Vector256Scan);
        }
    }

    [Fact]
    public async System.Threading.Tasks.Task ChildProcessWithTheVariableRunsThePortableArithmetic()
    {
        if (Environment.GetEnvironmentVariable(EcIntrinsics.ForcePortableVariable) == "1")
        {
            // This process is already the portable one (a CI leg with the variable set): the switch test covers it.
            Assert.False(EcIntrinsics.Allowed);
            return;
        }

        // The test program (xUnit v3: an executable assembly) run by the same host, with only the two suites.
        string program = typeof(EcForcePortableTests).Assembly.Location;
        string host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } h ? h : "dotnet";
        ProcessStartInfo start = new(host)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = Path.GetDirectoryName(program)!,
        };
        foreach (string argument in new[] { program, "-method", SwitchTest, "-method", ArithmeticSuite, "-noColor" })
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment[EcIntrinsics.ForcePortableVariable] = "1";
        using Process child = Process.Start(start)!;
        var token = TestContext.Current.CancellationToken;
        var stderr = child.StandardError.ReadToEndAsync(token);
        string output = await child.StandardOutput.ReadToEndAsync(token);
        Assert.True(child.WaitForExit(600_000), "the child test run did not finish in 10 minutes");
        string all = output + await stderr;
        Assert.True(child.ExitCode == 0, all);

        // "Total: N, Errors: 0, Failed: 0, Skipped: 0": the switch test and the whole arithmetic suite ran and passed.
        Match totals = Regex.Match(all, @"Total: (\d+), Errors: (\d+), Failed: (\d+), Skipped: (\d+)");
        Assert.True(totals.Success, all);
        Assert.True(int.Parse(totals.Groups[1].Value) > 100, all);
        Assert.Equal("0", totals.Groups[2].Value);
        Assert.Equal("0", totals.Groups[3].Value);
        Assert.Equal("0", totals.Groups[4].Value);
    }
}
