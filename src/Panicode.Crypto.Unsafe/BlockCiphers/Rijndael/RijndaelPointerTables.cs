using System;
using Panicode.Crypto.BlockCiphers.Rijndael;
using Panicode.Crypto.Unsafe.Internal;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// The Reference assembly's Rijndael round tables (<see cref="RijndaelTables"/>, AES proposal v2
/// §5.2.1) copied once into unmanaged, cache-line-aligned memory, so the cores look them up
/// through plain pointers: no bounds checks and no pinning (technique 1 of the Oikawa paper).
/// </summary>
internal readonly unsafe struct RijndaelPointerTables
{
    /// <summary>Te0..Te3 and the S-box.</summary>
    public static readonly RijndaelPointerTables Encryption;

    /// <summary>Td0..Td3 and the inverse S-box.</summary>
    public static readonly RijndaelPointerTables Decryption;

    public readonly uint* T0;
    public readonly uint* T1;
    public readonly uint* T2;
    public readonly uint* T3;
    public readonly byte* SBox;

    static RijndaelPointerTables()
    {
        Encryption = Copy(RijndaelTables.Te0, RijndaelTables.Te1, RijndaelTables.Te2, RijndaelTables.Te3, RijndaelTables.SBox);
        Decryption = Copy(RijndaelTables.Td0, RijndaelTables.Td1, RijndaelTables.Td2, RijndaelTables.Td3, RijndaelTables.InverseSBox);
    }

    private RijndaelPointerTables(uint* block, byte* sbox)
    {
        T0 = block;
        T1 = block + 256;
        T2 = block + 512;
        T3 = block + 768;
        SBox = sbox;
    }

    private static RijndaelPointerTables Copy(uint[] t0, uint[] t1, uint[] t2, uint[] t3, byte[] sbox)
    {
        uint* block = (uint*)NativeMemoryBlock.AllocateAligned((4 * 256 * sizeof(uint)) + 256);
        t0.AsSpan().CopyTo(new Span<uint>(block, 256));
        t1.AsSpan().CopyTo(new Span<uint>(block + 256, 256));
        t2.AsSpan().CopyTo(new Span<uint>(block + 512, 256));
        t3.AsSpan().CopyTo(new Span<uint>(block + 768, 256));
        byte* s = (byte*)(block + 1024);
        sbox.AsSpan().CopyTo(new Span<byte>(s, 256));
        return new RijndaelPointerTables(block, s);
    }
}
