using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Internal;
using Panicode.Crypto.StreamCiphers;
using Panicode.Crypto.StreamCiphers.Mugi;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.StreamCiphers.Mugi;

/// <summary>
/// MUGI (MUGI Specification Ver. 1.2 §4), Unsafe flavour: the same rounds as <see cref="MugiCore"/>, <see cref="Batch"/>
/// units at a time. The F-function (§4.7.3) is eight lookups in 64-bit tables that merge the S-box, the matrix M and the
/// byte shuffle ("the S-box and the matrix M can be combined in a single table lookup", §4.7.3), built once from
/// <see cref="RijndaelTables"/>' S-box and <see cref="MugiCore.Mix"/> into unmanaged memory; the buffer lives in a
/// sliding window on the stack (b_j at time t is <c>w[pos + j]</c>; λ's rotation is <c>pos--</c>). Lookups indexed by
/// secret data are not cache-timing safe.
/// </summary>
internal sealed unsafe class MugiUnsafeCore : StreamCipherCore
{
    private const int Batch = 64;
    private const int Nb = MugiSpec.BufferUnits;

    private static readonly ulong* s_f = BuildTables();

    // a0, a1, a2, then b0..b15.
    private readonly ulong[] _state = new ulong[3 + Nb];

    public override int BlockBytes => MugiSpec.UnitBytes;

    public override ulong MaxBlocks => MugiSpec.MaxUnits;

    public override void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        ulong* f = s_f;
        ulong k0 = BinaryPrimitives.ReadUInt64BigEndian(key), k1 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong a0 = k0, a1 = k1, a2 = Load(k0, k1);
        for (int i = 0; i < MugiSpec.KeyRounds; i++)
        {
            Rho(ref a0, ref a1, ref a2, 0, 0, f);
            _state[3 + Nb - 1 - i] = a0;
        }

        ulong i0 = BinaryPrimitives.ReadUInt64BigEndian(iv), i1 = BinaryPrimitives.ReadUInt64BigEndian(iv.Slice(8));
        a0 ^= i0;
        a1 ^= i1;
        a2 ^= Load(i0, i1);
        for (int i = 0; i < MugiSpec.IVRounds; i++)
        {
            Rho(ref a0, ref a1, ref a2, 0, 0, f);
        }

        _state[0] = a0;
        _state[1] = a1;
        _state[2] = a2;
        Run<SetupRounds>(null, null, MugiSpec.MixRounds);
    }

    public override void XorBlocks(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Debug.Assert(input.Length % MugiSpec.UnitBytes == 0 && output.Length >= input.Length);
        fixed (byte* pin = input, pout = output)
        {
            Run<KeystreamRounds>(pin, pout, input.Length / MugiSpec.UnitBytes);
        }
    }

    public override void ClearState() => Secret.Clear(_state);

    private void Run<TMode>(byte* input, byte* output, int rounds)
        where TMode : struct, IRoundMode
    {
        bool emit = default(TMode).Emits;
        ulong* w = stackalloc ulong[Batch + Nb];
        ulong* f = s_f;
        fixed (ulong* s = _state)
        {
            ulong a0 = s[0], a1 = s[1], a2 = s[2];
            Buffer.MemoryCopy(s + 3, w + Batch, Nb * sizeof(ulong), Nb * sizeof(ulong));
            while (rounds > 0)
            {
                int n = Math.Min(rounds, Batch);
                ulong* b = w + Batch;
                for (int t = 0; t < n; t++)
                {
                    if (emit)
                    {
                        BigEndian.Write64(output + (8 * t), BigEndian.Read64(input + (8 * t)) ^ a2);
                    }

                    // λ (§4.4.2) on the window: b'_4 lands on w[pos + 3], b'_10 on w[pos + 9], b'_0 on w[pos - 1].
                    ulong b4 = b[4], b10 = b[10];
                    b[3] ^= b[7];
                    b[9] ^= (b[13] << 32) | (b[13] >> 32);
                    b[-1] = b[Nb - 1] ^ a0;
                    b--;

                    Rho(ref a0, ref a1, ref a2, b4, b10, f);
                }

                // Overlapping windows when the batch is shorter than the buffer: Span.CopyTo is defined for overlap,
                // Buffer.MemoryCopy is not.
                new Span<ulong>(b, Nb).CopyTo(new Span<ulong>(w + Batch, Nb));
                if (emit)
                {
                    input += 8 * n;
                    output += 8 * n;
                }

                rounds -= n;
            }

            s[0] = a0;
            s[1] = a1;
            s[2] = a2;
            Buffer.MemoryCopy(w + Batch, s + 3, Nb * sizeof(ulong), Nb * sizeof(ulong));
            new Span<ulong>(w, Batch + Nb).Clear();
        }
    }

    /// <summary>ρ (§4.4.1) with F as eight table lookups.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rho(ref ulong a0, ref ulong a1, ref ulong a2, ulong b4, ulong b10, ulong* f)
    {
        ulong x = a1;
        ulong y1 = F(x ^ b4, f);
        ulong y2 = F(x ^ ((b10 << MugiSpec.RhoRotation) | (b10 >> (64 - MugiSpec.RhoRotation))), f);
        ulong n2 = a0 ^ y2 ^ MugiSpec.C2;
        a0 = x;
        a1 = a2 ^ y1 ^ MugiSpec.C1;
        a2 = n2;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong F(ulong x, ulong* f) =>
        f[x >> 56] ^ f[256 + ((x >> 48) & 0xFF)] ^ f[512 + ((x >> 40) & 0xFF)] ^ f[768 + ((x >> 32) & 0xFF)]
        ^ f[1024 + ((x >> 24) & 0xFF)] ^ f[1280 + ((x >> 16) & 0xFF)] ^ f[1536 + ((x >> 8) & 0xFF)] ^ f[1792 + (x & 0xFF)];

    private static ulong Load(ulong x0, ulong x1) =>
        MugiSpec.RotateLeft(x0, MugiSpec.LoadRotation) ^ MugiSpec.RotateLeft(x1, 64 - MugiSpec.LoadRotation) ^ MugiSpec.C0;

    /// <summary>Table i holds F's output for input byte i (from the most significant side) = x and S(0)-free others.</summary>
    private static ulong* BuildTables()
    {
        // F is bytewise S followed by a linear map, so F(x) = XOR over i of Mix(S(x_i) in byte i, zeros elsewhere).
        ulong* block = (ulong*)NativeMemoryBlock.AllocateAligned(8 * 256 * sizeof(ulong));
        for (int i = 0; i < 8; i++)
        {
            for (int x = 0; x < 256; x++)
            {
                block[(256 * i) + x] = MugiCore.Mix((ulong)RijndaelTables.SBox[x] << (56 - (8 * i)));
            }
        }

        return block;
    }
}

/// <summary>The Unsafe flavour of <see cref="Crypto.MugiCipher"/>: the public class over <see cref="MugiUnsafeCore"/>.</summary>
internal sealed class UnsafeMugi : MugiCipher
{
    private protected override StreamCipherCore CreateCore() => new MugiUnsafeCore();
}
