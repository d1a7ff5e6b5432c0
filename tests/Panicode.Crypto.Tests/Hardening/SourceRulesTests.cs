using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// Rules read off the sources of the two shipped assemblies (src/Panicode.Crypto, src/Panicode.Crypto.Unsafe), so that a
/// new violation fails the default test run:
/// <list type="bullet">
/// <item><b>No stackalloc sized by caller input.</b> A stack overflow ends the process and no handler can catch it (a
/// 512 MiB key once did that through the AES-NI key schedule). Every <c>stackalloc</c> size must be recognised as
/// bounded: built from literals and <c>const</c> fields only; or carrying a <c>// stackalloc bound: why</c> comment on
/// its line or in the comment lines just above it (a run of stackalloc lines shares one); or using only identifiers
/// that <see cref="BoundedIdentifiers"/> lists for its folder, each with the reason its value is small.</item>
/// <item><b>No byte-to-bit product of a length.</b> <c>x.Length * 8</c> (or <c>&lt;&lt; 3</c>) wraps in 32-bit
/// arithmetic; lengths are converted with <c>SizeChecks.Bits</c> or compared as lengths. A product in 64-bit
/// arithmetic (a <c>(long)</c>/<c>(ulong)</c> cast first) or one marked <c>// size: why</c> (a length that is small by
/// construction) is allowed.</item>
/// </list>
/// </summary>
public sealed class SourceRulesTests
{
    private const string BoundComment = "stackalloc bound:";

    /// <summary>
    /// Identifiers whose values are small by construction, per folder (a path fragment). Each entry says why; an entry
    /// no stackalloc uses any more fails <see cref="EveryStackallocHasABound"/>, so the list stays exact.
    /// </summary>
    private static readonly (string Folder, string[] Identifiers, string Why)[] BoundedIdentifiers =
    {
        (
            "/Modes/",
            new[] { "bs" },
            "a block cipher's block size in bytes: at most FinalBlock.MaxBlockSize (32), fixed by LegalBlockSizes before a core exists"
        ),
        (
            "/Mac/",
            new[] { "_blockSize" },
            "a block cipher's block size in bytes (8 or 16 for CMAC)"
        ),
        (
            "/BlockCipherAlgorithm.cs",
            new[] { "blockSize" },
            "BlockSizeValue / 8: at most 32, the largest legal Rijndael block"
        ),
        (
            "/BlockCiphers/Rijndael/",
            new[] { "nb", "Nb" },
            "Rijndael's Nb, block words: 4 to 8, from a legal block size"
        ),
        (
            "/Ec/",
            new[]
            {
                "n", "N", "_m", "LimbCount", "Scalars.LimbCount", "sf.LimbCount", "group.Scalars.LimbCount",
                "fullLimbs", "chunkLimbs", "OrderBytes", "group.OrderBytes",
                "group.FieldBytes", "k.Length", "u2.Length", "stride", "Chunks", "count",
            },
            "limb, byte and digit counts of one field element or scalar, and table lengths: a field has at most " +
            "CurveParameters.MaxFieldBits = 661 bits (checked before any group is built) and an order one bit more (Hasse), " +
            "so at most 84 bytes, 21 32-bit or 11 64-bit limbs; scalars reaching these methods are reduced mod n (hashes " +
            "are truncated first, SEC 1 §4.1.3), GLV halves are shorter; tables hold 8 or 16 points"
        ),
    };

    private static readonly Regex StackallocSize = new(@"\bstackalloc\s*(?:[A-Za-z_][\w<>.,\s]*?)?\s*\[", RegexOptions.Compiled);
    private static readonly Regex Identifier = new(@"[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*", RegexOptions.Compiled);
    private static readonly Regex NumericLiteral = new(@"\b0[xX][0-9a-fA-F_]+[uUlL]*\b|\b\d[\d_]*[uUlL]*\b", RegexOptions.Compiled);
    private static readonly Regex ConstDeclaration = new(@"\bconst\s+[\w.<>]+\s+(\w+)\s*=", RegexOptions.Compiled);
    private static readonly Regex TypeDeclaration = new(@"\b(?:class|struct|interface)\s+(\w+)", RegexOptions.Compiled);
    private static readonly Regex LengthTimesEight = new(@"\bLength\s*(?:\*\s*8\b|<<\s*3\b)", RegexOptions.Compiled);

    [Fact]
    public void EveryStackallocHasABound()
    {
        SourceFile[] files = SourceFile.All();
        var violations = new List<string>();
        var used = new HashSet<(string Folder, string Identifier)>();
        int sites = 0;
        foreach (SourceFile file in files)
        {
            for (int i = 0; i < file.Lines.Length; i++)
            {
                if (IsComment(file.Lines[i]))
                {
                    continue;
                }

                foreach (Match m in StackallocSize.Matches(file.Lines[i]))
                {
                    sites++;
                    string size = BracketContents(file.Lines, i, m.Index + m.Length);
                    List<string> unbounded = UnboundedIdentifiers(size, file, files);
                    if (unbounded.Count == 0 || HasBoundComment(file.Lines, i))
                    {
                        continue;
                    }

                    var allowed = BoundedIdentifiers.Where(b => file.Path.Contains(b.Folder, StringComparison.Ordinal)).ToArray();
                    List<string> left = unbounded.Where(id => !allowed.Any(b => b.Identifiers.Contains(id))).ToList();
                    foreach (string id in unbounded.Except(left))
                    {
                        used.Add((allowed.First(b => b.Identifiers.Contains(id)).Folder, id));
                    }

                    if (left.Count > 0)
                    {
                        violations.Add($"{file.Path}:{i + 1}: stackalloc [{size.Trim()}] depends on {string.Join(", ", left)}");
                    }
                }
            }
        }

        Assert.True(sites > 150, $"Only {sites} stackalloc sites found: is the scan still reading the sources?");
        Assert.True(violations.Count == 0, "stackalloc without a recognised bound (see SourceRulesTests):\n" + string.Join("\n", violations));
        string[] stale = BoundedIdentifiers.SelectMany(b => b.Identifiers.Select(id => (b.Folder, id)))
            .Where(e => !used.Contains(e)).Select(e => $"{e.Folder} {e.id}").ToArray();
        Assert.True(stale.Length == 0, "Allow-list entries no stackalloc needs any more: " + string.Join(", ", stale));
    }

    /// <summary>The scan itself: a size from a parameter is caught, constants and bounded forms are not.</summary>
    [Fact]
    public void TheStackallocScanRecognisesBoundsAndNothingElse()
    {
        var file = new SourceFile(
            "/src/Panicode.Crypto/Modes/Example.cs",
            "class Example\n{\n    private const int Size = 16;\n}\n");
        SourceFile[] files = { file };
        Assert.Empty(UnboundedIdentifiers("2 * Size + 0x10", file, files));
        Assert.Empty(UnboundedIdentifiers("sizeof(ulong) * 4", file, files));
        Assert.Equal(new[] { "key.Length" }, UnboundedIdentifiers("4 * key.Length", file, files));
        Assert.Equal(new[] { "Other.Size" }, UnboundedIdentifiers("Other.Size", file, files));   // no type Other declares it
        string[] lines = { "    // stackalloc bound: at most 4 words", "    Span<uint> a = stackalloc uint[n];", "    Span<uint> b = stackalloc uint[n];", "    x();", "    Span<uint> c = stackalloc uint[n];" };
        Assert.True(HasBoundComment(lines, 1));
        Assert.True(HasBoundComment(lines, 2));
        Assert.False(HasBoundComment(lines, 4));
    }

    [Fact]
    public void NoLengthIsMultipliedIntoBitsIn32BitArithmetic()
    {
        var violations = new List<string>();
        foreach (SourceFile file in SourceFile.All())
        {
            for (int i = 0; i < file.Lines.Length; i++)
            {
                string line = file.Lines[i];
                if (IsComment(line) || line.Contains("// size:", StringComparison.Ordinal))
                {
                    continue;
                }

                foreach (Match m in LengthTimesEight.Matches(line))
                {
                    string before = line.Substring(0, m.Index);
                    if (!Regex.IsMatch(before, @"\((?:long|ulong)\)\s*[\w.()]*$"))
                    {
                        violations.Add($"{file.Path}:{i + 1}: {line.Trim()}");
                    }
                }
            }
        }

        Assert.True(violations.Count == 0, "Length * 8 in 32-bit arithmetic (use SizeChecks.Bits, compare lengths, or mark '// size: why'):\n" + string.Join("\n", violations));
    }

    private static bool IsComment(string line)
    {
        string t = line.TrimStart();
        return t.StartsWith("//", StringComparison.Ordinal) || t.StartsWith("*", StringComparison.Ordinal);
    }

    // The text between the '[' that ends at column `start` of line `index` and its matching ']' (it may span lines).
    private static string BracketContents(string[] lines, int index, int start)
    {
        var text = new System.Text.StringBuilder();
        int depth = 1;
        for (int i = index; i < lines.Length && i < index + 5; i++)
        {
            string line = i == index ? lines[i].Substring(start) : lines[i];
            foreach (char c in line)
            {
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
                if (depth == 0)
                {
                    return text.ToString();
                }

                text.Append(c);
            }

            text.Append('\n');
        }

        throw new InvalidOperationException($"Unbalanced stackalloc size at line {index + 1}.");
    }

    // Identifiers in a size expression that are neither literals nor const fields (of this file's types, or of the
    // type a qualified name names). An empty size (stackalloc T[] { ... }) is bounded by its initializer.
    private static List<string> UnboundedIdentifiers(string size, SourceFile file, SourceFile[] files)
    {
        string expression = Regex.Replace(NumericLiteral.Replace(size, " "), @"\bsizeof\s*\([^)]*\)", " ");
        var unbounded = new List<string>();
        foreach (Match m in Identifier.Matches(expression))
        {
            string name = Regex.Replace(m.Value, @"\s", string.Empty);
            string[] parts = name.Split('.');
            bool constant = parts.Length == 1
                ? files.Any(f => f.Types.Overlaps(file.Types) && f.Constants.Contains(name))
                : files.Any(f => f.Types.Contains(parts[parts.Length - 2]) && f.Constants.Contains(parts[parts.Length - 1]));
            if (!constant && !unbounded.Contains(name))
            {
                unbounded.Add(name);
            }
        }

        return unbounded;
    }

    // A "// stackalloc bound:" comment on the line, or in the comment lines directly above it, skipping over other
    // stackalloc lines (one comment may cover several declarations in a row).
    private static bool HasBoundComment(string[] lines, int index)
    {
        if (lines[index].Contains(BoundComment, StringComparison.Ordinal))
        {
            return true;
        }

        for (int i = index - 1; i >= 0; i--)
        {
            string line = lines[i];
            if (line.Contains(BoundComment, StringComparison.Ordinal))
            {
                return true;
            }

            if (!IsComment(line) && !line.Contains("stackalloc", StringComparison.Ordinal))
            {
                return false;
            }
        }

        return false;
    }

    private sealed class SourceFile
    {
        public SourceFile(string path, string text)
        {
            Path = path.Replace('\\', '/');
            Lines = text.Split('\n');
            Constants = new HashSet<string>(ConstDeclaration.Matches(text).Select(m => m.Groups[1].Value));
            Types = new HashSet<string>(TypeDeclaration.Matches(text).Select(m => m.Groups[1].Value));
        }

        public string Path { get; }

        public string[] Lines { get; }

        public HashSet<string> Constants { get; }

        public HashSet<string> Types { get; }

        public static SourceFile[] All()
        {
            string root = RepositoryRoot();
            return new[] { "src/Panicode.Crypto", "src/Panicode.Crypto.Unsafe" }
                .SelectMany(d => Directory.EnumerateFiles(System.IO.Path.Combine(root, d), "*.cs", SearchOption.AllDirectories))
                .Where(p => !p.Contains("/obj/", StringComparison.Ordinal) && !p.Contains("/bin/", StringComparison.Ordinal))
                .Select(p => new SourceFile(p.Substring(root.Length), File.ReadAllText(p)))
                .ToArray();
        }

        private static string RepositoryRoot()
        {
            for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
            {
                if (File.Exists(System.IO.Path.Combine(dir.FullName, "Crypto.sln")) && Directory.Exists(System.IO.Path.Combine(dir.FullName, "src")))
                {
                    return dir.FullName;
                }
            }

            throw new DirectoryNotFoundException("Cannot find the repository (Crypto.sln and src/) above " + AppContext.BaseDirectory);
        }
    }
}
