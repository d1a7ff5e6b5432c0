using Panicode.Crypto.Rijndael;

namespace Panicode.Crypto.Unsafe.Rijndael.Ablation;

/// <summary>Tables as the Reference assembly's managed arrays: every lookup is bounds-checked.</summary>
internal readonly struct ArrayTableAccess : IRijndaelTableAccess
{
    private readonly uint[] _t0;
    private readonly uint[] _t1;
    private readonly uint[] _t2;
    private readonly uint[] _t3;
    private readonly byte[] _s;

    private ArrayTableAccess(uint[] t0, uint[] t1, uint[] t2, uint[] t3, byte[] s)
    {
        _t0 = t0;
        _t1 = t1;
        _t2 = t2;
        _t3 = t3;
        _s = s;
    }

    public static ArrayTableAccess Encryption =>
        new(RijndaelTables.Te0, RijndaelTables.Te1, RijndaelTables.Te2, RijndaelTables.Te3, RijndaelTables.SBox);

    public static ArrayTableAccess Decryption =>
        new(RijndaelTables.Td0, RijndaelTables.Td1, RijndaelTables.Td2, RijndaelTables.Td3, RijndaelTables.InverseSBox);

    public uint T0(uint index) => _t0[index];

    public uint T1(uint index) => _t1[index];

    public uint T2(uint index) => _t2[index];

    public uint T3(uint index) => _t3[index];

    public uint S(uint index) => _s[index];
}

/// <summary>The table pointers as static readonly fields, read at each lookup instead of held in locals.</summary>
internal static unsafe class StaticTablePointers
{
    public static readonly uint* Te0 = RijndaelPointerTables.Encryption.T0;
    public static readonly uint* Te1 = RijndaelPointerTables.Encryption.T1;
    public static readonly uint* Te2 = RijndaelPointerTables.Encryption.T2;
    public static readonly uint* Te3 = RijndaelPointerTables.Encryption.T3;
    public static readonly byte* SBox = RijndaelPointerTables.Encryption.SBox;
    public static readonly uint* Td0 = RijndaelPointerTables.Decryption.T0;
    public static readonly uint* Td1 = RijndaelPointerTables.Decryption.T1;
    public static readonly uint* Td2 = RijndaelPointerTables.Decryption.T2;
    public static readonly uint* Td3 = RijndaelPointerTables.Decryption.T3;
    public static readonly byte* InverseSBox = RijndaelPointerTables.Decryption.SBox;
}

/// <summary>Selects the encryption or the decryption tables; a JIT-time constant in a generic instantiation.</summary>
internal interface ITableDirection
{
    bool IsEncryption { get; }
}

internal readonly struct EncryptionTables : ITableDirection
{
    public bool IsEncryption => true;
}

internal readonly struct DecryptionTables : ITableDirection
{
    public bool IsEncryption => false;
}

/// <summary>Tables read from <see cref="StaticTablePointers"/> at every lookup.</summary>
internal readonly unsafe struct StaticFieldTableAccess<TDirection> : IRijndaelTableAccess
    where TDirection : struct, ITableDirection
{
    public uint T0(uint index) => default(TDirection).IsEncryption ? StaticTablePointers.Te0[index] : StaticTablePointers.Td0[index];

    public uint T1(uint index) => default(TDirection).IsEncryption ? StaticTablePointers.Te1[index] : StaticTablePointers.Td1[index];

    public uint T2(uint index) => default(TDirection).IsEncryption ? StaticTablePointers.Te2[index] : StaticTablePointers.Td2[index];

    public uint T3(uint index) => default(TDirection).IsEncryption ? StaticTablePointers.Te3[index] : StaticTablePointers.Td3[index];

    public uint S(uint index) => default(TDirection).IsEncryption ? StaticTablePointers.SBox[index] : StaticTablePointers.InverseSBox[index];
}

/// <summary>Bytes extracted with <c>&amp; 0xFF</c> masks.</summary>
internal readonly struct MaskByteExtraction : IRijndaelByteExtraction
{
    public uint Byte0(uint x) => x & 0xFF;

    public uint Byte1(uint x) => (x >> 8) & 0xFF;

    public uint Byte2(uint x) => (x >> 16) & 0xFF;
}

/// <summary>State words in managed arrays allocated for every block, as a plain managed implementation would.</summary>
internal struct HeapTemporaries : IRijndaelTemporaries
{
    private readonly int _columns;
    private uint[] _state;
    private uint[] _next;

    public HeapTemporaries(int columns)
    {
        _columns = columns;
        _state = _next = System.Array.Empty<uint>();
    }

    public void BeginBlock()
    {
        _state = new uint[_columns];
        _next = new uint[_columns];
    }

    public uint Get(int column) => _state[column];

    public void SetNext(int column, uint value) => _next[column] = value;

    public void Swap()
    {
        uint[] t = _state;
        _state = _next;
        _next = t;
    }

    public void Clear()
    {
        System.Array.Clear(_state, 0, _state.Length);
        System.Array.Clear(_next, 0, _next.Length);
    }
}
