using System;
using System.IO;
using System.Linq;
using Panicode.Crypto.Fuzzing;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// Replays the fuzzing corpus (tests/fuzz-corpus/TARGET, kept by tools/fuzz/run.sh with FUZZ_UPDATE_CORPUS=1) and
/// the seeds through the same targets the fuzzer ran: each input must pass the target's checks again.
/// </summary>
public sealed class FuzzCorpusReplayTests
{
    public static TheoryData<string> Targets => new(FuzzTargets.All.Keys);

    [Theory]
    [MemberData(nameof(Targets))]
    public void CorpusAndSeedsReplayWithoutFindings(string target)
    {
        string directory = Path.Combine(Path.GetDirectoryName(VectorFiles.Root)!, "tests", "fuzz-corpus", target);
        string[] files = Directory.GetFiles(directory);
        Assert.NotEmpty(files);
        Action<byte[]> run = FuzzTargets.All[target];
        foreach (string file in files)
        {
            try
            {
                run(File.ReadAllBytes(file));
            }
            catch (Exception e)
            {
                Assert.Fail($"{target}/{Path.GetFileName(file)}: {e}");
            }
        }

        int seeds = 0;
        foreach (byte[] seed in FuzzTargets.Seeds(target))
        {
            run(seed);
            seeds++;
        }

        Assert.True(seeds >= 1);
    }
}
