using Panicode.Crypto.BlockCiphers.Hierocrypt;

namespace Panicode.Crypto.Tests.Hierocrypt;

/// <summary>The tables of <see cref="HierocryptSpec"/> against the definitions the specification gives for them.</summary>
public sealed class HierocryptSpecTests
{
    [Fact]
    public void SBoxTableIsThePowerMapOfTheSpecification()
    {
        // 3.3.4: s(x) = (pi(x))^247 + 0x07 in GF(2^8) modulo 0x163, pi a bit permutation.
        for (int x = 0; x < 256; x++)
        {
            int permuted = 0;
            for (int i = 0; i < 8; i++)
            {
                int source = HierocryptSpec.SBoxBitPermutation[i];
                permuted |= ((x >> (8 - source)) & 1) << (7 - i);
            }

            int power = 1;
            for (int e = 0; e < HierocryptSpec.SBoxExponent; e++)
            {
                power = Hierocrypt3TestMath.Multiply(power, permuted);
            }

            Assert.Equal(power ^ HierocryptSpec.SBoxConstant, HierocryptSpec.SBox[x]);
        }
    }

    [Fact]
    public void MatricesAndTheirInversesMultiplyToTheIdentity()
    {
        for (int row = 0; row < 4; row++)
        {
            for (int column = 0; column < 4; column++)
            {
                int mdsL = 0;
                for (int k = 0; k < 4; k++)
                {
                    mdsL ^= Hierocrypt3TestMath.Multiply(HierocryptSpec.MdsL[(4 * row) + k], HierocryptSpec.MdsLInverse[(4 * k) + column]);
                }

                Assert.Equal(row == column ? 1 : 0, mdsL);
            }
        }

        // MDS_H of Hierocrypt-L1 (2 groups): the inverse undoes the matrix on every unit vector of the 8 bytes.
        for (int bit = 0; bit < 64; bit++)
        {
            uint[] pair = new uint[2];
            pair[bit / 32] = 1u << (bit % 32);
            uint[] once = Hierocrypt3TestMath.ApplyGroups(HierocryptSpec.MdsHL1, pair, 2);
            Assert.Equal(pair, Hierocrypt3TestMath.ApplyGroups(HierocryptSpec.MdsHL1Inverse, once, 2));
        }

        // MDS_H: check on every unit vector of the 16 bytes that the inverse undoes the matrix.
        for (int bit = 0; bit < 128; bit++)
        {
            uint[] groups = new uint[4];
            groups[bit / 32] = 1u << (bit % 32);
            uint[] back = Hierocrypt3TestMath.ApplyGroups(HierocryptSpec.MdsH3Inverse, Hierocrypt3TestMath.ApplyGroups(HierocryptSpec.MdsH3, groups));
            Assert.Equal(groups, back);
        }
    }

    [Fact]
    public void RoundDependentConstantsAreTheSquareRootsOfTheSpecification()
    {
        // 3.2.4: H_i = floor(2^30 * sqrt(n)) for n = 2, 3, 5, 10, 15.
        uint[] expected = { HierocryptSpec.H1, HierocryptSpec.H2, HierocryptSpec.H3, HierocryptSpec.H4, HierocryptSpec.H5 };
        int[] radicands = { 2, 3, 5, 10, 15 };
        for (int i = 0; i < radicands.Length; i++)
        {
            System.Numerics.BigInteger target = new System.Numerics.BigInteger(radicands[i]) << 60;
            ulong root = (ulong)System.Math.Sqrt((double)target);
            while ((System.Numerics.BigInteger)root * root > target)
            {
                root--;
            }

            while ((System.Numerics.BigInteger)(root + 1) * (root + 1) <= target)
            {
                root++;
            }

            Assert.Equal(expected[i], (uint)root);
        }
    }
}

/// <summary>Independent, slow arithmetic for the spec checks.</summary>
internal static class Hierocrypt3TestMath
{
    public static int Multiply(int a, int b)
    {
        int product = 0;
        while (b != 0)
        {
            if ((b & 1) != 0)
            {
                product ^= a;
            }

            a <<= 1;
            if ((a & 0x100) != 0)
            {
                a ^= HierocryptSpec.FieldPolynomial;
            }

            b >>= 1;
        }

        return product;
    }

    public static uint[] ApplyGroups(System.ReadOnlySpan<byte> matrix, uint[] groups, int n = 4)
    {
        uint[] result = new uint[n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                result[i] ^= HierocryptSpec.MultiplyGroup(groups[j], matrix[(n * i) + j]);
            }
        }

        return result;
    }
}
