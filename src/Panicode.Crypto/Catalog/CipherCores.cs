using System;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Catalog;

/// <summary>Makes the one-pass CTR-and-GHASH loop for a GCM core and hash, or null when there is none.</summary>
internal delegate GcmBulk? GcmBulkFactory(BlockCipher cipher, GHash ghash);

/// <summary>
/// What one flavour of one block cipher builds its objects from: the family's <see cref="CoreList{T}"/> of cores,
/// the flavour's GHASH list, whether intrinsics are allowed, and the flavour's one-pass GCM loop. A
/// <see cref="BlockCipherAlgorithm"/> receives one at construction and asks it for every core it needs, so no cipher
/// class restates which core a CPU runs.
/// </summary>
internal sealed class CipherCores
{
    private readonly GcmBulkFactory? _gcmBulk;

    public CipherCores(CoreList<BlockCipherFactory> cores, CoreList<GHashFactory> ghash, bool allowIntrinsics, GcmBulkFactory? gcmBulk = null)
    {
        Cores = cores;
        GHash = ghash;
        AllowIntrinsics = allowIntrinsics;
        _gcmBulk = gcmBulk;
    }

    /// <summary>The Reference flavour of a family: its one core, the constant-time integer GHASH, no intrinsics.</summary>
    public static CipherCores Reference(CoreList<BlockCipherFactory> cores) => new(cores, ReferenceCores.GHash, allowIntrinsics: false);

    /// <summary>
    /// A flavour of one core that is not in the catalogue (the ablation benchmarks, test doubles): the Reference
    /// GHASH, no intrinsics.
    /// </summary>
    public static CipherCores Single(string name, BlockCipherFactory create) =>
        Reference(new CoreList<BlockCipherFactory>(name, new CoreCandidate<BlockCipherFactory>(name, create)));

    public CoreList<BlockCipherFactory> Cores { get; }

    public CoreList<GHashFactory> GHash { get; }

    public bool AllowIntrinsics { get; }

    /// <summary>The core for <paramref name="key"/> and <paramref name="blockSizeInBytes"/>, chosen from <see cref="Cores"/>.</summary>
    public BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        Cores.Choose(8 * blockSizeInBytes, AllowIntrinsics).Create(key, blockSizeInBytes);

    /// <summary>The GHASH for hash key <paramref name="hashKey"/>, chosen from <see cref="GHash"/>.</summary>
    public GHash CreateGHash(ReadOnlySpan<byte> hashKey) => GHash.Choose(128, AllowIntrinsics).Create(hashKey);

    /// <summary>The one-pass GCM loop for <paramref name="cipher"/> and <paramref name="ghash"/>, or null.</summary>
    public GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => _gcmBulk?.Invoke(cipher, ghash);
}
