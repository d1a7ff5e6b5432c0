using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Tests.EntityAuthentication;

/// <summary>
/// ISO/IEC 9798-2/-3/-4 (HAC §10.3): every mechanism run by both parties over each protection (GCM over a block cipher
/// of each flavour, ECDSA, RSA-PSS, HMAC-RIPEMD-160 and CMAC), and the rejections the API promises: replayed,
/// reflected, wrong-identity, wrong-pass, stale, tampered and differently protected messages.
/// </summary>
public sealed class Iso9798Tests
{
    private static readonly Iso9798Mechanism[] s_mechanisms = (Iso9798Mechanism[])Enum.GetValues(typeof(Iso9798Mechanism));

    public static TheoryData<string> Protections => new() { "part2-camellia", "part2-aes-unsafe", "part3-ecdsa", "part3-rsa", "part4-hmac", "part4-cmac" };

    [Theory]
    [MemberData(nameof(Protections))]
    public void EveryMechanismAuthenticatesBetweenTwoParties(string protection)
    {
        (Iso9798Party a, Iso9798Party b) = Pair(protection, new Clock());
        using (a)
        using (b)
        {
            foreach (Iso9798Mechanism mechanism in s_mechanisms)
            {
                (Iso9798Session first, Iso9798Session second) = Run(mechanism, initiator: InitiatorIsVerifier(mechanism) ? b : a, responder: InitiatorIsVerifier(mechanism) ? a : b);
                Assert.True(first.IsComplete && second.IsComplete, mechanism.ToString());
                bool mutual = mechanism is Iso9798Mechanism.MutualTwoPassTimestamp or Iso9798Mechanism.MutualTwoPassSequenceNumber or Iso9798Mechanism.MutualThreePass;
                Session verifier = Verifier(mechanism, first, second);
                Assert.True(verifier.Value.PeerAuthenticated, mechanism + ": the verifier authenticated the claimant");
                Assert.Equal(mutual, verifier.Other.PeerAuthenticated);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Protections))]
    public void ReplayedTokensAreRejected(string protection)
    {
        Clock clock = new();
        (Iso9798Party a, Iso9798Party b) = Pair(protection, clock);
        using (a)
        using (b)
        {
            // One pass: the same timestamp or sequence-number token a second time.
            foreach (Iso9798Mechanism mechanism in new[] { Iso9798Mechanism.OnePassTimestamp, Iso9798Mechanism.OnePassSequenceNumber })
            {
                a.Initiate(mechanism, out byte[] token);
                b.Respond(mechanism, token, out _);
                Assert.Throws<CryptographicException>(() => b.Respond(mechanism, token, out _));
            }

            // Challenge-response: A's answer to an old challenge, offered to a new one.
            Iso9798Session old = b.Initiate(Iso9798Mechanism.TwoPassChallengeResponse, out byte[] challenge);
            a.Respond(Iso9798Mechanism.TwoPassChallengeResponse, challenge, out byte[]? answer);
            old.Receive(answer!);
            Iso9798Session fresh = b.Initiate(Iso9798Mechanism.TwoPassChallengeResponse, out _);
            Assert.Throws<CryptographicException>(() => fresh.Receive(answer!));
            Assert.Throws<InvalidOperationException>(() => old.Receive(answer!));

            // Three passes: B's last token of one run, offered to A in another run.
            Iso9798Session b1 = b.Initiate(Iso9798Mechanism.MutualThreePass, out byte[] r1);
            Iso9798Session a1 = a.Respond(Iso9798Mechanism.MutualThreePass, r1, out byte[]? m2);
            byte[] m3 = b1.Receive(m2!)!;
            a1.Receive(m3);
            Iso9798Session b2 = b.Initiate(Iso9798Mechanism.MutualThreePass, out byte[] r2);
            Iso9798Session a2 = a.Respond(Iso9798Mechanism.MutualThreePass, r2, out _);
            Assert.Throws<CryptographicException>(() => a2.Receive(m3));
        }
    }

    [Theory]
    [MemberData(nameof(Protections))]
    public void ReflectedAndMisdirectedTokensAreRejected(string protection)
    {
        Clock clock = new();
        (Iso9798Party a, Iso9798Party b) = Pair(protection, clock);
        using (a)
        using (b)
        {
            // A's own token reflected back to A (symmetric keys would otherwise verify).
            a.Initiate(Iso9798Mechanism.MutualTwoPassTimestamp, out byte[] token);
            Assert.Throws<CryptographicException>(() => a.Respond(Iso9798Mechanism.MutualTwoPassTimestamp, token, out _));

            // Three passes: B's challenge reflected to B, and A's pass-2 token reflected back to A as pass 3.
            Iso9798Session b1 = b.Initiate(Iso9798Mechanism.MutualThreePass, out byte[] challenge);
            Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.MutualThreePass, challenge, out _));
            Iso9798Session a1 = a.Respond(Iso9798Mechanism.MutualThreePass, challenge, out byte[]? m2);
            Assert.Throws<CryptographicException>(() => a1.Receive(m2!));

            // A token of one mechanism offered as another, and pass 2 offered as pass 1.
            a.Initiate(Iso9798Mechanism.OnePassTimestamp, out byte[] onePass);
            Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.MutualTwoPassTimestamp, onePass, out _));
            Iso9798Session started = a.Initiate(Iso9798Mechanism.MutualTwoPassTimestamp, out byte[] p1);
            b.Respond(Iso9798Mechanism.MutualTwoPassTimestamp, p1, out byte[]? p2);
            Assert.Throws<CryptographicException>(() => a.Respond(Iso9798Mechanism.MutualTwoPassTimestamp, p2!, out _));
            started.Receive(p2!);
        }
    }

    [Theory]
    [MemberData(nameof(Protections))]
    public void WrongIdentitiesAreRejected(string protection)
    {
        Clock clock = new();
        (Iso9798Party a, Iso9798Party b) = Pair(protection, clock);
        // C shares A's keys (or holds A's signing key) but calls itself "carol", and expects "bob": its tokens name the
        // wrong sender for B, and B's tokens name the wrong recipient for C.
        (Iso9798Party carol, Iso9798Party bobForCarol) = Pair(protection, clock, "carol", "bob");
        using (a)
        using (b)
        using (carol)
        using (bobForCarol)
        {
            carol.Initiate(Iso9798Mechanism.OnePassTimestamp, out byte[] fromCarol);
            Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.OnePassTimestamp, fromCarol, out _));
            b.Initiate(Iso9798Mechanism.OnePassSequenceNumber, out byte[] fromBob);
            Assert.Throws<CryptographicException>(() => carol.Respond(Iso9798Mechanism.OnePassSequenceNumber, fromBob, out _));
        }
    }

    [Theory]
    [MemberData(nameof(Protections))]
    public void StaleTamperedAndForeignMessagesAreRejected(string protection)
    {
        Clock clock = new();
        (Iso9798Party a, Iso9798Party b) = Pair(protection, clock);
        using (a)
        using (b)
        {
            // Outside the window, either way.
            a.Initiate(Iso9798Mechanism.OnePassTimestamp, out byte[] token);
            clock.Advance(TimeSpan.FromMinutes(3));
            Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.OnePassTimestamp, token, out _));
            a.Initiate(Iso9798Mechanism.OnePassTimestamp, out byte[] future);
            clock.Advance(TimeSpan.FromMinutes(-6));
            Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.OnePassTimestamp, future, out _));
            clock.Advance(TimeSpan.FromMinutes(3));

            // An answer after the challenge expired.
            Iso9798Session session = b.Initiate(Iso9798Mechanism.TwoPassChallengeResponse, out byte[] challenge);
            a.Respond(Iso9798Mechanism.TwoPassChallengeResponse, challenge, out byte[]? answer);
            clock.Advance(TimeSpan.FromMinutes(5));
            Assert.Throws<CryptographicException>(() => session.Receive(answer!));

            // Every single-bit change of a token.
            a.Initiate(Iso9798Mechanism.OnePassSequenceNumber, out byte[] sequenced);
            for (int bit = 0; bit < sequenced.Length * 8; bit++)
            {
                byte[] changed = (byte[])sequenced.Clone();
                changed[bit / 8] ^= (byte)(1 << (bit % 8));
                Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.OnePassSequenceNumber, changed, out _));
            }

            b.Respond(Iso9798Mechanism.OnePassSequenceNumber, sequenced, out _);

            // Truncated and empty messages.
            a.Initiate(Iso9798Mechanism.OnePassSequenceNumber, out byte[] next);
            for (int length = 0; length < next.Length; length++)
            {
                Assert.Throws<CryptographicException>(() => b.Respond(Iso9798Mechanism.OnePassSequenceNumber, next.AsSpan(0, length).ToArray(), out _));
            }
        }
    }

    [Fact]
    public void ArgumentsAreChecked()
    {
        Assert.Throws<ArgumentException>(() => Iso9798Party.Create("alice", "alice", Hmac()));
        Assert.Throws<ArgumentException>(() => Iso9798Party.Create("", "bob", Hmac()));
        Assert.Throws<ArgumentException>(() => Iso9798Party.Create(new string('x', 256), "bob", Hmac()));
        Assert.Throws<ArgumentException>(() => Iso9798Party.Create("alice", "bob", Hmac(), TimeSpan.Zero));
        Assert.Throws<ArgumentNullException>(() => Iso9798Party.Create("alice", "bob", null!));
        using Iso9798Party party = Iso9798Party.Create("alice", "bob", Hmac());
        Assert.Throws<ArgumentOutOfRangeException>(() => party.Initiate((Iso9798Mechanism)7, out _));
        Assert.Throws<CryptographicException>(() => Iso9798Protection.Encipherment(RijndaelCipher.Create(), new byte[15]));
        party.LastSentSequenceNumber = ulong.MaxValue;
        Assert.Throws<CryptographicException>(() => party.Initiate(Iso9798Mechanism.OnePassSequenceNumber, out _));

        static Iso9798Protection Hmac() => Iso9798Protection.Mac(HmacRipemd160.Create(new byte[20]));
    }

    private static bool InitiatorIsVerifier(Iso9798Mechanism mechanism) => mechanism is Iso9798Mechanism.TwoPassChallengeResponse or Iso9798Mechanism.MutualThreePass;

    private static Session Verifier(Iso9798Mechanism mechanism, Iso9798Session initiator, Iso9798Session responder) =>
        InitiatorIsVerifier(mechanism) ? new Session(initiator, responder) : new Session(responder, initiator);

    /// <summary>Runs a mechanism to its end, each message passed to the other side.</summary>
    private static (Iso9798Session Initiator, Iso9798Session Responder) Run(Iso9798Mechanism mechanism, Iso9798Party initiator, Iso9798Party responder)
    {
        Iso9798Session first = initiator.Initiate(mechanism, out byte[] message);
        Iso9798Session second = responder.Respond(mechanism, message, out byte[]? reply);
        Iso9798Session[] order = { first, second };
        int turn = 0;
        while (reply is not null)
        {
            reply = order[turn].Receive(reply);
            turn ^= 1;
        }

        return (first, second);
    }

    private static (Iso9798Party A, Iso9798Party B) Pair(string protection, Clock clock, string a = "alice", string b = "bob")
    {
        (Iso9798Protection pa, Iso9798Protection pb) = Protect(protection);
        return (Iso9798Party.Create(a, b, pa, clock: clock.Now), Iso9798Party.Create(b, a, pb, clock: clock.Now));
    }

    /// <summary>Matching protections for the two sides (fixed keys per kind, so two pairs of one kind share them).</summary>
    private static (Iso9798Protection A, Iso9798Protection B) Protect(string kind)
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        switch (kind)
        {
            case "part2-camellia":
                return (Iso9798Protection.Encipherment(CamelliaCipher.Create(), key), Iso9798Protection.Encipherment(CamelliaCipher.Create(), key));
            case "part2-aes-unsafe":
                return (Iso9798Protection.Encipherment(UnsafeCrypto.CreateRijndael(), key), Iso9798Protection.Encipherment(RijndaelCipher.Create(), key));
            case "part3-ecdsa":
            {
                ECParameters alice = Keys.Alice.ExportParameters(true), bob = Keys.Bob.ExportParameters(true);
                return (Iso9798Protection.Signatures(Ec(alice), Ec(Public(bob))), Iso9798Protection.Signatures(Ec(bob), Ec(Public(alice))));
            }

            case "part3-rsa":
            {
                RSAParameters alice = Keys.RsaAlice.ExportParameters(true), bob = Keys.RsaBob.ExportParameters(true);
                return (Iso9798Protection.Signatures(Rsa(alice), Rsa(new RSAParameters { Modulus = bob.Modulus, Exponent = bob.Exponent })),
                    Iso9798Protection.Signatures(Rsa(bob), Rsa(new RSAParameters { Modulus = alice.Modulus, Exponent = alice.Exponent })));
            }

            case "part4-hmac":
                return (Iso9798Protection.Mac(HmacRipemd160.Create(key)), Iso9798Protection.Mac(UnsafeCrypto.CreateHmacRipemd160(key)));
            default:
                return (Iso9798Protection.Mac(ClefiaCipher.Create().CreateCmac(key)), Iso9798Protection.Mac(UnsafeCrypto.CreateClefia().CreateCmac(key)));
        }

        static ECParameters Public(ECParameters p) => new() { Curve = p.Curve, Q = p.Q };

        static ECDsa Ec(ECParameters p)
        {
            PrimeEcdsa ecdsa = PrimeEcdsa.Create();
            ecdsa.ImportParameters(p);
            return ecdsa;
        }

        static RSA Rsa(RSAParameters p)
        {
            ManagedRsa rsa = ManagedRsa.Create();
            rsa.ImportParameters(p);
            return rsa;
        }
    }

    /// <summary>One key pair per party and kind for the whole run (RSA key generation is slow).</summary>
    private static class Keys
    {
        public static readonly ECDsa Alice = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        public static readonly ECDsa Bob = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        public static readonly RSA RsaAlice = RSA.Create(2048);
        public static readonly RSA RsaBob = RSA.Create(2048);
    }

    private readonly struct Session
    {
        public Session(Iso9798Session value, Iso9798Session other)
        {
            Value = value;
            Other = other;
        }

        public Iso9798Session Value { get; }

        public Iso9798Session Other { get; }
    }

    /// <summary>A clock the test moves.</summary>
    private sealed class Clock
    {
        private DateTimeOffset _now = new(2026, 11, 28, 14, 0, 0, TimeSpan.Zero);

        public Func<DateTimeOffset> Now => () => _now;

        public void Advance(TimeSpan by) => _now += by;
    }
}
