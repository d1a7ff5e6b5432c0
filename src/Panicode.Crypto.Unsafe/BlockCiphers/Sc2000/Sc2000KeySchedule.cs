using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Panicode.Crypto.BlockCiphers.Sc2000;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Sc2000;

/// <summary>
/// SC2000's key schedule (Shimoyama et al., FSE 2001, §3.6) without the work the specification repeats: M(S(4i + j))
/// does not depend on the key and is computed once per process; a 128-bit key's uk[4..7] repeat uk[0..3] and a
/// 192-bit key's uk[6..7] repeat uk[0..1], so M(S(uk[n])) is computed once per distinct word (4, 6 or 8 times instead
/// of 8); M∘S goes through the joined tables of <see cref="Sc2000PortableCore"/> and the temporaries live on the stack.
/// The output is the Reference <see cref="Sc2000Core.ExpandKey"/>'s, which the tests check.
/// </summary>
[SkipLocalsInit]
internal static unsafe class Sc2000KeySchedule
{
    // M(S(4i + j)) at [3j + i], the constant half of the intermediate-key formula.
    private static readonly uint[] s_constants = BuildConstants();

    public static uint[] Expand(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        uint* t = Sc2000PortableCore.Tables;
        int words = key.Length / 4;

        // M(S(uk[n])) for the distinct user-key words only; the repeated ones read the same slot.
        uint* ms = stackalloc uint[8];
        for (int n = 0; n < words; n++)
        {
            ms[n] = Sc2000PortableCore.MS(BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * n)), t);
        }

        uint* imkey = stackalloc uint[12];
        fixed (uint* constants = s_constants)
        {
            for (int j = 0; j < 4; j++)
            {
                uint left = ms[(2 * j) % words];
                uint right = ms[((2 * j) + 1) % words];
                imkey[3 * j] = Sc2000PortableCore.MS(unchecked((constants[3 * j] + left) ^ right), t);
                imkey[(3 * j) + 1] = Sc2000PortableCore.MS(unchecked((constants[(3 * j) + 1] + left) ^ (right * 2)), t);
                imkey[(3 * j) + 2] = Sc2000PortableCore.MS(unchecked((constants[(3 * j) + 2] + left) ^ (right * 3)), t);
            }
        }

        ReadOnlySpan<byte> order = Sc2000Spec.Order;
        ReadOnlySpan<byte> index = Sc2000Spec.Index;
        uint[] ek = new uint[Sc2000Spec.ExtendedKeyCount(key.Length)];
        for (int n = 0; n < ek.Length; n++)
        {
            int s = 4 * (n % 9);
            int o = 4 * ((n + (n / 36)) % 12);
            uint x = imkey[(3 * order[o]) + index[s]];
            uint y = imkey[(3 * order[o + 1]) + index[s + 1]];
            uint z = imkey[(3 * order[o + 2]) + index[s + 2]];
            uint w = imkey[(3 * order[o + 3]) + index[s + 3]];
            ek[n] = unchecked((((x << 1) | (x >> 31)) + y) ^ RotateLeft1(((z << 1) | (z >> 31)) - w));
        }

        Secret.Clear(new Span<byte>(ms, 8 * sizeof(uint)));
        Secret.Clear(new Span<byte>(imkey, 12 * sizeof(uint)));
        return ek;
    }

    private static uint RotateLeft1(uint x) => (x << 1) | (x >> 31);

    private static uint[] BuildConstants()
    {
        uint* t = Sc2000PortableCore.Tables;
        uint[] constants = new uint[12];
        for (int j = 0; j < 4; j++)
        {
            for (int i = 0; i < 3; i++)
            {
                constants[(3 * j) + i] = Sc2000PortableCore.MS((uint)((4 * i) + j), t);
            }
        }

        return constants;
    }
}
