using System;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Rijndael.Ablation;

/// <summary>
/// Rijndael (AES proposal v2 §5.2.1, §5.3.3) on <see cref="RijndaelGenericLoop"/> with one of the
/// paper's techniques taken out (<see cref="RijndaelAblation"/>), for benchmarks that measure what
/// each technique contributes. Correct for every block and key size, like the other cores.
/// </summary>
internal sealed unsafe class RijndaelAblationCore : BlockCipher
{
    private readonly RijndaelAblation _ablation;
    private readonly RijndaelExpandedKey _key;

    public RijndaelAblationCore(ReadOnlySpan<byte> key, int blockSizeInBytes, RijndaelAblation ablation)
        : base(blockSizeInBytes)
    {
        _ablation = ablation;
        _key = new RijndaelExpandedKey(key, blockSizeInBytes);
    }

    /// <summary>A Rijndael algorithm object (all modes and paddings) over this core.</summary>
    public static RijndaelCipher CreateAlgorithm(RijndaelAblation ablation) => new Algorithm(ablation);

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _key.EncryptionKeys, _key.Shifted, encrypt: true);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _key.DecryptionKeys, _key.Unshifted, encrypt: false);

    protected override void ClearKeySchedule() => _key.Clear();

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, uint[] roundKeys, int[] columns, bool encrypt)
    {
        int blocks = source.Length / BlockSize;
        int nb = _key.Nb;
        int rounds = _key.Rounds;
        RijndaelPointerTables pointers = encrypt ? RijndaelPointerTables.Encryption : RijndaelPointerTables.Decryption;
        uint* buffer = stackalloc uint[2 * 8];
        StackTemporaries stack = new(buffer, nb);
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (uint* rk = roundKeys)
        fixed (int* col = columns)
        {
            switch (_ablation)
            {
                case RijndaelAblation.AllTechniques:
                    RijndaelGenericLoop.Transform<PointerTableAccess, CastByteExtraction, StackTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, new PointerTableAccess(pointers), stack);
                    break;
                case RijndaelAblation.NoPointers:
                    RijndaelGenericLoop.Transform<ArrayTableAccess, CastByteExtraction, StackTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, encrypt ? ArrayTableAccess.Encryption : ArrayTableAccess.Decryption, stack);
                    break;
                case RijndaelAblation.NoStackalloc:
                    RijndaelGenericLoop.Transform<PointerTableAccess, CastByteExtraction, HeapTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, new PointerTableAccess(pointers), new HeapTemporaries(nb));
                    break;
                case RijndaelAblation.MaskInsteadOfCast:
                    RijndaelGenericLoop.Transform<PointerTableAccess, MaskByteExtraction, StackTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, new PointerTableAccess(pointers), stack);
                    break;
                case RijndaelAblation.StaticFieldTables when encrypt:
                    RijndaelGenericLoop.Transform<StaticFieldTableAccess<EncryptionTables>, CastByteExtraction, StackTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, default, stack);
                    break;
                case RijndaelAblation.StaticFieldTables:
                    RijndaelGenericLoop.Transform<StaticFieldTableAccess<DecryptionTables>, CastByteExtraction, StackTemporaries>(
                        src, dst, blocks, nb, rounds, rk, col, default, stack);
                    break;
                default:
                    throw new ArgumentOutOfRangeException(nameof(_ablation));
            }
        }
    }

    private sealed class Algorithm : RijndaelCipher
    {
        private readonly RijndaelAblation _ablation;

        public Algorithm(RijndaelAblation ablation)
        {
            _ablation = ablation;
        }

        private protected override BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) =>
            new RijndaelAblationCore(key, blockSizeInBytes, _ablation);
    }
}
