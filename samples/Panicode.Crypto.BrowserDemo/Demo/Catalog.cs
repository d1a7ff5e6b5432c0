using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.BrowserDemo.Demo;

/// <summary>One block cipher of the library: both flavours' factories and one known-answer test from its specification or vector file.</summary>
/// <param name="Name">The name shown on the page.</param>
/// <param name="Id">The identifier in the library's catalogue (<see cref="AlgorithmInfo.Id"/>), which the evaluation report joins on.</param>
/// <param name="KeyBits">The key size the demo, the self-test and the benchmark use (128 bits: every cipher takes it).</param>
/// <param name="BlockBits">The block size (the cipher's default).</param>
/// <param name="Reference">The Reference flavour (safe code).</param>
/// <param name="Unsafe">The Unsafe flavour, or null where the library has none.</param>
/// <param name="KnownAnswer">Key, plaintext and ciphertext in hex, and where they come from.</param>
public sealed record CipherEntry(
    string Name,
    string Id,
    int KeyBits,
    int BlockBits,
    Func<SymmetricAlgorithm> Reference,
    Func<SymmetricAlgorithm>? Unsafe,
    (string Key, string Plaintext, string Ciphertext, string Source) KnownAnswer)
{
    /// <summary>The flavours this cipher has, by name.</summary>
    public IEnumerable<(string Flavour, Func<SymmetricAlgorithm> Create)> Flavours()
    {
        yield return ("Reference", Reference);
        if (Unsafe is not null)
        {
            yield return ("Unsafe", Unsafe);
        }
    }
}

/// <summary>A stream cipher in both flavours, with the start of a known key stream (key, IV, key stream in hex).</summary>
public sealed record StreamEntry(
    string Name,
    string Id,
    Func<StreamCipher> Reference,
    Func<StreamCipher> Unsafe,
    (string Key, string IV, string KeyStream, string Source) KnownAnswer);

/// <summary>A hash function in both flavours, with a known digest and, where the library has one, its HMAC with a known MAC.</summary>
public sealed record HashEntry(
    string Name,
    string Id,
    Func<HashAlgorithm> Reference,
    Func<HashAlgorithm> Unsafe,
    (string Message, string Digest, string Source) KnownAnswer,
    Func<byte[], KeyedHashAlgorithm>? ReferenceHmac,
    Func<byte[], KeyedHashAlgorithm>? UnsafeHmac,
    (string Key, string Message, string Mac, string Source)? HmacKnownAnswer);

/// <summary>
/// Everything the demo offers, in one list per kind, built from the library's own catalogue
/// (<see cref="CryptoCatalog.Reference"/> and <see cref="UnsafeCrypto.Catalog"/>): names, sizes, factories and curves
/// come from there, and this file adds only a known answer per algorithm (an algorithm the library lists without one
/// here fails the self-test by name). The page, the self-test and the benchmark all read these lists.
/// </summary>
public static class Catalog
{
    // One known answer per catalogue identifier: key, plaintext and ciphertext in hex, and where they come from.
    private static readonly Dictionary<string, (string Key, string Plaintext, string Ciphertext, string Source)> s_cipherAnswers = new()
    {
        ["Rijndael"] = ("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a", "FIPS 197, Appendix C.1"),
        ["Camellia"] = ("0123456789abcdeffedcba9876543210", "0123456789abcdeffedcba9876543210", "67673138549669730857065648eabe43", "RFC 3713, Appendix A"),
        ["Clefia"] = ("ffeeddccbbaa99887766554433221100", "000102030405060708090a0b0c0d0e0f", "de2bf2fd9b74aacdf1298555459494fd", "RFC 6114, Appendix A"),
        ["Sc2000"] = ("80000000000000000000000000000000", "00000000000000000000000000000000", "3fcb3bc9dbe00a8bf28d69d7f67102a7", "NESSIE SC2000-128-128, Set 1 vector 0"),
        ["Hierocrypt3"] = ("80000000000000000000000000000000", "00000000000000000000000000000000", "4c37a4129ceb3520ea55e9930c3bbc13", "NESSIE Hierocrypt-3-128-128, Set 1 vector 0"),
        ["CipherUnicornA"] = ("00000000000000000000000000000000", "00000000000000000000000000000000", "68056f5561958f32d6242ef2313536b7", "cross-check record (vectors/cipherunicorn-a/SOURCE.md)"),
        ["HierocryptL1"] = ("80000000000000000000000000000000", "0000000000000000", "131805591a512573", "NESSIE Hierocrypt-L1-128-64, Set 1 vector 0"),
        ["Misty1"] = ("00112233445566778899aabbccddeeff", "0123456789abcdef", "8b1da5f56ab3d07c", "RFC 2994, Appendix A"),
        ["CipherUnicornE"] = ("00000000000000000000000000000000", "123456789abcdef0", "b5005b8010830d37", "ISO/IEC 9979 register entry 0019 (vectors/cipherunicorn-e/)"),
        ["TripleDes"] = ("ad192fd064b5579e7a4fb3c8f794f22a", "13bad542f3652d67", "908e543cf2cb254f", "NIST CAVP TECBMMT2.rsp, encrypt COUNT = 0 (keying option 2)"),
    };

    // Key, IV and the first 16 bytes of key stream.
    private static readonly Dictionary<string, (string Key, string IV, string KeyStream, string Source)> s_streamAnswers = new()
    {
        ["KCipher2"] = ("00000000000000000000000000000000", "00000000000000000000000000000000", "f871ebef945b7272e40c04941dff0537", "RFC 7008, Appendix C.1"),
        ["Enocoro128v2"] = ("00000000000000000000000000000000", "0000000000000000", "63d7da6b55737fcf5734b6773ae772e8", "Hitachi's official test 1"),
        ["Mugi"] = ("00000000000000000000000000000000", "00000000000000000000000000000000", "c76e14e70836e6b6cb0e9c5a0bf03e1e", "MUGI specification Ver. 1.2, Appendix C, Example 1"),
        ["Rc4"] = ("0102030405060708090a0b0c0d0e0f10", "", "9ac7cc9a609d1ef7b2932899cde41b97", "RFC 6229, 128-bit key, offset 0 (RC4 has no IV)"),
        ["Panama"] = ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "f07e5df1c8d51c0d754da6ddde34cca0", "Crypto++'s Panama-LE stream-cipher record (vectors/panama/panama.txt), ciphertext XOR plaintext"),
    };

    // The HMAC answer is null for a hash the library has no HMAC over (PANAMA's).
    private static readonly Dictionary<string, ((string Message, string Digest, string Source) Hash, (string Key, string Message, string Mac, string Source)? Hmac)> s_hashAnswers = new()
    {
        ["PanamaHash"] = (("The quick brown fox jumps over the lazy dog", "5f5ca355b90ac622b0aa7e654ef5f27e9e75111415b48b8afe3add1c6b89cba1", "PANAMA reference implementation (vectors/panama/panama.txt)"), null),
        ["Ripemd160"] = (("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", "Dobbertin, Bosselaers and Preneel, Appendix B"),
            ("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There", "24cb4bd67d20fc1a5d2ed7732dcc39377f0a5668", "RFC 2286, test case 1")),
    };

    public static readonly IReadOnlyList<CipherEntry> Ciphers = CryptoCatalog.Reference.OfKind(AlgorithmKind.BlockCipher).Select(info =>
    {
        Func<SymmetricAlgorithm> reference = () => (SymmetricAlgorithm)info.Create();
        using SymmetricAlgorithm probe = reference();
        // "AES (Rijndael)": the better-known alias first where the catalogue has one.
        string name = info.Names.Count > 1 && !SameName(info.Names[1], info.Name) ? $"{info.Names[1]} ({info.Name})" : info.Name;
        return new CipherEntry(name, info.Id, 128, probe.BlockSize, reference, () => (SymmetricAlgorithm)Unsafe(info.Id).Create(), Answer(s_cipherAnswers, info.Id));
    }).ToArray();

    /// <summary>The stream ciphers: both flavours and the first 16 bytes of key stream for a known key and IV.</summary>
    public static readonly IReadOnlyList<StreamEntry> Streams = CryptoCatalog.Reference.OfKind(AlgorithmKind.StreamCipher).Select(info =>
        new StreamEntry(info.Name, info.Id, () => (StreamCipher)info.Create(), () => (StreamCipher)Unsafe(info.Id).Create(), Answer(s_streamAnswers, info.Id))).ToArray();

    /// <summary>The hash functions: both flavours, a known digest, and the HMAC over them with a known MAC.</summary>
    public static readonly IReadOnlyList<HashEntry> Hashes = CryptoCatalog.Reference.OfKind(AlgorithmKind.Hash).Select(info =>
    {
        var answers = Answer(s_hashAnswers, info.Id);
        AlgorithmInfo? hmac = CryptoCatalog.Reference.Find("Hmac" + info.Id);
        if ((hmac is null) != (answers.Hmac is null))
        {
            throw new InvalidOperationException($"The demo's HMAC answer for {info.Name} does not match the catalogue (HMAC {(hmac is null ? "absent" : "present")}): fix Demo/Catalog.cs.");
        }

        return new HashEntry(
            info.Name, info.Id, () => (HashAlgorithm)info.Create(), () => (HashAlgorithm)Unsafe(info.Id).Create(), answers.Hash,
            hmac is null ? null : key => Keyed((KeyedHashAlgorithm)hmac.Create(), key),
            hmac is null ? null : key => Keyed((KeyedHashAlgorithm)Unsafe(hmac.Id).Create(), key), answers.Hmac);
    }).ToArray();

    /// <summary>The named curves, each in both flavours of ECDSA and ECDH.</summary>
    public static readonly IReadOnlyList<string> Curves = CryptoCatalog.Reference.Curves.Select(c => c.Name).ToArray();

    private static AlgorithmInfo Unsafe(string id) => UnsafeCrypto.Catalog.Find(id)!;

    // "TripleDES" is "Triple DES" spelled the BCL's way, not an alias worth showing.
    private static bool SameName(string a, string b) => string.Equals(a.Replace(" ", ""), b.Replace(" ", ""), StringComparison.OrdinalIgnoreCase);

    private static KeyedHashAlgorithm Keyed(KeyedHashAlgorithm mac, byte[] key)
    {
        mac.Key = key;
        return mac;
    }

    private static T Answer<T>(Dictionary<string, T> answers, string id) =>
        answers.TryGetValue(id, out T? answer) ? answer : throw new InvalidOperationException($"The demo has no known answer for {id}, which the library's catalogue lists: add one to Demo/Catalog.cs.");

    public static IEnumerable<(string Flavour, Func<string, PrimeEcdsa> Create)> EcdsaFlavours()
    {
        yield return ("Reference", PrimeEcdsa.Create);
        yield return ("Unsafe", UnsafeCrypto.CreateEcdsa);
    }

    public static IEnumerable<(string Flavour, Func<string, PrimeEcdh> Create)> EcdhFlavours()
    {
        yield return ("Reference", PrimeEcdh.Create);
        yield return ("Unsafe", UnsafeCrypto.CreateEcdh);
    }

    /// <summary>The hash ECDSA uses on a curve of <paramref name="keySize"/> bits (as in the library's tests: SHA-256 up to 256 bits).</summary>
    public static HashAlgorithmName HashFor(int keySize) =>
        keySize <= 256 ? HashAlgorithmName.SHA256 : keySize <= 384 ? HashAlgorithmName.SHA384 : HashAlgorithmName.SHA512;
}
