using System;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>ECDSA on the Unsafe arithmetic.</summary>
internal sealed class UnsafePrimeEcdsa : PrimeEcdsa
{
    public UnsafePrimeEcdsa()
        : base(UnsafeEcBackend.Instance)
    {
    }
}
