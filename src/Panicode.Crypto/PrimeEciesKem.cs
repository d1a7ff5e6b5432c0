// ECIES-KEM, ISO/IEC 18033-2:2006 §10.2 (system parameters §10.2.1, encryption §10.2.3, decryption §10.2.4), over the
// prime curves of cofactor 1, where CofactorMode, OldCofactorMode and CheckMode have no effect; SingleHashMode is a
// property. Checked against the standard's Annex C.2.2 and C.2.3 records. A flavour supplies the EC arithmetic.

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// ECIES-KEM of ISO/IEC 18033-2 (§10.2): C0 = E(r g), K = KDF(C0 || x(r h), KeyLen) for a random r in [1, μ - 1]
/// and the public key h; decapsulation computes x(x g~) with the private scalar x.
/// </summary>
/// <remarks>
/// A ciphertext that holds no point of the curve (wrong length or prefix, off the curve) is refused with a
/// <see cref="CryptographicException"/>; any point of the curve decapsulates to some K, as the standard defines.
/// Both scalar multiplications with secrets (r at encapsulation, x at decapsulation) run in constant time.
/// </remarks>
public abstract class PrimeEciesKem : PrimeEcKem
{
    private protected PrimeEciesKem(EcBackend backend)
        : base(backend)
    {
    }

    /// <summary>
    /// SingleHashMode of §10.2.1: K = KDF(x(h~), KeyLen) instead of KDF(C0 || x(h~), KeyLen). Off by default; the
    /// standard recommends it only for compatibility with older ECIES variants.
    /// </summary>
    public bool SingleHashMode { get; set; }

    /// <summary>Creates the Reference flavour; a key on nistP256 is generated at first use.</summary>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem Create() => new ReferencePrimeEciesKem();

    /// <summary>Creates the Reference flavour with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A curve of cofactor 1.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem Create(ECCurve curve) => Initialize(new ReferencePrimeEciesKem(), k => k.GenerateKey(curve));

    /// <summary>Creates the Reference flavour with a new key on a named curve ("nistP256", "secp256k1", "brainpoolP384r1", an OID, ...).</summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem Create(string curveName) => Create(PrimeEcdh.NamedCurve(curveName));

    /// <summary>Creates the Reference flavour holding the given key (a public key alone can only encapsulate).</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The KEM object.</returns>
    public static PrimeEciesKem Create(ECParameters parameters) => Initialize(new ReferencePrimeEciesKem(), k => k.ImportParameters(parameters));

    private protected override void EncapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> randomness, Span<byte> ciphertext, Span<byte> sharedSecret)
    {
        EcGroup group = key.Group;
        int f = group.FieldBytes;
        byte[] r = new byte[group.OrderBytes];
        byte[] gx = new byte[f];
        byte[] gy = new byte[f];
        byte[] hx = new byte[f];
        try
        {
            // §10.2.3 a-c: r in [1, μ - 1], g~ = r g, h~ = r h (ν = 1: the cofactor modes multiply by 1).
            if (randomness.IsEmpty)
            {
                EcdsaAlgorithm.RandomScalar(group, r);
            }
            else
            {
                randomness.CopyTo(r);
            }

            group.MultiplyBase(r, gx, gy);
            if (!group.Multiply(new AffineBytes(key.Qx, key.Qy), r, hx, Span<byte>.Empty))
            {
                throw new CryptographicException(ErrorMessages.SharedPointAtInfinity);
            }

            // d-f: C0 = E(g~), PEH = E'(h~) = x(h~), K = KDF(C0 || PEH) (or KDF(PEH) in SingleHashMode).
            KemPointCodec.Encode(gx, gy, settings.Compressed, ciphertext);
            Derive(settings, ciphertext, hx, sharedSecret);
        }
        finally
        {
            Secret.Clear(r);
            Secret.Clear(hx);
        }
    }

    private protected override void DecapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> ciphertext, Span<byte> sharedSecret)
    {
        EcGroup group = key.Group;
        int f = group.FieldBytes;
        byte[] gx = new byte[f];
        byte[] gy = new byte[f];
        byte[] hx = new byte[f];
        try
        {
            // §10.2.4 a-c: g~ = D(C0) (a point of the curve, else fail), h~ = x g~ in constant time; h~ is never the
            // identity for cofactor 1 and x in [1, μ - 1], but the check costs nothing.
            KemPointCodec.Decode(group, ciphertext, settings.Compressed, gx, gy);
            if (!group.Multiply(new AffineBytes(gx, gy), key.RequirePrivate(), hx, Span<byte>.Empty))
            {
                throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
            }

            Derive(settings, ciphertext, hx, sharedSecret);
        }
        finally
        {
            Secret.Clear(hx);
        }
    }

    private void Derive(KemSettings settings, ReadOnlySpan<byte> c0, byte[] peh, Span<byte> sharedSecret)
    {
        if (SingleHashMode)
        {
            settings.Kdf(peh, sharedSecret);
            return;
        }

        byte[] input = new byte[c0.Length + peh.Length];
        c0.CopyTo(input);
        peh.CopyTo(input, c0.Length);
        settings.Kdf(input, sharedSecret);
        Secret.Clear(input);
    }
}

/// <summary>The Reference flavour of <see cref="PrimeEciesKem"/>.</summary>
internal sealed class ReferencePrimeEciesKem : PrimeEciesKem
{
    public ReferencePrimeEciesKem()
        : base(ReferenceBackend.Instance)
    {
    }
}
