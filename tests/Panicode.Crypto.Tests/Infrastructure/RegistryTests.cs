using System;
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
    /// The .ci/run legs that switch instruction sets off (DOTNET_EnableAVX512=0, ...) set PANICODE_EXPECT_CORES to
    /// the exact cores that leg must run ("Family/Core", comma-separated): if a runtime setting stopped working, the
    /// leg would silently test the default path again; this fails it instead.
    /// </summary>
    [Fact]
    public void TheCoresThisProcessRunsAreTheOnesTheCiLegExpects()
    {
        string? expected = Environment.GetEnvironmentVariable("PANICODE_EXPECT_CORES");
        if (expected is null)
        {
            Assert.Skip("PANICODE_EXPECT_CORES is not set (only the .ci/run instruction-set legs set it)");
        }

        string[] runnable = Families.BlockCiphers.SelectMany(f => f.Cores).Where(c => c.SkipReason is null)
            .Select(c => c.Family + "/" + c.Name).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        string[] wanted = expected.Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries).Select(n => n.Trim())
            .OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Equal(wanted, runnable);
    }
}
