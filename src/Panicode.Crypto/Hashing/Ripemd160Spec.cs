// RIPEMD-160, H. Dobbertin, A. Bosselaers and B. Preneel, "RIPEMD-160: A Strengthened Version of RIPEMD" (FSE 1996,
// LNCS 1039), §4 and Appendix A: the one place the spec's constants live. The message-word orders are derived here
// from the paper's permutations rho and pi (§4: the left line reads rho^j(i) in round j, the right line
// rho^j(pi(i)), pi(i) = 9i + 5 mod 16); the rotation amounts and the additive constants (the integer parts of
// 2^30 sqrt(2, 3, 5, 7) for the left line and 2^30 cbrt(2, 3, 5, 7) for the right) are copied from Appendix A.
// Both the Reference compression function and the Unsafe one read these tables.

namespace Panicode.Crypto.Hashing;

internal static class Ripemd160Spec
{
    /// <summary>Input block: sixteen 32-bit little-endian words.</summary>
    public const int BlockBytes = 64;

    /// <summary>The chaining value and the digest: five 32-bit words, stored little-endian.</summary>
    public const int DigestBytes = 20;

    public const int StateWords = 5;

    public const int Rounds = 5;

    public const int StepsPerRound = 16;

    /// <summary>h0..h4 before the first block (Appendix A).</summary>
    public static readonly uint[] InitialValue = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };

    /// <summary>§4 rho: the word order of the left line's second round.</summary>
    public static readonly byte[] Rho = { 7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8 };

    /// <summary>r(j): the message word of left-line step j (80 steps), rho^round(i).</summary>
    public static readonly byte[] LeftWord = WordOrder(i => i);

    /// <summary>r'(j): the message word of right-line step j, rho^round(pi(i)).</summary>
    public static readonly byte[] RightWord = WordOrder(i => (9 * i + 5) % 16);

    /// <summary>s(j): the left line's rotation amounts (Appendix A).</summary>
    public static readonly byte[] LeftShift =
    {
        11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
        7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
        11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
        11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
        9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
    };

    /// <summary>s'(j): the right line's rotation amounts (Appendix A).</summary>
    public static readonly byte[] RightShift =
    {
        8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
        9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
        9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
        15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
        8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
    };

    /// <summary>K(j) per round of the left line: 0, then floor(2^30 sqrt(2)), sqrt(3), sqrt(5), sqrt(7).</summary>
    public static readonly uint[] LeftConstant = { 0x00000000, 0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xA953FD4E };

    /// <summary>K'(j) per round of the right line: floor(2^30 cbrt(2)), cbrt(3), cbrt(5), cbrt(7), then 0.</summary>
    public static readonly uint[] RightConstant = { 0x50A28BE6, 0x5C4DD124, 0x6D703EF3, 0x7A6D76E9, 0x00000000 };

    /// <summary>
    /// f(j, x, y, z) for the round j / 16 (§4): the left line uses the functions in order 0..4, the right line in
    /// reverse (round r of the right line uses <c>F(4 - r, ...)</c>).
    /// </summary>
    public static uint F(int function, uint x, uint y, uint z) => function switch
    {
        0 => x ^ y ^ z,
        1 => (x & y) | (~x & z),
        2 => (x | ~y) ^ z,
        3 => (x & z) | (y & ~z),
        _ => x ^ (y | ~z),
    };

    public static uint RotateLeft(uint x, int n) => (x << n) | (x >> (32 - n));

    private static byte[] WordOrder(System.Func<int, int> first)
    {
        byte[] order = new byte[Rounds * StepsPerRound];
        for (int i = 0; i < StepsPerRound; i++)
        {
            int word = first(i);
            for (int round = 0; round < Rounds; round++)
            {
                order[(round * StepsPerRound) + i] = (byte)word;
                word = Rho[word];
            }
        }

        return order;
    }
}
