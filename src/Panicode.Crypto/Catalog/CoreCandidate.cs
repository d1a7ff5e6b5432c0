using System;
using System.Collections.Generic;
using System.Diagnostics;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Catalog;

/// <summary>Makes a block-cipher core for a key and a block size in bytes.</summary>
internal delegate BlockCipher BlockCipherFactory(ReadOnlySpan<byte> key, int blockSizeInBytes);

/// <summary>Makes a GHASH for the hash key H (16 bytes).</summary>
internal delegate GHash GHashFactory(ReadOnlySpan<byte> hashKey);

/// <summary>
/// One candidate core of an algorithm family in one flavour: its name, the CPU features it needs, the block sizes it
/// takes and whether this process can run it. The library chooses the first candidate of a <see cref="CoreList{T}"/>
/// that fits (as Go's <c>impl.Register</c> order or BearSSL's <c>get_vtable</c>); the tests, the Mono runner, dudect,
/// the benchmarks, the browser demo and <c>.ci/run</c> read the same lists, so which cores exist and which one a CPU
/// runs is written here only.
/// </summary>
internal abstract class CoreCandidate
{
    private readonly Func<bool>? _isSupported;
    private readonly int[]? _blockBits;

    private protected CoreCandidate(string name, string features, Func<bool>? isSupported, int[]? blockBits, bool selectable)
    {
        Debug.Assert(features.Length == 0 || isSupported != null, "A core that needs CPU features says how to check them.");
        Name = name;
        Features = features.Length == 0 ? Array.Empty<string>() : features.Split(' ');
        _isSupported = isSupported;
        _blockBits = blockBits;
        Selectable = selectable;
    }

    /// <summary>The core's name in test rows, benchmarks and the public view ("Portable", "AesNi", "Sliced-Gfni512").</summary>
    public string Name { get; }

    /// <summary>
    /// The CPU features the core needs, spelled as Linux's /proc/cpuinfo flags: x86's "flags" line ("aes", "ssse3",
    /// "sse4_1", "gfni", "avx2", "avx512bw", "pclmulqdq") or ARM64's "Features" line ("asimd aes", "asimd pmull": asimd
    /// is no x86 flag, so an ARM64 core never counts as runnable on x86); a leading '!' means the core runs only without that feature (a narrower
    /// batch width that a wider one replaces). Empty for portable code, which runs everywhere.
    /// </summary>
    public IReadOnlyList<string> Features { get; }

    /// <summary>True when the core uses hardware intrinsics (<c>PANICODE_FORCE_PORTABLE=1</c> turns those off).</summary>
    public bool UsesIntrinsics => Features.Count != 0;

    /// <summary>True when this process can run the core (the CPU has the features and the runtime has not switched them off).</summary>
    public bool IsSupported => _isSupported?.Invoke() ?? true;

    /// <summary>
    /// False for a part the library never chooses by itself (a core another core delegates to, or one batch width of a
    /// core): it is still registered so the tests and benchmarks run it alone.
    /// </summary>
    public bool Selectable { get; }

    /// <summary>The block sizes in bits the core takes, or null for every block size of the family.</summary>
    public IReadOnlyList<int>? BlockBits => _blockBits;

    /// <summary>True when the core takes blocks of <paramref name="blockBits"/> bits.</summary>
    public bool Takes(int blockBits) => _blockBits is null || Array.IndexOf(_blockBits, blockBits) >= 0;

    public override string ToString() => Name;
}

/// <summary>A candidate whose factory is a <typeparamref name="TFactory"/>.</summary>
internal sealed class CoreCandidate<TFactory> : CoreCandidate
    where TFactory : Delegate
{
    /// <param name="name">See <see cref="CoreCandidate.Name"/>.</param>
    /// <param name="create">The factory.</param>
    /// <param name="features">Space-separated /proc/cpuinfo flags (see <see cref="CoreCandidate.Features"/>); empty for portable code.</param>
    /// <param name="isSupported">Whether this process can run it; null for portable code.</param>
    /// <param name="blockBits">The block sizes it takes; null for all.</param>
    /// <param name="selectable">See <see cref="CoreCandidate.Selectable"/>.</param>
    public CoreCandidate(string name, TFactory create, string features = "", Func<bool>? isSupported = null, int[]? blockBits = null, bool selectable = true)
        : base(name, features, isSupported, blockBits, selectable)
    {
        Create = create;
    }

    public TFactory Create { get; }
}

/// <summary>
/// The ordered candidates of one family in one flavour (best first; the last takes every block size and needs no CPU
/// feature, so a choice always exists).
/// </summary>
internal sealed class CoreList<TFactory>
    where TFactory : Delegate
{
    private readonly CoreCandidate<TFactory>[] _candidates;

    public CoreList(string family, params CoreCandidate<TFactory>[] candidates)
    {
        Debug.Assert(candidates.Length > 0 && !candidates[candidates.Length - 1].UsesIntrinsics && candidates[candidates.Length - 1].BlockBits is null);
        Family = family;
        _candidates = candidates;
    }

    /// <summary>The family ("Rijndael", "GHASH", ...).</summary>
    public string Family { get; }

    /// <summary>Every candidate, in the order the library tries them, the parts it never chooses alone included.</summary>
    public IReadOnlyList<CoreCandidate<TFactory>> Candidates => _candidates;

    /// <summary>
    /// The core the library uses for <paramref name="blockBits"/>-bit blocks: the first selectable candidate that takes
    /// them and that this process can run; with <paramref name="allowIntrinsics"/> false, the first portable one.
    /// </summary>
    public CoreCandidate<TFactory> Choose(int blockBits, bool allowIntrinsics)
    {
        foreach (CoreCandidate<TFactory> candidate in _candidates)
        {
            if (candidate.Selectable && candidate.Takes(blockBits) && (allowIntrinsics || !candidate.UsesIntrinsics) && candidate.IsSupported)
            {
                return candidate;
            }
        }

        return _candidates[_candidates.Length - 1];
    }
}
