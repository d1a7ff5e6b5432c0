// Verification with a public key seen before (Unsafe flavour): u1 G + u2 Q by fixed-base splitting on both points.
//
// Split a scalar into t chunks of c = ceil(bits(n) / t) bits, u = sum_j u_j 2^(j c). With the points P_j = 2^(j c) P
// precomputed, u P = sum_j u_j P_j: the t chunk products of u1 G and of u2 Q share one doubling chain of about c
// doublings instead of bits(n) (the fixed-base comb idea, Guide to Elliptic Curve Cryptography §3.3.2, Alg. 3.44,
// here with every chunk recoded in width-w NAF, Guide Alg. 3.35, and the 2t recodings interleaved, §3.3.3), over
// the odd multiples P_j, 3 P_j, ..., (2^(w-1) - 1) P_j, affine by one batched inversion:
// - t = 8 chunks for bits(n) <= 320, 16 above (measured: 16 gains nothing on P-256, 10 % on P-384 and P-521).
// - G: w = 7 (32 odd multiples per chunk), built once per group like the base table.
// - Q: w = 5 (8 odd multiples per chunk), built on the second verification with the same Q and kept in a small
//   cache of the last CacheSlots public keys (least recently used slot evicted), keyed by the encoded coordinates.
// The number of additions stays about bits(n) / (w + 1) per scalar whatever t is; t only shortens the doubling chain
// (P-256: 33 doublings and about 32 + 43 mixed additions, against 256 doublings and 64 + 43 additions on the
// uncached path of the engine's MultiplyAddPublic, which first-seen keys keep). Measured against 4 chunks with
// w = 6/8 and 4 chunks with w = 5/7: faster on all three NIST curves (docs/benchmarks.md).
// Cost of a key's table (paid once, on its second verification): bits(n) doublings, 8 t additions and one batched
// inversion, about one uncached verification; a workload where every key is seen exactly twice pays it for nothing.
//
// Everything here is public (keys, u1, u2, tables): variable time and data-dependent indexing are fine.
// Memory per group (m = 64-bit limbs of the field; P-256 4, P-384 6, P-521 9): a key's table holds 8 t affine
// points = 128 t m bytes (P-256 4 KiB, P-384 12 KiB, P-521 18 KiB), at most CacheSlots = 8 tables plus their
// coordinates (P-521: 8 x 18 KiB = 144 KiB); the G table 32 t points = 512 t m bytes (P-256 16 KiB, P-384 48 KiB,
// P-521 72 KiB). Recording a first-seen key allocates only a copy of its coordinates.
// Threads: the slot array is read and written only under _keyLock (a few byte compares per verification); a key's
// table is built outside the lock by the one thread that claimed it, never written after, and published under the
// lock with a volatile write (the G table by Interlocked.CompareExchange), so verifications on other threads see
// either no table (and take the uncached path meanwhile) or a complete one.

using System;
using System.Diagnostics;
using System.Threading;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

internal sealed unsafe partial class FastEcGroup<TE, TF>
{
    private const int CacheSlots = 8;
    private const int QWidth = 5;
    private const int GWidth = 7;
    private const int QOdd = 1 << (QWidth - 2);     // 8 odd multiples: P, 3P, ..., 15P
    private const int GOdd = 1 << (GWidth - 2);     // 32 odd multiples: G, 3G, ..., 63G

    private readonly object _keyLock = new object();
    private readonly CachedKey?[] _keys = new CachedKey?[CacheSlots];
    private long _keyClock;
    private AffinePoint<TE>[]? _gChunkTable;

    /// <summary>The number of chunks t (see the top of the file).</summary>
    private int Chunks => Scalars.Bits <= 320 ? 8 : 16;

    /// <summary>The chunk length c = ceil(bits(n) / t).</summary>
    private int ChunkBits => (Scalars.Bits + Chunks - 1) / Chunks;

    /// <summary>
    /// u1 G + u2 Q through the cache when Q was seen before and u1, u2 fit in t c bits; false (nothing done) sends
    /// the caller down the uncached path. u2 is not zero and the group has no GLV (both checked by the caller).
    /// </summary>
    private bool TryMultiplyAddCached(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, in AffineBytes q, Span<byte> x, out bool finite)
    {
        finite = false;
        int limit = Chunks * ChunkBits;
        if (BitLength(u1) > limit || BitLength(u2) > limit)
        {
            return false;
        }

        AffinePoint<TE>[]? table = CachedKeyTable(q.X, q.Y);
        if (table == null)
        {
            return false;
        }

        finite = MultiplyAddChunked(u1, u2, table, x);
        return true;
    }

    /// <summary>
    /// The table of Q if it is cached; on the second sighting of Q builds it (one thread per key), else records Q
    /// in the least recently used slot. Null when the caller must take the uncached path.
    /// </summary>
    private AffinePoint<TE>[]? CachedKeyTable(ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy)
    {
        CachedKey? hit = null;
        lock (_keyLock)
        {
            long now = ++_keyClock;
            int victim = 0;
            long oldest = long.MaxValue;
            for (int i = 0; i < CacheSlots; i++)
            {
                CachedKey? e = _keys[i];
                if (e == null)
                {
                    if (oldest != long.MinValue)
                    {
                        victim = i;
                        oldest = long.MinValue;
                    }

                    continue;
                }

                if (qx.SequenceEqual(e.X) && qy.SequenceEqual(e.Y))
                {
                    e.LastUse = now;
                    hit = e;
                    break;
                }

                if (e.LastUse < oldest)
                {
                    victim = i;
                    oldest = e.LastUse;
                }
            }

            if (hit == null)
            {
                _keys[victim] = new CachedKey(qx.ToArray(), qy.ToArray(), now);
                return null;
            }

            if (hit.Table != null || hit.Failed || hit.Building)
            {
                return hit.Table;
            }

            hit.Building = true;
        }

        // Second sighting, claimed by this thread: build outside the lock, publish complete.
        AffinePoint<TE>[]? built = BuildKeyTable(qx, qy);
        lock (_keyLock)
        {
            hit.Failed = built == null;
            hit.Building = false;
            Volatile.Write(ref hit.Table, built);
        }

        return built;
    }

    /// <summary>The chunk table of Q (t x 8 odd multiples, affine), or null for a point the table cannot hold.</summary>
    private AffinePoint<TE>[]? BuildKeyTable(ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy)
    {
        JacobianPoint<TE> p = default;
        if (!Decode(qx, out p.X) || !Decode(qy, out p.Y))
        {
            return null;
        }

        p.Z = _one;
        AffinePoint<TE>[] table = new AffinePoint<TE>[Chunks * QOdd];
        return FillChunkTables(p, table, QOdd) ? table : null;
    }

    /// <summary>The chunk table of G (t x 32 odd multiples, affine), built once per group.</summary>
    private AffinePoint<TE>[] GChunkTable()
    {
        AffinePoint<TE>[]? table = Volatile.Read(ref _gChunkTable);
        if (table != null)
        {
            return table;
        }

        JacobianPoint<TE> p = default;
        p.X = _g.X;
        p.Y = _g.Y;
        p.Z = _one;
        table = new AffinePoint<TE>[Chunks * GOdd];
        bool ok = FillChunkTables(p, table, GOdd);
        Debug.Assert(ok);
        return Interlocked.CompareExchange(ref _gChunkTable, table, null) ?? table;
    }

    /// <summary>
    /// From the Jacobian P, fills dst with the affine odd multiples (2k + 1) P_j, k below perChunk, of P_j = 2^(j c) P
    /// for the t chunks j (entry j perChunk + k). False when a point is at infinity (P of small order; impossible for
    /// a point of prime order n, as 2^(j c) (2k + 1) is below n).
    /// </summary>
    private bool FillChunkTables(JacobianPoint<TE> p, AffinePoint<TE>[] dst, int perChunk)
    {
        int c = ChunkBits;
        JacobianPoint<TE>[] jac = new JacobianPoint<TE>[Chunks * perChunk];
        JacobianPoint<TE> twoP = default;
        for (int j = 0; j < Chunks; j++)
        {
            int w = j * perChunk;
            jac[w] = p;
            Dbl(ref twoP, in p);
            if (_f.IsZero(in twoP.Z) != 0)
            {
                return false;
            }

            for (int k = 1; k < perChunk; k++)
            {
                if (!AddVar(ref jac[w + k], in jac[w + k - 1], in twoP) || _f.IsZero(in jac[w + k].Z) != 0)
                {
                    return false;
                }
            }

            if (j < Chunks - 1)
            {
                for (int i = 0; i < c; i++)
                {
                    Dbl(ref p, in p);
                }

                if (_f.IsZero(in p.Z) != 0)
                {
                    return false;
                }
            }
        }

        Normalize(jac, dst);
        return true;
    }

    /// <summary>
    /// u1 G + u2 Q from the chunk tables: the 2t chunk recodings run from the top through one doubling chain.
    /// False when the sum is infinity.
    /// </summary>
    private bool MultiplyAddChunked(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, AffinePoint<TE>[] qTable, Span<byte> x)
    {
        int c = ChunkBits;
        int stride = c + 2;                      // a c-bit chunk has at most c + 1 NAF digits
        int chunkLimbs = (c / 64) + 2;           // the chunk plus room for the recoding's carry
        int fullLimbs = ((Chunks * c) / 64) + 2;
        Span<sbyte> naf = stackalloc sbyte[2 * Chunks * stride];
        Span<ulong> full = stackalloc ulong[fullLimbs];
        Span<ulong> chunk = stackalloc ulong[chunkLimbs];
        naf.Clear();
        int len = 0;
        for (int s = 0; s < 2; s++)
        {
            LoadScalar(s == 0 ? u1 : u2, full);
            for (int j = 0; j < Chunks; j++)
            {
                ExtractBits(full, j * c, c, chunk);
                len = Math.Max(len, Wnaf(chunk, naf.Slice(((s * Chunks) + j) * stride, stride), s == 0 ? GWidth : QWidth));
            }
        }

        JacobianPoint<TE> acc = default;
        bool inf = true;
        ReadOnlySpan<AffinePoint<TE>> gt = GChunkTable();
        for (int i = len - 1; i >= 0; i--)
        {
            if (!inf)
            {
                Dbl(ref acc, in acc);
            }

            for (int t = 0; t < 2 * Chunks; t++)
            {
                int d = naf[(t * stride) + i];
                if (d == 0)
                {
                    continue;
                }

                // Chunk j's odd multiples start at entry j perChunk.
                ReadOnlySpan<AffinePoint<TE>> chunkTable = t < Chunks ? gt.Slice(t * GOdd, GOdd) : qTable.AsSpan((t - Chunks) * QOdd, QOdd);
                AddDigitVar(ref acc, ref inf, chunkTable, d);
            }
        }

        return !inf && ToAffine(in acc, 0, x, Span<byte>.Empty, publicData: true);
    }

    /// <summary>Bit length of a public big-endian scalar.</summary>
    private static int BitLength(ReadOnlySpan<byte> k)
    {
        for (int i = 0; i < k.Length; i++)
        {
            if (k[i] != 0)
            {
                int bits = 8 * (k.Length - i);
                for (int b = k[i]; b < 0x80; b <<= 1)
                {
                    bits--;
                }

                return bits;
            }
        }

        return 0;
    }

    /// <summary>A public big-endian scalar into little-endian limbs (its non-zero bytes must fit in the limbs; BitLength is checked first).</summary>
    private static void LoadScalar(ReadOnlySpan<byte> k, Span<ulong> v)
    {
        v.Clear();
        for (int i = 0; i < k.Length; i++)
        {
            int bit = 8 * (k.Length - 1 - i);
            if (k[i] != 0)
            {
                v[bit >> 6] |= (ulong)k[i] << (bit & 63);
            }
        }
    }

    /// <summary>dst = bits [start, start + count) of src (little-endian limbs; bits past its end read as zero).</summary>
    private static void ExtractBits(ReadOnlySpan<ulong> src, int start, int count, Span<ulong> dst)
    {
        for (int t = 0; t < dst.Length; t++)
        {
            int from = start + (64 * t);
            int word = from >> 6;
            int shift = from & 63;
            ulong lo = word < src.Length ? src[word] >> shift : 0;
            ulong hi = shift != 0 && word + 1 < src.Length ? src[word + 1] << (64 - shift) : 0;
            int left = count - (64 * t);
            ulong mask = left >= 64 ? ulong.MaxValue : left <= 0 ? 0 : (1UL << left) - 1;
            dst[t] = (lo | hi) & mask;
        }
    }

    /// <summary>One public key of the cache; Table, once published, is never written again.</summary>
    private sealed class CachedKey
    {
        public readonly byte[] X;
        public readonly byte[] Y;
        public AffinePoint<TE>[]? Table;
        public long LastUse;
        public bool Building;
        public bool Failed;

        public CachedKey(byte[] x, byte[] y, long now)
        {
            X = x;
            Y = y;
            LastUse = now;
        }
    }
}
