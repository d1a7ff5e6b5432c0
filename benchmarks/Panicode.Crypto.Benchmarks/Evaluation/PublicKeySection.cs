using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Benchmarks.Infrastructure;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.Benchmarks.Evaluation;

/// <summary>
/// The public-key algorithms in the evaluation, with seed 002's metrics carried over to public-key operations. ECDSA
/// and ECDH: key generation in place of key setup, signing and verifying messages of 16, 1,536 and 1,048,576 bytes in
/// place of encryption and decryption (SHA-256, or SHA-384/512 on the larger curves), and one ECDH agreement, on the
/// most used curves (--ec-interleaved compares them with BouncyCastle, OpenSSL and libsecp256k1). RSA, DSA, DH and the
/// KEMs: each one's private- and public-key operations on one common size. Every flavour of each registry family.
/// </summary>
internal static class PublicKeySection
{
    private static readonly string[] s_curves = { "nistP256", "secp256k1", "nistP384", "nistP521", "brainpoolP256r1" };
    private static readonly int[] s_sizes = { 16, 1536, 1048576 };

    public static string Build(bool quick)
    {
        double cell = quick ? 0.02 : 0.1;
        int rounds = quick ? 1 : 3;
        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder r = new();
        r.AppendLine();
        r.AppendLine("## Public-key algorithms");
        r.AppendLine();
        r.AppendLine("### ECDSA and ECDH");
        r.AppendLine();
        r.AppendLine(string.Format(c, "Key generation, signing and verification of 16 B, 1,536 B and 1 MiB messages (hash included), and one ECDH agreement, µs per operation; the same harness ({0} rounds of {1:F0} ms cells after a warm-up, fastest kept).", rounds, cell * 1000));
        r.AppendLine();
        r.AppendLine("| curve | flavour | key generation | sign 16 B | sign 1,536 B | sign 1 MiB | verify 16 B | verify 1,536 B | verify 1 MiB | ECDH |");
        r.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (string curve in s_curves)
        {
            foreach ((Flavour<PrimeEcdsa> ecdsa, Flavour<PrimeEcdh> ecdh) in Families.Ecdsa.Flavours.Zip(Families.Ecdh.Flavours))
            {
                using PrimeEcdsa signer = ecdsa.Create();
                signer.GenerateKey(PrimeEcdh.Create(curve).ExportParameters(false).Curve);
                HashAlgorithmName hash = signer.KeySize <= 256 ? HashAlgorithmName.SHA256 : signer.KeySize <= 384 ? HashAlgorithmName.SHA384 : HashAlgorithmName.SHA512;
                using PrimeEcdh alice = ecdh.Create();
                alice.GenerateKey(signer.ExportParameters(false).Curve);
                using PrimeEcdh bob = PrimeEcdh.Create(curve);
                ECParameters curveOnly = signer.ExportParameters(false);

                Dictionary<string, double> best = new();
                void Measure(string metric, Action action) => best[metric] = Timing.FastestSecondsPerCall(action, cell, rounds);

                using PrimeEcdsa fresh = ecdsa.Create();
                Measure("KeyGen", () => fresh.GenerateKey(curveOnly.Curve));
                foreach (int size in s_sizes)
                {
                    byte[] message = new byte[size];
                    byte[] signature = signer.SignData(message, hash);
                    Measure("Sign" + size, () => signer.SignData(message, hash));
                    Measure("Verify" + size, () => signer.VerifyData(message, signature, hash));
                }

                Measure("Ecdh", () => alice.DeriveRawSecretAgreement(bob.PublicKey));
                r.Append(string.Format(c, "| {0} | {1} | {2:F0} |", curve, ecdsa.Name, best["KeyGen"] * 1e6));
                foreach (string operation in new[] { "Sign", "Verify" })
                {
                    foreach (int size in s_sizes)
                    {
                        r.Append(string.Format(c, " {0:F0} |", best[operation + size] * 1e6));
                    }
                }

                r.AppendLine(string.Format(c, " {0:F0} |", best["Ecdh"] * 1e6));
            }
        }

        r.Append(OtherFamilies(cell, rounds));
        return r.ToString();
    }

    // RSA, DSA, finite-field DH and the two KEMs: each registry family's flavours on one common setting, keys made once
    // (RSA and DSA keys by the platform, imported into each flavour) so key generation's spread stays out of the table.
    private static string OtherFamilies(double cell, int rounds)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        byte[] message = new byte[16];
        byte[] secret = new byte[32];
        using RSA rsaKey = RSA.Create(2048);
        RSAParameters rsaParameters = rsaKey.ExportParameters(true);
        using DSA dsaKey = DSA.Create(2048);
        DSAParameters dsaParameters = dsaKey.ExportParameters(true);
        using ManagedDiffieHellman dhPeer = ManagedDiffieHellman.Create(FfdhGroup.Ffdhe2048);

        List<(string Algorithm, string Operation, string Flavour, double Seconds)> rows = new();
        void Measure(string algorithm, string operation, string flavour, Action action) =>
            rows.Add((algorithm, operation, flavour, Timing.FastestSecondsPerCall(action, cell, rounds)));

        foreach (Flavour<ManagedRsa> flavour in CryptrecEvaluation.EvaluatedFlavours(Families.Rsa.Flavours))
        {
            using ManagedRsa rsa = flavour.Create();
            rsa.ImportParameters(rsaParameters);
            byte[] signature = rsa.SignData(message, HashAlgorithmName.SHA256, RSASignaturePadding.Pss);
            byte[] ciphertext = rsa.Encrypt(secret, RSAEncryptionPadding.OaepSHA256);
            Measure("RSA-2048", "sign (PSS, SHA-256)", flavour.Name, () => rsa.SignData(message, HashAlgorithmName.SHA256, RSASignaturePadding.Pss));
            Measure("RSA-2048", "verify (PSS, SHA-256)", flavour.Name, () => rsa.VerifyData(message, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pss));
            Measure("RSA-2048", "encrypt 32 B (OAEP, SHA-256)", flavour.Name, () => rsa.Encrypt(secret, RSAEncryptionPadding.OaepSHA256));
            Measure("RSA-2048", "decrypt (OAEP, SHA-256)", flavour.Name, () => rsa.Decrypt(ciphertext, RSAEncryptionPadding.OaepSHA256));
        }

        foreach (Flavour<ManagedDsa> flavour in CryptrecEvaluation.EvaluatedFlavours(Families.Dsa.Flavours))
        {
            using ManagedDsa dsa = flavour.Create();
            dsa.ImportParameters(dsaParameters);
            byte[] signature = dsa.SignData(message, HashAlgorithmName.SHA256);
            Measure("DSA-2048/256", "sign (SHA-256)", flavour.Name, () => dsa.SignData(message, HashAlgorithmName.SHA256));
            Measure("DSA-2048/256", "verify (SHA-256)", flavour.Name, () => dsa.VerifyData(message, signature, HashAlgorithmName.SHA256));
        }

        foreach (Flavour<ManagedDiffieHellman> flavour in CryptrecEvaluation.EvaluatedFlavours(Families.Dh.Flavours))
        {
            using ManagedDiffieHellman dh = flavour.Create();
            dh.GenerateKey(FfdhGroup.Ffdhe2048);
            Measure("DH ffdhe2048", "key generation", flavour.Name, () => dh.GenerateKey(FfdhGroup.Ffdhe2048));
            Measure("DH ffdhe2048", "agreement", flavour.Name, () => dh.DeriveRawSecretAgreement(dhPeer.PublicKey));
        }

        foreach ((string name, Family<PrimeEcKem> family) in new[] { ("PSEC-KEM P-256", Kems(Families.PsecKem)), ("ECIES-KEM P-256", Kems(Families.EciesKem)) })
        {
            foreach (Flavour<PrimeEcKem> flavour in CryptrecEvaluation.EvaluatedFlavours(family.Flavours))
            {
                using PrimeEcKem kem = flavour.Create();
                kem.GenerateKey(ECCurve.NamedCurves.nistP256);
                kem.Encapsulate(out byte[] ciphertext, out _);
                Measure(name, "encapsulate", flavour.Name, () => kem.Encapsulate(out _, out _));
                Measure(name, "decapsulate", flavour.Name, () => kem.Decapsulate(ciphertext));
            }
        }

        StringBuilder r = new();
        r.AppendLine();
        r.AppendLine("### RSA, DSA, finite-field DH and the KEMs");
        r.AppendLine();
        r.AppendLine("µs per operation, the same harness; 16-byte messages (hash included), RSA and DSA keys made once by the platform and imported into each flavour, DH against a fixed peer, KEM decapsulation of one fixed ciphertext.");
        r.AppendLine();
        r.AppendLine("| algorithm | operation | Reference | Unsafe | Reference / Unsafe |");
        r.AppendLine("|---|---|---:|---:|---:|");
        foreach (var operation in rows.GroupBy(x => (x.Algorithm, x.Operation)))
        {
            double reference = operation.Single(x => x.Flavour == "Reference").Seconds;
            double @unsafe = operation.Single(x => x.Flavour == "Unsafe").Seconds;
            r.AppendLine(string.Format(c, "| {0} | {1} | {2:F0} | {3:F0} | {4:F2}× |", operation.Key.Algorithm, operation.Key.Operation, reference * 1e6, @unsafe * 1e6, reference / @unsafe));
        }

        return r.ToString();
    }

    private static Family<PrimeEcKem> Kems<T>(Family<T> family)
        where T : PrimeEcKem =>
        new(family.Name, family.Flavours.Select(f => (f.Name, (Func<PrimeEcKem>)(() => f.Create()))).ToArray());
}
