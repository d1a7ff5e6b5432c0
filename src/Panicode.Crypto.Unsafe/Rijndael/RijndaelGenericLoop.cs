using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.Rijndael;

/// <summary>How a round reads the four T-tables and the S-box.</summary>
internal interface IRijndaelTableAccess
{
    uint T0(uint index);

    uint T1(uint index);

    uint T2(uint index);

    uint T3(uint index);

    uint S(uint index);
}

/// <summary>How a round takes the low three bytes out of a column word (the high one is <c>x &gt;&gt; 24</c>).</summary>
internal interface IRijndaelByteExtraction
{
    uint Byte0(uint x);

    uint Byte1(uint x);

    uint Byte2(uint x);
}

/// <summary>Where the state and next-state words of a block live while it is transformed.</summary>
internal interface IRijndaelTemporaries
{
    /// <summary>Called before each block.</summary>
    void BeginBlock();

    uint Get(int column);

    void SetNext(int column, uint value);

    /// <summary>Makes the next state the current one.</summary>
    void Swap();

    void Clear();
}

/// <summary>Tables through unmanaged pointers held in a local struct (techniques 1 and 4).</summary>
internal readonly unsafe struct PointerTableAccess : IRijndaelTableAccess
{
    private readonly uint* _t0;
    private readonly uint* _t1;
    private readonly uint* _t2;
    private readonly uint* _t3;
    private readonly byte* _s;

    public PointerTableAccess(in RijndaelPointerTables tables)
    {
        _t0 = tables.T0;
        _t1 = tables.T1;
        _t2 = tables.T2;
        _t3 = tables.T3;
        _s = tables.SBox;
    }

    public uint T0(uint index) => _t0[index];

    public uint T1(uint index) => _t1[index];

    public uint T2(uint index) => _t2[index];

    public uint T3(uint index) => _t3[index];

    public uint S(uint index) => _s[index];
}

/// <summary>Bytes taken with <c>(byte)</c> casts (technique 3): a zero-extending move, no mask.</summary>
internal readonly struct CastByteExtraction : IRijndaelByteExtraction
{
    public uint Byte0(uint x) => (byte)x;

    public uint Byte1(uint x) => (byte)(x >> 8);

    public uint Byte2(uint x) => (byte)(x >> 16);
}

/// <summary>State words in <c>stackalloc</c> memory supplied by the caller (technique 2).</summary>
internal unsafe struct StackTemporaries : IRijndaelTemporaries
{
    private uint* _state;
    private uint* _next;
    private readonly int _count;

    public StackTemporaries(uint* buffer, int columns)
    {
        _state = buffer;
        _next = buffer + columns;
        _count = 2 * columns;
    }

    public void BeginBlock()
    {
    }

    public uint Get(int column) => _state[column];

    public void SetNext(int column, uint value) => _next[column] = value;

    public void Swap()
    {
        uint* t = _state;
        _state = _next;
        _next = t;
    }

    public void Clear()
    {
        uint* start = _state < _next ? _state : _next;
        Secret.Clear(new Span<byte>(start, _count * sizeof(uint)));
    }
}

/// <summary>
/// Rijndael over any block size, Nb = 4..8 columns, as one loop over rounds and columns with the
/// ShiftRows column indices read from a small table. The table access, byte extraction and
/// temporaries are struct type parameters, so the JIT compiles one specialised copy per choice:
/// the Unsafe core uses it with all four techniques for Nb = 5, 6 and 7, and the ablation
/// variants swap one choice each.
/// </summary>
internal static unsafe class RijndaelGenericLoop
{
    /// <summary>
    /// Transforms <paramref name="blocks"/> blocks; <paramref name="columns"/> holds, for rows 1..3, the
    /// source column of each destination column (3 * Nb entries), as <c>RijndaelCore</c> builds them.
    /// </summary>
    public static void Transform<TTables, TBytes, TTemps>(
        byte* source,
        byte* destination,
        int blocks,
        int nb,
        int rounds,
        uint* roundKeys,
        int* columns,
        TTables tables,
        TTemps temps)
        where TTables : struct, IRijndaelTableAccess
        where TBytes : struct, IRijndaelByteExtraction
        where TTemps : struct, IRijndaelTemporaries
    {
        Debug.Assert(nb is >= 4 and <= 8);
        TBytes bytes = default;
        int blockSize = 4 * nb;
        int* c1 = columns;
        int* c2 = columns + nb;
        int* c3 = columns + (2 * nb);
        for (int block = 0; block < blocks; block++, source += blockSize, destination += blockSize)
        {
            temps.BeginBlock();
            for (int j = 0; j < nb; j++)
            {
                temps.SetNext(j, LittleEndian.Read(source + (4 * j)) ^ roundKeys[j]);
            }

            temps.Swap();
            uint* k = roundKeys + nb;
            for (int round = 1; round < rounds; round++, k += nb)
            {
                for (int j = 0; j < nb; j++)
                {
                    temps.SetNext(
                        j,
                        tables.T0(bytes.Byte0(temps.Get(j)))
                        ^ tables.T1(bytes.Byte1(temps.Get(c1[j])))
                        ^ tables.T2(bytes.Byte2(temps.Get(c2[j])))
                        ^ tables.T3(temps.Get(c3[j]) >> 24)
                        ^ k[j]);
                }

                temps.Swap();
            }

            for (int j = 0; j < nb; j++)
            {
                uint column = tables.S(bytes.Byte0(temps.Get(j)))
                    | (tables.S(bytes.Byte1(temps.Get(c1[j]))) << 8)
                    | (tables.S(bytes.Byte2(temps.Get(c2[j]))) << 16)
                    | (tables.S(temps.Get(c3[j]) >> 24) << 24);
                LittleEndian.Write(destination + (4 * j), column ^ k[j]);
            }
        }

        temps.Clear();
    }
}
