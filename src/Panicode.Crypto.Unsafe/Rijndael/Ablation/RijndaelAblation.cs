namespace Panicode.Crypto.Unsafe.Rijndael.Ablation;

/// <summary>
/// Which of the Oikawa paper's four techniques (SCIS 2008, §3) the ablation core leaves out. All
/// variants run <see cref="RijndaelGenericLoop"/> (one loop over any block size); <see cref="AllTechniques"/>
/// is their common baseline, and the shipping core (<see cref="RijndaelPortableCore"/>, unrolled for
/// Nb = 4 and 8) is what the techniques plus unrolling give.
/// </summary>
internal enum RijndaelAblation
{
    /// <summary>Pointer tables passed as arguments, <c>stackalloc</c> state, <c>(byte)</c> casts.</summary>
    AllTechniques,

    /// <summary>Technique 1 out: T-tables and S-box indexed as managed arrays (with bounds checks).</summary>
    NoPointers,

    /// <summary>Technique 2 out: the state words live in heap arrays allocated for every block.</summary>
    NoStackalloc,

    /// <summary>Technique 3 out: bytes extracted with <c>&amp; 0xFF</c> masks instead of <c>(byte)</c> casts.</summary>
    MaskInsteadOfCast,

    /// <summary>Technique 4 out: every lookup reads the table pointer from a static readonly field.</summary>
    StaticFieldTables,
}
