namespace Panicode.Crypto.Unsafe.StreamCiphers;

/// <summary>
/// Whether a stream-cipher core's batch of rounds emits key stream or belongs to the initialization, as a type
/// argument: the JIT compiles one loop per mode, without the test inside.
/// </summary>
internal interface IRoundMode
{
    bool Emits { get; }
}

/// <summary>Initialization rounds (no key stream).</summary>
internal readonly struct SetupRounds : IRoundMode
{
    public bool Emits => false;
}

/// <summary>Key-stream rounds.</summary>
internal readonly struct KeystreamRounds : IRoundMode
{
    public bool Emits => true;
}
