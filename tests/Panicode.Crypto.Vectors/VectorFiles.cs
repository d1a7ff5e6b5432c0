using System;
using System.IO;

namespace Panicode.Crypto.Vectors;

/// <summary>Finds files under the repository's <c>vectors/</c> folder, wherever the tests run from.</summary>
public static class VectorFiles
{
    private static readonly Lazy<string> s_root = new(FindRoot);

    public static string Root => s_root.Value;

    /// <summary>Absolute path of <paramref name="relativePath"/> (for example <c>aes/aesavs/ECBGFSbox128.rsp</c>).</summary>
    public static string Path(string relativePath)
    {
        string path = System.IO.Path.Combine(Root, relativePath);
        if (!File.Exists(path) && !Directory.Exists(path))
        {
            throw new FileNotFoundException($"Vector file '{relativePath}' is missing from {Root}.", path);
        }

        return path;
    }

    private static string FindRoot()
    {
        string? env = Environment.GetEnvironmentVariable("PANICODE_VECTORS");
        if (!string.IsNullOrEmpty(env))
        {
            return env;
        }

        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
        {
            string candidate = System.IO.Path.Combine(dir.FullName, "vectors");
            if (Directory.Exists(candidate) && File.Exists(System.IO.Path.Combine(dir.FullName, "Crypto.sln")))
            {
                return candidate;
            }
        }

        throw new DirectoryNotFoundException("Cannot find the repository's vectors/ folder above " + AppContext.BaseDirectory);
    }
}
