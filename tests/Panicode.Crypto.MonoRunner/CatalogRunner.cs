using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using Panicode.Crypto.Registry;
using Panicode.Crypto.Vectors;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// Finds every <see cref="SuiteCatalogAttribute"/> method of the Vectors library, runs each suite it returns over
/// every flavour registered for its family and counts cases: a case run over one flavour is one pass or one failure.
/// A catalog or suite that cannot be loaded, and a family whose Reference flavour is missing, count as failures.
/// </summary>
internal sealed class CatalogRunner
{
    private const int FailuresShownPerSuite = 10;

    private readonly Options _options;
    private readonly TextWriter _out;

    public CatalogRunner(Options options, TextWriter output)
    {
        _options = options;
        _out = output;
    }

    public long Passed { get; private set; }

    public long Failed { get; private set; }

    /// <summary>Cases a subject could not express on this runtime, by reason: neither passed nor failed, always shown.</summary>
    public SortedDictionary<string, long> NotRun { get; } = new(StringComparer.Ordinal);

    public void RunAll()
    {
        List<(MethodInfo Method, SuiteCatalogAttribute Attribute)> catalogs = typeof(SuiteCatalogAttribute).Assembly.GetTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static))
            .Select(m => (Method: m, Attribute: m.GetCustomAttribute<SuiteCatalogAttribute>()))
            .Where(c => c.Attribute is not null)
            .Select(c => (c.Method, c.Attribute!))
            .OrderBy(c => c.Item2.Family, StringComparer.Ordinal)
            .ThenBy(c => c.Method.DeclaringType!.FullName, StringComparer.Ordinal)
            .ToList();
        if (catalogs.Count == 0)
        {
            Fail("no [SuiteCatalog] method found in " + typeof(SuiteCatalogAttribute).Assembly.GetName().Name);
            return;
        }

        foreach ((MethodInfo method, SuiteCatalogAttribute attribute) in catalogs)
        {
            if (_options.Family is not null && !string.Equals(_options.Family, attribute.Family, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            string name = $"{method.DeclaringType!.FullName}.{method.Name}";
            Type? subject = SubjectType(method.ReturnType);
            if (subject is null || method.GetParameters().Length != 0)
            {
                Fail($"catalog {name} must take no parameters and return IEnumerable<VectorSuite<T>>, not {method.ReturnType}");
                continue;
            }

            _out.WriteLine($"== {attribute.Family}: {name} (subject {Describe(subject)})");
            typeof(CatalogRunner).GetMethod(nameof(RunCatalog), BindingFlags.Instance | BindingFlags.NonPublic)!
                .MakeGenericMethod(subject)
                .Invoke(this, new object[] { method, attribute.Family, name });
        }
    }

    /// <summary>
    /// The cases an emulated run takes from a suite: all of them when the suite has at most <paramref name="limit"/>,
    /// otherwise <paramref name="limit"/> cases spread evenly over the whole file, first and last included. Files are
    /// ordered by key size, block size, mode, padding, direction (and Wycheproof's valid and invalid groups), so each
    /// value of each of these still runs, though a file with more combinations than the limit loses some combinations.
    /// Monte-Carlo records are cases like any other and are thinned the same way, each keeping its full iteration
    /// count (the expected value depends on it).
    /// </summary>
    public static IReadOnlyList<T> Subset<T>(IReadOnlyList<T> cases, int limit)
    {
        if (cases.Count <= limit)
        {
            return cases;
        }

        List<T> chosen = new(limit);
        for (int i = 0; i < limit; i++)
        {
            chosen.Add(cases[(int)((long)i * (cases.Count - 1) / (limit - 1))]);
        }

        return chosen;
    }

    /// <summary>
    /// Monte-Carlo files by their names: NIST AESAVS <c>*MCT*.rsp</c>, the AES submission's <c>ecb_e_m.txt</c> and
    /// kin, Gladman's <c>ecbme44.txt</c> and kin. Each of their records chains 1,000 or 10,000 encryptions, a few
    /// hundred times dearer than a known answer, so an emulated run takes fewer of them (a file not recognised
    /// here just runs the ordinary subset).
    /// </summary>
    public static bool IsMonteCarlo(string suiteName) => s_monteCarloName.IsMatch(suiteName);

    private static readonly Regex s_monteCarloName = new(
        @"MCT|(^|/)(ecb|cbc)_[ed]_m\.txt$|(^|/)(ecb|cbc)m[ed]\d+\.txt$", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);

    private static Type? SubjectType(Type returnType)
    {
        IEnumerable<Type> interfaces = returnType.IsInterface ? new[] { returnType }.Concat(returnType.GetInterfaces()) : returnType.GetInterfaces();
        foreach (Type candidate in interfaces)
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                Type element = candidate.GetGenericArguments()[0];
                if (element.IsGenericType && element.GetGenericTypeDefinition() == typeof(VectorSuite<>))
                {
                    return element.GetGenericArguments()[0];
                }
            }
        }

        return null;
    }

    private static string Describe(Type type) => type.IsGenericType
        ? $"{type.Name.Substring(0, type.Name.IndexOf('`'))}<{string.Join(", ", type.GetGenericArguments().Select(Describe))}>"
        : type.Name;

    private void RunCatalog<T>(MethodInfo catalog, string family, string catalogName)
        where T : class
    {
        List<(Flavour Flavour, T Subject)> flavours = new();
        foreach (Flavour flavour in Flavours.Of(family))
        {
            if (_options.Flavour is not null && !flavour.Name.StartsWith(_options.Flavour, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (Flavours.Bind(flavour, typeof(T), out string reason) is T subject)
            {
                flavours.Add((flavour, subject));
            }
            else
            {
                Fail($"{family}/{flavour.Name}: {reason}");
            }
        }

        if (flavours.Count == 0)
        {
            Fail($"{catalogName}: no flavour of {family} to run the suites over");
            return;
        }

        IEnumerator<VectorSuite<T>> suites;
        try
        {
            suites = ((IEnumerable<VectorSuite<T>>)Invoke(catalog)).GetEnumerator();
        }
        catch (Exception e)
        {
            Fail($"{catalogName}: {e.GetType().Name}: {e.Message}");
            return;
        }

        string previous = "(the first suite)";
        using (suites)
        {
            while (true)
            {
                try
                {
                    if (!suites.MoveNext())
                    {
                        break;
                    }
                }
                catch (Exception e)
                {
                    // An iterator that threw cannot go on: the rest of this catalog is lost, which fails the run.
                    Fail($"{catalogName}: loading the suite after {previous} threw {e.GetType().Name}: {e.Message}");
                    break;
                }

                VectorSuite<T> suite = suites.Current;
                previous = suite.Name;
                if (_options.Filter is not null && suite.Name.IndexOf(_options.Filter, StringComparison.OrdinalIgnoreCase) < 0)
                {
                    continue;
                }

                RunSuite(suite, flavours, catalog.GetCustomAttribute<SuiteCatalogAttribute>()!.EmulatedSubsetLimit);
            }
        }
    }

    private void RunSuite<T>(VectorSuite<T> suite, List<(Flavour Flavour, T Subject)> flavours, int catalogLimit)
    {
        VectorSuite<T> run = suite;
        string scope = string.Empty;
        if (_options.SubsetLimit is int subsetLimit)
        {
            bool monteCarlo = IsMonteCarlo(suite.Name);
            int limit = monteCarlo ? _options.MonteCarloLimit : catalogLimit > 0 ? Math.Min(catalogLimit, subsetLimit) : subsetLimit;
            if (suite.Cases.Count > limit)
            {
                run = new VectorSuite<T>(suite.Name, Subset(suite.Cases, limit));
                scope = $" ({(monteCarlo ? "Monte-Carlo " : string.Empty)}subset of {suite.Cases.Count.ToString(CultureInfo.InvariantCulture)})";
            }
        }

        if (run.Cases.Count == 0)
        {
            Fail($"{suite.Name}: the suite has no cases");
            return;
        }

        foreach ((Flavour flavour, T subject) in flavours)
        {
            Stopwatch watch = Stopwatch.StartNew();
            SuiteResult result = run.Run(subject);
            watch.Stop();
            Passed += result.Passed;
            Failed += result.Failures.Count;
            string status = result.Failures.Count != 0 ? "FAIL" : result.NotRun.Count != 0 ? "part" : "ok  ";
            _out.WriteLine(string.Format(
                CultureInfo.InvariantCulture,
                "   {0}  {1,-18} {2}: {3}/{4} passed{5}, {6:0.00}s",
                status,
                flavour.Name,
                suite.Name,
                result.Passed,
                run.Cases.Count,
                scope,
                watch.Elapsed.TotalSeconds));
            foreach (string failure in result.Failures.Take(FailuresShownPerSuite))
            {
                _out.WriteLine("         " + failure);
            }

            if (result.Failures.Count > FailuresShownPerSuite)
            {
                _out.WriteLine($"         ... and {result.Failures.Count - FailuresShownPerSuite} more");
            }

            foreach (IGrouping<string, string> reason in result.NotRun.GroupBy(r => r, StringComparer.Ordinal))
            {
                int count = reason.Count();
                NotRun[reason.Key] = (NotRun.TryGetValue(reason.Key, out long total) ? total : 0) + count;
                _out.WriteLine($"         not run on this runtime: {count} of {run.Cases.Count} cases: {reason.Key}");
            }

            if (result.Failures.Count != 0 && _options.StackTraces)
            {
                PrintFirstFailure(run, subject);
            }

            _out.Flush();
        }
    }

    // Runs the cases again until one throws and prints that exception whole (VectorSuite.Run keeps only the message).
    private void PrintFirstFailure<T>(VectorSuite<T> suite, T subject)
    {
        foreach (VectorCase<T> c in suite.Cases)
        {
            try
            {
                c.Check(subject);
            }
            catch (Exception e)
            {
                _out.WriteLine($"         first failure, {c.Id}:");
                _out.WriteLine("         " + e.ToString().Replace(Environment.NewLine, Environment.NewLine + "         "));
                return;
            }
        }
    }

    private static object Invoke(MethodInfo method)
    {
        try
        {
            return method.Invoke(null, null) ?? throw new InvalidOperationException("the catalog returned null");
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw e.InnerException;
        }
    }

    private void Fail(string message)
    {
        Failed++;
        _out.WriteLine("   FAIL  " + message);
    }
}
