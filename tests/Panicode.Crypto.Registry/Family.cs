using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Registry;

/// <summary>One flavour of an algorithm family ("Rijndael" / "Unsafe-Portable"): its names and its factory.</summary>
public abstract class Flavour
{
    private protected Flavour(string family, string name)
    {
        Family = family;
        Name = name;
    }

    /// <summary>The family's name, as the vector catalogs' <c>[SuiteCatalog]</c> attributes spell it.</summary>
    public string Family { get; }

    /// <summary>"Reference", "Unsafe" or "Unsafe-Portable" (see <see cref="Families"/>).</summary>
    public string Name { get; }

    /// <summary>The factory as a delegate (a <c>Func&lt;T&gt;</c>), for runners that bind by delegate type.</summary>
    public abstract Delegate Factory { get; }

    /// <summary>"Rijndael Unsafe-Portable".</summary>
    public override string ToString() => Family + " " + Name;
}

/// <summary>A flavour whose factory makes a <typeparamref name="T"/>.</summary>
public sealed class Flavour<T> : Flavour
    where T : class
{
    internal Flavour(string family, string name, Func<T> create)
        : base(family, name)
    {
        Create = create;
    }

    public Func<T> Create { get; }

    public override Delegate Factory => Create;
}

/// <summary>An algorithm family: a name and its flavours, Reference first.</summary>
public abstract class Family
{
    private protected Family(string name) => Name = name;

    public string Name { get; }

    public abstract IEnumerable<Flavour> AllFlavours { get; }

    public override string ToString() => Name;
}

/// <summary>A family whose flavours all make a <typeparamref name="T"/> (a <see cref="SymmetricAlgorithm"/>, a <see cref="PrimeEcdsa"/>, ...).</summary>
public class Family<T> : Family
    where T : class
{
    public Family(string name, params (string Name, Func<T> Create)[] flavours)
        : base(name)
    {
        Flavours = flavours.Select(f => new Flavour<T>(name, f.Name, f.Create)).ToArray();
    }

    public IReadOnlyList<Flavour<T>> Flavours { get; }

    public override IEnumerable<Flavour> AllFlavours => Flavours;

    /// <summary>The flavour called <paramref name="name"/>.</summary>
    public Flavour<T> this[string name] =>
        Flavours.SingleOrDefault(f => f.Name == name) ?? throw new ArgumentException($"{Name} has no flavour '{name}'.", nameof(name));
}

/// <summary>
/// A block cipher: its <see cref="SymmetricAlgorithm"/> flavours and the block-cipher cores (the internal
/// <see cref="BlockCipher"/> contract) of its Unsafe flavour, which the core-contract suites test one by one.
/// </summary>
public sealed class BlockCipherFamily : Family<SymmetricAlgorithm>
{
    private readonly BlockCipherCore[] _cores;

    /// <summary>
    /// A block cipher from its two factories and the library's catalogue: the cores of the Unsafe flavour are
    /// <paramref name="unsafeCores"/>' candidates; the Unsafe-Portable flavour exists when one of them uses intrinsics.
    /// </summary>
    internal BlockCipherFamily(
        Func<SymmetricAlgorithm> reference,
        Func<SymmetricAlgorithm> @unsafe,
        Func<SymmetricAlgorithm> unsafePortable,
        CoreList<BlockCipherFactory> referenceCores,
        CoreList<BlockCipherFactory> unsafeCores)
        : base(unsafeCores.Family, unsafeCores.Candidates.Any(c => c.UsesIntrinsics)
            ? new[] { ("Reference", reference), ("Unsafe", @unsafe), ("Unsafe-Portable", unsafePortable) }
            : new[] { ("Reference", reference), ("Unsafe", @unsafe) })
    {
        using SymmetricAlgorithm algorithm = reference();
        BlockSizes = Sizes(algorithm.LegalBlockSizes);
        KeySizes = Sizes(algorithm.LegalKeySizes);
        ReferenceCore = new BlockCipherCore(referenceCores.Candidates[0]);
        ReferenceCore.Join(this);
        _cores = unsafeCores.Candidates.Select(c => new BlockCipherCore(c)).ToArray();
        foreach (BlockCipherCore core in _cores)
        {
            core.Join(this);
        }
    }

    /// <summary>The Reference flavour's core: the definition every Unsafe core is checked against.</summary>
    public BlockCipherCore ReferenceCore { get; }

    /// <summary>Every legal block size in bits (from the Reference flavour's <see cref="SymmetricAlgorithm.LegalBlockSizes"/>).</summary>
    public IReadOnlyList<int> BlockSizes { get; }

    /// <summary>Every legal key size in bits.</summary>
    public IReadOnlyList<int> KeySizes { get; }

    public Flavour<SymmetricAlgorithm> Reference => Flavours[0];

    /// <summary>The Unsafe flavour as users get it: intrinsics where the CPU has them.</summary>
    public Flavour<SymmetricAlgorithm> Unsafe => Flavours[1];

    /// <summary>
    /// The Unsafe flavour with intrinsics off: the portable pointer code alone. Null for a cipher whose Unsafe flavour
    /// has no intrinsic path (it would be the same row twice).
    /// </summary>
    public Flavour<SymmetricAlgorithm>? UnsafePortable => Flavours.Count > 2 ? Flavours[2] : null;

    /// <summary>Every core of the Unsafe flavour, including those this machine cannot run (see <see cref="BlockCipherCore.SkipReason"/>).</summary>
    public IReadOnlyList<BlockCipherCore> Cores => _cores;

    /// <summary>The core called <paramref name="name"/>.</summary>
    public BlockCipherCore Core(string name) =>
        _cores.SingleOrDefault(c => c.Name == name) ?? throw new ArgumentException($"{Name} has no core '{name}'.", nameof(name));

    private static int[] Sizes(KeySizes[] legal) =>
        legal.SelectMany(s => s.SkipSize == 0 ? new[] { s.MinSize } : Enumerable.Range(0, ((s.MaxSize - s.MinSize) / s.SkipSize) + 1).Select(i => s.MinSize + (i * s.SkipSize)))
            .Distinct().OrderBy(s => s).ToArray();
}

/// <summary>
/// One core of a block cipher's Unsafe flavour ("Portable", "AesNi", "Sliced-Gfni", ...): a factory of
/// (key, block size in bytes), the block sizes it takes, and why it cannot run here, if it cannot.
/// </summary>
public sealed class BlockCipherCore
{
    private readonly int[]? _blockBytes;

    /// <summary>A row for a catalogue candidate (src/Panicode.Crypto/Catalog): its name, factory, block sizes and whether it runs here.</summary>
    internal BlockCipherCore(CoreCandidate<BlockCipherFactory> candidate)
    {
        Name = candidate.Name;
        Create = (key, blockBytes) => candidate.Create(key, blockBytes);
        _blockBytes = candidate.BlockBits?.Select(b => b / 8).ToArray();
        Features = candidate.Features;
        SkipReason = candidate.IsSupported ? null
            : $"needs the CPU features [{string.Join(" ", candidate.Features)}] ('!' = without), which this process does not have (CPU, or switched off with a DOTNET_Enable* setting)";
        Family = string.Empty;
    }

    /// <summary>The CPU features the core needs, as /proc/cpuinfo spells them ('!' = must be absent); empty for portable code.</summary>
    public IReadOnlyList<string> Features { get; }

    public string Family { get; private set; }

    public string Name { get; }

    /// <summary>Null when this process can run the core; else the reason, e.g. "GFNI not available on this CPU".</summary>
    public string? SkipReason { get; }

    /// <summary>The block sizes it takes, in bytes.</summary>
    public IReadOnlyList<int> BlockBytes { get; private set; } = Array.Empty<int>();

    internal Func<byte[], int, BlockCipher> Create { get; }

    public override string ToString() => Family + " core " + Name;

    internal void Join(BlockCipherFamily family)
    {
        Family = family.Name;
        BlockBytes = _blockBytes ?? family.BlockSizes.Select(b => b / 8).ToArray();
    }
}
