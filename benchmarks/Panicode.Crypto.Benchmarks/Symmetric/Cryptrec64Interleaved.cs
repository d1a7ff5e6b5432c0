using System;
using System.Security.Cryptography;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// <c>-- --cryptrec64-interleaved</c>: the 64-bit block ciphers (MISTY1, Hierocrypt-L1) measured as
/// <see cref="Cryptrec128bInterleaved"/> measures the 128-bit ones: every flavour once per round, the fastest round
/// kept, ECB through the one-shot span methods at 16 B, 1,536 B and 1 MiB, 128-bit key.
/// </summary>
public static class Cryptrec64Interleaved
{
    public static void Run() => Cryptrec128bInterleaved.Measure(new (string Name, (string Flavour, Func<SymmetricAlgorithm> Create)[] Flavours)[]
    {
        ("MISTY1", new (string, Func<SymmetricAlgorithm>)[]
        {
            ("Reference", Misty1Cipher.Create),
            ("Unsafe", UnsafeCrypto.CreateMisty1),
        }),
        ("Hierocrypt-L1", new (string, Func<SymmetricAlgorithm>)[]
        {
            ("Reference", HierocryptL1Cipher.Create),
            ("Unsafe", UnsafeCrypto.CreateHierocryptL1),
        }),
    });
}
