using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto;

/// <summary>What kind of primitive an <see cref="AlgorithmInfo"/> describes.</summary>
public enum AlgorithmKind
{
    /// <summary>A block cipher behind <see cref="SymmetricAlgorithm"/> (a <see cref="BlockCipherAlgorithm"/>).</summary>
    BlockCipher,

    /// <summary>A mode of operation, authenticated encryption or key wrap over the block ciphers.</summary>
    Mode,

    /// <summary>A stream cipher (a <see cref="Crypto.StreamCipher"/>).</summary>
    StreamCipher,

    /// <summary>A hash function (a <see cref="HashAlgorithm"/>).</summary>
    Hash,

    /// <summary>A message authentication code.</summary>
    Mac,

    /// <summary>A digital signature scheme.</summary>
    Signature,

    /// <summary>A key agreement scheme.</summary>
    KeyAgreement,

    /// <summary>Public-key encryption (and signatures) in one type.</summary>
    PublicKey,

    /// <summary>A key-encapsulation mechanism (a <see cref="PrimeEcKem"/>).</summary>
    KeyEncapsulation,

    /// <summary>An entity-authentication protocol over the library's ciphers, MACs and signatures (<see cref="Iso9798Party"/>).</summary>
    EntityAuthentication,
}

/// <summary>
/// Everything this library implements, as data: every algorithm, mode, curve and hash with its names, OIDs, sizes and
/// flavours, and which cores and CPU features this process uses. <see cref="Reference"/> describes the Reference
/// flavour; <c>Panicode.Crypto.Unsafe.UnsafeCrypto.Catalog</c> the Unsafe one, whose cores depend on the CPU.
/// </summary>
/// <remarks>
/// The view is built from the same internal catalogue the library chooses its cores from (no reflection, so it is
/// safe under trimming and Native AOT); the README's algorithm table and the browser demo read it.
/// </remarks>
public sealed class CryptoCatalog
{
    private static CryptoCatalog? s_reference;
    private readonly AlgorithmInfo[] _algorithms;

    internal CryptoCatalog(string flavour, Func<string, object?> create, Func<string, CoreList<BlockCipherFactory>?> cores, CoreList<GHashFactory> ghash, bool allowIntrinsics)
    {
        Flavour = flavour;
        _algorithms = AlgorithmTable.Rows.Select(row => new AlgorithmInfo(row, flavour, create, cores, ghash, allowIntrinsics)).ToArray();
        Curves = CurveParameters.Named.Select(c => new CurveInfo(c.Names.ToArray(), c.Oid!, c.FieldBits, c.OrderBits)).ToArray();
    }

    /// <summary>The Reference flavour: safe code, the same result on every machine and byte order.</summary>
    public static CryptoCatalog Reference => s_reference ??= new CryptoCatalog(
        "Reference", AlgorithmTable.CreateReference, id => ReferenceCores.BlockCiphers.FirstOrDefault(l => l.Family == id), ReferenceCores.GHash, allowIntrinsics: false);

    /// <summary>"Reference" or "Unsafe".</summary>
    public string Flavour { get; }

    /// <summary>Every algorithm: block ciphers, modes, stream ciphers, hashes, MACs and public-key schemes.</summary>
    public IReadOnlyList<AlgorithmInfo> Algorithms => _algorithms;

    /// <summary>Every named curve of ECDSA and ECDH.</summary>
    public IReadOnlyList<CurveInfo> Curves { get; }

    /// <summary>The algorithm with the identifier, one of the names, or one of the OIDs <paramref name="nameOrOid"/> (case-insensitive), or null.</summary>
    /// <param name="nameOrOid">"Camellia", "CAMELLIA", "1.2.392.200011.61.1.1.1.2", ...</param>
    /// <returns>The algorithm, or null when this library has none of that name.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="nameOrOid"/> is null.</exception>
    public AlgorithmInfo? Find(string nameOrOid)
    {
        if (nameOrOid is null)
        {
            throw new ArgumentNullException(nameof(nameOrOid));
        }

        return _algorithms.FirstOrDefault(a =>
            string.Equals(a.Id, nameOrOid, StringComparison.OrdinalIgnoreCase)
            || a.Names.Any(n => string.Equals(n, nameOrOid, StringComparison.OrdinalIgnoreCase))
            || a.Oids.Values.Contains(nameOrOid));
    }

    /// <summary>The algorithms of one kind.</summary>
    /// <param name="kind">The kind.</param>
    /// <returns>Those of <see cref="Algorithms"/> whose <see cref="AlgorithmInfo.Kind"/> is <paramref name="kind"/>.</returns>
    public IEnumerable<AlgorithmInfo> OfKind(AlgorithmKind kind) => _algorithms.Where(a => a.Kind == kind);
}

/// <summary>One algorithm of a <see cref="CryptoCatalog"/>: names, OIDs, sizes, the type and factory, and its cores.</summary>
public sealed class AlgorithmInfo
{
    private readonly Func<object?> _create;
    private readonly Func<CoreInfo[]> _cores;
    private CoreInfo[]? _coreInfos;
    private KeySizes[]? _keySizes;
    private KeySizes[]? _blockSizes;

    internal AlgorithmInfo(AlgorithmTable.Row row, string flavour, Func<string, object?> create, Func<string, CoreList<BlockCipherFactory>?> cores, CoreList<GHashFactory> ghash, bool allowIntrinsics)
    {
        Id = row.Id;
        Names = row.Names;
        Kind = row.Kind;
        TypeName = row.TypeName;
        Factory = flavour == "Reference" ? row.ReferenceFactory : row.UnsafeFactory;
        Oids = row.Oids;
        Specification = row.Specification;
        _create = () => create(row.Id);
        _keySizes = row.KeySizes;
        _blockSizes = row.BlockSizes;
        _cores = () =>
        {
            CoreList<BlockCipherFactory>? list = row.Kind == AlgorithmKind.BlockCipher ? cores(row.Id) : null;
            return list is not null ? Describe(list, Bits(LegalBlockSizes), allowIntrinsics)
                : row.UsesGHash ? Describe(ghash, new[] { 128 }, allowIntrinsics)
                : Array.Empty<CoreInfo>();
        };
    }

    /// <summary>The identifier the tests, benchmarks and demo use ("Rijndael", "Clefia", "Gcm", ...).</summary>
    public string Id { get; }

    /// <summary>The names, as the specifications write them, first the usual one ("CLEFIA"; "Rijndael", "AES").</summary>
    public IReadOnlyList<string> Names { get; }

    /// <summary>The usual name (the first of <see cref="Names"/>).</summary>
    public string Name => Names[0];

    /// <summary>What it is.</summary>
    public AlgorithmKind Kind { get; }

    /// <summary>The public type ("Panicode.Crypto.ClefiaCipher").</summary>
    public string TypeName { get; }

    /// <summary>How to create it in this flavour ("ClefiaCipher.Create()", "UnsafeCrypto.CreateClefia()"), or how to reach it (a mode).</summary>
    public string Factory { get; }

    /// <summary>Object identifiers by the name their specification gives them ("camellia128-cbc" → "1.2.392.200011.61.1.1.1.2").</summary>
    public IReadOnlyDictionary<string, string> Oids { get; }

    /// <summary>The specification it follows ("RFC 6114").</summary>
    public string Specification { get; }

    /// <summary>The legal key sizes in bits (empty for an unkeyed hash).</summary>
    public KeySizes[] LegalKeySizes => _keySizes ??= Probe(o => o switch
    {
        SymmetricAlgorithm s => s.LegalKeySizes,
        StreamCipher s => s.LegalKeySizes,
        AsymmetricAlgorithm a => a.LegalKeySizes,
        _ => Array.Empty<KeySizes>(),
    });

    /// <summary>The legal block sizes in bits (block ciphers and modes; empty otherwise).</summary>
    public KeySizes[] LegalBlockSizes => _blockSizes ??= Probe(o => o is SymmetricAlgorithm s ? s.LegalBlockSizes : Array.Empty<KeySizes>());

    /// <summary>
    /// The cores of this flavour, in the order the library tries them (block ciphers; GCM and GMAC list their GHASH).
    /// Empty for an algorithm with one implementation per flavour.
    /// </summary>
    public IReadOnlyList<CoreInfo> Cores => _coreInfos ??= _cores();

    /// <summary>
    /// Creates the algorithm in this flavour: a <see cref="SymmetricAlgorithm"/>, <see cref="Crypto.StreamCipher"/>,
    /// <see cref="HashAlgorithm"/>, <see cref="KeyedHashAlgorithm"/> (with a random key), <see cref="PrimeEcdsa"/>,
    /// <see cref="PrimeEcdh"/> or <see cref="ManagedRsa"/>.
    /// </summary>
    /// <returns>A new instance; dispose it.</returns>
    /// <exception cref="NotSupportedException">A mode, MULTI-S01 or ISO/IEC 9798: created from a block cipher or from arguments (<see cref="Factory"/> says how).</exception>
    public object Create() => _create() ?? throw new NotSupportedException($"{Name} has no factory without arguments: {Factory}.");

    /// <summary>"CLEFIA (BlockCipher)".</summary>
    public override string ToString() => $"{Name} ({Kind})";

    private static CoreInfo[] Describe<T>(CoreList<T> list, int[] blockBits, bool allowIntrinsics)
        where T : Delegate
    {
        // In use: the core this process chooses for some legal block size.
        HashSet<string> used = new(blockBits.Select(bits => list.Choose(bits, allowIntrinsics).Name));
        return list.Candidates.Select(c => new CoreInfo(c.Name, c.Features.ToArray(), c.BlockBits?.ToArray() ?? Array.Empty<int>(), c.IsSupported, c.Selectable, used.Contains(c.Name))).ToArray();
    }

    private static int[] Bits(KeySizes[] sizes) => sizes
        .SelectMany(s => s.SkipSize == 0 ? new[] { s.MinSize } : Enumerable.Range(0, ((s.MaxSize - s.MinSize) / s.SkipSize) + 1).Select(i => s.MinSize + (i * s.SkipSize)))
        .Distinct().ToArray();

    private KeySizes[] Probe(Func<object, KeySizes[]> read)
    {
        object? instance = _create();
        try
        {
            return instance is null ? Array.Empty<KeySizes>() : read(instance);
        }
        finally
        {
            (instance as IDisposable)?.Dispose();
        }
    }
}

/// <summary>One core of an algorithm in one flavour, and whether this process runs it.</summary>
public sealed class CoreInfo
{
    internal CoreInfo(string name, string[] cpuFeatures, int[] blockSizes, bool isSupported, bool isSelectable, bool isInUse)
    {
        Name = name;
        CpuFeatures = cpuFeatures;
        BlockSizes = blockSizes;
        IsSupported = isSupported;
        IsSelectable = isSelectable;
        IsInUse = isInUse;
    }

    /// <summary>"Portable", "AesNi", "Sliced-Gfni-ConstantTime", ...</summary>
    public string Name { get; }

    /// <summary>
    /// The x86 features it needs, as Linux's /proc/cpuinfo spells them ("aes", "gfni", "avx512bw"; a leading '!' means
    /// only without that feature). Empty for portable code.
    /// </summary>
    public IReadOnlyList<string> CpuFeatures { get; }

    /// <summary>The block sizes in bits it takes; empty for all of the algorithm's.</summary>
    public IReadOnlyList<int> BlockSizes { get; }

    /// <summary>True when this process can run it (CPU features present and not switched off).</summary>
    public bool IsSupported { get; }

    /// <summary>False for a part the library never chooses by itself (another core delegates to it).</summary>
    public bool IsSelectable { get; }

    /// <summary>True when this process chooses it for some block size (with <c>PANICODE_FORCE_PORTABLE=1</c>, only portable code).</summary>
    public bool IsInUse { get; }

    /// <summary>"AesNi [aes] (in use)".</summary>
    public override string ToString() =>
        Name + (CpuFeatures.Count > 0 ? " [" + string.Join(" ", CpuFeatures) + "]" : string.Empty) + (IsInUse ? " (in use)" : IsSupported ? string.Empty : " (not supported here)");
}

/// <summary>A named curve of ECDSA and ECDH.</summary>
public sealed class CurveInfo
{
    internal CurveInfo(string[] names, string oid, int fieldBits, int orderBits)
    {
        Names = names;
        Oid = oid;
        FieldBits = fieldBits;
        OrderBits = orderBits;
    }

    /// <summary>The names <see cref="PrimeEcdsa.Create(string)"/> accepts, the usual one first ("nistP256", "secp256r1", "P-256").</summary>
    public IReadOnlyList<string> Names { get; }

    /// <summary>The usual name.</summary>
    public string Name => Names[0];

    /// <summary>The curve's OID ("1.2.840.10045.3.1.7").</summary>
    public string Oid { get; }

    /// <summary>The size of the prime field in bits (the <see cref="AsymmetricAlgorithm.KeySize"/> of ECDSA and ECDH keys on it).</summary>
    public int FieldBits { get; }

    /// <summary>The size of the group order in bits (the private key's size).</summary>
    public int OrderBits { get; }

    /// <summary>"nistP256 (1.2.840.10045.3.1.7)".</summary>
    public override string ToString() => $"{Name} ({Oid})";
}
