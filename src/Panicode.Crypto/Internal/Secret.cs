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

    /// <summary>A new key or IV of <paramref name="count"/> bytes from the system's cryptographic random generator.</summary>
    public static byte[] NewRandom(int count)
    {
        byte[] bytes = new byte[count];
        using (System.Security.Cryptography.RandomNumberGenerator rng = System.Security.Cryptography.RandomNumberGenerator.Create())
        {
            rng.GetBytes(bytes);
        }

        return bytes;
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
