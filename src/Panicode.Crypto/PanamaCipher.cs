using System.Security.Cryptography;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Panama;

namespace Panicode.Crypto;

/// <summary>How PANAMA turns bytes into its 32-bit words and back.</summary>
public enum PanamaByteOrder
{
    /// <summary>Little-endian words: the designers' reference implementation (Crypto++'s "Panama-LE").</summary>
    LittleEndian,

    /// <summary>Big-endian words (Crypto++'s "Panama-BE"): the byte order MULTI-S01 requires (its specification §1.2).</summary>
    BigEndian,
}

/// <summary>
/// The PANAMA stream cipher (Daemen and Clapp, "Fast Hashing and Stream Encryption with PANAMA", FSE 1998, §5): a
/// 256-bit key and a 256-bit IV (the "diversification parameter" Q), 32 bytes of key stream per iteration; the key
/// stream generator inside MULTI-S01 (<see cref="MultiS01"/>).
/// </summary>
/// <remarks>
/// <para>PANAMA's hash has been broken (collisions, Daemen and Van Assche, FSE 2007); no practical attack on the stream
/// cipher is published, but it is a 1998 design kept here for MULTI-S01 and existing data. The byte order is chosen at
/// creation (<see cref="Create(PanamaByteOrder)"/>) or with <see cref="ByteOrder"/>; both orders give the same result on every machine. How the
/// span methods and transforms use the key stream is described on <see cref="StreamCipher"/>.</para>
/// <para><see cref="Create()"/> returns the Reference flavour; <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreatePanama()</c>
/// returns the Unsafe flavour (unrolled rounds over a pointer state; PANAMA has no table lookups in either flavour).</para>
/// </remarks>
public abstract class PanamaCipher : StreamCipher
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(256, 256, 0) };

    private PanamaByteOrder _byteOrder;

    private protected PanamaCipher(PanamaByteOrder byteOrder)
        : base(s_legalKeySizes, 256, 256)
    {
        _byteOrder = byteOrder;
    }

    /// <summary>
    /// The byte order of the words. Setting it restarts the key streams of <see cref="StreamCipher.Encrypt(System.ReadOnlySpan{byte}, System.Span{byte})"/>
    /// and <see cref="StreamCipher.Decrypt(System.ReadOnlySpan{byte}, System.Span{byte})"/> (as setting the key does);
    /// transforms already created keep the order they were created with.
    /// </summary>
    /// <exception cref="System.ArgumentOutOfRangeException">The value is not a <see cref="PanamaByteOrder"/> value.</exception>
    /// <exception cref="System.ObjectDisposedException">This object was disposed.</exception>
    public PanamaByteOrder ByteOrder
    {
        get => _byteOrder;
        set
        {
            CheckByteOrder(value);
            DiscardCores();
            _byteOrder = value;
        }
    }

    /// <summary>Creates the Reference flavour of PANAMA with the reference implementation's little-endian words.</summary>
    public static PanamaCipher Create() => Create(PanamaByteOrder.LittleEndian);

    /// <summary>Creates the Reference flavour of PANAMA with the given byte order.</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian (MULTI-S01).</param>
    /// <exception cref="System.ArgumentOutOfRangeException"><paramref name="byteOrder"/> is not a <see cref="PanamaByteOrder"/> value.</exception>
    public static PanamaCipher Create(PanamaByteOrder byteOrder) => new ReferencePanama(CheckByteOrder(byteOrder));

    internal static PanamaByteOrder CheckByteOrder(PanamaByteOrder byteOrder) =>
        byteOrder is PanamaByteOrder.LittleEndian or PanamaByteOrder.BigEndian ? byteOrder
            : throw new System.ArgumentOutOfRangeException(nameof(byteOrder), byteOrder, Internal.ErrorMessages.PanamaByteOrder);

    private protected override StreamCipherCore CreateCore() => new PanamaCore(CreateModule(ByteOrder == PanamaByteOrder.BigEndian));

    /// <summary>The flavour's PANAMA module (the Reference engine here; the Unsafe package overrides it).</summary>
    private protected virtual PanamaModule CreateModule(bool bigEndian) => new PanamaEngine(bigEndian);

    private sealed class ReferencePanama : PanamaCipher
    {
        public ReferencePanama(PanamaByteOrder byteOrder)
            : base(byteOrder)
        {
        }
    }
}
