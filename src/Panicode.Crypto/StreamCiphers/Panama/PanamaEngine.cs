using System;
using System.Buffers.Binary;
using System.Diagnostics;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// The PANAMA module, Reference flavour (Daemen and Clapp, FSE 1998, §3; MULTI-S01 specification §2.3.2): the 17-word state a, the
/// 32-stage buffer b (a circular array of 256 words, so λ's shift is an index step), Reset, Push and Pull. Words come
/// from bytes little-endian (the reference implementation, Crypto++'s "Panama-LE") or big-endian ("Panama-BE", which
/// MULTI-S01 §1.2 requires), read and written through <see cref="BinaryPrimitives"/>, so the result does not depend
/// on the machine's byte order.
/// </summary>
internal sealed class PanamaEngine : PanamaModule
{
    private readonly uint[] _a = new uint[PanamaSpec.StateWords];
    private readonly uint[] _b = new uint[PanamaSpec.Stages * PanamaSpec.StageWords];
    private readonly uint[] _t = new uint[PanamaSpec.StateWords];
    private readonly uint[] _word = new uint[PanamaSpec.StageWords];
    private readonly uint[] _q = new uint[PanamaSpec.StageWords];
    private readonly uint[] _l = new uint[PanamaSpec.StageWords];
    private readonly bool _bigEndian;

    // The array position of stage 0; stage j is at (_base + j) mod 32.
    private int _base;

    public PanamaEngine(bool bigEndian)
        : base(bigEndian) => _bigEndian = bigEndian;

    public override void Reset()
    {
        Array.Clear(_a, 0, _a.Length);
        Array.Clear(_b, 0, _b.Length);
        _base = 0;
    }

    public override void Push(ReadOnlySpan<byte> block)
    {
        Debug.Assert(block.Length == PanamaSpec.BlockBytes);
        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            _word[i] = Load(block.Slice(4 * i));
        }

        Iterate(_word, pull: false);
    }

    public override void Pull() => Iterate(_word, pull: true);

    public override void Pull(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % PanamaSpec.BlockBytes == 0 && output.Length >= input.Length);
        for (int block = 0; block < input.Length; block += PanamaSpec.BlockBytes)
        {
            for (int i = 0; i < PanamaSpec.StageWords; i++)
            {
                Store(output.Slice(block + 4 * i), Load(input.Slice(block + 4 * i)) ^ _a[9 + i]);
            }

            Iterate(_word, pull: true);
        }
    }

    public override void Clear()
    {
        Secret.Clear(_a);
        Secret.Clear(_b);
        Secret.Clear(_t);
        Secret.Clear(_word);
        Secret.Clear(_q);
        Secret.Clear(_l);
        _base = 0;
    }

    private uint Load(ReadOnlySpan<byte> bytes) =>
        _bigEndian ? BinaryPrimitives.ReadUInt32BigEndian(bytes) : BinaryPrimitives.ReadUInt32LittleEndian(bytes);

    private void Store(Span<byte> bytes, uint value)
    {
        if (_bigEndian)
        {
            BinaryPrimitives.WriteUInt32BigEndian(bytes, value);
        }
        else
        {
            BinaryPrimitives.WriteUInt32LittleEndian(bytes, value);
        }
    }

    private int Stage(int j) => ((_base + j) & (PanamaSpec.Stages - 1)) * PanamaSpec.StageWords;

    /// <summary>
    /// One iteration: ρ and λ from the same (old) state and buffer. In Push mode the input p is both l (σ) and q (λ);
    /// in Pull mode l is stage b4 and q is a1..a8 of the old state.
    /// </summary>
    private void Iterate(uint[] p, bool pull)
    {
        uint[] a = _a, t = _t, b = _b;
        int n = PanamaSpec.StateWords;
        int b16 = Stage(PanamaSpec.SigmaStage), b4 = Stage(PanamaSpec.PullInputStage);
        int b24 = Stage(PanamaSpec.FeedbackStage), b31 = Stage(PanamaSpec.Stages - 1);

        // λ first reads q, which in Pull mode is the old a1..a8: keep it before ρ overwrites a.
        uint[] q = _q, l = _l;
        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            q[i] = pull ? a[i + 1] : p[i];
            l[i] = pull ? b[b4 + i] : p[i];
        }

        // γ: a_i ^ (a_{i+1} OR NOT a_{i+2}).
        for (int i = 0; i < n; i++)
        {
            t[i] = a[i] ^ (a[(i + 1) % n] | ~a[(i + 2) % n]);
        }

        // π: a_i = ROT_{i(i+1)/2}(a_{7i mod 17}).
        for (int i = 0; i < n; i++)
        {
            uint x = t[PanamaSpec.PiSource[i]];
            int r = PanamaSpec.PiRotation[i];
            a[i] = r == 0 ? x : (x << r) | (x >> (32 - r));
        }

        // θ: a_i ^ a_{i+1} ^ a_{i+4}.
        for (int i = 0; i < n; i++)
        {
            t[i] = a[i] ^ a[(i + 1) % n] ^ a[(i + 4) % n];
        }

        // σ: a0 ^ 1; a1..a8 ^ l; a9..a16 ^ b16 (the old buffer).
        a[0] = t[0] ^ 1;
        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            a[i + 1] = t[i + 1] ^ l[i];
            a[i + 9] = t[i + 9] ^ b[b16 + i];
        }

        // λ: every stage moves up one (stage j-1 becomes stage j: the base steps down), d25 = b24 ^ (b31 rotated by two
        // words), d0 = b31 ^ q. After the step the old b31 sits where the new b0 is and the old b24 where the new b25 is.
        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            b[b24 + i] ^= b[b31 + ((i + PanamaSpec.FeedbackRotation) & (PanamaSpec.StageWords - 1))];
        }

        for (int i = 0; i < PanamaSpec.StageWords; i++)
        {
            b[b31 + i] ^= q[i];
        }

        _base = (_base + PanamaSpec.Stages - 1) & (PanamaSpec.Stages - 1);
    }
}
