using System;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

namespace Panicode.Crypto.Ablation.Camellia;

/// <summary>
/// Camellia (RFC 3713) on the shipping round body <see cref="CamelliaRounds"/> with one technique taken out
/// or changed (<see cref="CamelliaAblation"/>), for benchmarks that measure what each contributes. Every
/// variant uses the shipping key schedule (<see cref="CamelliaKeySchedule"/>); the 32-bit one splits it into halves.
/// </summary>
internal sealed unsafe class CamelliaAblationCore : BlockCipher
{
    private readonly CamelliaAblation _ablation;
    private readonly ulong[] _keys;
    private readonly uint[]? _encryptionHalves;
    private readonly uint[]? _decryptionHalves;

    public CamelliaAblationCore(ReadOnlySpan<byte> key, CamelliaAblation ablation)
        : base(16)
    {
        _ablation = ablation;
        _keys = CamelliaKeySchedule.Expand(key);
        if (ablation == CamelliaAblation.ThirtyTwoBitUnits)
        {
            _encryptionHalves = Camellia32Rounds.Split(_keys);
            ulong[] reversed = CamelliaSpec.ReverseSchedule(_keys);
            _decryptionHalves = Camellia32Rounds.Split(reversed);
            Secret.Clear(reversed);
        }
    }

    /// <summary>A Camellia algorithm object (all modes and paddings) over this core.</summary>
    public static CamelliaCipher CreateAlgorithm(CamelliaAblation ablation) => new Algorithm(ablation);

    protected override void EncryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<ForwardSchedule>(source, destination, _encryptionHalves);

    protected override void DecryptCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform<BackwardSchedule>(source, destination, _decryptionHalves);

    protected override void ClearKeySchedule()
    {
        Secret.Clear(_keys);
        Secret.Clear(_encryptionHalves);
        Secret.Clear(_decryptionHalves);
    }

    // One case per variant; the direction is a type argument, as in CamelliaPortableCore.
    private void Transform<TDirection>(ReadOnlySpan<byte> source, Span<byte> destination, uint[]? halves)
        where TDirection : struct, ICamelliaDirection
    {
        int blocks = source.Length / 16;
        ulong* sp = CamelliaRounds.Sp;
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (ulong* k = _keys)
        {
            int n = _keys.Length;
            switch (_ablation)
            {
                case CamelliaAblation.AllTechniques:
                    CamelliaRounds.Crypt<PointerSpTables, CastBytes, TwoBlocksInFlight, TDirection>(src, dst, blocks, k, n, sp);
                    break;
                case CamelliaAblation.NoPointers:
                    CamelliaRounds.Crypt<ArraySpTables, CastBytes, TwoBlocksInFlight, TDirection>(src, dst, blocks, k, n, sp);
                    break;
                case CamelliaAblation.MaskInsteadOfCast:
                    CamelliaRounds.Crypt<PointerSpTables, MaskBytes, TwoBlocksInFlight, TDirection>(src, dst, blocks, k, n, sp);
                    break;
                case CamelliaAblation.StaticFieldTables:
                    CamelliaRounds.Crypt<StaticFieldSpTables, CastBytes, TwoBlocksInFlight, TDirection>(src, dst, blocks, k, n, sp);
                    break;
                case CamelliaAblation.OneBlockInFlight:
                    CamelliaRounds.Crypt<PointerSpTables, CastBytes, OneBlockInFlight, TDirection>(src, dst, blocks, k, n, sp);
                    break;
                case CamelliaAblation.ThirtyTwoBitUnits:
                    fixed (uint* h = halves)
                    {
                        Camellia32Rounds.Crypt(src, dst, blocks, h, halves!.Length, Camellia32Rounds.Tables);
                    }

                    break;
                default:
                    throw new ArgumentOutOfRangeException(nameof(_ablation));
            }
        }
    }

    private sealed class Algorithm : CamelliaCipher
    {
        public Algorithm(CamelliaAblation ablation)
            : base(CipherCores.Single("Ablation", (key, _) => new CamelliaAblationCore(key, ablation)))
        {
        }
    }
}
