// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, FSE 1996): the compression function of §4 with the tables of
// Ripemd160Spec, and the message padding RIPEMD-160 shares with MD4 (RFC 1320 §3.1-3.2: a 1 bit, zeros to 56 mod 64
// bytes, the bit length as a 64-bit little-endian number; words are read little-endian). The engine is the
// streaming state (chaining value, partial block, length) that both flavours share; the Unsafe flavour overrides
// only the compression function.

using System;
using System.Buffers.Binary;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Hashing;

internal class Ripemd160Engine
{
    private readonly uint[] _state = new uint[Ripemd160Spec.StateWords];
    private readonly uint[] _words = new uint[16];
    private readonly byte[] _buffer = new byte[Ripemd160Spec.BlockBytes];
    private int _buffered;
    private ulong _length;

    public Ripemd160Engine()
    {
        Reset();
    }

    /// <summary>Starts a new message.</summary>
    public void Reset()
    {
        Ripemd160Spec.InitialValue.CopyTo(_state, 0);
        _buffered = 0;
        _length = 0;
    }

    public void Append(ReadOnlySpan<byte> data)
    {
        _length += (ulong)data.Length;
        if (_buffered > 0)
        {
            int take = Math.Min(Ripemd160Spec.BlockBytes - _buffered, data.Length);
            data.Slice(0, take).CopyTo(_buffer.AsSpan(_buffered));
            _buffered += take;
            data = data.Slice(take);
            if (_buffered < Ripemd160Spec.BlockBytes)
            {
                return;
            }

            Compress(_state, _buffer);
            _buffered = 0;
        }

        int whole = data.Length & ~(Ripemd160Spec.BlockBytes - 1);
        if (whole > 0)
        {
            Compress(_state, data.Slice(0, whole));
        }

        data.Slice(whole).CopyTo(_buffer);
        _buffered = data.Length - whole;
    }

    /// <summary>Pads, writes the 20-byte digest to <paramref name="digest"/> and starts a new message.</summary>
    public void Finish(Span<byte> digest)
    {
        ulong bits = _length << 3;
        Span<byte> buffer = _buffer;
        buffer[_buffered++] = 0x80;
        if (_buffered > Ripemd160Spec.BlockBytes - 8)
        {
            buffer.Slice(_buffered).Clear();
            Compress(_state, buffer);
            _buffered = 0;
        }

        buffer.Slice(_buffered, Ripemd160Spec.BlockBytes - 8 - _buffered).Clear();
        BinaryPrimitives.WriteUInt64LittleEndian(buffer.Slice(Ripemd160Spec.BlockBytes - 8), bits);
        Compress(_state, buffer);
        for (int i = 0; i < Ripemd160Spec.StateWords; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(digest.Slice(4 * i), _state[i]);
        }

        Reset();
    }

    /// <summary>Zeroes the chaining value, the buffered input and the message words (Dispose).</summary>
    public void Clear()
    {
        Secret.Clear(_state);
        Secret.Clear(_words);
        Secret.Clear(_buffer);
        _buffered = 0;
        _length = 0;
    }

    /// <summary>RIPEMD-160 of <paramref name="source"/> into the first 20 bytes of <paramref name="destination"/>.</summary>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Ripemd160Engine engine = new();
        engine.Append(source);
        engine.Finish(destination);
        engine.Clear();
    }

    /// <summary>Runs the compression function over each 64-byte block of <paramref name="blocks"/> (a whole number).</summary>
    protected virtual void Compress(uint[] state, ReadOnlySpan<byte> blocks) => Ripemd160Compression.Compress(state, _words, blocks);
}

/// <summary>The §4 compression function as the paper writes it: two lines of five rounds of sixteen steps.</summary>
internal static class Ripemd160Compression
{
    public static void Compress(uint[] state, uint[] x, ReadOnlySpan<byte> blocks)
    {
        for (; !blocks.IsEmpty; blocks = blocks.Slice(Ripemd160Spec.BlockBytes))
        {
            for (int i = 0; i < 16; i++)
            {
                x[i] = BinaryPrimitives.ReadUInt32LittleEndian(blocks.Slice(4 * i));
            }

            uint al = state[0], bl = state[1], cl = state[2], dl = state[3], el = state[4];
            uint ar = al, br = bl, cr = cl, dr = dl, er = el;
            for (int j = 0; j < Ripemd160Spec.Rounds * Ripemd160Spec.StepsPerRound; j++)
            {
                int round = j / Ripemd160Spec.StepsPerRound;
                Step(ref al, ref bl, ref cl, ref dl, ref el, Ripemd160Spec.F(round, bl, cl, dl) + x[Ripemd160Spec.LeftWord[j]] + Ripemd160Spec.LeftConstant[round], Ripemd160Spec.LeftShift[j]);
                Step(ref ar, ref br, ref cr, ref dr, ref er, Ripemd160Spec.F(Ripemd160Spec.Rounds - 1 - round, br, cr, dr) + x[Ripemd160Spec.RightWord[j]] + Ripemd160Spec.RightConstant[round], Ripemd160Spec.RightShift[j]);
            }

            // The combination of the two lines (§4, figure 1).
            uint h0 = state[1] + cl + dr;
            state[1] = state[2] + dl + er;
            state[2] = state[3] + el + ar;
            state[3] = state[4] + al + br;
            state[4] = state[0] + bl + cr;
            state[0] = h0;
        }
    }

    /// <summary>
    /// One step of either line (§4): T = rol_s(A + f(B, C, D) + X + K) + E, then (A, B, C, D, E) = (E, T, B, rol_10(C), D);
    /// <paramref name="fxk"/> is f(B, C, D) + X + K.
    /// </summary>
    private static void Step(ref uint a, ref uint b, ref uint c, ref uint d, ref uint e, uint fxk, int s)
    {
        uint t = Ripemd160Spec.RotateLeft(a + fxk, s) + e;
        a = e;
        e = d;
        d = Ripemd160Spec.RotateLeft(c, 10);
        c = b;
        b = t;
    }
}
