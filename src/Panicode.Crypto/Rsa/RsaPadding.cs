// The encodings of RFC 8017 (PKCS #1 v2.2): EMSA-PKCS1-v1_5 (§9.2) with the DigestInfo prefixes of its note 1,
// EMSA-PSS (§9.1) with MGF1 (appendix B.2.1), EME-OAEP (§7.1) and EME-PKCS1-v1_5 (§7.2). The two decryption
// decodings run without a branch or an index that depends on the message until the one success-or-failure decision
// at the end, and every failure is one CryptographicException with one message (Bleichenbacher 1998, Manger 2001,
// Kario's Marvin attack 2023).

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Rsa;

internal static class RsaPadding
{
    /// <summary>The hash function by its BCL name (MD5, SHA1, SHA224, SHA256, SHA384, SHA512, SHA3-256/384/512).</summary>
    public static HashAlgorithm CreateHash(HashAlgorithmName name) => EcHash.Create(name);

    /// <summary>
    /// The output length of a hash by name, without creating it (PKCS#1 v1.5 needs only the length and the DigestInfo
    /// prefix, so a SHA-3 hash computed elsewhere can be signed and verified where the platform has no SHA-3).
    /// </summary>
    public static int HashLength(HashAlgorithmName name) => (name.Name ?? string.Empty).ToUpperInvariant() switch
    {
        "MD5" => 16,
        "SHA1" => 20,
        "SHA224" => 28,
        "SHA256" or "SHA3-256" => 32,
        "SHA384" or "SHA3-384" => 48,
        "SHA512" or "SHA3-512" => 64,
        _ => throw new CryptographicException(ErrorMessages.Format(ErrorMessages.UnknownHash, name.Name)),
    };

    /// <summary>
    /// The DER prefix of DigestInfo (RFC 8017 §9.2 note 1): SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING (hLen) },
    /// built from the hash's object identifier.
    /// </summary>
    public static byte[] DigestInfoPrefix(HashAlgorithmName name, int hashLength)
    {
        byte[] oid = (name.Name ?? string.Empty).ToUpperInvariant() switch
        {
            "MD5" => new byte[] { 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x02, 0x05 },
            "SHA1" => new byte[] { 0x2B, 0x0E, 0x03, 0x02, 0x1A },
            "SHA224" => Nist(4),
            "SHA256" => Nist(1),
            "SHA384" => Nist(2),
            "SHA512" => Nist(3),
            "SHA3-256" => Nist(8),
            "SHA3-384" => Nist(9),
            "SHA3-512" => Nist(10),
            _ => throw new CryptographicException(ErrorMessages.Format(ErrorMessages.UnknownHash, name.Name)),
        };

        // 30 L1 30 L2 06 Lo OID 05 00 04 hLen
        int algLen = 2 + oid.Length + 2;
        int totalLen = 2 + algLen + 2 + hashLength;
        byte[] prefix = new byte[2 + totalLen - hashLength];
        int i = 0;
        prefix[i++] = 0x30;
        prefix[i++] = (byte)totalLen;
        prefix[i++] = 0x30;
        prefix[i++] = (byte)algLen;
        prefix[i++] = 0x06;
        prefix[i++] = (byte)oid.Length;
        oid.CopyTo(prefix, i);
        i += oid.Length;
        prefix[i++] = 0x05;
        prefix[i++] = 0x00;
        prefix[i++] = 0x04;
        prefix[i] = (byte)hashLength;
        return prefix;

        // 2.16.840.1.101.3.4.2.n
        static byte[] Nist(byte n) => new byte[] { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, n };
    }

    /// <summary>EMSA-PKCS1-v1_5 (§9.2): 00 01 FF...FF 00 DigestInfo; false when emLen &lt; tLen + 11.</summary>
    public static bool TryEncodePkcs1Signature(ReadOnlySpan<byte> hash, HashAlgorithmName name, Span<byte> em)
    {
        byte[] prefix = DigestInfoPrefix(name, hash.Length);
        int tLen = prefix.Length + hash.Length;
        if (em.Length < tLen + 11)
        {
            return false;
        }

        em[0] = 0x00;
        em[1] = 0x01;
        em.Slice(2, em.Length - tLen - 3).Fill(0xFF);
        em[em.Length - tLen - 1] = 0x00;
        prefix.CopyTo(em.Slice(em.Length - tLen));
        hash.CopyTo(em.Slice(em.Length - hash.Length));
        return true;
    }

    /// <summary>MGF1 (appendix B.2.1): xors mask = H(seed || C) for C = 0, 1, ... into <paramref name="target"/> (ISO/IEC 18033-2's KDF1).</summary>
    public static void XorMgf1(HashAlgorithm hash, ReadOnlySpan<byte> seed, Span<byte> target) =>
        Hashing.CounterKdf.Xor(hash, seed, 0, target);

    /// <summary>
    /// EMSA-PSS-ENCODE (§9.1.1) into em (emLen = ceil(emBits / 8) bytes) with a random salt of
    /// <paramref name="saltLength"/> bytes; false when emLen &lt; hLen + sLen + 2.
    /// </summary>
    public static bool TryEncodePss(HashAlgorithm hash, ReadOnlySpan<byte> mHash, int emBits, int saltLength, Span<byte> em, ReadOnlySpan<byte> fixedSalt = default, HashAlgorithm? mgfHash = null)
    {
        int hLen = hash.HashSize / 8;
        int emLen = em.Length;
        if (emLen < hLen + saltLength + 2)
        {
            return false;
        }

        byte[] salt = fixedSalt.Length == saltLength ? fixedSalt.ToArray() : new byte[saltLength];
        if (fixedSalt.Length != saltLength)
        {
            RsaKey.Fill(salt);
        }

        // H = Hash(00 x 8 || mHash || salt)
        byte[] mPrime = new byte[8 + mHash.Length + saltLength];
        mHash.CopyTo(mPrime.AsSpan(8));
        salt.CopyTo(mPrime, 8 + mHash.Length);
        byte[] h = hash.ComputeHash(mPrime);

        // DB = PS || 01 || salt, masked by MGF1(H); the top 8 emLen - emBits bits cleared.
        int dbLen = emLen - hLen - 1;
        Span<byte> db = em.Slice(0, dbLen);
        db.Clear();
        db[dbLen - saltLength - 1] = 0x01;
        salt.CopyTo(db.Slice(dbLen - saltLength));
        XorMgf1(mgfHash ?? hash, h, db);
        db[0] &= (byte)(0xFF >> ((8 * emLen) - emBits));
        h.CopyTo(em.Slice(dbLen));
        em[emLen - 1] = 0xBC;
        return true;
    }

    /// <summary>
    /// EMSA-PSS-VERIFY (§9.1.2) for an em of ceil(emBits / 8) bytes. A <paramref name="saltLength"/> of zero or more
    /// must match; a negative one accepts whatever length the encoding says (the position of the 01 byte). MGF1 uses
    /// <paramref name="mgfHash"/> when given, else the message hash. Public data only: branches freely.
    /// </summary>
    public static bool VerifyPss(HashAlgorithm hash, ReadOnlySpan<byte> mHash, ReadOnlySpan<byte> em, int emBits, int saltLength, HashAlgorithm? mgfHash = null)
    {
        int hLen = hash.HashSize / 8;
        int emLen = em.Length;
        if (mHash.Length != hLen || emLen < hLen + 2 || em[emLen - 1] != 0xBC)
        {
            return false;
        }

        int dbLen = emLen - hLen - 1;
        byte topMask = (byte)(0xFF >> ((8 * emLen) - emBits));
        if ((em[0] & ~topMask) != 0)
        {
            return false;
        }

        byte[] db = em.Slice(0, dbLen).ToArray();
        ReadOnlySpan<byte> h = em.Slice(dbLen, hLen);
        XorMgf1(mgfHash ?? hash, h, db);
        db[0] &= topMask;
        int one = 0;
        while (one < dbLen && db[one] == 0)
        {
            one++;
        }

        if (one == dbLen || db[one] != 0x01)
        {
            return false;
        }

        int sLen = dbLen - one - 1;
        if (saltLength >= 0 && sLen != saltLength)
        {
            return false;
        }

        byte[] mPrime = new byte[8 + hLen + sLen];
        mHash.CopyTo(mPrime.AsSpan(8));
        db.AsSpan(one + 1).CopyTo(mPrime.AsSpan(8 + hLen));
        byte[] h2 = hash.ComputeHash(mPrime);
        return ConstantTime.BytesEqual(h, h2) == 1;
    }

    /// <summary>EME-OAEP encoding (§7.1.1 step 2) of M with label L into em (k bytes); false when M is too long.</summary>
    public static bool TryEncodeOaep(HashAlgorithm hash, ReadOnlySpan<byte> message, ReadOnlySpan<byte> label, Span<byte> em, ReadOnlySpan<byte> fixedSeed = default, HashAlgorithm? mgfHash = null)
    {
        HashAlgorithm mgf = mgfHash ?? hash;
        int hLen = hash.HashSize / 8;
        int k = em.Length;
        if (message.Length > k - (2 * hLen) - 2)
        {
            return false;
        }

        byte[] lHash = hash.ComputeHash(label.ToArray());
        Span<byte> seed = em.Slice(1, hLen);
        Span<byte> db = em.Slice(1 + hLen);
        em[0] = 0;
        db.Clear();
        lHash.CopyTo(db);
        db[db.Length - message.Length - 1] = 0x01;
        message.CopyTo(db.Slice(db.Length - message.Length));
        if (fixedSeed.Length == hLen)
        {
            fixedSeed.CopyTo(seed);
        }
        else
        {
            byte[] s = new byte[hLen];
            RsaKey.Fill(s);
            s.CopyTo(seed);
            Array.Clear(s, 0, s.Length);
        }

        XorMgf1(mgf, seed, db);
        XorMgf1(mgf, db, seed);
        return true;
    }

    /// <summary>
    /// EME-OAEP decoding (§7.1.2 step 3) of em (k bytes, modified in place). Every check is accumulated into one flag
    /// without a branch or an index that depends on em; the single failure throws one CryptographicException.
    /// </summary>
    public static byte[] DecodeOaep(HashAlgorithm hash, Span<byte> em, ReadOnlySpan<byte> label, HashAlgorithm? mgfHash = null)
    {
        HashAlgorithm mgf = mgfHash ?? hash;
        int hLen = hash.HashSize / 8;
        int k = em.Length;
        if (k < (2 * hLen) + 2)
        {
            throw new CryptographicException(ErrorMessages.RsaDecryptionFailed);
        }

        byte[] lHash = hash.ComputeHash(label.ToArray());
        Span<byte> seed = em.Slice(1, hLen);
        Span<byte> db = em.Slice(1 + hLen);
        XorMgf1(mgf, db, seed);
        XorMgf1(mgf, seed, db);

        uint good = ConstantTime.Eq0(em[0]);
        good &= ConstantTime.BytesEqual(lHash, db.Slice(0, hLen));

        // The first non-zero byte after lHash must be 01; its index is found by a scan of the whole rest.
        uint found = 0, bad = 0, index = 0;
        for (int i = hLen; i < db.Length; i++)
        {
            uint b = db[i];
            uint isOne = ConstantTime.Eq(b, 1);
            uint isZero = ConstantTime.Eq0(b);
            uint first = ConstantTime.Not(found) & isOne;
            index = ConstantTime.Mux(first, (uint)i, index);
            bad |= ConstantTime.Not(found) & ConstantTime.Not(isOne) & ConstantTime.Not(isZero);
            found |= isOne;
        }

        good &= found & ConstantTime.Not(bad);
        if (good != 1)
        {
            em.Clear();
            throw new CryptographicException(ErrorMessages.RsaDecryptionFailed);
        }

        byte[] message = db.Slice((int)index + 1).ToArray();
        em.Clear();
        return message;
    }

    /// <summary>EME-PKCS1-v1_5 encoding (§7.2.1 step 2): 00 02 PS (random non-zero, at least 8 bytes) 00 M.</summary>
    public static bool TryEncodePkcs1Encryption(ReadOnlySpan<byte> message, Span<byte> em)
    {
        int k = em.Length;
        if (message.Length > k - 11)
        {
            return false;
        }

        em[0] = 0;
        em[1] = 2;
        Span<byte> ps = em.Slice(2, k - message.Length - 3);
        byte[] buffer = new byte[ps.Length];
        int filled = 0;
        while (filled < ps.Length)
        {
            RsaKey.Fill(buffer);
            for (int i = 0; i < buffer.Length && filled < ps.Length; i++)
            {
                if (buffer[i] != 0)
                {
                    ps[filled++] = buffer[i];
                }
            }
        }

        Array.Clear(buffer, 0, buffer.Length);
        em[k - message.Length - 1] = 0;
        message.CopyTo(em.Slice(k - message.Length));
        return true;
    }

    /// <summary>
    /// EME-PKCS1-v1_5 decoding (§7.2.2 step 3) of em (k bytes): 00 02, at least 8 non-zero bytes, 00, M. Throws one
    /// CryptographicException for every failure, after <see cref="TryDecodePkcs1Encryption"/> has done all the work.
    /// </summary>
    public static byte[] DecodePkcs1Encryption(Span<byte> em)
    {
        byte[] buffer = new byte[em.Length];
        uint good = TryDecodePkcs1Encryption(em, buffer, out int length);
        em.Clear();
        if (good != 1)
        {
            Array.Clear(buffer, 0, buffer.Length);
            throw new CryptographicException(ErrorMessages.RsaDecryptionFailed);
        }

        byte[] message = buffer.AsSpan(0, length).ToArray();
        Array.Clear(buffer, 0, buffer.Length);
        return message;
    }

    /// <summary>
    /// The constant-time core of PKCS#1 v1.5 decoding: returns 1 when em is well formed, with M moved to the start of
    /// <paramref name="output"/> (em.Length bytes) and its length in <paramref name="length"/>; 0 otherwise (output
    /// then holds bytes of em and length is meaningless). Every byte of em is read, the checks are accumulated in one
    /// flag, and M is moved by a shift of log2(k) masked steps, so neither time nor memory access depends on em.
    /// </summary>
    public static uint TryDecodePkcs1Encryption(ReadOnlySpan<byte> em, Span<byte> output, out int length)
    {
        int k = em.Length;
        uint good = ConstantTime.Eq0(em[0]) & ConstantTime.Eq(em[1], 2);
        uint found = 0, index = 0;
        for (int i = 2; i < k; i++)
        {
            uint isZero = ConstantTime.Eq0(em[i]);
            uint first = ConstantTime.Not(found) & isZero;
            index = ConstantTime.Mux(first, (uint)i, index);
            found |= isZero;
        }

        // PS is em[2 .. index), at least 8 bytes: index >= 10.
        good &= found & ConstantTime.Ge(index, 10);

        // output = em shifted left by index + 1 bytes: for each bit b of the shift, a masked move by 2^b.
        em.CopyTo(output);
        uint shift = index + 1;
        for (int bit = 0, step = 1; step < k; bit++, step <<= 1)
        {
            byte mask = (byte)ConstantTime.Mask((shift >> bit) & 1);
            for (int j = 0; j < k; j++)
            {
                byte moved = j + step < k ? output[j + step] : (byte)0;
                output[j] = (byte)(output[j] ^ (mask & (output[j] ^ moved)));
            }
        }

        length = (int)((uint)k - shift);
        return good;
    }
}
