using System;

namespace Panicode.Crypto.Unsafe.Internal;

/// <summary>
/// Which hardware paths the Unsafe flavour may take. <c>PANICODE_FORCE_PORTABLE=1</c> turns every
/// intrinsic path off, so the portable unsafe code is exercised on any machine; it is read once,
/// when this class is first used.
/// </summary>
internal static class CpuFeatures
{
    /// <summary>True unless the environment asks for the portable code only.</summary>
    public static readonly bool IntrinsicsAllowed = Environment.GetEnvironmentVariable("PANICODE_FORCE_PORTABLE") != "1";
}
