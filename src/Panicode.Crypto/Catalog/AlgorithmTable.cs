using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Catalog;

/// <summary>
/// The rows of the public <see cref="CryptoCatalog"/>: every algorithm of the library once, with its identifier (the
/// family name the tests, benchmarks and demo use), names, OIDs and specification. Sizes come from the algorithm
/// objects themselves (their <c>LegalKeySizes</c>), never restated here, except for modes, which have no object.
/// </summary>
internal static class AlgorithmTable
{
    private static readonly KeySizes[] s_anyBlock = { new KeySizes(64, 256, 32) };
    private static readonly KeySizes[] s_block128 = { new KeySizes(128, 128, 0) };
    private static readonly KeySizes[] s_noBlock = System.Array.Empty<KeySizes>();
    private static readonly KeySizes[] s_block64 = { new KeySizes(64, 64, 0) };
    private static readonly KeySizes[] s_block64And128 = { new KeySizes(64, 128, 64) };

    /// <summary>One algorithm.</summary>
    internal sealed class Row
    {
        public Row(string id, string[] names, AlgorithmKind kind, string typeName, string referenceFactory, string unsafeFactory, string specification)
        {
            Id = id;
            Names = names;
            Kind = kind;
            TypeName = "Panicode.Crypto." + typeName;
            ReferenceFactory = referenceFactory;
            UnsafeFactory = unsafeFactory;
            Specification = specification;
        }

        public string Id { get; }

        public string[] Names { get; }

        public AlgorithmKind Kind { get; }

        public string TypeName { get; }

        public string ReferenceFactory { get; }

        public string UnsafeFactory { get; }

        public string Specification { get; }

        public Dictionary<string, string> Oids { get; } = new();

        /// <summary>For modes only (no object to ask): the key sizes follow the cipher.</summary>
        public KeySizes[]? KeySizes { get; set; }

        /// <summary>For modes only: the block sizes of the ciphers the mode runs over.</summary>
        public KeySizes[]? BlockSizes { get; set; }

        /// <summary>True for GCM and GMAC, whose cores are the GHASH list.</summary>
        public bool UsesGHash { get; set; }
    }

    public static readonly Row[] Rows = Build();

    /// <summary>The Reference flavour of the algorithm <paramref name="id"/>; null for a mode.</summary>
    public static object? CreateReference(string id) => id switch
    {
        "Rijndael" => RijndaelCipher.Create(),
        "Camellia" => CamelliaCipher.Create(),
        "Clefia" => ClefiaCipher.Create(),
        "Sc2000" => Sc2000Cipher.Create(),
        "Hierocrypt3" => Hierocrypt3Cipher.Create(),
        "CipherUnicornA" => CipherUnicornACipher.Create(),
        "HierocryptL1" => HierocryptL1Cipher.Create(),
        "Misty1" => Misty1Cipher.Create(),
        "CipherUnicornE" => CipherUnicornECipher.Create(),
        "TripleDes" => TripleDesCipher.Create(),
        "KCipher2" => KCipher2Cipher.Create(),
        "Enocoro128v2" => Enocoro128v2Cipher.Create(),
        "Mugi" => MugiCipher.Create(),
#pragma warning disable CS0618, PANICODE001 // The catalogue lists RC4 for existing data.
        "Rc4" => Rc4Cipher.Create(),
#pragma warning restore CS0618, PANICODE001
        "Panama" => PanamaCipher.Create(),
        "PanamaHash" => PanamaHash.Create(),
        "Ripemd160" => Ripemd160.Create(),
        "HmacRipemd160" => HmacRipemd160.Create(),
        "Ecdsa" => PrimeEcdsa.Create(),
        "Ecdh" => PrimeEcdh.Create(),
        "Rsa" => ManagedRsa.Create(),
        "Dsa" => ManagedDsa.Create(),
        "Dh" => ManagedDiffieHellman.Create(),
        "EciesKem" => PrimeEciesKem.Create(),
        "PsecKem" => PrimePsecKem.Create(),
        _ => null,
    };

    private static Row[] Build()
    {
        List<Row> rows = new();

        Row Add(string id, string[] names, AlgorithmKind kind, string type, string reference, string @unsafe, string spec)
        {
            Row row = new(id, names, kind, type, reference, @unsafe, spec);
            rows.Add(row);
            return row;
        }

        Row Cipher(string id, string[] names, string type, string @unsafe, string spec) =>
            Add(id, names, AlgorithmKind.BlockCipher, type, type + ".Create()", "UnsafeCrypto." + @unsafe + "()", spec);

        Row Mode(string id, string[] names, string reach, string spec, KeySizes[] blocks, string? type = null)
        {
            Row row = Add(id, names, AlgorithmKind.Mode, type ?? (id is "KeyWrap" or "Gcm" or "Ccm" or "Gmac" or "Cmac" or "CbcMac" ? id : "BlockCipherAlgorithm"), reach, reach, spec);
            row.BlockSizes = blocks;
            return row;
        }

        // NIST's AES OIDs (CSOR, 2.16.840.1.101.3.4.1): for the 128-bit block only.
        Row aes = Cipher("Rijndael", new[] { "Rijndael", "AES" }, "RijndaelCipher", "CreateRijndael", "FIPS 197; Rijndael proposal (every block and key size of 128..256 bits)");
        foreach ((int bits, int arc) in new[] { (128, 0), (192, 20), (256, 40) })
        {
            aes.Oids[$"aes{bits}-ECB"] = $"2.16.840.1.101.3.4.1.{arc + 1}";
            aes.Oids[$"aes{bits}-CBC"] = $"2.16.840.1.101.3.4.1.{arc + 2}";
            aes.Oids[$"id-aes{bits}-wrap"] = $"2.16.840.1.101.3.4.1.{arc + 5}";
            aes.Oids[$"id-aes{bits}-GCM"] = $"2.16.840.1.101.3.4.1.{arc + 6}";
            aes.Oids[$"id-aes{bits}-CCM"] = $"2.16.840.1.101.3.4.1.{arc + 7}";
        }

        // RFC 3713 section 4 (camellia128/192/256-cbc).
        Row camellia = Cipher("Camellia", new[] { "Camellia" }, "CamelliaCipher", "CreateCamellia", "RFC 3713");
        camellia.Oids["camellia128-cbc"] = "1.2.392.200011.61.1.1.1.2";
        camellia.Oids["camellia192-cbc"] = "1.2.392.200011.61.1.1.1.3";
        camellia.Oids["camellia256-cbc"] = "1.2.392.200011.61.1.1.1.4";
        Cipher("Clefia", new[] { "CLEFIA" }, "ClefiaCipher", "CreateClefia", "RFC 6114");
        Cipher("Sc2000", new[] { "SC2000" }, "Sc2000Cipher", "CreateSc2000", "SC2000 (Fujitsu; CRYPTREC)");
        Cipher("Hierocrypt3", new[] { "Hierocrypt-3" }, "Hierocrypt3Cipher", "CreateHierocrypt3", "Hierocrypt-3 (Toshiba; CRYPTREC, NESSIE)");
        Cipher("CipherUnicornA", new[] { "CIPHERUNICORN-A" }, "CipherUnicornACipher", "CreateCipherUnicornA", "CIPHERUNICORN-A (NEC; CRYPTREC)");
        Cipher("HierocryptL1", new[] { "Hierocrypt-L1" }, "HierocryptL1Cipher", "CreateHierocryptL1", "Hierocrypt-L1 (Toshiba; CRYPTREC, NESSIE)");

        // RFC 2994 section 4 (MISTY1-CBC).
        Cipher("Misty1", new[] { "MISTY1" }, "Misty1Cipher", "CreateMisty1", "RFC 2994").Oids["misty1-cbc"] = "1.2.392.200011.61.1.1.1.1";
        Cipher("CipherUnicornE", new[] { "CIPHERUNICORN-E" }, "CipherUnicornECipher", "CreateCipherUnicornE", "CIPHERUNICORN-E (NEC; CRYPTREC)");

        // RFC 8018 appendix B.2.2 (des-EDE3-CBC).
        Cipher("TripleDes", new[] { "Triple DES", "TripleDES", "3DES", "TDEA", "DES-EDE3" }, "TripleDesCipher", "CreateTripleDes", "NIST SP 800-67 rev. 2; FIPS 46-3")
            .Oids["des-ede3-cbc"] = "1.2.840.113549.3.7";

        Mode("Ecb", new[] { "ECB" }, "SymmetricAlgorithm.Mode = CipherMode.ECB; EncryptEcb", "NIST SP 800-38A", s_anyBlock);
        Mode("Cbc", new[] { "CBC" }, "SymmetricAlgorithm.Mode = CipherMode.CBC; EncryptCbc", "NIST SP 800-38A", s_anyBlock);
        Mode("Cfb", new[] { "CFB" }, "SymmetricAlgorithm.Mode = CipherMode.CFB; EncryptCfb", "NIST SP 800-38A (CFB-8 to CFB-block size)", s_anyBlock);
        Mode("Ofb", new[] { "OFB" }, "SymmetricAlgorithm.Mode = CipherMode.OFB", "NIST SP 800-38A", s_anyBlock);
        Mode("Cts", new[] { "CTS", "CBC-CS3" }, "SymmetricAlgorithm.Mode = CipherMode.CTS", "NIST SP 800-38A Addendum (CBC-CS3)", s_anyBlock);
        Mode("Ctr", new[] { "CTR" }, "BlockCipherAlgorithm.EncryptCtr, CreateCtrTransform(key, counter) or CreateCtrTransform(counter)", "NIST SP 800-38A", s_anyBlock);
        Mode("Gcm", new[] { "GCM" }, "BlockCipherAlgorithm.CreateGcm(key) or CreateGcm()", "NIST SP 800-38D", s_block128).UsesGHash = true;
        Mode("Gmac", new[] { "GMAC" }, "BlockCipherAlgorithm.CreateGmac(key) or CreateGmac()", "NIST SP 800-38D", s_block128).UsesGHash = true;
        Mode("Ccm", new[] { "CCM" }, "BlockCipherAlgorithm.CreateCcm(key) or CreateCcm()", "NIST SP 800-38C; RFC 3610", s_block128);
        Mode("Cmac", new[] { "CMAC", "OMAC1" }, "BlockCipherAlgorithm.CreateCmac(key) or CreateCmac()", "NIST SP 800-38B; RFC 4493", s_block64And128);
        Mode("CbcMac", new[] { "CBC-MAC", "ISO/IEC 9797-1 MAC algorithm 1" }, "BlockCipherAlgorithm.CreateCbcMac(key, padding) or CreateCbcMac(padding)", "ISO/IEC 9797-1:2011 (MAC algorithm 1; padding methods 1, 2, 3); unsafe for variable-length messages", s_block64And128);
        Mode("RetailMac", new[] { "Retail MAC", "X9.19-MAC", "ISO/IEC 9797-1 MAC algorithm 3" }, "TripleDesCipher.CreateRetailMac(key, padding) or CreateRetailMac(padding)", "ISO/IEC 9797-1:2011 (MAC algorithm 3); ANSI X9.19", s_block64, "CbcMac").KeySizes = new[] { new KeySizes(128, 128, 0) };
        Mode("KeyWrap", new[] { "KW", "KWP" }, "BlockCipherAlgorithm.CreateKeyWrap(key) or CreateKeyWrap()", "NIST SP 800-38F; RFC 3394, RFC 5649", s_block128);

        Add("KCipher2", new[] { "KCipher-2" }, AlgorithmKind.StreamCipher, "KCipher2Cipher", "KCipher2Cipher.Create()", "UnsafeCrypto.CreateKCipher2()", "RFC 7008");
        Add("Enocoro128v2", new[] { "Enocoro-128v2" }, AlgorithmKind.StreamCipher, "Enocoro128v2Cipher", "Enocoro128v2Cipher.Create()", "UnsafeCrypto.CreateEnocoro128v2()", "Enocoro-128v2 specification 2.0 (Hitachi)");
        Add("Mugi", new[] { "MUGI" }, AlgorithmKind.StreamCipher, "MugiCipher", "MugiCipher.Create()", "UnsafeCrypto.CreateMugi()", "MUGI specification 1.2 (Hitachi); ISO/IEC 18033-4");
        Add("Rc4", new[] { "RC4", "ARCFOUR" }, AlgorithmKind.StreamCipher, "Rc4Cipher", "Rc4Cipher.Create()", "UnsafeCrypto.CreateRc4()", "RFC 6229 (test vectors); RFC 7465 (prohibited in TLS); for existing data only");

        Add("Panama", new[] { "PANAMA" }, AlgorithmKind.StreamCipher, "PanamaCipher", "PanamaCipher.Create()", "UnsafeCrypto.CreatePanama()", "Daemen and Clapp, FSE 1998 (little- and big-endian words)");
        Row multiS01 = Add("MultiS01", new[] { "MULTI-S01" }, AlgorithmKind.Mode, "MultiS01", "MultiS01.Create(key)", "UnsafeCrypto.CreateMultiS01(key)", "MULTI-S01 specification (Hitachi; CRYPTREC): encryption with integrity over PANAMA (big-endian)");
        multiS01.BlockSizes = s_noBlock;
        multiS01.KeySizes = new[] { new KeySizes(256, 256, 0) };

        // A protocol rather than a primitive, listed so the catalogue shows everything the library offers.
        Add("Iso9798", new[] { "ISO/IEC 9798", "ISO/IEC 9798-2", "ISO/IEC 9798-3", "ISO/IEC 9798-4" }, AlgorithmKind.EntityAuthentication, "Iso9798Party", "Iso9798Party.Create(identity, peerIdentity, protection)", "Iso9798Party.Create(identity, peerIdentity, protection)", "ISO/IEC 9798-2, -3, -4 mechanisms as in HAC §10.3; the library's own token encoding");

        // RIPEMD-160: TeleTrusT's OID; HMAC-RIPEMD-160: RFC 2857's IPsec OID.
        Add("Ripemd160", new[] { "RIPEMD-160", "RIPEMD160" }, AlgorithmKind.Hash, "Ripemd160", "Ripemd160.Create()", "UnsafeCrypto.CreateRipemd160()", "ISO/IEC 10118-3; Dobbertin, Bosselaers and Preneel")
            .Oids["ripemd160"] = "1.3.36.3.2.1";
        Add("PanamaHash", new[] { "PANAMA hash" }, AlgorithmKind.Hash, "PanamaHash", "PanamaHash.Create()", "UnsafeCrypto.CreatePanamaHash()", "Daemen and Clapp, FSE 1998 (broken: collisions, FSE 2007)");
        Add("HmacRipemd160", new[] { "HMAC-RIPEMD-160", "HMACRIPEMD160" }, AlgorithmKind.Mac, "HmacRipemd160", "HmacRipemd160.Create(key)", "UnsafeCrypto.CreateHmacRipemd160(key)", "RFC 2104; RFC 2286")
            .Oids["hmac-ripemd160"] = "1.3.6.1.5.5.8.1.4";

        Add("Ecdsa", new[] { "ECDSA" }, AlgorithmKind.Signature, "PrimeEcdsa", "PrimeEcdsa.Create(curveName)", "UnsafeCrypto.CreateEcdsa(curveName)", "FIPS 186-5; SEC 1; RFC 6979 (deterministic)")
            .Oids["id-ecPublicKey"] = "1.2.840.10045.2.1";
        Add("Ecdh", new[] { "ECDH" }, AlgorithmKind.KeyAgreement, "PrimeEcdh", "PrimeEcdh.Create(curveName)", "UnsafeCrypto.CreateEcdh(curveName)", "SEC 1; NIST SP 800-56A")
            .Oids["id-ecPublicKey"] = "1.2.840.10045.2.1";
        Add("Rsa", new[] { "RSA" }, AlgorithmKind.PublicKey, "ManagedRsa", "ManagedRsa.Create()", "UnsafeCrypto.CreateRsa()", "RFC 8017 (PKCS #1 v2.2: v1.5, PSS, OAEP)")
            .Oids["rsaEncryption"] = "1.2.840.113549.1.1.1";

        // RFC 3279 section 2.3.2 (id-dsa).
        Add("Dsa", new[] { "DSA" }, AlgorithmKind.Signature, "ManagedDsa", "ManagedDsa.Create()", "UnsafeCrypto.CreateDsa()", "FIPS 186-4; RFC 6979 (deterministic)")
            .Oids["id-dsa"] = "1.2.840.10040.4.1";

        // RFC 2631 / RFC 3279 section 2.3.3 (dhpublicnumber).
        Add("Dh", new[] { "DH", "FFDH" }, AlgorithmKind.KeyAgreement, "ManagedDiffieHellman", "ManagedDiffieHellman.Create(group)", "UnsafeCrypto.CreateDiffieHellman(group)", "NIST SP 800-56A rev. 3; RFC 7919, RFC 3526, RFC 5114")
            .Oids["dhpublicnumber"] = "1.2.840.10046.2.1";

        // The keys of both KEMs are EC keys (id-ecPublicKey); no KEM algorithm identifier is listed here.
        Add("EciesKem", new[] { "ECIES-KEM" }, AlgorithmKind.KeyEncapsulation, "PrimeEciesKem", "PrimeEciesKem.Create(curveName)", "UnsafeCrypto.CreateEciesKem(curveName)", "ISO/IEC 18033-2:2006 §10.2")
            .Oids["id-ecPublicKey"] = "1.2.840.10045.2.1";
        Add("PsecKem", new[] { "PSEC-KEM" }, AlgorithmKind.KeyEncapsulation, "PrimePsecKem", "PrimePsecKem.Create(curveName)", "UnsafeCrypto.CreatePsecKem(curveName)", "ISO/IEC 18033-2:2006 §10.3; NTT PSEC-KEM specification (CRYPTREC)")
            .Oids["id-ecPublicKey"] = "1.2.840.10045.2.1";
        return rows.ToArray();
    }
}
