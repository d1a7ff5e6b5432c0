using System.Linq;
using Panicode.Crypto.Unsafe.Catalog;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe;

// The public view of the Unsafe flavour's catalogue.
public static partial class UnsafeCrypto
{
    private static CryptoCatalog? s_catalog;

    /// <summary>
    /// The Unsafe flavour's <see cref="CryptoCatalog"/>: every algorithm with its factory here, and for each block cipher
    /// (and GHASH under GCM and GMAC) the cores this flavour has, the CPU features each needs and which ones this
    /// process uses (<see cref="CoreInfo.IsInUse"/>; none with intrinsics under <c>PANICODE_FORCE_PORTABLE=1</c>).
    /// </summary>
    public static CryptoCatalog Catalog => s_catalog ??= new CryptoCatalog(
        "Unsafe", Create, id => UnsafeCores.BlockCiphers.FirstOrDefault(l => l.Family == id), UnsafeCores.GHash, CpuFeatures.IntrinsicsAllowed);

    // The Unsafe flavour of the algorithm with the catalogue identifier id; null for a mode.
    private static object? Create(string id) => id switch
    {
        "Rijndael" => CreateRijndael(),
        "Camellia" => CreateCamellia(),
        "Clefia" => CreateClefia(),
        "Sc2000" => CreateSc2000(),
        "Hierocrypt3" => CreateHierocrypt3(),
        "CipherUnicornA" => CreateCipherUnicornA(),
        "HierocryptL1" => CreateHierocryptL1(),
        "Misty1" => CreateMisty1(),
        "CipherUnicornE" => CreateCipherUnicornE(),
        "TripleDes" => CreateTripleDes(),
        "KCipher2" => CreateKCipher2(),
        "Enocoro128v2" => CreateEnocoro128v2(),
        "Mugi" => CreateMugi(),
#pragma warning disable CS0618, PANICODE001 // The catalogue lists RC4 for existing data.
        "Rc4" => CreateRc4(),
#pragma warning restore CS0618, PANICODE001
        "Panama" => CreatePanama(),
        "PanamaHash" => CreatePanamaHash(),
        "Ripemd160" => CreateRipemd160(),
        "HmacRipemd160" => CreateHmacRipemd160(),
        "Ecdsa" => CreateEcdsa(),
        "Ecdh" => CreateEcdh(),
        "Rsa" => CreateRsa(),
        "Dsa" => CreateDsa(),
        "Dh" => CreateDiffieHellman(),
        "EciesKem" => CreateEciesKem(),
        "PsecKem" => CreatePsecKem(),
        _ => null,
    };
}
