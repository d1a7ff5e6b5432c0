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
/// ISO/IEC 9798 entity authentication in the evaluation: a mechanism has no message to measure in bytes per second, so
/// the metric is the time of one complete exchange, both parties' work (every token made, protected, opened and
/// checked), per part of the standard and flavour: part 2 over AES-128-GCM, part 3 over ECDSA P-256, part 4 over
/// AES-128-CMAC. The mechanisms measured are the ones that can run back to back without waiting for the clock (a
/// timestamp is accepted once, so timestamp mechanisms repeated within one clock tick are replays by design).
/// </summary>
internal static class EntityAuthenticationSection
{
    private static readonly Iso9798Mechanism[] s_mechanisms =
    {
        Iso9798Mechanism.OnePassSequenceNumber,
        Iso9798Mechanism.TwoPassChallengeResponse,
        Iso9798Mechanism.MutualTwoPassSequenceNumber,
        Iso9798Mechanism.MutualThreePass,
    };

    public static string Build(bool quick)
    {
        double cell = quick ? 0.02 : 0.1;
        int rounds = quick ? 1 : 3;
        CultureInfo c = CultureInfo.InvariantCulture;
        StringBuilder r = new();
        r.AppendLine();
        r.AppendLine("## Entity authentication (ISO/IEC 9798-2, -3, -4)");
        r.AppendLine();
        r.AppendLine(string.Format(c, "One complete exchange between two `Iso9798Party` objects in one process (both sides' work), µs; the same harness ({0} rounds of {1:F0} ms cells after a warm-up, fastest kept). Part 2 protects tokens with AES-128-GCM, part 3 signs them with ECDSA P-256 (SHA-256), part 4 with AES-128-CMAC.", rounds, cell * 1000));
        r.AppendLine();
        r.AppendLine("| part | flavour | " + string.Join(" | ", s_mechanisms) + " |");
        r.AppendLine("|---|---|" + string.Concat(s_mechanisms.Select(_ => "---:|")));
        byte[] key = new byte[16];
        new Random(3).NextBytes(key);
        foreach ((string part, string flavour, Func<Iso9798Protection> protection) in Protections(key))
        {
            using Iso9798Party alice = Iso9798Party.Create("alice", "bob", protection());
            using Iso9798Party bob = Iso9798Party.Create("bob", "alice", protection());
            r.Append(string.Format(c, "| {0} | {1} |", part, flavour));
            foreach (Iso9798Mechanism mechanism in s_mechanisms)
            {
                double fastest = Timing.FastestSecondsPerCall(() => Run(mechanism, alice, bob), cell, rounds);
                r.Append(string.Format(c, " {0:F1} |", fastest * 1e6));
            }

            r.AppendLine();
        }

        return r.ToString();
    }

    // Each party gets its own protection object (a party disposes its protection); the keys are shared as the parts require.
    private static IEnumerable<(string Part, string Flavour, Func<Iso9798Protection> Create)> Protections(byte[] key)
    {
        foreach (Flavour<SymmetricAlgorithm> aes in CryptrecEvaluation.EvaluatedFlavours(Families.Rijndael.Flavours))
        {
            yield return ("9798-2 (AES-128-GCM)", aes.Name, () => Iso9798Protection.Encipherment((BlockCipherAlgorithm)aes.Create(), key));
        }

        foreach (Flavour<PrimeEcdsa> ecdsa in CryptrecEvaluation.EvaluatedFlavours(Families.Ecdsa.Flavours))
        {
            using PrimeEcdsa aliceKey = ecdsa.Create();
            aliceKey.GenerateKey(ECCurve.NamedCurves.nistP256);
            using PrimeEcdsa bobKey = ecdsa.Create();
            bobKey.GenerateKey(ECCurve.NamedCurves.nistP256);
            ECParameters[] privateKeys = { aliceKey.ExportParameters(true), bobKey.ExportParameters(true) };
            int created = 0;

            // Called once for Alice, then once for Bob: each signs with its own key and verifies the other's.
            Iso9798Protection Next()
            {
                int own = created++ % 2;
                PrimeEcdsa signer = ecdsa.Create();
                signer.ImportParameters(privateKeys[own]);
                PrimeEcdsa verifier = ecdsa.Create();
                ECParameters peer = privateKeys[1 - own];
                verifier.ImportParameters(new ECParameters { Curve = peer.Curve, Q = peer.Q });
                return Iso9798Protection.Signatures(signer, verifier);
            }

            yield return ("9798-3 (ECDSA P-256)", ecdsa.Name, Next);
        }

        foreach (Flavour<SymmetricAlgorithm> aes in CryptrecEvaluation.EvaluatedFlavours(Families.Rijndael.Flavours))
        {
            yield return ("9798-4 (AES-128-CMAC)", aes.Name, () => Iso9798Protection.Mac(((BlockCipherAlgorithm)aes.Create()).CreateCmac(key)));
        }
    }

    // One exchange: A sends first for the sequence-number mechanisms, B (the challenger) for the challenge ones.
    private static void Run(Iso9798Mechanism mechanism, Iso9798Party alice, Iso9798Party bob)
    {
        bool challenge = mechanism is Iso9798Mechanism.TwoPassChallengeResponse or Iso9798Mechanism.MutualThreePass;
        (Iso9798Party first, Iso9798Party second) = challenge ? (bob, alice) : (alice, bob);
        Iso9798Session opener = first.Initiate(mechanism, out byte[] message);
        Iso9798Session answerer = second.Respond(mechanism, message, out byte[]? reply);
        Iso9798Session current = opener;
        while (reply is not null)
        {
            reply = current.Receive(reply);
            current = ReferenceEquals(current, opener) ? answerer : opener;
        }

        if (!opener.IsComplete || !answerer.IsComplete)
        {
            throw new InvalidOperationException($"The {mechanism} exchange did not complete.");
        }
    }
}
