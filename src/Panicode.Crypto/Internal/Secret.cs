using System;
using System.Runtime.CompilerServices;
#if NET
using System.Security.Cryptography;
#endif

namespace Panicode.Crypto.Internal;

/// <summary>Clears memory that held key material or plaintext, in a way the JIT does not elide.</summary>
internal static class Secret
{
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void Clear(Span<byte> buffer)
    {
#if NET
        CryptographicOperations.ZeroMemory(buffer);
#else
        buffer.Clear();
#endif
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void Clear<T>(T[]? array)
        where T : struct
    {
        if (array != null)
        {
            Array.Clear(array, 0, array.Length);
        }
    }
}
