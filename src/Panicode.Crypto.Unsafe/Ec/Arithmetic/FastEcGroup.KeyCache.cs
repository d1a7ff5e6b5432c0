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
// uncached path of FastEcGroup.MultiplyAddPublic, which first-seen keys keep). Measured against 4 chunks with
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

internal sealed unsafe partial class FastEcGroup<TF>
{
    private const int CacheSlots = 8;
    private const int QWidth = 5;
    private const int GWidth = 7;
    private const int QOdd = 1 << (QWidth - 2);     // 8 odd multiples: P, 3P, ..., 15P
    private const int GOdd = 1 << (GWidth - 2);     // 32 odd multiples: G, 3G, ..., 63G

    private readonly object _keyLock = new object();
    private readonly CachedKey?[] _keys = new CachedKey?[CacheSlots];
    private long _keyClock;
    private ulong[]? _gChunkTable;

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

        ulong[]? table = CachedKeyTable(q.X, q.Y);
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
    private ulong[]? CachedKeyTable(ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy)
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
        ulong[]? built = BuildKeyTable(qx, qy);
        lock (_keyLock)
        {
            hit.Failed = built == null;
            hit.Building = false;
            Volatile.Write(ref hit.Table, built);
        }

        return built;
    }

    /// <summary>The chunk table of Q (t x 8 odd multiples, affine), or null for a point the table cannot hold.</summary>
    private ulong[]? BuildKeyTable(ReadOnlySpan<byte> qx, ReadOnlySpan<byte> qy)
    {
        int m = _m;
        ulong[] table = new ulong[Chunks * QOdd * 2 * m];
        ulong* p = stackalloc ulong[3 * m];
        if (!Decode(qx, p) || !Decode(qy, p + m))
        {
            return null;
        }

        Copy(p + (2 * m), MontOne, m);
        fixed (ulong* dst = table)
        {
            return FillChunkTables(p, dst, QOdd) ? table : null;
        }
    }

    /// <summary>The chunk table of G (t x 32 odd multiples, affine), built once per group.</summary>
    private ulong[] GChunkTable()
    {
        ulong[]? table = Volatile.Read(ref _gChunkTable);
        if (table != null)
        {
            return table;
        }

        int m = _m;
        table = new ulong[Chunks * GOdd * 2 * m];
        ulong* p = stackalloc ulong[3 * m];
        Copy(p, Gx, 2 * m);
        Copy(p + (2 * m), MontOne, m);
        fixed (ulong* dst = table)
        {
            bool ok = FillChunkTables(p, dst, GOdd);
            Debug.Assert(ok);
        }

        return Interlocked.CompareExchange(ref _gChunkTable, table, null) ?? table;
    }

    /// <summary>
    /// From the Jacobian P in p (overwritten), fills dst with the affine odd multiples (2k + 1) P_j, k below
    /// perChunk, of P_j = 2^(j c) P for the t chunks j (entry j perChunk + k). False when a point is at
    /// infinity (P of small order; impossible for a point of prime order n, as 2^(j c) (2k + 1) is below n).
    /// </summary>
    private bool FillChunkTables(ulong* p, ulong* dst, int perChunk)
    {
        int m = _m;
        int n3 = 3 * m;
        int count = Chunks * perChunk;
        int c = ChunkBits;
        ulong[] jacobian = new ulong[count * n3];
        ulong* twoP = stackalloc ulong[n3];
        fixed (ulong* jac = jacobian)
        {
            for (int j = 0; j < Chunks; j++)
            {
                ulong* w = jac + (j * perChunk * n3);
                Copy(w, p, n3);
                Dbl(twoP, p);
                if (IsZeroWord(Or(twoP + (2 * m))) != 0)
                {
                    return false;
                }

                for (int k = 1; k < perChunk; k++)
                {
                    if (!AddVar(w + (k * n3), w + ((k - 1) * n3), twoP) || IsZeroWord(Or(w + (k * n3) + (2 * m))) != 0)
                    {
                        return false;
                    }
                }

                if (j < Chunks - 1)
                {
                    for (int i = 0; i < c; i++)
                    {
                        Dbl(p, p);
                    }

                    if (IsZeroWord(Or(p + (2 * m))) != 0)
                    {
                        return false;
                    }
                }
            }

            Normalize(jac, dst, count);
        }

        return true;
    }

    /// <summary>
    /// u1 G + u2 Q from the chunk tables: the 2t chunk recodings run from the top through one doubling chain.
    /// False when the sum is infinity.
    /// </summary>
    private bool MultiplyAddChunked(ReadOnlySpan<byte> u1, ReadOnlySpan<byte> u2, ulong[] qTable, Span<byte> x)
    {
        int m = _m;
        int n2 = 2 * m;
        int c = ChunkBits;
        int stride = c + 2;                      // a c-bit chunk has at most c + 1 NAF digits
        int chunkLimbs = (c / 64) + 2;           // the chunk plus room for the recoding's carry
        int fullLimbs = ((Chunks * c) / 64) + 2;
        sbyte* naf = stackalloc sbyte[2 * Chunks * stride];
        ulong* full = stackalloc ulong[fullLimbs];
        ulong* chunk = stackalloc ulong[chunkLimbs];
        ulong* acc = stackalloc ulong[3 * m];
        ulong* tmp = stackalloc ulong[3 * m];
        ulong* negY = stackalloc ulong[m];
        new Span<sbyte>(naf, 2 * Chunks * stride).Clear();
        int len = 0;
        for (int s = 0; s < 2; s++)
        {
            LoadScalar(s == 0 ? u1 : u2, full, fullLimbs);
            for (int j = 0; j < Chunks; j++)
            {
                ExtractBits(full, fullLimbs, j * c, c, chunk, chunkLimbs);
                len = Math.Max(len, WnafCore(chunk, chunkLimbs, naf + (((s * Chunks) + j) * stride), s == 0 ? GWidth : QWidth));
            }
        }

        bool inf = true;
        fixed (ulong* gt = GChunkTable(), qt = qTable)
        {
            for (int i = len - 1; i >= 0; i--)
            {
                if (!inf)
                {
                    Dbl(acc, acc);
                }

                for (int t = 0; t < 2 * Chunks; t++)
                {
                    int d = naf[(t * stride) + i];
                    if (d == 0)
                    {
                        continue;
                    }

                    // Chunk j's odd multiples start at entry j perChunk.
                    ulong* chunkTable = t < Chunks ? gt + (t * GOdd * n2) : qt + ((t - Chunks) * QOdd * n2);
                    AddOddMultipleVar(acc, ref inf, chunkTable, d, negY, tmp);
                }
            }
        }

        return !inf && ToAffine(acc, 0, x, Span<byte>.Empty, publicData: true);
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
    private static void LoadScalar(ReadOnlySpan<byte> k, ulong* v, int limbs)
    {
        Clear(v, limbs);
        for (int i = 0; i < k.Length; i++)
        {
            int bit = 8 * (k.Length - 1 - i);
            if (k[i] != 0)
            {
                v[bit >> 6] |= (ulong)k[i] << (bit & 63);
            }
        }
    }

    /// <summary>dst = bits [start, start + count) of src (little-endian limbs; bits past srcLimbs read as zero).</summary>
    private static void ExtractBits(ulong* src, int srcLimbs, int start, int count, ulong* dst, int dstLimbs)
    {
        for (int t = 0; t < dstLimbs; t++)
        {
            int from = start + (64 * t);
            int word = from >> 6;
            int shift = from & 63;
            ulong lo = word < srcLimbs ? src[word] >> shift : 0;
            ulong hi = shift != 0 && word + 1 < srcLimbs ? src[word + 1] << (64 - shift) : 0;
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
        public ulong[]? Table;
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
