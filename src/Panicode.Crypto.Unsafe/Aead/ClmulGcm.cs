#if NET
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;
using Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe.Aead;

/// <summary>
/// GCM's whole blocks (NIST SP 800-38D §6.4-§6.5) over any core that encrypts many blocks per call (the byte-sliced
/// GFNI Camellia and CLEFIA, Hierocrypt-3, ...), with the carry-less multiplies of <see cref="IClmulAccumulator"/>:
/// per chunk of 64 blocks, the counter blocks are made with vector adds and encrypted by one core call (the core's own
/// batches: 16 to 64 blocks in flight), then one pass XORs the keystream into the data and multiplies each group of
/// 32 ciphertext blocks by H^32 .. H^1 with one reduction, 2 or 4 blocks per instruction where VPCLMULQDQ has them.
/// Only the first block of a group depends on the group before (through Y), so the multiplies of a group overlap the
/// previous group's reduction; with eight blocks per reduction that chain, not the multiplies, set the pace.
/// The ciphertext is hashed while it is in registers or L1, and nothing is read twice from memory but the keystream.
/// <para>Unlike <see cref="StitchedAesGcm"/> the cipher's rounds and the multiplies do not share a loop: a byte-sliced core
/// transposes whole batches, so its rounds cannot take one block's multiply beside them.</para>
/// </summary>
internal sealed unsafe class ClmulGcm : GcmBulk
{
    // Blocks per reduction: four eight-block batches.
    private const int Group = 4 * ClmulPowers.Count;
    // A multiple of Group, so only a message's last blocks take the short path.
    private const int ChunkBlocks = 2 * Group;

    private readonly BlockCipher _core;
    private readonly ClmulPowers _powers;

    public ClmulGcm(BlockCipher core, GHashClmul ghash, int width = 0)
    {
        Debug.Assert(core.BlockSize == 16 && IsSupported);
        Debug.Assert(width is 0 or 128 || (width == 256 && Clmul256.IsSupported) || (width == 512 && Clmul512.IsSupported));
        _core = core;
        _powers = new ClmulPowers(ghash, Group);
        Width = width == 0 ? StitchedAesGcm.PreferredWidth : width;
    }

    /// <summary>PCLMULQDQ and SSSE3, or PMULL and AArch64 Advanced SIMD.</summary>
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
        // Only as much keystream room as the message needs (a one-block message clears 16 bytes, not a kilobyte).
        Span<byte> keystream = stackalloc byte[16 * ChunkBlocks].Slice(0, Math.Min(source.Length, 16 * ChunkBlocks));
        fixed (byte* ks = keystream)
        fixed (byte* ctr = counter)
        fixed (byte* src = source)
        fixed (byte* dst = destination)
        fixed (Vector128<ulong>* h = _powers.Descending)
        fixed (Vector128<ulong>* hf = _powers.Folded)
        {
            Vector128<ulong> y = Vector128.Create(value.Low, value.High);
            Vector128<byte> order = Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12);
            Vector128<uint> count = AesBatch.Shuffle(Vector128.Load(ctr), order).AsUInt32();
            int blocks = source.Length / 16;
            for (int done = 0; done < blocks; done += ChunkBlocks)
            {
                int n = Math.Min(ChunkBlocks, blocks - done);

                // inc32 counter blocks (SP 800-38D §6.2): lane 3 holds the 32-bit counter in host order.
                for (int i = 0; i < n; i++)
                {
                    Vector128.Store(AesBatch.Shuffle((count + Vector128.Create(0u, 0u, 0u, (uint)i)).AsByte(), order), ks + 16 * i);
                }

                count += Vector128.Create(0u, 0u, 0u, (uint)n);
                _core.Encrypt(keystream.Slice(0, 16 * n), keystream.Slice(0, 16 * n));
                y = Width switch
                {
                    512 => XorAndHash<Clmul512>(encrypt, src + 16 * done, dst + 16 * done, ks, n, h, hf, y),
                    256 => XorAndHash<Clmul256>(encrypt, src + 16 * done, dst + 16 * done, ks, n, h, hf, y),
                    _ => XorAndHash<Clmul128>(encrypt, src + 16 * done, dst + 16 * done, ks, n, h, hf, y),
                };
            }

            Vector128.Store(AesBatch.Shuffle(count.AsByte(), order), ctr);
            value.Low = y.GetElement(0);
            value.High = y.GetElement(1);
        }

        Secret.Clear(keystream);
    }

    /// <summary>
    /// dst = src ^ keystream over <paramref name="blocks"/> blocks, the ciphertext (dst when sealing, src when opening)
    /// absorbed into <paramref name="y"/> eight blocks per reduction. When opening, a group's ciphertext is hashed
    /// before its plaintext is stored (in place, the store overwrites it).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Vector128<ulong> XorAndHash<TSum>(bool encrypt, byte* src, byte* dst, byte* ks, int blocks, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TSum : struct, IClmulAccumulator
    {
        for (; blocks > 0; blocks -= Group, src += 16 * Group, dst += 16 * Group, ks += 16 * Group)
        {
            int n = Math.Min(Group, blocks);
            if (!encrypt)
            {
                y = Absorb<TSum>(src, n, h, hf, y);
            }

            for (int i = 0; i < n; i++)
            {
                Vector128.Store(Vector128.Load(src + 16 * i) ^ Vector128.Load(ks + 16 * i), dst + 16 * i);
            }

            if (encrypt)
            {
                y = Absorb<TSum>(dst, n, h, hf, y);
            }
        }

        return y;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Absorb<TSum>(byte* p, int n, Vector128<ulong>* h, Vector128<ulong>* hf, Vector128<ulong> y)
        where TSum : struct, IClmulAccumulator
    {
        if (n < Group)
        {
            // A message's last blocks: eight at a time by H^8 .. H^1, the last eight powers.
            const int Last = Group - ClmulPowers.Count;
            for (; n > 0; n -= ClmulPowers.Count, p += 16 * ClmulPowers.Count)
            {
                y = Clmul128.Absorb(p, Math.Min(n, ClmulPowers.Count), y, h + Last, hf + Last);
            }

            return y;
        }

        TSum sum = default;
        sum.First(p, y, h, hf);
        int steps = sum.Steps * (Group / ClmulPowers.Count);
        for (int step = 1; step < steps; step++)
        {
            sum.Next(p, step, h, hf);
        }

        return sum.Reduce();
    }
}
#endif
