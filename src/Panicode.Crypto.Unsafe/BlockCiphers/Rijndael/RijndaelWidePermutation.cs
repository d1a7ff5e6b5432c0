#if NET
using Panicode.Crypto.BlockCiphers.Rijndael;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The byte permutation that turns an AES round instruction into a Rijndael round for Nb = 5..8 columns (AES proposal
/// v2 §4.2.2, ShiftRows offsets from <see cref="RijndaelTables.ShiftOffsets"/>), shared by the x86 wide core
/// (<see cref="RijndaelAesNiWideCore"/>, as PSHUFB masks) and the ARM64 one (<see cref="RijndaelArmAesWideCore"/>, as
/// TBL indices). The state is two 16-byte halves, columns 0-3 and 4-7; byte 4c + r of the 32 is row r of column c, and
/// columns Nb..7 are padding. The AES instructions apply AES's own ShiftRows to each half (offsets 0, 1, 2, 3 within four
/// columns); SubBytes is byte-wise, so it commutes with any byte permutation, and feeding an instruction
/// y = ShiftRows4^-1(ShiftRows_Nb(x)) makes it apply ShiftRows_Nb to x (decryption: y = ShiftRows4(ShiftRows_Nb^-1(x))).
/// </summary>
internal static class RijndaelWidePermutation
{
    /// <summary>
    /// For each of the 32 bytes of y (the instruction's input), the byte of x it takes, or -1 for zero (y's positions
    /// that the instruction's ShiftRows moves into a padding column). A source is never a padding column (the column
    /// (z ± C_r) mod Nb is below Nb), so padding never reaches the Nb real columns.
    /// </summary>
    public static int[] Sources(int nb, bool decryption)
    {
        (int c1, int c2, int c3) = RijndaelTables.ShiftOffsets(nb);
        int[] shift = { 0, c1, c2, c3 };
        int[] sources = new int[32];
        for (int h = 0; h < 2; h++)
        {
            for (int j = 0; j < 4; j++)
            {
                for (int r = 0; r < 4; r++)
                {
                    // Encryption: AESENC/AESE apply ShiftRows4 (out[r][j] = in[r][(j + r) mod 4]), so position (r, j)
                    // of half h must hold column z = 4h + (j - r) mod 4 of ShiftRows_Nb(x), which is column
                    // (z + C_r) mod Nb of x. Decryption: AESDEC/AESD apply ShiftRows4^-1, so z = 4h + (j + r) mod 4 of
                    // ShiftRows_Nb^-1(x), which is column (z - C_r) mod Nb of x.
                    int z = (4 * h) + (decryption ? (j + r) % 4 : (j - r + 4) % 4);
                    int column = decryption ? (z - shift[r] + nb) % nb : (z + shift[r]) % nb;
                    sources[(16 * h) + (4 * j) + r] = z >= nb ? -1 : (4 * column) + r;
                }
            }
        }

        return sources;
    }
}
#endif
