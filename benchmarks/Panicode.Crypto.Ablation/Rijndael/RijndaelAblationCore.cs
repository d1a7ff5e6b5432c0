using System;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Modes;

using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Ablation.Rijndael;

/// <summary>
/// The ablation variants: the shipping Rijndael rounds (AES proposal v2 §5.2.1, §5.3.3) with
/// one of the paper's techniques taken out (<see cref="RijndaelAblation"/>), for benchmarks that measure
/// what each contributes. Correct for every block and key size, like the other cores.
/// </summary>
internal static class RijndaelAblationCore
{
    /// <summary>The core of <paramref name="ablation"/>; <see cref="RijndaelAblation.AllTechniques"/> is <see cref="RijndaelPortableCore"/>.</summary>
    public static BlockCipher Create(ReadOnlySpan<byte> key, int blockSizeInBytes, RijndaelAblation ablation) => ablation switch
    {
        RijndaelAblation.AllTechniques => new RijndaelPortableCore(key, blockSizeInBytes),
        RijndaelAblation.NoPointers =>
            new Variant<ArrayTables<ForwardDirection>, ArrayTables<InverseDirection>, CastBytes>(key, blockSizeInBytes),
        RijndaelAblation.NoStackalloc => new RijndaelHeapStateCore(key, blockSizeInBytes),
        RijndaelAblation.MaskInsteadOfCast =>
            new Variant<PointerTables<ForwardDirection>, PointerTables<InverseDirection>, MaskBytes>(key, blockSizeInBytes),
        RijndaelAblation.StaticFieldTables =>
            new Variant<StaticFieldTables<ForwardDirection>, StaticFieldTables<InverseDirection>, CastBytes>(key, blockSizeInBytes),
        _ => throw new ArgumentOutOfRangeException(nameof(ablation), ablation, "Unknown ablation variant."),
    };

    /// <summary>A Rijndael algorithm object (all modes and paddings) over the core of <paramref name="ablation"/>.</summary>
    public static RijndaelCipher CreateAlgorithm(RijndaelAblation ablation) => new Algorithm(ablation);

    /// <summary>One ablation variant: the shipping rounds with the given policies.</summary>
    internal sealed class Variant<TEncryption, TDecryption, TBytes> : RijndaelTableCore<TEncryption, TDecryption, TBytes>
        where TEncryption : struct, IRijndaelTables
        where TDecryption : struct, IRijndaelTables
        where TBytes : struct, IRijndaelBytes
    {
        public Variant(ReadOnlySpan<byte> key, int blockSizeInBytes)
            : base(key, blockSizeInBytes)
        {
        }
    }

    private sealed class Algorithm : RijndaelCipher
    {
        public Algorithm(RijndaelAblation ablation)
            : base(CipherCores.Single("Ablation", (key, blockSizeInBytes) => RijndaelAblationCore.Create(key, blockSizeInBytes, ablation)))
        {
        }
    }
}
