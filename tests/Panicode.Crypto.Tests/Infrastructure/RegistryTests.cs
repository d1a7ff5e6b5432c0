using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>The flavour registry itself: its queries, and which cores this process runs.</summary>
public sealed class RegistryTests
{
    [Fact]
    public void EveryFamilyIsFoundByNameAndHasReferenceFirstAndUniqueFlavourNames()
    {
        Assert.NotEmpty(Families.All);
        foreach (Family family in Families.All)
        {
            Assert.Same(family, Families.Find(family.Name.ToUpperInvariant()));
            string[] names = family.AllFlavours.Select(f => f.Name).ToArray();
            Assert.Equal("Reference", names[0]);
            Assert.Equal(names.Length, names.Distinct().Count());
            Assert.All(family.AllFlavours, f => Assert.Equal(family.Name, f.Family));
        }

        Assert.Null(Families.Find("NoSuchCipher"));
    }

    [Fact]
    public void BlockCipherQueriesFollowTheLegalBlockSizes()
    {
        Assert.Equal(new[] { 128, 160, 192, 224, 256 }, Families.Rijndael.BlockSizes);
        Assert.Equal(new[] { 128 }, Families.Camellia.BlockSizes);
        Assert.Equal(new[] { 128, 192, 256 }, Families.Camellia.KeySizes);
        Assert.Contains(Families.Rijndael, Families.BlockCiphersWithBlockSize(128));
        Assert.Contains(Families.Camellia, Families.BlockCiphersWithBlockSize(128));
        Assert.Equal(new[] { Families.Rijndael }, Families.BlockCiphersWithBlockSize(256));
        foreach (BlockCipherFamily family in Families.BlockCiphers)
        {
            // Every flavour takes exactly the Reference flavour's block sizes.
            foreach (Flavour<SymmetricAlgorithm> flavour in family.Flavours)
            {
                using SymmetricAlgorithm algorithm = flavour.Create();
                Assert.Equal(family.BlockSizes, family.BlockSizes.Where(bits => algorithm.LegalBlockSizes.Any(l => bits >= l.MinSize && bits <= l.MaxSize)));
                Assert.Equal(family.BlockSizes.Min(), algorithm.LegalBlockSizes.Min(l => l.MinSize));
                Assert.Equal(family.BlockSizes.Max(), algorithm.LegalBlockSizes.Max(l => l.MaxSize));
            }

            Assert.All(family.Cores, c => Assert.NotEmpty(c.BlockBytes));
            Assert.Equal(family.Cores.Count, family.Cores.Select(c => c.Name).Distinct().Count());
        }
    }

    /// <summary>
    /// The .ci/run legs that switch instruction sets off (DOTNET_EnableAVX512=0, ...) set PANICODE_EXPECT_CORES_OFF to
    /// what that leg switched off ("none", "avx512", "avx2", "gfni" or "all"). The cores this process must run then
    /// follow from the catalogue's feature lists and the CPU's flags in /proc/cpuinfo, so neither this test nor .ci/run
    /// restates which core needs what: if a runtime setting stopped working, the leg would silently test the default path
    /// again; this fails it instead.
    /// </summary>
    [Fact]
    public void TheCoresThisProcessRunsAreTheOnesTheCpuFlagsAndTheCiLegPredict()
    {
        string? off = Environment.GetEnvironmentVariable("PANICODE_EXPECT_CORES_OFF");
        if (off is null)
        {
            Assert.Skip("PANICODE_EXPECT_CORES_OFF is not set (only the .ci/run legs set it)");
        }

        string[] flags = File.ReadAllLines("/proc/cpuinfo").First(l => l.StartsWith("flags", StringComparison.Ordinal))
            .Split(':')[1].Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
        HashSet<string> on = new(flags.Where(f => off switch
        {
            "none" => true,
            "avx512" => !f.StartsWith("avx512", StringComparison.Ordinal),
            "avx2" => f != "avx2" && !f.StartsWith("avx512", StringComparison.Ordinal),
            "gfni" => f != "gfni",
            "all" => false,
            _ => throw new ArgumentException($"PANICODE_EXPECT_CORES_OFF={off} is not none, avx512, avx2, gfni or all."),
        }));

        BlockCipherCore[] cores = Families.BlockCiphers.SelectMany(f => f.Cores).ToArray();
        string[] expected = cores.Where(c => c.Features.All(f => f[0] == '!' ? !on.Contains(f.Substring(1)) : on.Contains(f)))
            .Select(c => c.Family + "/" + c.Name).ToArray();
        string[] runnable = cores.Where(c => c.SkipReason is null).Select(c => c.Family + "/" + c.Name).ToArray();
        Assert.Equal(expected, runnable);

        // The check has teeth: every family has a core that runs everywhere, and on this x86 machine some intrinsic
        // core is predicted unless everything is off.
        Assert.All(Families.BlockCiphers, f => Assert.Contains(f.Name + "/Portable", runnable));
        Assert.Equal(off != "all" && flags.Contains("aes"), runnable.Contains("Rijndael/AesNi"));
    }
}
