using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.Aead;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>
/// The Unsafe flavour of <see cref="CamelliaCipher"/>: the Reference assembly's modes, padding and
/// transforms over an optimized core, chosen once per key: where intrinsics are allowed, the byte-sliced
/// <c>CamelliaSlicedCore</c> (.NET only) on GFNI, else on AES-NI; <see cref="CamelliaPortableCore"/> otherwise.
/// </summary>
internal sealed class UnsafeCamellia : CamelliaCipher
{
    private readonly bool _allowIntrinsics;

    public UnsafeCamellia(bool allowIntrinsics)
    {
        _allowIntrinsics = allowIntrinsics;
    }

    /// <summary>True where <see cref="CreateCore"/> gives the table-free form: .NET with GFNI and SSSE3, intrinsics allowed.</summary>
    internal static bool IsConstantTimeSupported(bool allowIntrinsics)
    {
#if NET
        return allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni) && CamelliaGfniSerialCore.IsSupported;
#else
        return false;
#endif
    }

    // GCM and GMAC over this flavour hash with carry-less multiply instructions where the CPU has them.
    private protected override GHash CreateGHash(ReadOnlySpan<byte> hashKey) => UnsafeGHash.Create(hashKey, _allowIntrinsics);

    // GCM's whole blocks: the core's batches for the keystream, then one pass of XOR and carry-less multiplies.
    private protected override GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => UnsafeGHash.CreateBulk(cipher, ghash);

    private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        CreateCore(key, _allowIntrinsics);

    /// <summary>
    /// The core this flavour uses for a key. With GFNI, the sliced core sends what its batches leave (one or two
    /// blocks: CBC encryption, CFB, OFB, short tails) and its key schedule to the table-free
    /// <c>CamelliaGfniSerialCore</c> (.NET only), which also measured faster than the tables there (docs/benchmarks.md,
    /// "Camellia's serial paths on GFNI").
    /// </summary>
    internal static BlockCipher CreateCore(ReadOnlySpan<byte> key, bool allowIntrinsics)
    {
#if NET
        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.Gfni))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.Gfni, constantTime: CamelliaGfniSerialCore.IsSupported);
        }

        if (allowIntrinsics && CamelliaSlicedCore.IsSupported(CamelliaSBoxUnit.AesNi))
        {
            return new CamelliaSlicedCore(key, CamelliaSBoxUnit.AesNi);
        }
#endif
        return new CamelliaPortableCore(key);
    }
}
