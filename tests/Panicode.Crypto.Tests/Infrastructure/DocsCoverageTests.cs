using System;
using System.IO;
using System.Linq;
using System.Text;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// The docs and the package metadata cover every algorithm of the catalogue (<see cref="CryptoCatalog"/>): the README's
/// algorithm table is generated from it (this test holds the generator; on a difference it prints the table to paste
/// between the markers), and the package descriptions, tags and package README name every algorithm.
/// </summary>
public sealed class DocsCoverageTests
{
    private const string Begin = "<!-- algorithms: generated from CryptoCatalog by DocsCoverageTests; do not edit -->";
    private const string End = "<!-- end of algorithms -->";

    [Fact]
    public void TheReadmeAlgorithmTableIsTheCataloguesOwn()
    {
        string readme = File.ReadAllText(Path.Combine(Root(), "README.md")).Replace("\r\n", "\n");
        int begin = readme.IndexOf(Begin, StringComparison.Ordinal);
        int end = readme.IndexOf(End, StringComparison.Ordinal);
        Assert.True(begin >= 0 && end > begin, "README.md has no generated algorithm table between the markers");
        string actual = readme.Substring(begin + Begin.Length, end - begin - Begin.Length).Trim('\n');
        string expected = Table();
        Assert.True(expected == actual, "README.md's algorithm table differs from the catalogue; paste this between the markers:\n" + expected);
    }

    [Fact]
    public void PackageMetadataAndThePackageReadmeNameEveryAlgorithm()
    {
        string root = Root();
        string reference = File.ReadAllText(Path.Combine(root, "src", "Panicode.Crypto", "Panicode.Crypto.csproj"));
        string @unsafe = File.ReadAllText(Path.Combine(root, "src", "Panicode.Crypto.Unsafe", "Panicode.Crypto.Unsafe.csproj"));
        string props = File.ReadAllText(Path.Combine(root, "src", "Directory.Build.props"));
        string package = File.ReadAllText(Path.Combine(root, "src", "PACKAGE.md"));
        string tags = props.Substring(props.IndexOf("<PackageTags>", StringComparison.Ordinal));
        tags = tags.Substring(0, tags.IndexOf("</PackageTags>", StringComparison.Ordinal)).ToLowerInvariant();
        foreach (AlgorithmInfo algorithm in CryptoCatalog.Reference.Algorithms.Where(a => a.Kind != AlgorithmKind.Mode || a.Id is "Gcm" or "Ccm" or "Cmac" or "Gmac" or "Ctr" or "CbcMac" or "RetailMac" or "MultiS01"))
        {
            string name = algorithm.Name;
            Assert.True(reference.Contains(name, StringComparison.Ordinal), $"Panicode.Crypto's description does not name {name}");
            Assert.True(@unsafe.Contains(name, StringComparison.Ordinal), $"Panicode.Crypto.Unsafe's description does not name {name}");
            Assert.True(package.Contains(name, StringComparison.Ordinal), $"src/PACKAGE.md does not name {name}");
            // A tag that starts the identifier: "cipherunicorn" for CipherUnicornA, "hmac" for HmacRipemd160.
            string id = algorithm.Id.ToLowerInvariant();
            Assert.True(tags.Split(';').Any(t => t.Length >= 2 && id.StartsWith(t, StringComparison.Ordinal)), $"the package tags have none for {name}");
        }
    }

    [Fact]
    public void EveryReadmeLinkToTheDocsLeadsToAPageAndEveryAlgorithmsPageNamesIt()
    {
        string root = Root();
        string readme = File.ReadAllText(Path.Combine(root, "README.md"));
        string[] links = System.Text.RegularExpressions.Regex.Matches(readme, @"\]\((docs/[^)#]+)")
            .Select(m => m.Groups[1].Value).Distinct().ToArray();
        Assert.True(links.Length >= 10, $"the README links to only {links.Length} pages under docs/");
        foreach (string link in links)
        {
            Assert.True(File.Exists(Path.Combine(root, link)), $"README.md links to {link}, which does not exist");
        }

        foreach (AlgorithmInfo algorithm in CryptoCatalog.Reference.Algorithms)
        {
            string page = System.Text.RegularExpressions.Regex.Match(Page(algorithm), @"\((docs/[^)#]+)\)").Groups[1].Value;
            string text = File.ReadAllText(Path.Combine(root, page));
            Assert.True(algorithm.Names.Any(n => text.Contains(n, StringComparison.Ordinal)), $"{page} does not name {algorithm.Name}");
        }
    }

    /// <summary>The README table: one row per algorithm, with its type, both factories and the page that shows it.</summary>
    private static string Table()
    {
        StringBuilder table = new();
        table.Append("| Algorithm | Kind | Reference | Unsafe | Page |\n|---|---|---|---|---|\n");
        foreach (AlgorithmInfo algorithm in CryptoCatalog.Reference.Algorithms)
        {
            AlgorithmInfo fast = UnsafeCrypto.Catalog.Find(algorithm.Id)!;
            string name = string.Join(" / ", algorithm.Names);
            table.Append($"| {name} | {Kind(algorithm.Kind)} | `{algorithm.Factory}` | {(fast.Factory != algorithm.Factory ? "`" + fast.Factory + "`" : algorithm.Kind == AlgorithmKind.Mode ? "the same over the Unsafe cipher" : "the same over Unsafe primitives")} | {Page(algorithm)} |\n");
        }

        return table.ToString().TrimEnd('\n');
    }

    private static string Kind(AlgorithmKind kind) => kind switch
    {
        AlgorithmKind.BlockCipher => "block cipher",
        AlgorithmKind.Mode => "mode",
        AlgorithmKind.StreamCipher => "stream cipher",
        AlgorithmKind.Hash => "hash",
        AlgorithmKind.Mac => "MAC",
        AlgorithmKind.Signature => "signature",
        AlgorithmKind.KeyAgreement => "key agreement",
        AlgorithmKind.KeyEncapsulation => "key encapsulation",
        AlgorithmKind.EntityAuthentication => "entity authentication",
        _ => "public key",
    };

    private static string Page(AlgorithmInfo algorithm) => algorithm.Kind switch
    {
        AlgorithmKind.BlockCipher => "[block ciphers](docs/block-ciphers.md)",
        AlgorithmKind.Mode when algorithm.Id is "Ecb" or "Cbc" or "Cfb" or "Ofb" or "Cts" => "[block ciphers](docs/block-ciphers.md)",
        AlgorithmKind.Mode when algorithm.Id is "MultiS01" => "[stream ciphers](docs/stream-ciphers.md)",
        AlgorithmKind.Mode => "[modes](docs/modes.md)",
        AlgorithmKind.StreamCipher => "[stream ciphers](docs/stream-ciphers.md)",
        AlgorithmKind.Hash or AlgorithmKind.Mac => "[hashes and MACs](docs/hashes.md)",
        AlgorithmKind.EntityAuthentication => "[entity authentication](docs/entity-authentication.md)",
        _ => "[public key](docs/public-key.md)",
    };

    private static string Root()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Crypto.sln")) && Directory.Exists(Path.Combine(dir.FullName, "src")))
            {
                return dir.FullName;
            }
        }

        throw new DirectoryNotFoundException("Cannot find the repository (Crypto.sln and src/) above " + AppContext.BaseDirectory);
    }
}
