using Panicode.Crypto.Aead;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.BlockCiphers.CipherUnicorn;
using Panicode.Crypto.BlockCiphers.Clefia;
using Panicode.Crypto.BlockCiphers.Hierocrypt;
using Panicode.Crypto.BlockCiphers.Misty1;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.BlockCiphers.TripleDes;

namespace Panicode.Crypto.Catalog;

/// <summary>
/// The cores of the Reference flavour: one per family, safe code written against the spec. Every Unsafe core is
/// checked against these (the core-contract suite reads them here); the Unsafe flavour's lists are
/// <c>Panicode.Crypto.Unsafe.Catalog.UnsafeCores</c>.
/// </summary>
internal static class ReferenceCores
{
    public static readonly CoreList<BlockCipherFactory> Rijndael = One("Rijndael", (key, blockBytes) => new RijndaelCore(key, blockBytes));

    public static readonly CoreList<BlockCipherFactory> Camellia = One("Camellia", (key, _) => new CamelliaCore(key));

    public static readonly CoreList<BlockCipherFactory> Clefia = One("Clefia", (key, _) => new ClefiaCore(key));

    public static readonly CoreList<BlockCipherFactory> Sc2000 = One("Sc2000", (key, _) => new Sc2000Core(key));

    public static readonly CoreList<BlockCipherFactory> Hierocrypt3 = One("Hierocrypt3", (key, _) => new Hierocrypt3Core(key));

    public static readonly CoreList<BlockCipherFactory> CipherUnicornA = One("CipherUnicornA", (key, _) => new CipherUnicornACore(key));

    public static readonly CoreList<BlockCipherFactory> HierocryptL1 = One("HierocryptL1", (key, _) => new HierocryptL1Core(key));

    public static readonly CoreList<BlockCipherFactory> Misty1 = One("Misty1", (key, _) => new Misty1Core(key));

    public static readonly CoreList<BlockCipherFactory> CipherUnicornE = One("CipherUnicornE", (key, _) => new CipherUnicornECore(key));

    public static readonly CoreList<BlockCipherFactory> TripleDes = One("TripleDes", (key, _) => new TripleDesCore(key));

    /// <summary>GHASH as constant-time integer code (no table indexed by H).</summary>
    public static readonly CoreList<GHashFactory> GHash = new("GHASH", new CoreCandidate<GHashFactory>("Portable", h => new GHashPortable(h)));

    /// <summary>Every block-cipher list, in the order the public view shows the ciphers.</summary>
    public static readonly CoreList<BlockCipherFactory>[] BlockCiphers =
    {
        Rijndael, Camellia, Clefia, Sc2000, Hierocrypt3, CipherUnicornA, HierocryptL1, Misty1, CipherUnicornE, TripleDes,
    };

    private static CoreList<BlockCipherFactory> One(string family, BlockCipherFactory create) =>
        new(family, new CoreCandidate<BlockCipherFactory>("Reference", create));
}
