using System;
using System.Diagnostics;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Benchmarks.Micro;

/// <summary>
/// <c>-- --ec-field</c>: ns per field multiplication and squaring of the EC field structs both flavours run on (one
/// file per struct) on P-256, secp256k1, P-384, P-224, P-192, brainpoolP320r1, brainpoolP512r1 and P-521, with
/// the generic form each replaced beside it, each a dependent chain (x = x y, x = x^2) timed with a Stopwatch; the fastest of
/// several rounds is kept (load from other processes only slows a round down).
/// </summary>
public static unsafe class EcFieldTimer
{
    private const int Iterations = 200_000;
    private const int Rounds = 15;

    public static void Run()
    {
        BigInteger p256 = BigInteger.Parse("0FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF", NumberStyles.HexNumber);
        BigInteger k1 = BigInteger.Parse("0FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", NumberStyles.HexNumber);
        BigInteger p384 = BigInteger.Parse("0FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF", NumberStyles.HexNumber);
        Console.WriteLine("| field | Mul ns | Sqr ns | Add ns | Sub ns |");
        Console.WriteLine("|---|---:|---:|---:|---:|");
        Time<Fe4, Field4<P256Reduce4>>("P-256", new Field4<P256Reduce4>(p256));
        Time<Fe4, Field4<GenericReduce4>>("secp256k1 (Montgomery, generic)", new Field4<GenericReduce4>(k1));
        Time<Fe4, Field4<Secp256k1Reduce4>>("secp256k1", new Field4<Secp256k1Reduce4>(k1));
        Time<Fe6, Field6>("P-384", new Field6(p384));
        BigInteger p224 = BigInteger.Parse("0FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001", NumberStyles.HexNumber);
        Time<Fe4, Field4<GenericReduce4>>("P-224 (Montgomery, generic)", new Field4<GenericReduce4>(p224));
        Time<Fe4, Field4<P224Reduce4>>("P-224", new Field4<P224Reduce4>(p224));
        BigInteger p192 = BigInteger.Parse("0FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF", NumberStyles.HexNumber);
        Time<Fe3, Field3>("P-192 (Montgomery)", new Field3(p192));
        Time<Fe3, P192Field>("P-192", new P192Field(p192));
        BigInteger bp320 = BigInteger.Parse("0D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27", NumberStyles.HexNumber);
        Time<Fe5, Field5>("brainpoolP320r1", new Field5(bp320));
        BigInteger bp512 = BigInteger.Parse("0AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA703308717D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3", NumberStyles.HexNumber);
        Time<Fe8, Field8>("brainpoolP512r1", new Field8(bp512));
        BigInteger p521 = (BigInteger.One << 521) - 1;
        Time<Fe9, P521Field>("P-521", default(P521Field));

        TimeOrder("P-256 order", CurveParameters.P256.N);
        TimeOrder("P-521 order", CurveParameters.P521.N);

        // BouncyCastle 2.7's specialised P-256 and P-384 fields (32-bit limbs in uint[], products accumulated in
        // ulong: a 32 x 32-bit product plus two 32-bit words cannot overflow 64 bits, so no carry test), for the
        // comparison issue 12 asks for: what the managed competitor pays per multiplication.
        // The classes are internal there, so they are reached by reflection; a delegate call adds about 1 ns.
        TimeBouncyCastle("P-256 (BouncyCastle 2.7, SecP256R1Field, via delegate)", "SecP256R1Field", 8);
        TimeBouncyCastle("P-384 (BouncyCastle 2.7, SecP384R1Field, via delegate)", "SecP384R1Field", 12);
    }

    /// <summary>
    /// <c>-- --ec-field-count N</c>: instruction counts, not times. Each generated field (P-192 on Field3,
    /// brainpoolP320r1, brainpoolP512r1, P-521) runs N multiplications, then N squarings, after a warm-up and a pause
    /// that let tiered compilation finish; each phase is bracketed by calls to libc's getppid, so
    /// <c>valgrind --tool=callgrind --dump-before=getppid --separate-threads=yes</c> writes one profile per phase
    /// (the main thread's dumps 2.. are the phases in order: Fe3 Mul, Fe3 Sqr, Fe5 Mul, ...).
    /// </summary>
    public static void Count(int n)
    {
        var f3 = new Field3(BigInteger.Parse("0FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF", NumberStyles.HexNumber));
        var f5 = new Field5(BigInteger.Parse("0D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27", NumberStyles.HexNumber));
        var f8 = new Field8(BigInteger.Parse("0AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA703308717D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3", NumberStyles.HexNumber));
        P521Field f9 = default;
        // Warm-up rounds with pauses: tier 0, the instrumented tier (dynamic PGO) and tier 1 are each reached after
        // calls and a pause in which the background compilation runs.
        for (int round = 0; round < 4; round++)
        {
            Phases<Fe3, Field3>(f3, 2000, mark: false);
            Phases<Fe5, Field5>(f5, 2000, mark: false);
            Phases<Fe8, Field8>(f8, 2000, mark: false);
            Phases<Fe9, P521Field>(f9, 2000, mark: false);
            System.Threading.Thread.Sleep(1000);
        }

        GetPpid();
        Phases<Fe3, Field3>(f3, n, mark: true);
        Phases<Fe5, Field5>(f5, n, mark: true);
        Phases<Fe8, Field8>(f8, n, mark: true);
        Phases<Fe9, P521Field>(f9, n, mark: true);
    }

    private static void Phases<TE, TF>(TF f, int n, bool mark)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        int m = f.Limbs;
        ulong[] xs = new ulong[m];
        for (int i = 0; i < m; i++)
        {
            xs[i] = 0x0123456789ABCDEFUL * (ulong)(i + 1);
        }

        xs[m - 1] >>= 8;
        TE x = f.Load(xs);
        TE y = x;
        MulLoop(f, x, y, n);
        if (mark)
        {
            GetPpid();
        }

        SqrLoop(f, x, n);
        if (mark)
        {
            GetPpid();
        }
    }

    [DllImport("libc", EntryPoint = "getppid")]
    private static extern int GetPpid();

    private static void TimeBouncyCastle(string name, string fieldClass, int words)
    {
        Type type = typeof(Org.BouncyCastle.Math.EC.ECCurve).Assembly.GetType("Org.BouncyCastle.Math.EC.Custom.Sec." + fieldClass, throwOnError: true)!;
        var mul = type.GetMethod("Multiply", new[] { typeof(uint[]), typeof(uint[]), typeof(uint[]) })!.CreateDelegate<Action<uint[], uint[], uint[]>>();
        var sqr = type.GetMethod("Square", new[] { typeof(uint[]), typeof(uint[]) })!.CreateDelegate<Action<uint[], uint[]>>();
        uint[] x = new uint[words], y = new uint[words];
        for (int i = 0; i < words; i++)
        {
            x[i] = 0x89ABCDEFU * (uint)(i + 1);
            y[i] = 0x76543210U ^ (uint)i;
        }

        x[words - 1] >>= 8;
        y[words - 1] >>= 8;
        double mulNs = Best(() =>
        {
            for (int i = 0; i < Iterations; i++)
            {
                mul(x, y, x);
            }
        });
        double sqrNs = Best(() =>
        {
            for (int i = 0; i < Iterations; i++)
            {
                sqr(x, x);
            }
        });
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {name} | {mulNs:F1} | {sqrNs:F1} | | |"));
    }

    /// <summary>
    /// Arithmetic mod a group order (Field64, the scalar field of both flavours): the Montgomery product as Field64
    /// runs it beside the generic CIOS kernel, and the constant-time inversion of signing's nonce (ns per call).
    /// </summary>
    private static void TimeOrder(string name, byte[] order)
    {
        var f = new Field64(order);
        int m = f.N;
        ulong[] x = new ulong[m], y = new ulong[m];
        for (int i = 0; i < m - 1; i++)
        {
            x[i] = 0x0123456789ABCDEFUL * (ulong)(i + 1);
            y[i] = 0xFEDCBA9876543210UL ^ (ulong)i;
        }

        double mul = Best(() =>
        {
            for (int i = 0; i < Iterations; i++)
            {
                f.Mul(x, x, y);
            }
        });
        double cios = Best(() =>
        {
            for (int i = 0; i < Iterations; i++)
            {
                default(Modular.CiosKernel).Multiply(x, x, y, f.Modulus.N, f.Modulus.N0);
            }
        });
        const int Inversions = Iterations / 1000;
        double invert = Best(() =>
        {
            for (int i = 0; i < Inversions; i++)
            {
                f.Invert(x, x);
            }
        }) * (Iterations / Inversions);
        double inversePrime = Best(() =>
        {
            for (int i = 0; i < Inversions; i++)
            {
                Modular.ReferenceModular.Instance.InversePrime(f.Modulus, x, x);
            }
        }) * (Iterations / Inversions);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {name}: Field64 Mul {mul:F1}, generic CIOS Mul {cios:F1}, constant-time Invert {invert:F0}, ModularArithmetic.InversePrime (DSA's k^-1) {inversePrime:F0} | | | | |"));
    }

    private static void Time<TE, TF>(string name, TF f)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        int m = f.Limbs;
        ulong[] xs = new ulong[m];
        ulong[] ys = new ulong[m];
        for (int i = 0; i < m; i++)
        {
            xs[i] = 0x0123456789ABCDEFUL * (ulong)(i + 1);
            ys[i] = 0xFEDCBA9876543210UL ^ (ulong)i;
        }

        xs[m - 1] >>= 8;
        ys[m - 1] >>= 8;
        TE x = f.Load(xs);
        TE y = f.Load(ys);
        double mul = Best(() => MulLoop(f, x, y, Iterations));
        double sqr = Best(() => SqrLoop(f, x, Iterations));
        double add = Best(() => AddLoop(f, x, y));
        double sub = Best(() => SubLoop(f, x, y));
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {name} | {mul:F1} | {sqr:F1} | {add:F1} | {sub:F1} |"));
    }

    private static double Best(Action loop)
    {
        double best = double.MaxValue;
        for (int r = 0; r < Rounds; r++)
        {
            long start = Now();
            loop();
            double ns = (double)(Now() - start) / Iterations;
            best = Math.Min(best, ns);
        }

        return best;
    }

    /// <summary>
    /// This thread's CPU time in ns on Linux (time spent descheduled by other processes does not count), else the
    /// wall clock.
    /// </summary>
    internal static long Now()
    {
        if (OperatingSystem.IsLinux())
        {
            TimeSpec t;
            if (ClockGetTime(3 /* CLOCK_THREAD_CPUTIME_ID */, &t) == 0)
            {
                return (t.Seconds * 1_000_000_000L) + t.Nanoseconds;
            }
        }

        return (long)(Stopwatch.GetTimestamp() * (1e9 / Stopwatch.Frequency));
    }

    [DllImport("libc", EntryPoint = "clock_gettime")]
    private static extern int ClockGetTime(int clock, TimeSpec* t);

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void MulLoop<TE, TF>(TF f, TE x, TE y, int n)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        for (int i = 0; i < n; i++)
        {
            f.Mul(ref x, in x, in y);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void SqrLoop<TE, TF>(TF f, TE x, int n)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        for (int i = 0; i < n; i++)
        {
            f.Sqr(ref x, in x);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void AddLoop<TE, TF>(TF f, TE x, TE y)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        for (int i = 0; i < Iterations; i++)
        {
            f.Add(ref x, in x, in y);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void SubLoop<TE, TF>(TF f, TE x, TE y)
        where TE : unmanaged
        where TF : struct, IStructField<TE>
    {
        for (int i = 0; i < Iterations; i++)
        {
            f.Sub(ref x, in x, in y);
        }
    }
}
