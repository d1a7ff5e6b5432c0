namespace Panicode.Crypto.StreamCiphers.Panama;

/// <summary>
/// Arithmetic in F_2^64 = F_2[x] / (x^64 + x^4 + x^3 + x + 1) as MULTI-S01 defines it (specification §1.3): the most
/// significant bit of a 64-bit value is the coefficient of x^63. Constant time: no branch or index on the operands.
/// </summary>
internal static class Gf64
{
    /// <summary>The reduction x^64 = x^4 + x^3 + x + 1 (§1.3, P(x)).</summary>
    public const ulong Reduction = 0x1B;

    /// <summary>A ⊗ B: shift-and-add from the top bit of B, reducing as the product grows.</summary>
    public static ulong Multiply(ulong a, ulong b)
    {
        ulong product = 0;
        for (int i = 63; i >= 0; i--)
        {
            // product = product * x (mod P), then + a if bit i of b is set.
            ulong carry = 0 - (product >> 63);
            product = (product << 1) ^ (carry & Reduction);
            product ^= a & (0 - ((b >> i) & 1));
        }

        return product;
    }

    /// <summary>A^-1 = A^(2^64 - 2) (the multiplicative group has order 2^64 - 1), by a fixed square-and-multiply chain.</summary>
    public static ulong Inverse(ulong a)
    {
        // 2^64 - 2 = binary 1...10 (63 ones, then a zero): result = a^(2^63 - 1) squared.
        ulong result = a;
        for (int i = 1; i < 63; i++)
        {
            result = Multiply(Multiply(result, result), a);
        }

        return Multiply(result, result);
    }
}
