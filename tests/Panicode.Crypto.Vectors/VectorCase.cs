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

    /// <summary>Runs every case; a case fails when its check throws anything.</summary>
    public SuiteResult Run(TSubject subject)
    {
        List<string> failures = new();
        int passed = 0;
        foreach (VectorCase<TSubject> c in Cases)
        {
            try
            {
                c.Check(subject);
                passed++;
            }
            catch (Exception e)
            {
                failures.Add($"{Name} {c.Id}: {e.GetType().Name}: {e.Message}");
            }
        }

        return new SuiteResult(Name, passed, failures);
    }

    public override string ToString() => Name;
}

public sealed class SuiteResult
{
    public SuiteResult(string name, int passed, IReadOnlyList<string> failures)
    {
        Name = name;
        Passed = passed;
        Failures = failures;
    }

    public string Name { get; }

    public int Passed { get; }

    public IReadOnlyList<string> Failures { get; }
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
