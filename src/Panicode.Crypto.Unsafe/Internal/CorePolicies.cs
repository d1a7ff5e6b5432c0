namespace Panicode.Crypto.Unsafe.Internal;

// Compile-time choices of the portable block-cipher cores (CLEFIA, SC2000): each is a struct type argument read as
// default(T), so the JIT specialises the round body per choice and drops the untaken branches. No struct is passed
// as an argument (Mono 6.8 on s390x corrupts struct arguments of generic methods).

/// <summary>How many independent blocks go through the rounds together.</summary>
internal interface IBlockLanes
{
    /// <summary>True for two blocks interleaved round by round (the lookups of one hide the latency of the other's).</summary>
    bool Two { get; }
}

/// <summary>One block at a time: a lone block, the odd last block of a call, serial CBC encryption.</summary>
internal readonly struct OneLane : IBlockLanes
{
    public bool Two => false;
}

/// <summary>Two blocks interleaved.</summary>
internal readonly struct TwoLanes : IBlockLanes
{
    public bool Two => true;
}

/// <summary>Which way a core runs its one key schedule.</summary>
internal interface ICipherDirection
{
    bool Decrypt { get; }
}

/// <summary>Encryption.</summary>
internal readonly struct Encryption : ICipherDirection
{
    public bool Decrypt => false;
}

/// <summary>Decryption: the same schedule, walked the other way.</summary>
internal readonly struct Decryption : ICipherDirection
{
    public bool Decrypt => true;
}
