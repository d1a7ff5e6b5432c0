using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// A Rijndael core over <see cref="RijndaelTableRounds{TShape, TTables, TBytes}"/> for one
/// choice of the paper's techniques: the key schedule comes from the Reference assembly
/// (<see cref="RijndaelExpandedKey"/>), and each call picks the rounds specialised for the block size.
/// <see cref="RijndaelPortableCore"/> is the instantiation with all four techniques; the ablation
/// variants (benchmarks/Panicode.Crypto.Ablation) take one out each.
/// </summary>
internal abstract unsafe class RijndaelTableCore<TEncryption, TDecryption, TBytes> : BlockCipher
    where TEncryption : struct, IRijndaelTables
    where TDecryption : struct, IRijndaelTables
    where TBytes : struct, IRijndaelBytes
{
    private readonly RijndaelExpandedKey _key;

    protected RijndaelTableCore(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        _key = new RijndaelExpandedKey(key, blockSizeInBytes);
        _key.PermuteDecryptionColumns();
    }

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<TEncryption>(source, destination, _key.EncryptionKeys);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<TDecryption>(source, destination, _key.DecryptionKeys);

    protected override void ClearKeySchedule() => _key.Clear();

    private void Transform<TTables>(ReadOnlySpan<byte> source, Span<byte> destination, uint[] roundKeys)
        where TTables : struct, IRijndaelTables
    {
        int blocks = source.Length / BlockSize;
        int rounds = _key.Rounds;
        TTables tables = default;
        tables.Load();
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* rk = roundKeys)
        {
            switch (_key.Nb)
            {
                case 4:
                    RijndaelTableRounds<RijndaelShape4, TTables, TBytes>.Transform(ref tables, src, dst, blocks, rounds, rk);
                    break;
                case 5:
                    RijndaelTableRounds<RijndaelShape5, TTables, TBytes>.Transform(ref tables, src, dst, blocks, rounds, rk);
                    break;
                case 6:
                    RijndaelTableRounds<RijndaelShape6, TTables, TBytes>.Transform(ref tables, src, dst, blocks, rounds, rk);
                    break;
                case 7:
                    RijndaelTableRounds<RijndaelShape7, TTables, TBytes>.Transform(ref tables, src, dst, blocks, rounds, rk);
                    break;
                default:
                    RijndaelTableRounds<RijndaelShape8, TTables, TBytes>.Transform(ref tables, src, dst, blocks, rounds, rk);
                    break;
            }
        }
    }
}
