namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// PANAMA's spec facts (Daemen and Clapp, "Fast Hashing and Stream Encryption with PANAMA", FSE 1998, §3-§5; restated
/// in Hitachi's MULTI-S01 specification §2.3.2): the sizes of the state and the buffer, the taps of ρ and λ, the blank
/// pulls and the hash padding. The rotation and position of π are computed from their formulas here, once.
/// </summary>
internal static class PanamaSpec
{
    /// <summary>Words of the state a (a0..a16) and of one buffer stage; stages of the buffer b (§3).</summary>
    public const int StateWords = 17, StageWords = 8, Stages = 32;

    /// <summary>Bytes of one push input or pull output (8 words), and of the key and the IV (Q) of the stream cipher.</summary>
    public const int BlockBytes = 32, KeyBytes = 32, IVBytes = 32;

    /// <summary>The stages ρ reads (σ: b16 into a9..a16, b4 as the pull input l) and λ's feedback (d25 = b24 ^ b31 rotated by 2 words).</summary>
    public const int SigmaStage = 16, PullInputStage = 4, FeedbackStage = 24, FeedbackRotation = 2;

    /// <summary>Blank pulls after the key and IV (stream cipher, §5) and after the last message block (hash, §4).</summary>
    public const int BlankPulls = 32;

    /// <summary>The hash's padding: one 1 bit (byte 0x01 in the reference implementation's byte order), then zeros to a block boundary (§4).</summary>
    public const byte HashPadding = 0x01;

    /// <summary>The spec states no limit on the key stream per key and Q.</summary>
    public const ulong MaxBlocks = ulong.MaxValue;

    /// <summary>π's word positions: a[i] takes a[7i mod 17] (§3, "π").</summary>
    public static readonly int[] PiSource = Build(i => 7 * i % StateWords);

    /// <summary>π's rotations: ROT over i(i+1)/2 mod 32 bits (§3, "π").</summary>
    public static readonly int[] PiRotation = Build(i => i * (i + 1) / 2 % 32);

    private static int[] Build(System.Func<int, int> f)
    {
        int[] table = new int[StateWords];
        for (int i = 0; i < table.Length; i++)
        {
            table[i] = f(i);
        }

        return table;
    }
}
