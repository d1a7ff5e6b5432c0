using System;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers.Rc4;

/// <summary>
/// RC4, Reference flavour, as RFC 6229 section 1 and the published description (Schneier, Applied Cryptography, 2nd ed.,
/// 17.1; the algorithm RFC 7465 forbids in TLS) give it: the key-scheduling algorithm fills the 256-byte permutation S
/// from the key, then each key-stream byte is S[S[i] + S[j]] after i = i + 1, j = j + S[i] and the exchange of S[i]
/// and S[j] (all indices mod 256). No IV: a key selects the key stream.
/// </summary>
internal sealed class Rc4Core : StreamCipherCore
{
    private readonly byte[] _s = new byte[256];
    private int _i;
    private int _j;

    public override int BlockBytes => 1;

    /// <summary>RC4 states no limit per key (its biases are the reason not to use it at all).</summary>
    public override ulong MaxBlocks => ulong.MaxValue;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        Debug.Assert(key.Length is >= 1 and <= 256 && iv.Length == 0);
        for (int i = 0; i < 256; i++)
        {
            _s[i] = (byte)i;
        }

        // The key-scheduling algorithm: j = j + S[i] + K[i mod keylength], exchange S[i] and S[j].
        int j = 0;
        for (int i = 0; i < 256; i++)
        {
            j = (j + _s[i] + key[i % key.Length]) & 0xFF;
            (_s[i], _s[j]) = (_s[j], _s[i]);
        }

        _i = 0;
        _j = 0;
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(output.Length >= input.Length);
        byte[] s = _s;
        int i = _i, j = _j;
        for (int n = 0; n < input.Length; n++)
        {
            i = (i + 1) & 0xFF;
            j = (j + s[i]) & 0xFF;
            (s[i], s[j]) = (s[j], s[i]);
            output[n] = (byte)(input[n] ^ s[(s[i] + s[j]) & 0xFF]);
        }

        _i = i;
        _j = j;
    }

    public override void ClearState()
    {
        Secret.Clear(_s);
        _i = 0;
        _j = 0;
    }
}
