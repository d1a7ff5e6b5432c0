using System;
using System.Security.Cryptography;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers;

/// <summary>
/// A position in one key stream: a core initialized with a key and IV, the unused rest of the last unit it made
/// and the count of units used, checked against the core's limit before any unit is made. Both the
/// <see cref="StreamCipher"/> span methods and the transforms run their bytes through one of these.
/// </summary>
internal sealed class KeystreamCursor : IDisposable
{
    private readonly StreamCipherCore _core;
    private readonly byte[] _unit;
    private int _unitUsed;

    public KeystreamCursor(StreamCipherCore core, ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        _core = core;
        _unit = new byte[core.BlockBytes];
        Restart(key, iv);
    }

    public StreamCipherCore Core => _core;

    /// <summary>Units made so far; settable (tests only) to reach the limit without generating 2^58 units.</summary>
    public ulong BlocksUsed { get; set; }

    /// <summary>Starts the key stream of <paramref name="key"/> and <paramref name="iv"/> at its first byte.</summary>
    public void Restart(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        _core.Initialize(key, iv);
        Secret.Clear(_unit);
        _unitUsed = _unit.Length;
        BlocksUsed = 0;
    }

    /// <summary>XORs the next <c>input.Length</c> key-stream bytes onto <paramref name="input"/> (in place or disjoint).</summary>
    public void Transform(ReadOnlySpan<byte> input, Span<byte> output)
    {
        int unitBytes = _unit.Length;
        ulong unitsNeeded = (ulong)Math.Max(0L, (long)input.Length - (unitBytes - _unitUsed) + unitBytes - 1) / (ulong)unitBytes;
        if (unitsNeeded > _core.MaxBlocks - BlocksUsed)
        {
            throw new CryptographicException(ErrorMessages.KeystreamExhausted);
        }

        int done = 0;
        while (_unitUsed < unitBytes && done < input.Length)
        {
            output[done] = (byte)(input[done] ^ _unit[_unitUsed++]);
            done++;
        }

        int whole = (input.Length - done) / unitBytes * unitBytes;
        if (whole > 0)
        {
            _core.XorBlocks(input.Slice(done, whole), output.Slice(done, whole));
            BlocksUsed += (ulong)(whole / unitBytes);
            done += whole;
        }

        if (done < input.Length)
        {
            _unit.AsSpan().Clear();
            _core.XorBlocks(_unit, _unit);
            BlocksUsed++;
            _unitUsed = 0;
            while (done < input.Length)
            {
                output[done] = (byte)(input[done] ^ _unit[_unitUsed++]);
                done++;
            }
        }
    }

    /// <summary>Zeroes the state and the unused key stream; <see cref="Restart"/> must come before the next use.</summary>
    public void Clear()
    {
        Secret.Clear(_unit);
        _unitUsed = _unit.Length;
        BlocksUsed = 0;
        _core.ClearState();
    }

    public void Dispose() => Clear();
}
