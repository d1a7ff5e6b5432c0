namespace Panicode.Crypto.BlockCiphers.Rijndael;

/// <summary>
/// Rijndael's spec facts: the S-box and its round tables, computed from their definitions (AES proposal v2 §4.2.1
/// and §5.2.1; FIPS 197 §5.1.1): the S-box is inversion in GF(2^8) modulo x^8+x^4+x^3+x+1 followed
/// by the affine map, and each T-table entry is an S-box output multiplied into a MixColumns column.
/// Columns are 32-bit words with row 0 in the low byte (little-endian order of the state bytes). Also the
/// ShiftRows offsets and the round constants; every core, Reference or Unsafe, reads them from here.
/// </summary>
internal static class RijndaelTables
{
    public static readonly byte[] SBox = new byte[256];
    public static readonly byte[] InverseSBox = new byte[256];

    /// <summary>Encryption tables: Te[r][x] is the MixColumns image of S(x) placed in row r.</summary>
    public static readonly uint[] Te0 = new uint[256], Te1 = new uint[256], Te2 = new uint[256], Te3 = new uint[256];

    /// <summary>Decryption tables: Td[r][x] is the InvMixColumns image of S^-1(x) placed in row r.</summary>
    public static readonly uint[] Td0 = new uint[256], Td1 = new uint[256], Td2 = new uint[256], Td3 = new uint[256];

    /// <summary>Round constants x^(i-1) in GF(2^8), enough for every block and key size (at most 30 used).</summary>
    public static readonly byte[] RoundConstants = new byte[32];

    // ShiftRows offsets C1, C2, C3 of rows 1..3 (AES proposal v2 §4.2.2, Table 2; for 160- and 224-bit blocks, the
    // original reference code): (1, 2, 3) up to Nb = 6, (1, 2, 4) for Nb = 7, (1, 3, 4) for Nb = 8. Constants, so
    // the Unsafe flavour's per-block-size rounds fold them.
    internal const int ShiftC1 = 1;
    internal const int ShiftC2 = 2;
    internal const int ShiftC2Nb8 = 3;
    internal const int ShiftC3 = 3;
    internal const int ShiftC3Nb7And8 = 4;

    /// <summary>ShiftRows offsets of rows 1, 2 and 3 for a block of <paramref name="nb"/> columns.</summary>
    public static (int C1, int C2, int C3) ShiftOffsets(int nb) =>
        (ShiftC1, nb == 8 ? ShiftC2Nb8 : ShiftC2, nb >= 7 ? ShiftC3Nb7And8 : ShiftC3);

    static RijndaelTables()
    {
        // Powers of the generator 3 give log and antilog tables for inversion.
        byte[] exp = new byte[256];
        byte[] log = new byte[256];
        byte value = 1;
        for (int i = 0; i < 255; i++)
        {
            exp[i] = value;
            log[value] = (byte)i;
            value = (byte)(value ^ XTime(value));
        }

        for (int x = 0; x < 256; x++)
        {
            byte inverse = x == 0 ? (byte)0 : exp[(255 - log[x]) % 255];
            byte s = (byte)(inverse ^ Rotl8(inverse, 1) ^ Rotl8(inverse, 2) ^ Rotl8(inverse, 3) ^ Rotl8(inverse, 4) ^ 0x63);
            SBox[x] = s;
            InverseSBox[s] = (byte)x;
        }

        for (int x = 0; x < 256; x++)
        {
            byte s = SBox[x];
            uint te = Column(Multiply(s, 2), s, s, Multiply(s, 3));
            Te0[x] = te;
            Te1[x] = Rotl(te, 8);
            Te2[x] = Rotl(te, 16);
            Te3[x] = Rotl(te, 24);

            byte si = InverseSBox[x];
            uint td = Column(Multiply(si, 14), Multiply(si, 9), Multiply(si, 13), Multiply(si, 11));
            Td0[x] = td;
            Td1[x] = Rotl(td, 8);
            Td2[x] = Rotl(td, 16);
            Td3[x] = Rotl(td, 24);
        }

        byte rc = 1;
        for (int i = 0; i < RoundConstants.Length; i++)
        {
            RoundConstants[i] = rc;
            rc = XTime(rc);
        }
    }

    public static uint Rotl(uint x, int n) => (x << n) | (x >> (32 - n));

    private static byte XTime(byte b) => (byte)((b << 1) ^ ((b >> 7) * 0x1B));

    private static byte Rotl8(byte b, int n) => (byte)((b << n) | (b >> (8 - n)));

    private static byte Multiply(byte a, int b)
    {
        byte result = 0;
        for (; b != 0; b >>= 1)
        {
            if ((b & 1) != 0)
            {
                result ^= a;
            }

            a = XTime(a);
        }

        return result;
    }

    private static uint Column(byte row0, byte row1, byte row2, byte row3) =>
        row0 | ((uint)row1 << 8) | ((uint)row2 << 16) | ((uint)row3 << 24);
}
