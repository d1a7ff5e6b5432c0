using System.IO;

namespace Panicode.Crypto.Benchmarks.Infrastructure;

/// <summary>
/// Where runs write: <c>artifacts/</c> at the repository root (found by walking up from the working directory to
/// <c>Crypto.sln</c>; the working directory itself when run elsewhere). Nothing under <c>docs/</c> is written unless a
/// command is given an explicit flag for it.
/// </summary>
internal static class ArtifactsPaths
{
    public static string RepositoryRoot { get; } = FindRoot();

    public static string Root => Path.Combine(RepositoryRoot, "artifacts");

    /// <summary>BenchmarkDotNet's artifacts: its log file, and results/ with the exported tables and the paper's figures.</summary>
    public static string BenchmarkDotNet => Path.Combine(Root, "benchmarkdotnet");

    public static string Evaluation => Path.Combine(Root, "evaluation");

    /// <summary>The committed evaluation report, written only with <c>--write-docs</c>.</summary>
    public static string DocsEvaluation => Path.Combine(RepositoryRoot, "docs", "evaluation");

    private static string FindRoot()
    {
        for (DirectoryInfo? directory = new(Directory.GetCurrentDirectory()); directory != null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Crypto.sln")))
            {
                return directory.FullName;
            }
        }

        return Directory.GetCurrentDirectory();
    }
}
