using System;
using System.Diagnostics;
using System.IO;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>
/// A Python script under tools/differential that computes what an outside implementation (Botan, OpenSSL through
/// pyca/cryptography) gives for cases fed on standard input, one line each. <see cref="Require"/> skips the test with the
/// reason when /usr/bin/python3 or the module is missing (the script's <c>--version</c> exits 3 then, or prints another
/// version), or fails it when the given environment variable is 1.
/// </summary>
public sealed class PythonOracle
{
    private const string Python = "/usr/bin/python3";

    private readonly string _script;
    private readonly string _versionPrefix;
    private readonly string _module;
    private readonly string _requireVariable;
    private readonly string _hint;
    private readonly Lazy<string?> _unavailable;

    public PythonOracle(string scriptName, string versionPrefix, string module, string requireVariable, string hint)
    {
        _script = Path.Combine(Path.GetDirectoryName(VectorFiles.Root.TrimEnd('/', '\\'))!, "tools", "differential", scriptName);
        _versionPrefix = versionPrefix;
        _module = module;
        _requireVariable = requireVariable;
        _hint = hint;
        _unavailable = new(FindUnavailableReason);
    }

    public void Require()
    {
        string? reason = _unavailable.Value;
        if (reason is null)
        {
            return;
        }

        if (Environment.GetEnvironmentVariable(_requireVariable) == "1")
        {
            Assert.Fail($"{reason}, but {_requireVariable}=1 requires this differential test ({_hint}).");
        }

        Assert.Skip($"{reason} ({_hint}; {_requireVariable}=1 turns this skip into a failure).");
    }

    /// <summary>Runs the script over <paramref name="input"/>; its output lines.</summary>
    public string[] Run(string input)
    {
        (int exitCode, string output, string error) = Run(string.Empty, input);
        Assert.True(exitCode == 0, $"{_script} failed with exit code {exitCode}: {error}");
        return output.Split(new[] { '\n' }, StringSplitOptions.RemoveEmptyEntries);
    }

    private string? FindUnavailableReason()
    {
        if (!File.Exists(Python))
        {
            return Python + " does not exist";
        }

        (int exitCode, string output, string error) = Run("--version", string.Empty);
        return exitCode switch
        {
            0 when output.StartsWith(_versionPrefix, StringComparison.Ordinal) => null,
            0 => $"the {_module} module is not the expected one: {output.Trim()}",
            3 => $"the Python module {_module} is not importable by {Python}",
            _ => $"{_script} --version failed with exit code {exitCode}: {error.Trim()}",
        };
    }

    private (int ExitCode, string Output, string Error) Run(string arguments, string input)
    {
        ProcessStartInfo start = new(Python, $"\"{_script}\" {arguments}")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using Process process = Process.Start(start)!;
        System.Threading.Tasks.Task<string> error = process.StandardError.ReadToEndAsync();
        System.Threading.Tasks.Task<string> output = process.StandardOutput.ReadToEndAsync();
        try
        {
            process.StandardInput.Write(input);
            process.StandardInput.Close();
        }
        catch (IOException)
        {
            // The script stopped reading (it failed): its exit code and standard error say why.
        }

        process.WaitForExit();
        return (process.ExitCode, output.Result, error.Result);
    }
}
