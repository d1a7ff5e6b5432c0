using Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

namespace Panicode.Crypto.Ablation.Camellia;

/// <summary>
/// What the Camellia ablation core leaves out or changes. <see cref="AllTechniques"/> is the shipping
/// <see cref="CamelliaPortableCore"/>'s own round body (<see cref="CamelliaRounds"/> with the same type
/// arguments); every other variant changes one thing. The paper's technique 2 (temporaries in
/// <c>stackalloc</c>) has no place in Camellia's data path: the state is four 64-bit locals the JIT keeps in
/// registers, so there is no <c>NoStackalloc</c> variant.
/// </summary>
internal enum CamelliaAblation
{
    /// <summary>64-bit S/P tables through a pointer argument, <c>(byte)</c> casts, two blocks in flight.</summary>
    AllTechniques,

    /// <summary>Technique 1 out: the S/P tables indexed as a managed array (with bounds checks).</summary>
    NoPointers,

    /// <summary>Technique 3 out: bytes extracted with <c>&amp; 0xFF</c> masks instead of <c>(byte)</c> casts.</summary>
    MaskInsteadOfCast,

    /// <summary>Technique 4 out: every lookup reads the table pointer from a static readonly field.</summary>
    StaticFieldTables,

    /// <summary>One block at a time instead of two interleaved.</summary>
    OneBlockInFlight,

    /// <summary>
    /// 32-bit units (Asahi et al., "A Fast implementation on the 64 bits environment of the suggested cipher
    /// in CRYPTREC", §2.2.2 for 32-bit platforms): four 256-entry 32-bit tables and a byte rotation
    /// per F (<see cref="Camellia32Rounds"/>) instead of eight 64-bit tables.
    /// </summary>
    ThirtyTwoBitUnits,
}
