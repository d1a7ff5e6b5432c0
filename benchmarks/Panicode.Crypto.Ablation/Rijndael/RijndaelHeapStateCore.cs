using System;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Ablation.Rijndael;

/// <summary>
/// Technique 2 out (<see cref="RijndaelAblation.NoStackalloc"/>): the shipping round body
/// (<see cref="RijndaelTableRounds{TShape, TTables, TBytes}.Block"/>, pointer tables, <c>(byte)</c> casts) with the
/// state words in a managed array allocated for every block, as in the paper's TestHeap, instead of in
/// <c>stackalloc</c> memory (or, for 128-bit blocks, in registers).
/// </summary>
internal sealed unsafe class RijndaelHeapStateCore : BlockCipher
{
    private readonly RijndaelExpandedKey _key;

    public RijndaelHeapStateCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        _key = new RijndaelExpandedKey(key, blockSizeInBytes);
        _key.PermuteDecryptionColumns();
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<PointerTables<ForwardDirection>>(source, destination, _key.EncryptionKeys);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<PointerTables<InverseDirection>>(source, destination, _key.DecryptionKeys);

    protected override void ClearKeySchedule() => _key.Clear();

    private void Transform<TTables>(ReadOnlySpan<byte> source, Span<byte> destination, uint[] roundKeys)
        where TTables : struct, IRijndaelTables
    {
        int blocks = source.Length / BlockSize;
        TTables tables = default;
        tables.Load();
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* rk = roundKeys)
        {
            switch (_key.Nb)
            {
                case 4:
                    OnHeap<RijndaelShape4, TTables>(ref tables, src, dst, blocks, rk);
                    break;
                case 5:
                    OnHeap<RijndaelShape5, TTables>(ref tables, src, dst, blocks, rk);
                    break;
                case 6:
                    OnHeap<RijndaelShape6, TTables>(ref tables, src, dst, blocks, rk);
                    break;
                case 7:
                    OnHeap<RijndaelShape7, TTables>(ref tables, src, dst, blocks, rk);
                    break;
                default:
                    OnHeap<RijndaelShape8, TTables>(ref tables, src, dst, blocks, rk);
                    break;
            }
        }
    }

    private void OnHeap<TShape, TTables>(ref TTables tables, byte* source, byte* destination, int blocks, uint* roundKeys)
        where TShape : struct, IRijndaelShape
        where TTables : struct, IRijndaelTables
    {
        int blockSize = BlockSize;
        int* offsets = stackalloc int[8];
        RijndaelTableRounds<TShape, TTables, CastBytes>.ColumnOffsets(tables.Inverse, offsets);
        for (; blocks > 0; blocks--, source += blockSize, destination += blockSize)
        {
            uint[] heap = new uint[16];
            fixed (uint* state = heap)
            {
                RijndaelTableRounds<TShape, TTables, CastBytes>.Block(ref tables, source, destination, _key.Rounds, roundKeys, offsets, state);
            }

            Secret.Clear(heap);
        }
    }
}
