using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Ablation.Rijndael;

/// <summary>
/// Which of the Oikawa paper's four techniques (SCIS 2008, §3) an ablation variant leaves out. Every
/// variant runs the shipping rounds (<see cref="RijndaelTableRounds{TShape, TTables, TBytes}"/>,
/// unrolled per block size) with one policy swapped; <see cref="AllTechniques"/> is the shipping
/// <see cref="RijndaelPortableCore"/> itself.
/// </summary>
internal enum RijndaelAblation
{
    /// <summary>The shipping core: pointer tables held in a local, <c>stackalloc</c> state, <c>(byte)</c> casts.</summary>
    AllTechniques,

    /// <summary>Technique 1 out: T-tables and S-box indexed as managed arrays (with bounds checks).</summary>
    NoPointers,

    /// <summary>Technique 2 out: the state words live in a heap array allocated for every block.</summary>
    NoStackalloc,

    /// <summary>Technique 3 out: bytes extracted with <c>&amp; 0xFF</c> masks instead of <c>(byte)</c> casts.</summary>
    MaskInsteadOfCast,

    /// <summary>Technique 4 out: every lookup reads its table pointer from a static readonly field.</summary>
    StaticFieldTables,
}
