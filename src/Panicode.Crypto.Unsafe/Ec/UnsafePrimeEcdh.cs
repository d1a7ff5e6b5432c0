using System;
using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>ECDH on the Unsafe arithmetic.</summary>
internal sealed class UnsafePrimeEcdh : PrimeEcdh
{
    public UnsafePrimeEcdh()
        : base(UnsafeEcBackend.Instance)
    {
    }
}
