// The one switch over the hardware paths of the EC arithmetic in both flavours (Go's purego build tag):
// PANICODE_FORCE_PORTABLE=1, read once when the first group is created, turns every one of them off, so the portable
// code runs, and is tested, on any machine. The paths: MULX for the high half of a 64 x 64-bit product (Wide.Mul, used
// by every field struct of both flavours) and the 256-bit vector table scan of the Unsafe point code.
// The values are static readonly fields of a class initialized before any field code is compiled (EcBackend touches
// it first), so the JIT folds them to constants and the tests cost nothing in the multiplications.

using System;
#if NET
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
#endif

namespace Panicode.Crypto.Ec;

internal static class EcIntrinsics
{
    /// <summary>The name of the environment variable that turns every intrinsic path off when it is "1".</summary>
    public const string ForcePortableVariable = "PANICODE_FORCE_PORTABLE";

    /// <summary>False when <c>PANICODE_FORCE_PORTABLE=1</c>: only portable code runs.</summary>
    public static readonly bool Allowed = Environment.GetEnvironmentVariable(ForcePortableVariable) != "1";

#if NET
    /// <summary>BMI2's MULX for the high half of a 64 x 64-bit product.</summary>
    public static readonly bool Bmi2X64 = Allowed && Bmi2.X64.IsSupported;

    /// <summary>256-bit vector loads, ANDs and ORs for the constant-time table scans.</summary>
    public static readonly bool Vector256Scan = Allowed && Vector256.IsHardwareAccelerated;
#else
    public static readonly bool Bmi2X64;

    public static readonly bool Vector256Scan;
#endif

    /// <summary>Runs the type initializer (the fields are then constants to the JIT); returns <see cref="Allowed"/>.</summary>
    public static bool EnsureInitialized() => Allowed;
}
