using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.ExceptionServices;
using Panicode.Crypto.Vectors.Ec;

namespace Panicode.Crypto.MonoRunner;

/// <summary>
/// One flavour of one algorithm family: where its factory lives. Factories are found by reflection so the runner
/// builds and runs whichever flavours exist (the Unsafe assembly may not be built yet) and binds them to the delegate
/// type a catalog's suites take (<c>Func&lt;SymmetricAlgorithm&gt;</c> for the ciphers). The EC suites' abstract
/// <c>EcdsaSubject</c>/<c>EcdhSubject</c> get the adapters of EcSubjects.cs over the flavour's parameterless factory;
/// any other subject type that is not a delegate fails the catalog with that reason instead of being skipped.
/// </summary>
internal sealed class Flavour
{
    private const string ReferenceAssembly = "Panicode.Crypto";
    private const string UnsafeAssembly = "Panicode.Crypto.Unsafe";
    private const string UnsafeFactory = "Panicode.Crypto.Unsafe.UnsafeCrypto";

    private Flavour(string family, string name, string assembly, string type, string method, bool forcePortable)
    {
        Family = family;
        Name = name;
        AssemblyName = assembly;
        TypeName = type;
        MethodName = method;
        ForcePortable = forcePortable;
    }

    public string Family { get; }

    public string Name { get; }

    public string AssemblyName { get; }

    public string TypeName { get; }

    public string MethodName { get; }

    /// <summary>
    /// True for the Unsafe flavour with hardware intrinsics turned off: its internal factory takes one extra
    /// <see cref="bool"/> (force the portable core), bound to true. On netstandard2.0 there are no intrinsics, so
    /// this is the same path as the automatic choice; it is listed so the registry matches the xUnit tests'.
    /// </summary>
    public bool ForcePortable { get; }

    /// <summary>The Reference flavour of a family fails the run when it is missing; the others are skipped with a reason.</summary>
    public bool Required => AssemblyName == ReferenceAssembly;

    /// <summary>The registry: every flavour of every family, in the order they run.</summary>
    public static IReadOnlyList<Flavour> All { get; } = new[]
    {
        new Flavour("Rijndael", "Reference", ReferenceAssembly, "Panicode.Crypto.RijndaelCipher", "Create", false),
        new Flavour("Rijndael", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateRijndael", false),
        new Flavour("Rijndael", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateRijndael", true),
        new Flavour("Camellia", "Reference", ReferenceAssembly, "Panicode.Crypto.CamelliaCipher", "Create", false),
        new Flavour("Camellia", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateCamellia", false),
        new Flavour("Camellia", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateCamellia", true),
        // --- CRYPTREC 128-bit ciphers, part b ---
        new Flavour("Hierocrypt3", "Reference", ReferenceAssembly, "Panicode.Crypto.Hierocrypt3Cipher", "Create", false),
        new Flavour("Hierocrypt3", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateHierocrypt3", false),
        new Flavour("Hierocrypt3", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateHierocrypt3", true),
        new Flavour("CipherUnicornA", "Reference", ReferenceAssembly, "Panicode.Crypto.CipherUnicornACipher", "Create", false),
        new Flavour("CipherUnicornA", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateCipherUnicornA", false),
        new Flavour("CipherUnicornA", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateCipherUnicornA", true),
        new Flavour("HierocryptL1", "Reference", ReferenceAssembly, "Panicode.Crypto.HierocryptL1Cipher", "Create", false),
        // --- end of part b ---
        new Flavour("Ecdsa", "Reference", ReferenceAssembly, "Panicode.Crypto.PrimeEcdsa", "Create", false),
        new Flavour("Ecdsa", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateEcdsa", false),
        new Flavour("Ecdsa", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateEcdsa", true),
        new Flavour("Ecdh", "Reference", ReferenceAssembly, "Panicode.Crypto.PrimeEcdh", "Create", false),
        new Flavour("Ecdh", "Unsafe", UnsafeAssembly, UnsafeFactory, "CreateEcdh", false),
        new Flavour("Ecdh", "Unsafe (portable)", UnsafeAssembly, UnsafeFactory, "CreateEcdh", true),
    };

    public static IEnumerable<Flavour> Of(string family) => All.Where(f => string.Equals(f.Family, family, StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// Binds the factory to <paramref name="subjectType"/> (a delegate type such as <c>Func&lt;SymmetricAlgorithm&gt;</c>
    /// or <c>Func&lt;ECCurve, ECDsa&gt;</c>). Returns null and a reason when the flavour is not available.
    /// </summary>
    public object? Bind(Type subjectType, out string reason)
    {
        reason = string.Empty;
        Assembly assembly;
        try
        {
            assembly = Assembly.Load(AssemblyName);
        }
        catch (FileNotFoundException)
        {
            reason = $"{AssemblyName}.dll is not built";
            return null;
        }

        Type? type = assembly.GetType(TypeName);
        if (type is null)
        {
            reason = $"{AssemblyName} has no type {TypeName}";
            return null;
        }

        // The EC suites take abstract subjects: bind the flavour's parameterless factory and wrap it in an adapter.
        if (subjectType == typeof(EcdsaSubject))
        {
            return Bind(typeof(Func<PrimeEcdsa>), out reason) is Func<PrimeEcdsa> ecdsa ? new RunnerEcdsaSubject(Name, ecdsa) : null;
        }

        if (subjectType == typeof(EcdhSubject))
        {
            return Bind(typeof(Func<PrimeEcdh>), out reason) is Func<PrimeEcdh> ecdh ? new RunnerEcdhSubject(Name, ecdh) : null;
        }

        if (!typeof(Delegate).IsAssignableFrom(subjectType))
        {
            reason = $"the suites' subject type {subjectType} is not a delegate; the runner cannot adapt {TypeName}.{MethodName} to it";
            return null;
        }

        MethodInfo invoke = subjectType.GetMethod("Invoke")!;
        Type[] wanted = invoke.GetParameters().Select(p => p.ParameterType).ToArray();
        BindingFlags flags = BindingFlags.Static | (ForcePortable ? BindingFlags.NonPublic : BindingFlags.Public);
        foreach (MethodInfo method in type.GetMethods(flags).Where(m => m.Name == MethodName))
        {
            if (!invoke.ReturnType.IsAssignableFrom(method.ReturnType))
            {
                continue;
            }

            Type[] actual = method.GetParameters().Select(p => p.ParameterType).ToArray();
            if (!ForcePortable && actual.SequenceEqual(wanted))
            {
                return Delegate.CreateDelegate(subjectType, method);
            }

            int flag = ForcePortable ? PortableFlagPosition(actual, wanted) : -1;
            if (flag >= 0)
            {
                return FactoryAdapter.Create(subjectType, method, flag);
            }
        }

        string parameters = string.Join(", ", wanted.Select(t => t.Name).Concat(ForcePortable ? new[] { "bool forcePortable" } : Array.Empty<string>()));
        reason = $"{TypeName} has no {(ForcePortable ? "non-public" : "public")} static {MethodName}({parameters}) returning {invoke.ReturnType.Name}";
        return null;
    }

    public override string ToString() => $"{Family}/{Name}";

    // Where the extra bool sits in a forced-portable factory whose other parameters are the delegate's, or -1.
    private static int PortableFlagPosition(Type[] actual, Type[] wanted)
    {
        if (actual.Length != wanted.Length + 1)
        {
            return -1;
        }

        for (int position = 0; position < actual.Length; position++)
        {
            if (actual[position] == typeof(bool) && actual.Take(position).Concat(actual.Skip(position + 1)).SequenceEqual(wanted))
            {
                return position;
            }
        }

        return -1;
    }
}

/// <summary>Turns a static factory with one extra <see cref="bool"/> parameter (bound to true) into a delegate of the subject type.</summary>
internal sealed class FactoryAdapter
{
    private readonly MethodInfo _method;
    private readonly int _flagPosition;

    private FactoryAdapter(MethodInfo method, int flagPosition)
    {
        _method = method;
        _flagPosition = flagPosition;
    }

    public static Delegate Create(Type delegateType, MethodInfo method, int flagPosition)
    {
        MethodInfo invoke = delegateType.GetMethod("Invoke")!;
        Type[] types = invoke.GetParameters().Select(p => p.ParameterType).Concat(new[] { invoke.ReturnType }).ToArray();
        string name = "Call" + (types.Length - 1);
        MethodInfo? call = typeof(FactoryAdapter).GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic);
        if (call is null)
        {
            throw new NotSupportedException($"Factories with {types.Length - 1} parameters are not supported.");
        }

        return Delegate.CreateDelegate(delegateType, new FactoryAdapter(method, flagPosition), call.MakeGenericMethod(types));
    }

    private TResult Call0<TResult>() => Invoke<TResult>();

    private TResult Call1<T1, TResult>(T1 a) => Invoke<TResult>(a);

    private TResult Call2<T1, T2, TResult>(T1 a, T2 b) => Invoke<TResult>(a, b);

    private TResult Call3<T1, T2, T3, TResult>(T1 a, T2 b, T3 c) => Invoke<TResult>(a, b, c);

    private TResult Invoke<TResult>(params object?[] arguments)
    {
        List<object?> all = new(arguments);
        all.Insert(_flagPosition, true);
        try
        {
            return (TResult)_method.Invoke(null, all.ToArray())!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            ExceptionDispatchInfo.Capture(e.InnerException).Throw();
            throw;
        }
    }
}
