using System;
using System.Collections.Generic;

namespace Panicode.Crypto.Vectors;

/// <summary>
/// One known-answer check read from a vector file: an identifier a human can find in the file and
/// a check that throws <see cref="VectorMismatchException"/> when the implementation under test disagrees.
/// <typeparamref name="TSubject"/> is what the check runs against (for ciphers, a factory of
/// <see cref="System.Security.Cryptography.SymmetricAlgorithm"/>).
/// </summary>
public sealed class VectorCase<TSubject>
{
    public VectorCase(string id, Action<TSubject> check)
    {
        Id = id;
        Check = check;
    }

    public string Id { get; }

    public Action<TSubject> Check { get; }

    public override string ToString() => Id;
}

/// <summary>The expected and actual values of a failed check.</summary>
public sealed class VectorMismatchException : Exception
{
    public VectorMismatchException(string message)
        : base(message)
    {
    }
}

/// <summary>
/// Thrown by a subject for a case it cannot express on the runtime it runs on (a hash or a key encoding that the
/// netstandard2.0 build lacks on Mono). The case is counted as not run, never as passed; the xUnit tests require
/// every case to pass, so on .NET a case that is not run fails the test.
/// </summary>
public sealed class CaseNotRunException : Exception
{
    public CaseNotRunException(string reason)
        : base(reason)
    {
    }
}

/// <summary>A named list of cases (usually one vector file) and the code that runs them all.</summary>
public sealed class VectorSuite<TSubject>
{
    public VectorSuite(string name, IReadOnlyList<VectorCase<TSubject>> cases)
    {
        Name = name;
        Cases = cases;
    }

    public string Name { get; }

    public IReadOnlyList<VectorCase<TSubject>> Cases { get; }

    /// <summary>
    /// Runs every case; a case fails when its check throws anything except <see cref="CaseNotRunException"/>,
    /// which counts it as not run (neither passed nor failed; a runner must show those).
    /// </summary>
    public SuiteResult Run(TSubject subject)
    {
        List<string> failures = new();
        List<string> notRun = new();
        int passed = 0;
        foreach (VectorCase<TSubject> c in Cases)
        {
            try
            {
                c.Check(subject);
                passed++;
            }
            catch (CaseNotRunException e)
            {
                notRun.Add(e.Message);
            }
            catch (Exception e)
            {
                failures.Add($"{Name} {c.Id}: {e.GetType().Name}: {e.Message}");
            }
        }

        return new SuiteResult(Name, passed, failures, notRun);
    }

    public override string ToString() => Name;
}

public sealed class SuiteResult
{
    public SuiteResult(string name, int passed, IReadOnlyList<string> failures, IReadOnlyList<string>? notRun = null)
    {
        Name = name;
        Passed = passed;
        Failures = failures;
        NotRun = notRun ?? Array.Empty<string>();
    }

    public string Name { get; }

    public int Passed { get; }

    public IReadOnlyList<string> Failures { get; }

    /// <summary>The reason of each case the subject could not express on this runtime (see <see cref="CaseNotRunException"/>).</summary>
    public IReadOnlyList<string> NotRun { get; }
}

/// <summary>Assertions usable without a test framework (the Mono runner has none).</summary>
public static class Expect
{
    public static void Equal(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new VectorMismatchException($"{what}: expected {Hex.Encode(expected)}, got {Hex.Encode(actual)}");
        }
    }

    public static void True(bool condition, string what)
    {
        if (!condition)
        {
            throw new VectorMismatchException(what);
        }
    }

    public static void Throws<TException>(Action action, string what)
        where TException : Exception
    {
        try
        {
            action();
        }
        catch (TException)
        {
            return;
        }
        catch (Exception e)
        {
            throw new VectorMismatchException($"{what}: expected {typeof(TException).Name}, got {e.GetType().Name}: {e.Message}");
        }

        throw new VectorMismatchException($"{what}: expected {typeof(TException).Name}, nothing was thrown");
    }
}
