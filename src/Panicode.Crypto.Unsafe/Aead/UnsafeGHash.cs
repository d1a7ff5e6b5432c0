using System;
using Panicode.Crypto.Aead;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// GHASH for the Unsafe flavour, chosen once per key: PCLMULQDQ where the CPU has it and intrinsics are allowed, else
/// the Reference flavour's constant-time integer GHASH (a table-driven one would be faster but index memory by H).
/// </summary>
internal static class UnsafeGHash
{
    public static GHash Create(ReadOnlySpan<byte> h, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && GHashClmul.IsSupported)
        {
            return new GHashClmul(h);
        }
#endif
        return new GHashPortable(h);
    }
}
