using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// One run of an ISO/IEC 9798 mechanism on one side (from <see cref="Iso9798Party.Initiate"/> or
/// <see cref="Iso9798Party.Respond"/>): it knows which message comes next and what it must contain.
/// </summary>
public sealed class Iso9798Session
{
    private const int RandomBytes = 16;
    private readonly Iso9798Party _party;
    private byte[]? _ownRandom;
    private byte[]? _peerRandom;
    private DateTimeOffset _challengeTime;
    private int _expectedPass;

    internal Iso9798Session(Iso9798Party party, Iso9798Mechanism mechanism, bool initiator)
    {
        _party = party;
        Mechanism = mechanism;
        _expectedPass = initiator ? 2 : 1;
    }

    /// <summary>The mechanism.</summary>
    public Iso9798Mechanism Mechanism { get; }

    /// <summary>True once this side has verified the peer's identity (on the unilateral mechanisms, only the verifier's side).</summary>
    public bool PeerAuthenticated { get; private set; }

    /// <summary>True when this side expects no further message.</summary>
    public bool IsComplete { get; private set; }

    /// <summary>Takes the peer's next message; returns the reply to send, or null when there is none.</summary>
    /// <param name="message">The peer's message.</param>
    /// <returns>The reply, or null.</returns>
    /// <exception cref="CryptographicException">The message is rejected (protection, mechanism, pass, identities or freshness); the session ends.</exception>
    /// <exception cref="InvalidOperationException">The session expects no message.</exception>
    public byte[]? Receive(byte[] message)
    {
        Gcm.ThrowIfNull(message, nameof(message));
        _party.ThrowIfDisposed();
        if (IsComplete)
        {
            throw new InvalidOperationException(ErrorMessages.Iso9798SessionComplete);
        }

        try
        {
            return ReceiveCore(message);
        }
        catch (CryptographicException)
        {
            // A rejected message ends the session: no second try with the same challenge.
            IsComplete = true;
            throw;
        }
    }

    /// <summary>The initiator's first message.</summary>
    internal byte[] Start()
    {
        switch (Mechanism)
        {
            case Iso9798Mechanism.OnePassTimestamp:
                IsComplete = true;
                return _party.Seal(Mechanism, 1, _party.Timestamp());
            case Iso9798Mechanism.OnePassSequenceNumber:
                IsComplete = true;
                return _party.Seal(Mechanism, 1, _party.NextSequenceNumber());
            case Iso9798Mechanism.MutualTwoPassTimestamp:
                return _party.Seal(Mechanism, 1, _party.Timestamp());
            case Iso9798Mechanism.MutualTwoPassSequenceNumber:
                return _party.Seal(Mechanism, 1, _party.NextSequenceNumber());
            default:
                // B → A: r_B in the clear (HAC §10.3.1 (iii)).
                _ownRandom = Secret.NewRandom(RandomBytes);
                _challengeTime = _party.Now;
                return _party.Challenge(Mechanism, _ownRandom);
        }
    }

    private byte[]? ReceiveCore(byte[] message)
    {
        int pass = _expectedPass;
        switch (Mechanism, pass)
        {
            case (Iso9798Mechanism.OnePassTimestamp, 1):
            case (Iso9798Mechanism.MutualTwoPassTimestamp, 1):
            case (Iso9798Mechanism.MutualTwoPassTimestamp, 2):
                _party.AcceptTimestamp(_party.Open(message, Mechanism, pass, 8, isProtected: true), Mechanism, pass);
                return Authenticated(Mechanism == Iso9798Mechanism.MutualTwoPassTimestamp && pass == 1 ? _party.Seal(Mechanism, 2, _party.Timestamp()) : null);
            case (Iso9798Mechanism.OnePassSequenceNumber, 1):
            case (Iso9798Mechanism.MutualTwoPassSequenceNumber, 1):
            case (Iso9798Mechanism.MutualTwoPassSequenceNumber, 2):
                _party.AcceptSequenceNumber(_party.Open(message, Mechanism, pass, 8, isProtected: true));
                return Authenticated(Mechanism == Iso9798Mechanism.MutualTwoPassSequenceNumber && pass == 1 ? _party.Seal(Mechanism, 2, _party.NextSequenceNumber()) : null);
            case (Iso9798Mechanism.TwoPassChallengeResponse, 1):
            {
                // A answers B's challenge: token(r_B, B); A does not authenticate B.
                byte[] challenge = _party.Open(message, Mechanism, 1, RandomBytes, isProtected: false);
                IsComplete = true;
                return _party.Seal(Mechanism, 2, challenge);
            }

            case (Iso9798Mechanism.TwoPassChallengeResponse, 2):
                CheckChallengeAnswer(_party.Open(message, Mechanism, 2, RandomBytes, isProtected: true).AsSpan());
                return Authenticated(null);
            case (Iso9798Mechanism.MutualThreePass, 1):
            {
                // A: token(r_A, r_B, B); the challenge time starts now for r_A.
                _peerRandom = _party.Open(message, Mechanism, 1, RandomBytes, isProtected: false);
                _ownRandom = Secret.NewRandom(RandomBytes);
                _challengeTime = _party.Now;
                _expectedPass = 3;
                return _party.Seal(Mechanism, 2, Concat(_ownRandom, _peerRandom));
            }

            case (Iso9798Mechanism.MutualThreePass, 2):
            {
                // B: r_B must be its own; then token(r_B, r_A, A).
                byte[] fields = _party.Open(message, Mechanism, 2, 2 * RandomBytes, isProtected: true);
                CheckChallengeAnswer(fields.AsSpan(RandomBytes));
                _peerRandom = fields.AsSpan(0, RandomBytes).ToArray();
                return Authenticated(_party.Seal(Mechanism, 3, Concat(_ownRandom!, _peerRandom)));
            }

            case (Iso9798Mechanism.MutualThreePass, 3):
            {
                // A: the token must carry r_B and A's own r_A, in that order.
                byte[] fields = _party.Open(message, Mechanism, 3, 2 * RandomBytes, isProtected: true);
                bool ok = ConstantTime.FixedTimeEquals(fields.AsSpan(0, RandomBytes), _peerRandom!);
                CheckChallengeAnswer(fields.AsSpan(RandomBytes), ok);
                return Authenticated(null);
            }

            default:
                throw new InvalidOperationException(ErrorMessages.Iso9798SessionComplete);
        }
    }

    /// <summary>The peer's copy of this side's random number, in time; each challenge is answered at most once.</summary>
    private void CheckChallengeAnswer(ReadOnlySpan<byte> answer, bool alsoRequired = true)
    {
        bool ok = alsoRequired & ConstantTime.FixedTimeEquals(answer, _ownRandom!);
        ok &= _party.Now - _challengeTime <= _party.AcceptanceWindow;
        if (!ok)
        {
            throw Iso9798Party.Reject();
        }
    }

    private byte[]? Authenticated(byte[]? reply)
    {
        // Every mechanism ends with the message that authenticates the peer (and this side's answer to it, if any).
        PeerAuthenticated = true;
        IsComplete = true;
        return reply;
    }

    private static byte[] Concat(byte[] a, byte[] b)
    {
        byte[] result = new byte[a.Length + b.Length];
        a.CopyTo(result, 0);
        b.CopyTo(result, a.Length);
        return result;
    }
}
