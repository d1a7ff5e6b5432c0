// PANAMA as a hash function: J. Daemen and C. Clapp, "Fast Hashing and Stream Encryption with PANAMA", FSE 1998
// (LNCS 1372), §4. The module (state, buffer, Push, Pull) is StreamCiphers/Panama/PanamaModule.cs, one per flavour.
using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers.Panama;

namespace Panicode.Crypto;

/// <summary>
/// The PANAMA hash function (256-bit digest, 32-byte blocks), in the byte order chosen at creation.
/// <b>Broken</b>: Daemen and Van Assche found collisions in about 2^6 work ("Producing Collisions for PANAMA, Instantaneously",
/// FSE 2007); kept to check existing digests, never for anything that needs collision resistance.
/// </summary>
/// <remarks>
/// <see cref="Create()"/> returns the Reference flavour with the reference implementation's little-endian words;
/// <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreatePanamaHash()</c> returns the same class over the Unsafe package's
/// PANAMA module.
/// </remarks>
public abstract class PanamaHash : HashAlgorithm
{
    /// <summary>The digest size in bits.</summary>
    public const int HashSizeInBits = 256;

    private PanamaByteOrder _byteOrder;

    private protected PanamaHash(PanamaByteOrder byteOrder)
    {
        HashSizeValue = HashSizeInBits;
        _byteOrder = byteOrder;
    }

    /// <summary>The byte order of the words. Setting it starts a new hash computation.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not a <see cref="PanamaByteOrder"/> value.</exception>
    public PanamaByteOrder ByteOrder
    {
        get => _byteOrder;
        set
        {
            _byteOrder = PanamaCipher.CheckByteOrder(value);
            Initialize();
        }
    }

    /// <summary>Creates the Reference flavour of the PANAMA hash with little-endian words (the reference implementation).</summary>
    /// <returns>A new PANAMA hash instance.</returns>
    public static new PanamaHash Create() => Create(PanamaByteOrder.LittleEndian);

    /// <summary>Creates the Reference flavour of the PANAMA hash with the given byte order.</summary>
    /// <param name="byteOrder">Little-endian (the reference implementation) or big-endian.</param>
    /// <returns>A new PANAMA hash instance.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteOrder"/> is not a <see cref="PanamaByteOrder"/> value.</exception>
    public static PanamaHash Create(PanamaByteOrder byteOrder) => new Implementation(PanamaCipher.CheckByteOrder(byteOrder), bigEndian => new PanamaEngine(bigEndian));

    /// <summary>The hash over either flavour's module (the factory given makes one for a byte order).</summary>
    internal sealed class Implementation : PanamaHash
    {
        private readonly Func<bool, PanamaModule> _createModule;
        private PanamaModule _engine;
        private readonly byte[] _pending = new byte[PanamaSpec.BlockBytes];
        private int _pendingLength;

        public Implementation(PanamaByteOrder byteOrder, Func<bool, PanamaModule> createModule)
            : base(byteOrder)
        {
            _createModule = createModule;
            _engine = createModule(byteOrder == PanamaByteOrder.BigEndian);
            Initialize();
        }

        public override void Initialize()
        {
            bool bigEndian = ByteOrder == PanamaByteOrder.BigEndian;
            if (_engine.BigEndian != bigEndian)
            {
                _engine.Clear();
                _engine = _createModule(bigEndian);
            }

            _engine.Reset();
            Secret.Clear(_pending);
            _pendingLength = 0;
        }

        protected override void HashCore(byte[] array, int ibStart, int cbSize) => Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));

#if NET
        protected override void HashCore(ReadOnlySpan<byte> source) => Append(source);
#endif

        protected override byte[] HashFinal()
        {
            // §4: pad with a 1 bit and zeros to a whole block, push it, 32 blank pulls, and one pull's z is the digest.
            _pending[_pendingLength] = PanamaSpec.HashPadding;
            _pending.AsSpan(_pendingLength + 1).Clear();
            _engine.Push(_pending);
            for (int i = 0; i < PanamaSpec.BlankPulls; i++)
            {
                _engine.Pull();
            }

            byte[] digest = new byte[PanamaSpec.BlockBytes];
            _engine.Pull(new byte[PanamaSpec.BlockBytes], digest);
            Initialize();
            return digest;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _engine.Clear();
                Secret.Clear(_pending);
            }

            base.Dispose(disposing);
        }

        private void Append(ReadOnlySpan<byte> data)
        {
            if (_pendingLength > 0)
            {
                int take = Math.Min(PanamaSpec.BlockBytes - _pendingLength, data.Length);
                data.Slice(0, take).CopyTo(_pending.AsSpan(_pendingLength));
                _pendingLength += take;
                data = data.Slice(take);
                if (_pendingLength < PanamaSpec.BlockBytes)
                {
                    return;
                }

                _engine.Push(_pending);
                _pendingLength = 0;
            }

            while (data.Length >= PanamaSpec.BlockBytes)
            {
                _engine.Push(data.Slice(0, PanamaSpec.BlockBytes));
                data = data.Slice(PanamaSpec.BlockBytes);
            }

            data.CopyTo(_pending);
            _pendingLength = data.Length;
        }
    }
}
