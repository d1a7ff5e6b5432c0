#if NET
using System.Runtime.Intrinsics;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace Panicode.Crypto.Unsafe.BlockCiphers.Rijndael;

/// <summary>
/// One direction of the AES-NI round instructions, as a struct type parameter so one routine
/// serves both (the JIT compiles a copy per direction). For 256-bit Rijndael blocks it also gives
/// the byte blend and shuffle that make AES's own (Inv)ShiftRows on two 128-bit halves equal to
/// Rijndael-256's (see <see cref="RijndaelAesNi256Core"/>).
/// </summary>
internal interface IAesNiDirection
{
    Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey);

    Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey);

    /// <summary>Bytes (high bit set) that the first half takes from the second before the round.</summary>
    Vector128<byte> WideBlend { get; }

    /// <summary>PSHUFB control applied to both blended halves.</summary>
    Vector128<byte> WideShuffle { get; }
}

internal readonly struct AesNiEncryption : IAesNiDirection
{
    public Vector128<byte> WideBlend =>
        Vector128.Create((byte)0, 0xFF, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0xFF);

    public Vector128<byte> WideShuffle =>
        Vector128.Create((byte)0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3);

    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Encrypt(state, roundKey);

    public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.EncryptLast(state, roundKey);
}

internal readonly struct AesNiDecryption : IAesNiDirection
{
    public Vector128<byte> WideBlend =>
        Vector128.Create((byte)0, 0, 0, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0xFF, 0xFF, 0xFF);

    public Vector128<byte> WideShuffle =>
        Vector128.Create((byte)0, 1, 14, 15, 4, 5, 2, 3, 8, 9, 6, 7, 12, 13, 10, 11);

    public Vector128<byte> Round(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.Decrypt(state, roundKey);

    public Vector128<byte> Last(Vector128<byte> state, Vector128<byte> roundKey) => X86Aes.DecryptLast(state, roundKey);
}

/// <summary>Whether a batch of an AES-instruction core is chained: CBC decryption, or plain ECB (a struct type argument, so
/// the JIT compiles the ECB copy without any of the chaining).</summary>
internal interface IChaining
{
    bool Cbc { get; }
}

internal readonly struct Unchained : IChaining
{
    public bool Cbc => false;
}

internal readonly struct CbcDecryption : IChaining
{
    public bool Cbc => true;
}
#endif
