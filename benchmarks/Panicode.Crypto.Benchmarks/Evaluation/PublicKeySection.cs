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
/// ECDSA and ECDH in the evaluation, with seed 002's metrics carried over to public-key operations: key generation in
/// place of key setup, signing and verifying messages of 16, 1,536 and 1,048,576 bytes in place of encryption and
/// decryption (SHA-256, or SHA-384/512 on the larger curves), and one ECDH agreement. Every flavour of the registry's
/// Ecdsa and Ecdh families on the most used curves; --ec-interleaved compares them with BouncyCastle, OpenSSL and
/// libsecp256k1.
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
        r.AppendLine("## ECDSA and ECDH");
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

        return r.ToString();
    }
}
