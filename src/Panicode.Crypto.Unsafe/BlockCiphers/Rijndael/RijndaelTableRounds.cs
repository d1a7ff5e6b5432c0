using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The table-driven Rijndael rounds (AES proposal v2 §5.2.1 round tables, §5.3.3 equivalent inverse
/// cipher), written once for every block size and every choice of the table access and byte extraction:
/// the block size (<typeparamref name="TShape"/>) and the techniques (<typeparamref name="TTables"/>,
/// <typeparamref name="TBytes"/>) are struct type parameters, so the JIT compiles one specialised, fully
/// unrolled round per instantiation: the column lines past Nb drop out and every state index is a constant.
/// The state lives in two eight-word <c>stackalloc</c> buffers, except for Nb = 4, which keeps it in four
/// locals (<see cref="TransformInRegisters"/>) and builds its rounds from the same column functions.
/// </summary>
/// <remarks>
/// Decryption runs the same round: InvShiftRows takes row r of column j from column j - Cr, ShiftRows
/// from j + Cr, so holding block column j in state slot (Nb - j) mod Nb turns one into the other. The
/// caller permutes the decryption round keys the same way (<see cref="RijndaelExpandedKey.PermuteDecryptionColumns"/>).
/// </remarks>
internal static unsafe class RijndaelTableRounds<TShape, TTables, TBytes>
    where TShape : struct, IRijndaelShape
    where TTables : struct, IRijndaelTables
    where TBytes : struct, IRijndaelBytes
{
    /// <summary>
    /// Transforms <paramref name="blocks"/> blocks with Nr = <paramref name="rounds"/> and the tables the
    /// caller loaded. They arrive by reference and are copied to a local, which the JIT keeps in a register:
    /// a table pointer read here from a <c>static readonly</c> field would be folded into a 64-bit constant
    /// reloaded at every lookup instead (what technique 4 takes out).
    /// </summary>
    public static void Transform(ref TTables loaded, byte* source, byte* destination, int blocks, int rounds, uint* roundKeys)
    {
        int nb = default(TShape).Nb;
        int blockSize = 4 * nb;
        if (nb == 4)
        {
            TransformInRegisters(ref loaded, source, destination, blocks, rounds, roundKeys);
            return;
        }

        // Never passed by reference to a call that stays a call, so the JIT can hold it in a register.
        TTables tables = loaded;

        int* offsets = stackalloc int[8];
        ColumnOffsets(tables.Inverse, offsets);

        // Two states (current and next) of up to eight words each.
        uint* stack = stackalloc uint[16];
        for (; blocks > 0; blocks--, source += blockSize, destination += blockSize)
        {
            Block(ref tables, source, destination, rounds, roundKeys, offsets, stack);
        }

        Secret.Clear(new Span<byte>(stack, 16 * sizeof(uint)));
    }

    /// <summary>The byte offset in the block of the column held in each of the Nb state slots.</summary>
    internal static void ColumnOffsets(bool inverse, int* offsets)
    {
        int nb = default(TShape).Nb;
        for (int i = 0; i < nb; i++)
        {
            offsets[i] = 4 * (inverse ? (nb - i) % nb : i);
        }
    }

    /// <summary>One block through every round, its state in <paramref name="state"/> (16 words).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Block(ref TTables tables, byte* source, byte* destination, int rounds, uint* k, int* offsets, uint* state)
    {
        int nb = default(TShape).Nb;
        uint* s = state;
        uint* next = state + 8;
        for (int i = 0; i < nb; i++)
        {
            s[i] = LittleEndian.Read(source + offsets[i]) ^ k[i];
        }

        for (int round = 1; round < rounds; round++)
        {
            k += nb;
            Round(ref tables, s, next, k);
            uint* t = s;
            s = next;
            next = t;
        }

        k += nb;
        FinalRound(ref tables, s, k, destination, offsets);
    }

    // One full round, s -> r, with round key k: Nb column lines, the ones past Nb fold away.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref TTables tables, uint* s, uint* r, uint* k)
    {
        int nb = default(TShape).Nb;
        Debug.Assert(nb is >= 4 and <= 8);
        r[0] = Column(ref tables, s, k, 0);
        r[1] = Column(ref tables, s, k, 1);
        r[2] = Column(ref tables, s, k, 2);
        r[3] = Column(ref tables, s, k, 3);
        if (nb > 4)
        {
            r[4] = Column(ref tables, s, k, 4);
        }

        if (nb > 5)
        {
            r[5] = Column(ref tables, s, k, 5);
        }

        if (nb > 6)
        {
            r[6] = Column(ref tables, s, k, 6);
        }

        if (nb > 7)
        {
            r[7] = Column(ref tables, s, k, 7);
        }
    }

    // Column j of a round on the state in memory: its four source words are s[j + Cr mod Nb], constants here.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Column(ref TTables tables, uint* s, uint* k, int j)
    {
        TShape shape = default;
        int nb = shape.Nb;
        return Column(ref tables, s[j], s[(j + shape.C1) % nb], s[(j + shape.C2) % nb], s[(j + shape.C3) % nb], k[j]);
    }

    // SubBytes, ShiftRows and MixColumns of one column in the T-tables: row r's byte comes from the source word given for it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Column(ref TTables tables, uint row0, uint row1, uint row2, uint row3, uint key)
    {
        TBytes bytes = default;
        return tables.T0(bytes.Byte0(row0)) ^ tables.T1(bytes.Byte1(row1)) ^ tables.T2(bytes.Byte2(row2)) ^ tables.T3(row3 >> 24) ^ key;
    }

    // The last round's column: SubBytes of the same source bytes, no MixColumns.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FinalColumn(ref TTables tables, uint row0, uint row1, uint row2, uint row3)
    {
        TBytes bytes = default;
        return tables.S(bytes.Byte0(row0))
            | (tables.S(bytes.Byte1(row1)) << 8)
            | (tables.S(bytes.Byte2(row2)) << 16)
            | (tables.S(row3 >> 24) << 24);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FinalRound(ref TTables tables, uint* s, uint* k, byte* destination, int* offsets)
    {
        int nb = default(TShape).Nb;
        FinalColumn(ref tables, s, k, destination, offsets, 0);
        FinalColumn(ref tables, s, k, destination, offsets, 1);
        FinalColumn(ref tables, s, k, destination, offsets, 2);
        FinalColumn(ref tables, s, k, destination, offsets, 3);
        if (nb > 4)
        {
            FinalColumn(ref tables, s, k, destination, offsets, 4);
        }

        if (nb > 5)
        {
            FinalColumn(ref tables, s, k, destination, offsets, 5);
        }

        if (nb > 6)
        {
            FinalColumn(ref tables, s, k, destination, offsets, 6);
        }

        if (nb > 7)
        {
            FinalColumn(ref tables, s, k, destination, offsets, 7);
        }
    }

    // The last round's column j of the state in memory, written to the block's output.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FinalColumn(ref TTables tables, uint* s, uint* k, byte* destination, int* offsets, int j)
    {
        TShape shape = default;
        int nb = shape.Nb;
        uint column = FinalColumn(ref tables, s[j], s[(j + shape.C1) % nb], s[(j + shape.C2) % nb], s[(j + shape.C3) % nb]);
        LittleEndian.Write(destination + offsets[j], column ^ k[j]);
    }

    // Nb = 4 keeps the state in four locals, which the JIT holds in registers: the same rounds as in memory
    // above, but about twice as fast for 128-bit blocks (in memory every round adds 16 stores and loads to the
    // dependency chain; Nb = 5..8 have too many words for the registers anyway).
    private static void TransformInRegisters(ref TTables loaded, byte* source, byte* destination, int blocks, int rounds, uint* roundKeys)
    {
        TTables tables = loaded;

        // Byte offsets of the block columns held in slots 1 and 3 (slots 0 and 2 never move).
        int o1 = tables.Inverse ? 12 : 4;
        int o3 = tables.Inverse ? 4 : 12;
        for (; blocks > 0; blocks--, source += 16, destination += 16)
        {
            uint* k = roundKeys;
            uint s0 = LittleEndian.Read(source) ^ k[0];
            uint s1 = LittleEndian.Read(source + o1) ^ k[1];
            uint s2 = LittleEndian.Read(source + 8) ^ k[2];
            uint s3 = LittleEndian.Read(source + o3) ^ k[3];
            uint u0, u1, u2, u3;

            // Nr - 1 full rounds, two per iteration so the state moves s -> u -> s without copies.
            for (int pairs = (rounds - 1) >> 1; pairs > 0; pairs--, k += 8)
            {
                u0 = Column(ref tables, s0, s1, s2, s3, k[4]);
                u1 = Column(ref tables, s1, s2, s3, s0, k[5]);
                u2 = Column(ref tables, s2, s3, s0, s1, k[6]);
                u3 = Column(ref tables, s3, s0, s1, s2, k[7]);
                s0 = Column(ref tables, u0, u1, u2, u3, k[8]);
                s1 = Column(ref tables, u1, u2, u3, u0, k[9]);
                s2 = Column(ref tables, u2, u3, u0, u1, k[10]);
                s3 = Column(ref tables, u3, u0, u1, u2, k[11]);
            }

            if (((rounds - 1) & 1) != 0)
            {
                u0 = Column(ref tables, s0, s1, s2, s3, k[4]);
                u1 = Column(ref tables, s1, s2, s3, s0, k[5]);
                u2 = Column(ref tables, s2, s3, s0, s1, k[6]);
                s3 = Column(ref tables, s3, s0, s1, s2, k[7]);
                s0 = u0;
                s1 = u1;
                s2 = u2;
                k += 4;
            }

            k += 4;
            LittleEndian.Write(destination, FinalColumn(ref tables, s0, s1, s2, s3) ^ k[0]);
            LittleEndian.Write(destination + o1, FinalColumn(ref tables, s1, s2, s3, s0) ^ k[1]);
            LittleEndian.Write(destination + 8, FinalColumn(ref tables, s2, s3, s0, s1) ^ k[2]);
            LittleEndian.Write(destination + o3, FinalColumn(ref tables, s3, s0, s1, s2) ^ k[3]);
        }
    }
}
