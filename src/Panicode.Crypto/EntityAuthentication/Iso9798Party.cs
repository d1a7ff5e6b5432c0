// ISO/IEC 9798-2/-3/-4 entity authentication, from the mechanism descriptions of HAC (Menezes, van Oorschot and
// Vanstone, Handbook of Applied Cryptography, 1996), §10.3.1 (timestamps, sequence numbers, random numbers),
// §10.3.2 (9798-2, symmetric), §10.3.3 (9798-3, signatures) and §10.3.2's note on 9798-4 (keyed one-way functions).
// The ISO text itself is not public; the token encoding below is this library's own (see docs/entity-authentication.md).
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>The ISO/IEC 9798 mechanisms (HAC §10.3.2, §10.3.3): who sends what, and which freshness it uses.</summary>
public enum Iso9798Mechanism
{
    /// <summary>Unilateral, one pass: A → B: token(t_A, B). B authenticates A by A's timestamp.</summary>
    OnePassTimestamp = 1,

    /// <summary>Unilateral, one pass: A → B: token(n_A, B). B authenticates A by A's sequence number (strictly increasing).</summary>
    OnePassSequenceNumber = 2,

    /// <summary>Unilateral, two passes: B → A: r_B; A → B: token(r_B, B). B (the initiator) authenticates A.</summary>
    TwoPassChallengeResponse = 3,

    /// <summary>Mutual, two passes: A → B: token(t_A, B); B → A: token(t_B, A).</summary>
    MutualTwoPassTimestamp = 4,

    /// <summary>Mutual, two passes: A → B: token(n_A, B); B → A: token(n_B, A).</summary>
    MutualTwoPassSequenceNumber = 5,

    /// <summary>Mutual, three passes: B → A: r_B; A → B: token(r_A, r_B, B); B → A: token(r_B, r_A, A).</summary>
    MutualThreePass = 6,
}

/// <summary>
/// One side of ISO/IEC 9798 entity authentication with one peer: its identity, the peer's, how tokens are protected
/// (<see cref="Iso9798Protection"/>), a clock and acceptance window for timestamps, the sequence numbers sent and
/// accepted, and the timestamped tokens already accepted (to refuse replays). Start an exchange with
/// <see cref="Initiate"/>, answer one with <see cref="Respond"/>, and pass every further message to
/// <see cref="Iso9798Session.Receive"/>; a rejected message throws <see cref="CryptographicException"/>.
/// </summary>
/// <remarks>
/// <para>Every token names its mechanism, its pass, its sender and its intended recipient, inside the protection; a
/// token is accepted only when all four are what this side expects, so a token reflected back to its sender, sent to
/// another party, or moved to another pass or mechanism is rejected (HAC §10.3.1, "the identifier B is included to
/// prevent reflection"). A timestamp is accepted once, within <see cref="AcceptanceWindow"/> of this side's clock; a
/// sequence number only when greater than the last one accepted; a challenge answer only once, within the window of the
/// challenge. An instance belongs to one thread at a time.</para>
/// <para>Persist <see cref="LastSentSequenceNumber"/> and <see cref="LastAcceptedSequenceNumber"/> across restarts when
/// using sequence numbers: starting again at zero lets old tokens be replayed.</para>
/// </remarks>
public sealed class Iso9798Party : IDisposable
{
    private readonly byte[] _identity;
    private readonly byte[] _peer;
    private readonly Iso9798Protection _protection;
    private readonly Func<DateTimeOffset> _clock;
    private readonly Dictionary<string, DateTimeOffset> _acceptedTimestamps = new(StringComparer.Ordinal);
    private long _lastTimestampSent;
    private bool _disposed;

    private Iso9798Party(byte[] identity, byte[] peer, Iso9798Protection protection, TimeSpan window, Func<DateTimeOffset> clock)
    {
        _identity = identity;
        _peer = peer;
        _protection = protection;
        AcceptanceWindow = window;
        _clock = clock;
    }

    /// <summary>How far a timestamp may be from this side's clock, and how long a challenge stays open.</summary>
    public TimeSpan AcceptanceWindow { get; }

    /// <summary>The last sequence number this side sent (0 before the first).</summary>
    public ulong LastSentSequenceNumber { get; set; }

    /// <summary>The last sequence number this side accepted from the peer (0 before the first).</summary>
    public ulong LastAcceptedSequenceNumber { get; set; }

    /// <summary>Creates one side.</summary>
    /// <param name="identity">This side's identifier (UTF-8, 1 to 255 bytes).</param>
    /// <param name="peerIdentity">The peer's identifier; must differ from <paramref name="identity"/>.</param>
    /// <param name="protection">How tokens are protected; the party disposes it.</param>
    /// <param name="acceptanceWindow">The timestamp and challenge window (default two minutes).</param>
    /// <param name="clock">The clock (default <see cref="DateTimeOffset.UtcNow"/>).</param>
    /// <returns>The party.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">An identity is empty or too long, the two are equal, or the window is not positive.</exception>
    public static Iso9798Party Create(string identity, string peerIdentity, Iso9798Protection protection, TimeSpan? acceptanceWindow = null, Func<DateTimeOffset>? clock = null)
    {
        Gcm.ThrowIfNull(identity, nameof(identity));
        Gcm.ThrowIfNull(peerIdentity, nameof(peerIdentity));
        Gcm.ThrowIfNull(protection, nameof(protection));
        byte[] own = Identifier(identity, nameof(identity));
        byte[] peer = Identifier(peerIdentity, nameof(peerIdentity));
        if (own.AsSpan().SequenceEqual(peer))
        {
            throw new ArgumentException(ErrorMessages.Iso9798SameIdentity, nameof(peerIdentity));
        }

        TimeSpan window = acceptanceWindow ?? TimeSpan.FromMinutes(2);
        if (window <= TimeSpan.Zero)
        {
            throw new ArgumentException(ErrorMessages.Iso9798Window, nameof(acceptanceWindow));
        }

        return new Iso9798Party(own, peer, protection, window, clock ?? (() => DateTimeOffset.UtcNow));
    }

    /// <summary>Starts an exchange as its first sender (A for the timestamp and sequence mechanisms, B for the challenge ones).</summary>
    /// <param name="mechanism">The mechanism both sides agreed on.</param>
    /// <param name="firstMessage">The message to send to the peer.</param>
    /// <returns>The session, to pass the peer's reply to (none comes for the one-pass mechanisms).</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="mechanism"/> is not a defined value.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Iso9798Session Initiate(Iso9798Mechanism mechanism, out byte[] firstMessage)
    {
        ThrowIfDisposed();
        Iso9798Session session = new(this, CheckMechanism(mechanism), initiator: true);
        firstMessage = session.Start();
        return session;
    }

    /// <summary>Answers the first message of an exchange the peer started.</summary>
    /// <param name="mechanism">The mechanism this side expects (a message of another mechanism is rejected).</param>
    /// <param name="firstMessage">The peer's first message.</param>
    /// <param name="reply">The message to send back, or null when the mechanism has none.</param>
    /// <returns>The session (for the three-pass mechanism, pass the peer's last message to it).</returns>
    /// <exception cref="CryptographicException">The message is rejected.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Iso9798Session Respond(Iso9798Mechanism mechanism, byte[] firstMessage, out byte[]? reply)
    {
        ThrowIfDisposed();
        Gcm.ThrowIfNull(firstMessage, nameof(firstMessage));
        Iso9798Session session = new(this, CheckMechanism(mechanism), initiator: false);
        reply = session.Receive(firstMessage);
        return session;
    }

    /// <summary>Disposes the protection and forgets the replay cache.</summary>
    public void Dispose()
    {
        _protection.Dispose();
        _acceptedTimestamps.Clear();
        _disposed = true;
    }

    internal DateTimeOffset Now => _clock();

    internal void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(Iso9798Party));
        }
    }

    /// <summary>A protected token from this side to the peer.</summary>
    internal byte[] Seal(Iso9798Mechanism mechanism, int pass, byte[] fields) =>
        Iso9798Token.Protected(_protection, Iso9798Token.Text(mechanism, pass, _identity, _peer, fields));

    /// <summary>A clear challenge message from this side to the peer.</summary>
    internal byte[] Challenge(Iso9798Mechanism mechanism, byte[] challenge) =>
        Iso9798Token.Clear(Iso9798Token.Text(mechanism, 1, _identity, _peer, challenge));

    /// <summary>The fields of a message from the peer to this side, after every check of its header; throws otherwise.</summary>
    internal byte[] Open(byte[] message, Iso9798Mechanism mechanism, int pass, int fieldBytes, bool isProtected)
    {
        byte[]? text = isProtected ? Iso9798Token.OpenProtected(_protection, message) : Iso9798Token.OpenClear(message);
        if (text is null || !Iso9798Token.TryParse(text, out Iso9798Token.Header header))
        {
            throw Reject();
        }

        // Each comparison is of public values; all are made before deciding.
        bool ok = header.Mechanism == (int)mechanism;
        ok &= header.Pass == pass;
        ok &= header.Sender.AsSpan().SequenceEqual(_peer);
        ok &= header.Recipient.AsSpan().SequenceEqual(_identity);
        ok &= header.Fields.Length == fieldBytes;
        if (!ok)
        {
            throw Reject();
        }

        return header.Fields;
    }

    internal byte[] NextSequenceNumber()
    {
        if (LastSentSequenceNumber == ulong.MaxValue)
        {
            throw new CryptographicException(ErrorMessages.Iso9798SequenceExhausted);
        }

        LastSentSequenceNumber++;
        return Iso9798Token.UInt64(LastSentSequenceNumber);
    }

    internal void AcceptSequenceNumber(byte[] fields)
    {
        ulong n = Iso9798Token.ReadUInt64(fields);
        if (n <= LastAcceptedSequenceNumber)
        {
            throw Reject();
        }

        LastAcceptedSequenceNumber = n;
    }

    /// <summary>This side's clock in milliseconds, strictly increasing from token to token (the peer accepts each timestamp once).</summary>
    internal byte[] Timestamp()
    {
        long ms = Math.Max(Now.ToUnixTimeMilliseconds(), _lastTimestampSent + 1);
        _lastTimestampSent = ms;
        return Iso9798Token.UInt64((ulong)ms);
    }

    /// <summary>A timestamp within the window, never accepted before (the token text identifies it: sender, pass, time).</summary>
    internal void AcceptTimestamp(byte[] fields, Iso9798Mechanism mechanism, int pass)
    {
        DateTimeOffset now = Now;
        foreach (string key in new List<string>(_acceptedTimestamps.Keys))
        {
            if (_acceptedTimestamps[key] < now - AcceptanceWindow)
            {
                _acceptedTimestamps.Remove(key);
            }
        }

        long ms = (long)Iso9798Token.ReadUInt64(fields);
        DateTimeOffset time;
        try
        {
            time = DateTimeOffset.FromUnixTimeMilliseconds(ms);
        }
        catch (ArgumentOutOfRangeException)
        {
            throw Reject();
        }

        string id = $"{(int)mechanism}/{pass}/{ms}";
        if (time < now - AcceptanceWindow || time > now + AcceptanceWindow || _acceptedTimestamps.ContainsKey(id))
        {
            throw Reject();
        }

        _acceptedTimestamps[id] = time;
    }

    internal static CryptographicException Reject() => new(ErrorMessages.Iso9798Rejected);

    private static Iso9798Mechanism CheckMechanism(Iso9798Mechanism mechanism) =>
        mechanism is >= Iso9798Mechanism.OnePassTimestamp and <= Iso9798Mechanism.MutualThreePass ? mechanism
            : throw new ArgumentOutOfRangeException(nameof(mechanism), mechanism, ErrorMessages.Iso9798Mechanism);

    private static byte[] Identifier(string identity, string name)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(identity);
        if (bytes.Length is 0 or > 255)
        {
            throw new ArgumentException(ErrorMessages.Iso9798Identity, name);
        }

        return bytes;
    }
}
