using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;
using Panicode.Crypto.Unsafe.BlockCiphers.Clefia;
using Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;
using Panicode.Crypto.Unsafe.Ec;
using Panicode.Crypto.Unsafe.Hashing;
using Panicode.Crypto.Unsafe.Internal;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe;

/// <summary>
/// Creates the Unsafe flavour of the Panicode.Crypto algorithms: the same public classes, modes and
/// paddings as the Reference flavour, with cores optimized by unsafe code (pointer table lookups,
/// <c>stackalloc</c> temporaries, byte casts, tables passed as arguments) and, where the CPU has
/// them, hardware intrinsics.
/// </summary>
/// <remarks>
/// Setting the environment variable <c>PANICODE_FORCE_PORTABLE=1</c> before the first use turns the
/// intrinsic paths off; the portable unsafe code then runs on every machine.
/// </remarks>
public static partial class UnsafeCrypto
{
    /// <summary>
    /// Creates a <see cref="RijndaelCipher"/> (every block and key size of 128..256 bits in steps of 32)
    /// whose core is optimized; with 128- and 256-bit blocks it uses AES-NI where available.
    /// </summary>
    /// <returns>A new Rijndael instance with the defaults of <see cref="RijndaelCipher"/>.</returns>
    public static RijndaelCipher CreateRijndael() => new UnsafeRijndael(CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates a <see cref="ManagedRijndael"/> (a <see cref="System.Security.Cryptography.Rijndael"/>, for code typed
    /// as <c>Rijndael</c> or <c>RijndaelManaged</c>) over the optimized Rijndael of <see cref="CreateRijndael()"/>.
    /// </summary>
    /// <returns>A new Rijndael with the defaults of <see cref="ManagedRijndael"/>.</returns>
    public static ManagedRijndael CreateManagedRijndael() => new ManagedRijndael(CreateRijndael());

    /// <summary>
    /// Creates Rijndael on the portable unsafe core when <paramref name="forcePortable"/> is true, in the
    /// same process as the intrinsic one (tests and benchmarks).
    /// </summary>
    internal static RijndaelCipher CreateRijndael(bool forcePortable) => new UnsafeRijndael(!forcePortable && CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates a <see cref="CamelliaCipher"/> (128-bit blocks; 128-, 192- and 256-bit keys) whose core
    /// is optimized. On .NET 10 with GFNI no call looks anything up in a table (see <see cref="IsCamelliaConstantTime"/>):
    /// calls of several blocks (ECB, CBC decryption) go through a byte-sliced core, and the key schedule, single blocks
    /// (CBC encryption, CFB, OFB) and short tails through GFNI one or two blocks at a time. With AES-NI but no GFNI,
    /// and everywhere else, the key schedule, single blocks and short tails use 64-bit pointer table lookups, which are
    /// not cache-timing safe.
    /// </summary>
    /// <returns>A new Camellia instance with the defaults of <see cref="CamelliaCipher"/>.</returns>
    public static CamelliaCipher CreateCamellia() => new UnsafeCamellia(CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Gets whether the Camellia of <see cref="CreateCamellia()"/> is table-free in this process: no memory access
    /// and no branch depends on the key or the data, in every mode. True on .NET 10 with GFNI and SSSE3, unless
    /// <c>PANICODE_FORCE_PORTABLE=1</c> turned intrinsics off.
    /// </summary>
    public static bool IsCamelliaConstantTime => UnsafeCamellia.IsConstantTimeSupported(CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates Camellia on the portable unsafe core when <paramref name="forcePortable"/> is true, in the
    /// same process as the intrinsic one (tests and benchmarks).
    /// </summary>
    internal static CamelliaCipher CreateCamellia(bool forcePortable) => new UnsafeCamellia(!forcePortable && CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates a <see cref="Ripemd160"/> whose compression function is unrolled (constant message indices and
    /// rotations, pointer loads); the padding and streaming are the Reference flavour's.
    /// </summary>
    /// <returns>A new RIPEMD-160 instance.</returns>
    public static Ripemd160 CreateRipemd160() => new Ripemd160Implementation(new UnsafeRipemd160Engine());

    /// <summary>Creates an <see cref="HmacRipemd160"/> with a random 64-byte key over the hash of <see cref="CreateRipemd160"/>.</summary>
    /// <returns>A new HMAC-RIPEMD-160 instance.</returns>
    public static HmacRipemd160 CreateHmacRipemd160() => new HmacRipemd160(null, CreateRipemd160);

    /// <summary>Creates an <see cref="HmacRipemd160"/> with <paramref name="key"/> over the hash of <see cref="CreateRipemd160"/>.</summary>
    /// <param name="key">The secret key (a key longer than 64 bytes is hashed first).</param>
    /// <returns>A new HMAC-RIPEMD-160 instance.</returns>
    /// <exception cref="System.ArgumentNullException"><paramref name="key"/> is null.</exception>
    public static HmacRipemd160 CreateHmacRipemd160(byte[] key) =>
        new HmacRipemd160(key ?? throw new System.ArgumentNullException(nameof(key)), CreateRipemd160);

    // CRYPTREC 128-bit ciphers: CLEFIA and SC2000 here, Hierocrypt-3 and CIPHERUNICORN-A in UnsafeCrypto.Cryptrec128.cs.

    /// <summary>
    /// Creates a <see cref="ClefiaCipher"/> (128-bit blocks; 128-, 192- and 256-bit keys) whose core is optimized: on
    /// .NET 10 with GFNI, calls of several blocks (ECB, CBC decryption, CTR) go through a byte-sliced core without
    /// table lookups; the key schedule, single blocks (CBC encryption, CFB, OFB) and short tails use 32-bit pointer
    /// table lookups, which are not cache-timing safe.
    /// </summary>
    /// <returns>A new CLEFIA instance with the defaults of <see cref="ClefiaCipher"/>.</returns>
    public static ClefiaCipher CreateClefia() => new UnsafeClefia(CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates CLEFIA on the portable unsafe core when <paramref name="forcePortable"/> is true, in the same process
    /// as the intrinsic one (tests and benchmarks).
    /// </summary>
    internal static ClefiaCipher CreateClefia(bool forcePortable) => new UnsafeClefia(!forcePortable && CpuFeatures.IntrinsicsAllowed);

    /// <summary>
    /// Creates an <see cref="Sc2000Cipher"/> (128-bit blocks; 128-, 192- and 256-bit keys) whose core is optimized:
    /// the S and M functions merged into joined 32-bit pointer tables (not cache-timing safe) and the B function
    /// bitsliced on whole words.
    /// </summary>
    /// <returns>A new SC2000 instance with the defaults of <see cref="Sc2000Cipher"/>.</returns>
    public static Sc2000Cipher CreateSc2000() => new UnsafeSc2000();


    /// <summary>
    /// Creates a <see cref="PrimeEcdsa"/> whose field arithmetic is optimized (pointer limbs, stack temporaries,
    /// fused multiply-and-reduce for P-192 and P-256, 64-bit Montgomery multiplication elsewhere), with a key on
    /// nistP521 generated on first use.
    /// </summary>
    /// <returns>A new ECDSA instance of the Unsafe flavour.</returns>
    public static PrimeEcdsa CreateEcdsa() => new UnsafePrimeEcdsa();

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEcdsa"/> with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A named or explicit prime curve.</param>
    /// <returns>A new ECDSA instance holding a fresh key.</returns>
    public static PrimeEcdsa CreateEcdsa(ECCurve curve) =>
        EcKeyState.Initialize<PrimeEcdsa>(new UnsafePrimeEcdsa(), a => a.GenerateKey(curve));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEcdsa"/> holding the given key.</summary>
    /// <param name="parameters">The key (public point, optionally the private scalar) and its curve.</param>
    /// <returns>A new ECDSA instance holding the imported key.</returns>
    public static PrimeEcdsa CreateEcdsa(ECParameters parameters) =>
        EcKeyState.Initialize<PrimeEcdsa>(new UnsafePrimeEcdsa(), a => a.ImportParameters(parameters));

    /// <summary>
    /// Creates the Unsafe flavour of <see cref="PrimeEcdsa"/> with a new key on the named curve <paramref name="curveName"/>
    /// (a name such as "secp256k1", "nistP256", "brainpoolP384r1", or a dotted OID), as <see cref="PrimeEcdsa.Create(string)"/>.
    /// </summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>A new ECDSA instance holding a fresh key.</returns>
    public static PrimeEcdsa CreateEcdsa(string curveName) => CreateEcdsa(PrimeEcdh.NamedCurve(curveName));

    /// <summary>
    /// Creates the Unsafe flavour of <see cref="PrimeEcdh"/> with a new key on the named curve <paramref name="curveName"/>,
    /// as <see cref="PrimeEcdh.Create(string)"/>.
    /// </summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>A new ECDH instance holding a fresh key.</returns>
    public static PrimeEcdh CreateEcdh(string curveName) => CreateEcdh(PrimeEcdh.NamedCurve(curveName));

    /// <summary>
    /// Creates a <see cref="PrimeEcdh"/> on the Unsafe arithmetic (as <see cref="CreateEcdsa()"/>), with a key on
    /// nistP521 generated on first use.
    /// </summary>
    /// <returns>A new ECDH instance of the Unsafe flavour.</returns>
    public static PrimeEcdh CreateEcdh() => new UnsafePrimeEcdh();

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEcdh"/> with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A named or explicit prime curve.</param>
    /// <returns>A new ECDH instance holding a fresh key.</returns>
    public static PrimeEcdh CreateEcdh(ECCurve curve) =>
        EcKeyState.Initialize<PrimeEcdh>(new UnsafePrimeEcdh(), a => a.GenerateKey(curve));

    /// <summary>Creates the Unsafe flavour of <see cref="PrimeEcdh"/> holding the given key.</summary>
    /// <param name="parameters">The key (public point, optionally the private scalar) and its curve.</param>
    /// <returns>A new ECDH instance holding the imported key.</returns>
    public static PrimeEcdh CreateEcdh(ECParameters parameters) =>
        EcKeyState.Initialize<PrimeEcdh>(new UnsafePrimeEcdh(), a => a.ImportParameters(parameters));
}
