// Camellia key schedule, Unsafe flavour: RFC 3713 2.2 (KL, KR, KA, KB; the subkeys of NTT spec Tables 2 and 3)
// with the two shortcuts of the CRYPTREC 64-bit study (Asahi, Masuda, Nishikawa, Yokoyama, Igarashi and Kaneko,
// "A Fast implementation on the 64 bits environment of the suggested cipher in CRYPTREC", §2.2.4, §2.2.5).
// The rotations below are NTT spec Tables 2 and 3 (CamelliaSpec.Schedule128/256) unrolled; the tests compare the
// result with CamelliaCore.ExpandKey, which reads those tables, for every key length. Our copy of the specification
// has no Appendix C, so both are derived here from 2.2 itself:
// - KA/KB: after the first two F rounds RFC 3713 XORs KL back in, which cancels the KL XORed in at the start, so
//   with u = F(KL_L ^ KR_L, S1) and v = F(KL_R ^ KR_R ^ u, S2), KA's input to the last two rounds is
//   (KR_L ^ v, KR_R ^ u); for 128-bit keys (KR = 0) that is (v, u): no XOR with KL or KR at all.
// - Rotations by 64 or more swap the halves first, and (k15, k16) = KA <<< 94 = (KA <<< 30) <<< 64 = (ke2, ke1)
//   for 128-bit keys, (k19, k20) = KR <<< 94 = (ke2, ke1) for longer ones: those two are copies, not rotations.
// The subkeys keep CamelliaCore's layout (the two copies included), so one round body serves every key length.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Camellia;

/// <summary>The encryption key schedule in 64-bit units; decryption walks it backwards.</summary>
internal static unsafe class CamelliaKeySchedule
{
    /// <summary>The subkeys of <paramref name="key"/> in <see cref="CamelliaCore"/>'s layout (26 or 34 words), F through the tables.</summary>
    public static ulong[] Expand(ReadOnlySpan<byte> key) => Expand<TableF>(key);

    /// <summary>The same schedule with <typeparamref name="TF"/>'s F (the six F of §2.2 see the key bits).</summary>
    public static ulong[] Expand<TF>(ReadOnlySpan<byte> key)
        where TF : struct, ICamelliaKeyScheduleF
    {
        Debug.Assert(key.Length is 16 or 24 or 32);

        // KL, KR, KA, KB as (high, low) pairs, in a buffer cleared before returning.
        ulong* q = stackalloc ulong[8];
        ulong[] subkeys;
        try
        {
            q[0] = BinaryPrimitives.ReadUInt64BigEndian(key);
            q[1] = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
            if (key.Length == 16)
            {
                ulong u = default(TF).F(q[0] ^ CamelliaSpec.Sigma1);
                ulong v = default(TF).F(q[1] ^ u ^ CamelliaSpec.Sigma2);
                q[5] = u ^ default(TF).F(v ^ CamelliaSpec.Sigma3);
                q[4] = v ^ default(TF).F(q[5] ^ CamelliaSpec.Sigma4);
                subkeys = new ulong[26];
                fixed (ulong* o = subkeys)
                {
                    Fill128(o, q);
                }
            }
            else
            {
                q[2] = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
                q[3] = key.Length == 24 ? ~q[2] : BinaryPrimitives.ReadUInt64BigEndian(key.Slice(24));
                ulong u = default(TF).F(q[0] ^ q[2] ^ CamelliaSpec.Sigma1);
                ulong v = default(TF).F(q[1] ^ q[3] ^ u ^ CamelliaSpec.Sigma2);
                q[4] = q[2] ^ v;
                q[5] = q[3] ^ u;
                q[5] ^= default(TF).F(q[4] ^ CamelliaSpec.Sigma3);
                q[4] ^= default(TF).F(q[5] ^ CamelliaSpec.Sigma4);
                q[6] = q[4] ^ q[2];
                q[7] = q[5] ^ q[3];
                q[7] ^= default(TF).F(q[6] ^ CamelliaSpec.Sigma5);
                q[6] ^= default(TF).F(q[7] ^ CamelliaSpec.Sigma6);
                subkeys = new ulong[34];
                fixed (ulong* o = subkeys)
                {
                    Fill256(o, q);
                }
            }
        }
        finally
        {
            Secret.Clear(new Span<byte>(q, 8 * sizeof(ulong)));
        }

        return subkeys;
    }

    // NTT spec Table 2 (128-bit keys); q = KL, KR, KA, KB.
    private static void Fill128(ulong* o, ulong* q)
    {
        ulong l0 = q[0], l1 = q[1], a0 = q[4], a1 = q[5];
        o[0] = l0;                                  // kw1, kw2 = KL
        o[1] = l1;
        o[2] = a0;                                  // k1, k2 = KA
        o[3] = a1;
        Rotate(l0, l1, 15, o + 4);                  // k3, k4 = KL <<< 15
        Rotate(a0, a1, 15, o + 6);                  // k5, k6 = KA <<< 15
        Rotate(a0, a1, 30, o + 8);                  // ke1, ke2 = KA <<< 30
        Rotate(l0, l1, 45, o + 10);                 // k7, k8 = KL <<< 45
        o[12] = RotateHigh(a0, a1, 45);             // k9 = (KA <<< 45)_L
        o[13] = RotateLow(l0, l1, 60);              // k10 = (KL <<< 60)_R
        Rotate(a0, a1, 60, o + 14);                 // k11, k12 = KA <<< 60
        Rotate(l1, l0, 77 - 64, o + 16);            // ke3, ke4 = KL <<< 77
        Rotate(l1, l0, 94 - 64, o + 18);            // k13, k14 = KL <<< 94
        o[20] = o[9];                               // k15, k16 = KA <<< 94 = (ke2, ke1)
        o[21] = o[8];
        Rotate(l1, l0, 111 - 64, o + 22);           // k17, k18 = KL <<< 111
        Rotate(a1, a0, 111 - 64, o + 24);           // kw3, kw4 = KA <<< 111
    }

    // NTT spec Table 3 (192- and 256-bit keys).
    private static void Fill256(ulong* o, ulong* q)
    {
        ulong l0 = q[0], l1 = q[1], r0 = q[2], r1 = q[3], a0 = q[4], a1 = q[5], b0 = q[6], b1 = q[7];
        o[0] = l0;                                  // kw1, kw2 = KL
        o[1] = l1;
        o[2] = b0;                                  // k1, k2 = KB
        o[3] = b1;
        Rotate(r0, r1, 15, o + 4);                  // k3, k4 = KR <<< 15
        Rotate(a0, a1, 15, o + 6);                  // k5, k6 = KA <<< 15
        Rotate(r0, r1, 30, o + 8);                  // ke1, ke2 = KR <<< 30
        Rotate(b0, b1, 30, o + 10);                 // k7, k8 = KB <<< 30
        Rotate(l0, l1, 45, o + 12);                 // k9, k10 = KL <<< 45
        Rotate(a0, a1, 45, o + 14);                 // k11, k12 = KA <<< 45
        Rotate(l0, l1, 60, o + 16);                 // ke3, ke4 = KL <<< 60
        Rotate(r0, r1, 60, o + 18);                 // k13, k14 = KR <<< 60
        Rotate(b0, b1, 60, o + 20);                 // k15, k16 = KB <<< 60
        Rotate(l1, l0, 77 - 64, o + 22);            // k17, k18 = KL <<< 77
        Rotate(a1, a0, 77 - 64, o + 24);            // ke5, ke6 = KA <<< 77
        o[26] = o[9];                               // k19, k20 = KR <<< 94 = (ke2, ke1)
        o[27] = o[8];
        Rotate(a1, a0, 94 - 64, o + 28);            // k21, k22 = KA <<< 94
        Rotate(l1, l0, 111 - 64, o + 30);           // k23, k24 = KL <<< 111
        Rotate(b1, b0, 111 - 64, o + 32);           // kw3, kw4 = KB <<< 111
    }

    /// <summary>(high || low) &lt;&lt;&lt; count for 0 &lt; count &lt; 64, into o[0], o[1].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rotate(ulong high, ulong low, int count, ulong* o)
    {
        o[0] = RotateHigh(high, low, count);
        o[1] = RotateLow(high, low, count);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong RotateHigh(ulong high, ulong low, int count) => (high << count) | (low >> (64 - count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong RotateLow(ulong high, ulong low, int count) => (low << count) | (high >> (64 - count));

    /// <summary>F through the S/P tables (secret-indexed lookups).</summary>
    private readonly struct TableF : ICamelliaKeyScheduleF
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong F(ulong x) => CamelliaRounds.F<PointerSpTables, CastBytes>(x, CamelliaRounds.Sp, null);
    }
}

/// <summary>RFC 3713 §2.4.1 F with the key (Σ) already XORed in, for <see cref="CamelliaKeySchedule"/>.</summary>
internal interface ICamelliaKeyScheduleF
{
    ulong F(ulong x);
}
