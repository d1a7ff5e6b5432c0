#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// GCM's whole blocks (NIST SP 800-38D §6.4-§6.5) over any core that encrypts many blocks per call (the byte-sliced
/// GFNI Camellia and CLEFIA, Hierocrypt-3, ...), with the carry-less multiplies of <see cref="IClmulAccumulator"/>:
/// per chunk of 256 blocks (4 KiB, in L1), CTR through <see cref="Ctr.Transform"/> (the core's batches, 16 to 64 blocks in flight, with
/// the counter blocks as their input and the data XORed in as they are stored where the core is an
/// <see cref="ICtrBatchCore"/>), then each group of eight ciphertext blocks multiplied by H^8 .. H^1 with one reduction,
/// 2 or 4 blocks per instruction where VPCLMULQDQ has them. The ciphertext is hashed while it is in L1.
/// <para>Unlike <see cref="AesNiGcm"/> the cipher's rounds and the multiplies do not share a loop: a byte-sliced core
/// transposes whole batches, so its rounds cannot take one block's multiply beside them.</para>
/// </summary>
internal sealed unsafe class ClmulGcm : GcmBulk
{
    private const int Group = ClmulPowers.Count;
    private const int ChunkBlocks = Ctr.BatchChunkBytes / 16;

    private readonly BlockCipher _core;
    private readonly ClmulPowers _powers;

    public ClmulGcm(BlockCipher core, GHashClmul ghash, int width = 0)
    {
        Debug.Assert(core.BlockSize == 16 && IsSupported);
        Debug.Assert(width is 0 or 128 || (width == 256 && Clmul256.IsSupported) || (width == 512 && Clmul512.IsSupported));
        _core = core;
        _powers = new ClmulPowers(ghash);
        Width = width == 0 ? AesNiGcm.PreferredWidth : width;
    }

    /// <summary>PCLMULQDQ and SSSE3.</summary>
    public static bool IsSupported => Clmul128.IsSupported;

    /// <summary>The width of the carry-less multiplies: 128, 256 or 512 bits.</summary>
    internal int Width { get; }

    public override void Seal(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue y) =>
        Run(encrypt: true, counter, source, destination, ref y);

    public override void Open(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue y) =>
        Run(encrypt: false, counter, source, destination, ref y);

    public override void Dispose() => _powers.Clear();

    private void Run(bool encrypt, Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination, ref GHashValue value)
    {
        Debug.Assert(counter.Length == 16 && source.Length % 16 == 0 && destination.Length == source.Length);
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<ulong>* h = _powers.Descending)
        fixed (Vector128<ulong>* hf = _powers.Folded)
        {
            Vector128<ulong> y = Vector128.Create(value.Low, value.High);
            int blocks = source.Length / 16;
            for (int done = 0; done < blocks; done += ChunkBlocks)
            {
                // inc32 CTR (SP 800-38D §6.2) through the core's own CTR loop where it has one (Ctr.Transform: counter
                // blocks as the batches' input, the data XORed in as they are stored), a chunk at a time so that the
                // ciphertext is hashed while it is in L1. Opening hashes a chunk before it is decrypted (in place, the
                // plaintext overwrites it).
                int n = Math.Min(ChunkBlocks, blocks - done);
                int offset = 16 * done;
                if (!encrypt)
                {
                    y = Hash(src + offset, n, h, hf, y);
                }

                Ctr.Transform(_core, counter, 4, source.Slice(offset, 16 * n), destination.Slice(offset, 16 * n));
                if (encrypt)
                {
                    y = Hash(dst + offset, n, h, hf, y);
                }
            }

            value.Low = y.GetElement(0);
            value.High = y.GetElement(1);
        }
    }

    /// <summary>Absorbs <paramref name="blocks"/> ciphertext blocks into <paramref name="y"/>, eight blocks per reduction.</summary>
    private Vector128<ulong> Hash(byte* p, int blocks, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y) => Width switch
    {
        512 => Hash<Clmul512>(p, blocks, h, hf, y),
        256 => Hash<Clmul256>(p, blocks, h, hf, y),
        _ => Hash<Clmul128>(p, blocks, h, hf, y),
    };

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Vector128<ulong> Hash<TSum>(byte* p, int blocks, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TSum : struct, IClmulAccumulator
    {
        for (; blocks > 0; blocks -= Group, p += 16 * Group)
        {
            y = Absorb<TSum>(p, Math.Min(Group, blocks), h, hf, y);
        }

        return y;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Absorb<TSum>(byte* p, int n, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TSum : struct, IClmulAccumulator
    {
        if (n < Group)
        {
            return Clmul128.Absorb(p, n, y, h, hf);
        }

        TSum sum = default;
        sum.First(p, y, h, hf);
        for (int step = 1; step < sum.Steps; step++)
        {
            sum.Next(p, step, h, hf);
        }

        return sum.Reduce();
    }
}
#endif
