// A dudect-style timing check (Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?", DATE 2017):
// time one secret-dependent operation on inputs drawn from two classes, interleaved at random, and compare the two
// timing distributions with Welch's t-test. |t| above about 4.5 says the classes are distinguishable, i.e. the
// time depends on the secret. The test is one-sided: a small |t| is evidence, not proof, of constant time.
//
// Classes of secret scalars, both in [1, n-1]:
//   fixed  - one scalar reused every time: by default (--fixed lowweight) the low-Hamming-weight 2^(bits - 1) + 1,
//            a long run of zero windows; with --fixed random, one uniform scalar drawn at start (a control: it tells
//            apart a dependence on the scalar's value from one on the harness, e.g. the reuse of one input); with
//            --fixed short, 2^(bits/2 - 8) + 1, whose upper half is all zero windows (on secp256k1 its GLV split
//            has k2 = 0, so one half adds nothing in every window: the masked infinity cases);
//   random - a fresh uniform scalar for every measurement (drawn from a pre-made pool so drawing costs nothing).
// Both classes come from pools of the same size, prepared alike and picked alike (see Run): the fixed class's pool
// holds copies of its one scalar, each with its own objects.
// Operations: "sign" signs a fixed hash with a fixed key and the class's scalar as the nonce (the scalar
// multiplication k G and the inversion of k); "ecdh" derives the shared secret with the class's scalar as the
// private key against a fixed peer (k P and the final inversion). Each measurement is one call; the first 5% of
// measurements warm up and are dropped; t is reported on all measurements and on those below the pooled
// 90th percentile (cropping, as dudect does, the long tail a shared machine adds).

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Numerics;
using System.Security.Cryptography;
using Panicode.Crypto;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Unsafe;

internal static class Program
{
    private const int PoolSize = 512;

    public static int Main(string[] args)
    {
        int measurements = int.Parse(Option(args, "--measurements", "100000"));
        string[] curves = Option(args, "--curves", "nistP256 secp256k1 nistP384 nistP521").Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string[] flavours = Option(args, "--flavours", "Reference Unsafe").Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string[] ops = Option(args, "--ops", "sign ecdh").Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string fixedClass = Option(args, "--fixed", "lowweight");
        if (fixedClass is not ("lowweight" or "random" or "short"))
        {
            throw new ArgumentException($"Unknown fixed class {fixedClass}.");
        }

        Console.WriteLine($"dudect: {measurements} interleaved measurements per row; fixed class {fixedClass switch { "random" => "a random scalar", "short" => "2^(bits/2-8) + 1", _ => "2^(bits-1) + 1" }}; {Environment.ProcessorCount} logical processors; {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC");
        Console.WriteLine("| curve | flavour | op | t (all) | t (below p90) | mean fixed (us) | mean random (us) |");
        Console.WriteLine("|---|---|---|---:|---:|---:|---:|");
        // Finite-field DH in ffdhe2048 (issue 27): the private exponent's class, not per curve.
        if (ops.Contains("dh"))
        {
            foreach (string flavour in flavours)
            {
                RunDh(flavour, measurements, fixedClass);
            }

            ops = ops.Where(o => o != "dh").ToArray();
        }

        // RSA PKCS#1 v1.5 decryption, valid against invalid padding (issue 26): not per curve.
        if (ops.Contains("rsa-pkcs1"))
        {
            foreach (string flavour in flavours)
            {
                RunRsaPkcs1(flavour, measurements);
            }

            ops = ops.Where(o => o != "rsa-pkcs1").ToArray();
        }

        foreach (string curveName in curves.Where(_ => ops.Length > 0))
        {
            CurveParameters curve = CurveParameters.FindNamed(null, curveName) ?? throw new ArgumentException($"Unknown curve {curveName}.");
            foreach (string flavour in flavours)
            {
                foreach (string op in ops)
                {
                    Run(curve, flavour, op, measurements, fixedClass);
                }
            }
        }

        return 0;
    }

    private static void Run(CurveParameters curve, string flavour, string op, int measurements, string fixedClass)
    {
        ECCurve ecCurve = curve.ToECCurve(false);
        BigInteger n = CurveParameters.ToInteger(curve.N);
        int len = curve.OrderBytes;
        var rng = RandomNumberGenerator.Create();
        byte[] fixedScalar = fixedClass switch
        {
            "random" => RandomScalar(rng, n, len),
            "short" => Encode((BigInteger.One << ((curve.OrderBits / 2) - 8)) + 1, len),
            _ => Encode((BigInteger.One << (curve.OrderBits - 1)) + 1, len),
        };

        Func<byte[], Action> prepare = op switch
        {
            "sign" => PrepareSign(flavour, ecCurve, len),
            "ecdh" => PrepareEcdh(flavour, ecCurve),
            _ => throw new ArgumentException($"Unknown operation {op}."),
        };

        // Both classes are fed alike, so that only the scalar's value tells them apart: each has PoolSize inputs, every
        // one its own scalar array (for the fixed class a copy of the one value) and its own prepared objects, made
        // by the same preparation in alternation (so the two pools share the heap's layout and age), and the loop
        // picks an input of either class by the same random index. (Until 2026-11-26 the fixed class reused one
        // input: one array and, for ECDH, one key object, always cache-hot, against 512 for the random class.)
        // Every input is prepared before timing starts; the loop only picks one and calls it.
        Action[][] calls = { new Action[PoolSize], new Action[PoolSize] };
        for (int i = 0; i < PoolSize; i++)
        {
            calls[0][i] = prepare((byte[])fixedScalar.Clone());
            calls[1][i] = prepare(RandomScalar(rng, n, len));
        }

        byte[] classes = new byte[measurements];
        rng.GetBytes(classes);
        byte[] picks = new byte[measurements * 2];
        rng.GetBytes(picks);
        long[] times = new long[measurements];
        for (int i = 0; i < measurements; i++)
        {
            Action call = calls[classes[i] & 1][(picks[2 * i] | (picks[(2 * i) + 1] << 8)) % PoolSize];
            long start = Stopwatch.GetTimestamp();
            call();
            times[i] = Stopwatch.GetTimestamp() - start;
        }

        Console.WriteLine($"| {curve.FriendlyName} | {flavour} | {op} | {Statistics(times, classes)}");
    }

    // Classes: 0 = ciphertexts of well-formed EME-PKCS1-v1_5 blocks (random messages of 0-100 bytes), 1 = ciphertexts
    // of malformed ones, in equal parts: wrong leading bytes (00 01 / 01 02), no zero separator, and a separator
    // before the eighth padding byte. Every ciphertext is a uniform-looking value below n; the call is the private
    // operation plus the constant-time decoding, without the final throw (DecryptPkcs1WithoutThrowing).
    // "dh": one ffdhe2048 agreement (peer check and y^x) against a fixed peer, the class deciding the private exponent x
    // of RFC 7919 §5.2's 225-bit length: fixed (2^224 + 1 by default, a long run of zero windows; or one random x with
    // --fixed random) against a fresh random x per input. Each input is its own key object, imported from (p, g, x).
    private static void RunDh(string flavour, int measurements, string fixedClass)
    {
        var rng = RandomNumberGenerator.Create();
        using ManagedDiffieHellman peer = ManagedDiffieHellman.Create(FfdhGroup.Ffdhe2048);
        ManagedDiffieHellmanPublicKey peerKey = peer.PublicKey;
        DiffieHellmanParameters group = peer.ExportParameters(false);
        const int ExponentBits = 225;
        byte[] RandomExponent()
        {
            byte[] x = new byte[(ExponentBits + 7) / 8];
            rng.GetBytes(x);
            x[0] &= 0x01;   // below 2^225
            x[^1] |= 0x01;  // never zero
            return x;
        }

        byte[] fixedExponent = fixedClass == "random" ? RandomExponent() : Encode((BigInteger.One << (ExponentBits - 1)) + 1, (ExponentBits + 7) / 8);
        Action Prepare(byte[] x)
        {
            ManagedDiffieHellman key = Create<ManagedDiffieHellman>(flavour, "Dh");
            key.ImportParameters(new DiffieHellmanParameters { P = group.P, G = group.G, Q = group.Q, X = x });
            return () => key.DeriveRawSecretAgreement(peerKey);
        }

        Action[][] calls = { new Action[PoolSize / 8], new Action[PoolSize / 8] };   // 64 keys a class: each import costs one exponentiation
        for (int i = 0; i < calls[0].Length; i++)
        {
            calls[0][i] = Prepare((byte[])fixedExponent.Clone());
            calls[1][i] = Prepare(RandomExponent());
        }

        byte[] classes = new byte[measurements];
        rng.GetBytes(classes);
        byte[] picks = new byte[measurements];
        rng.GetBytes(picks);
        long[] times = new long[measurements];
        for (int i = 0; i < measurements; i++)
        {
            Action call = calls[classes[i] & 1][picks[i] % calls[0].Length];
            long start = Stopwatch.GetTimestamp();
            call();
            times[i] = Stopwatch.GetTimestamp() - start;
        }

        Console.WriteLine($"| ffdhe2048 | {flavour} | dh (225-bit x) | {Statistics(times, classes)}");
    }

    private static void RunRsaPkcs1(string flavour, int measurements)
    {
        using RSA builtIn = RSA.Create(2048);
        RSAParameters key = builtIn.ExportParameters(true);
        ManagedRsa rsa = Create<ManagedRsa>(flavour, "Rsa");
        rsa.ImportParameters(key);
        BigInteger n = new(key.Modulus, isUnsigned: true, isBigEndian: true);
        BigInteger e = new(key.Exponent, isUnsigned: true, isBigEndian: true);
        var rng = RandomNumberGenerator.Create();
        int k = key.Modulus!.Length;
        byte[] Encrypt(byte[] em) => Encode(BigInteger.ModPow(new BigInteger(em, isUnsigned: true, isBigEndian: true), e, n), k);
        byte[] NonZero(int count)
        {
            byte[] b = new byte[count];
            for (int i = 0; i < count; i++)
            {
                do
                {
                    rng.GetBytes(b, i, 1);
                }
                while (b[i] == 0);
            }

            return b;
        }

        byte[][][] pools = { new byte[PoolSize][], new byte[PoolSize][] };
        for (int i = 0; i < PoolSize; i++)
        {
            byte[] message = new byte[RandomNumberGenerator.GetInt32(101)];
            rng.GetBytes(message);
            pools[0][i] = builtIn.Encrypt(message, RSAEncryptionPadding.Pkcs1);
            byte[] em = new byte[k];
            NonZero(k - 2).CopyTo(em, 2);
            em[1] = 2;
            switch (i % 3)
            {
                case 0:
                    em[i % 2 == 0 ? 0 : 1] = 1;
                    em[1] = i % 2 == 0 ? (byte)2 : (byte)1;
                    em[20] = 0;
                    break;
                case 1:
                    break;   // 00 02 and no separator
                default:
                    em[2 + RandomNumberGenerator.GetInt32(8)] = 0;   // separator inside the first 8 padding bytes
                    break;
            }

            pools[1][i] = Encrypt(em);
        }

        byte[] output = new byte[k];
        byte[] classes = new byte[measurements];
        rng.GetBytes(classes);
        byte[] picks = new byte[measurements * 2];
        rng.GetBytes(picks);
        long[] times = new long[measurements];
        uint goodSum = 0;
        for (int i = 0; i < measurements; i++)
        {
            byte[] ct = pools[classes[i] & 1][(picks[2 * i] | (picks[(2 * i) + 1] << 8)) % PoolSize];
            long start = Stopwatch.GetTimestamp();
            goodSum += rsa.DecryptPkcs1WithoutThrowing(ct, output, out _);
            times[i] = Stopwatch.GetTimestamp() - start;
        }

        int valid = classes.Count(c => (c & 1) == 0);
        if (goodSum != valid)
        {
            throw new InvalidOperationException($"{goodSum} decodings succeeded, {valid} expected: the classes are not what they claim.");
        }

        Console.WriteLine($"| RSA-2048 | {flavour} | PKCS#1 v1.5 decrypt, valid vs invalid padding | {Statistics(times, classes)}");
        rsa.Dispose();
    }

    // The flavours and their algorithms come from the library's catalogue, so a flavour it does not have fails here.
    private static T Create<T>(string flavour, string id)
        where T : class
    {
        CryptoCatalog catalog = flavour == CryptoCatalog.Reference.Flavour ? CryptoCatalog.Reference
            : flavour == UnsafeCrypto.Catalog.Flavour ? UnsafeCrypto.Catalog
            : throw new ArgumentException($"Unknown flavour {flavour}: the catalogue has {CryptoCatalog.Reference.Flavour} and {UnsafeCrypto.Catalog.Flavour}.");
        return (T)catalog.Find(id)!.Create();
    }

    private static Func<byte[], Action> PrepareSign(string flavour, ECCurve curve, int len)
    {
        PrimeEcdsa key = Create<PrimeEcdsa>(flavour, "Ecdsa");
        key.GenerateKey(curve);
        byte[] hash = new byte[Math.Min(64, len)];
        RandomNumberGenerator.Fill(hash);
        key.SignHash(hash);
        return k => () => key.SignHashWithNonce(hash, k);
    }

    private static Func<byte[], Action> PrepareEcdh(string flavour, ECCurve curve)
    {
        using PrimeEcdh peerKey = Create<PrimeEcdh>(flavour, "Ecdh");
        peerKey.GenerateKey(curve);
        ECDiffieHellmanPublicKey peer = peerKey.PublicKey;
        ECParameters publicParameters = peerKey.ExportParameters(false);
        return d =>
        {
            ECParameters p = publicParameters;
            p.D = d;
            p.Q = default;
            PrimeEcdh mine = Create<PrimeEcdh>(flavour, "Ecdh");
            mine.ImportParameters(p);
            return () => mine.DeriveRawSecretAgreement(peer);
        };
    }

    // The row's numbers: t on all measurements and below the pooled 90th percentile, after dropping the first 5%
    // (warm-up), and the two classes' mean times.
    private static string Statistics(long[] times, byte[] classes)
    {
        int skip = times.Length / 20;
        long[] kept = times.Skip(skip).ToArray();
        byte[] keptClasses = classes.Skip(skip).ToArray();
        long p90 = kept.OrderBy(t => t).ElementAt((int)(kept.Length * 0.9));
        (double tAll, double m0, double m1) = Welch(kept, keptClasses, long.MaxValue);
        (double tCrop, _, _) = Welch(kept, keptClasses, p90);
        double us = 1e6 / Stopwatch.Frequency;
        return $"{tAll:F2} | {tCrop:F2} | {m0 * us:F1} | {m1 * us:F1} |";
    }

    /// <summary>Welch's t of class 0 against class 1 over the measurements not above the cut; and the two means.</summary>
    private static (double T, double Mean0, double Mean1) Welch(long[] times, byte[] classes, long cut)
    {
        double[] mean = new double[2], m2 = new double[2];
        long[] count = new long[2];
        for (int i = 0; i < times.Length; i++)
        {
            if (times[i] > cut)
            {
                continue;
            }

            // Welford's online mean and variance.
            int c = classes[i] & 1;
            count[c]++;
            double delta = times[i] - mean[c];
            mean[c] += delta / count[c];
            m2[c] += delta * (times[i] - mean[c]);
        }

        double v0 = m2[0] / (count[0] - 1), v1 = m2[1] / (count[1] - 1);
        return ((mean[0] - mean[1]) / Math.Sqrt((v0 / count[0]) + (v1 / count[1])), mean[0], mean[1]);
    }

    private static byte[] RandomScalar(RandomNumberGenerator rng, BigInteger n, int len)
    {
        byte[] buffer = new byte[len];
        while (true)
        {
            rng.GetBytes(buffer);
            BigInteger k = new(buffer, isUnsigned: true, isBigEndian: true);
            k %= BigInteger.One << (int)n.GetBitLength();
            if (k > 0 && k < n)
            {
                return Encode(k, len);
            }
        }
    }

    private static byte[] Encode(BigInteger value, int len)
    {
        byte[] raw = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        byte[] r = new byte[len];
        raw.CopyTo(r, len - raw.Length);
        return r;
    }

    private static string Option(string[] args, string name, string fallback)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : fallback;
    }
}
