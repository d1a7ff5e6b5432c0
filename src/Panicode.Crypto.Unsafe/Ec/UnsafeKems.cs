using Panicode.Crypto.Ec;

namespace Panicode.Crypto.Unsafe.Ec;

/// <summary>ECIES-KEM on the Unsafe arithmetic.</summary>
internal sealed class UnsafePrimeEciesKem : PrimeEciesKem
{
    public UnsafePrimeEciesKem()
        : base(UnsafeEcBackend.Instance)
    {
    }

    public static PrimeEciesKem Create(System.Action<PrimeEciesKem> initialize) => Initialize<PrimeEciesKem>(new UnsafePrimeEciesKem(), initialize);
}

/// <summary>PSEC-KEM on the Unsafe arithmetic.</summary>
internal sealed class UnsafePrimePsecKem : PrimePsecKem
{
    public UnsafePrimePsecKem()
        : base(UnsafeEcBackend.Instance)
    {
    }

    public static PrimePsecKem Create(System.Action<PrimePsecKem> initialize) => Initialize<PrimePsecKem>(new UnsafePrimePsecKem(), initialize);
}
