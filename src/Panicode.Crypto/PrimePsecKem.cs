// PSEC-KEM, ISO/IEC 18033-2:2006 §10.3 (system parameters §10.3.1, encryption §10.3.3, decryption §10.3.4), NTT's
// key-encapsulation mechanism on the CRYPTREC list, over the prime curves of cofactor 1. No official test vector was
// found; the records in vectors/psec-kem/ come from an independent Python implementation (tools/psec-kem/).

using System;
using System.Security.Cryptography;
using Panicode.Crypto.Ec;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// PSEC-KEM of ISO/IEC 18033-2 (§10.3): from a random seed r of SeedLen bytes, t = KDF(I2OSP(0, 4) || r) = u || K with
/// u of oLen(μ) + 16 bytes, α = OS2IP(u) mod μ, EG = E(α g), v = r XOR KDF(I2OSP(1, 4) || EG || x(α h), SeedLen),
/// C0 = EG || v. Decapsulation recovers r with the private scalar and rejects C0 unless E(α g) = EG.
/// </summary>
/// <remarks>
/// <para>A ciphertext that is rejected, or holds no point of the curve, or has the wrong length, throws
/// <see cref="CryptographicException"/> (the standard's "reject"). The scalar multiplication with the private key and
/// the one with α run in constant time, and the final comparison is a fixed-time comparison of the encodings.</para>
/// <para>Like ECIES-KEM in ISO/IEC 18033-2, the hash input uses the partial encoding x(h~) of the shared point (NTT's
/// NESSIE reference code encoded the whole point there).</para>
/// </remarks>
public abstract class PrimePsecKem : PrimeEcKem
{
    // §10.3.3 b: u has oLen(μ) + 16 octets, so that α = OS2IP(u) mod μ is within 2^-128 of uniform.
    private const int ExtraAlphaBytes = 16;

    private int _seedSize = 32;

    private protected PrimePsecKem(EcBackend backend)
        : base(backend)
    {
    }

    /// <summary>SeedLen of §10.3.1: the length of the random seed r and of the masked seed v that ends the ciphertext (32 by default).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is below 1 or above <see cref="PrimeEcKem.MaxSharedSecretSizeInBytes"/>.</exception>
    public int SeedSizeInBytes
    {
        get => _seedSize;
        set => _seedSize = CheckSize(value, ErrorMessages.KemSeedSize);
    }

    /// <summary>Creates the Reference flavour; a key on nistP256 is generated at first use.</summary>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem Create() => new ReferencePrimePsecKem();

    /// <summary>Creates the Reference flavour with a new key on <paramref name="curve"/>.</summary>
    /// <param name="curve">A curve of cofactor 1.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem Create(ECCurve curve) => Initialize(new ReferencePrimePsecKem(), k => k.GenerateKey(curve));

    /// <summary>Creates the Reference flavour with a new key on a named curve ("nistP256", "secp256k1", "brainpoolP384r1", an OID, ...).</summary>
    /// <param name="curveName">The curve's name or OID.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem Create(string curveName) => Create(PrimeEcdh.NamedCurve(curveName));

    /// <summary>Creates the Reference flavour holding the given key (a public key alone can only encapsulate).</summary>
    /// <param name="parameters">The key.</param>
    /// <returns>The KEM object.</returns>
    public static PrimePsecKem Create(ECParameters parameters) => Initialize(new ReferencePrimePsecKem(), k => k.ImportParameters(parameters));

    private protected override int ExtraCiphertextBytes => _seedSize;

    private protected override void EncapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> randomness, Span<byte> ciphertext, Span<byte> sharedSecret)
    {
        EcGroup group = key.Group;
        int seedLength = ciphertext.Length - PointLength(group);
        Work work = new(group, settings, seedLength);
        try
        {
            while (true)
            {
                // §10.3.3 a: a random seed r of SeedLen octets.
                if (randomness.IsEmpty)
                {
                    using RandomNumberGenerator rng = RandomNumberGenerator.Create();
                    rng.GetBytes(work.Seed);
                }
                else
                {
                    randomness.CopyTo(work.Seed);
                }

                // b-f: t = KDF(0 || r) = u || K, α = u mod μ, g~ = α g, h~ = α h. α = 0 (probability below 2^-128)
                // has no encoding for g~: draw again.
                work.DeriveAlphaAndKey(group, settings);
                if (group.MultiplyBase(work.Alpha, work.Gx, work.Gy)
                    && group.Multiply(new AffineBytes(key.Qx, key.Qy), work.Alpha, work.Hx, Span<byte>.Empty))
                {
                    break;
                }

                if (!randomness.IsEmpty)
                {
                    throw new CryptographicException(ErrorMessages.SharedPointAtInfinity);
                }
            }

            // g-j: EG = E(g~), v = r XOR KDF(1 || EG || x(h~), SeedLen), C0 = EG || v.
            Span<byte> eg = ciphertext.Slice(0, PointLength(group));
            KemPointCodec.Encode(work.Gx, work.Gy, settings.Compressed, eg);
            Span<byte> v = ciphertext.Slice(eg.Length);
            work.Mask(settings, eg, v);
            for (int i = 0; i < v.Length; i++)
            {
                v[i] ^= work.Seed[i];
            }

            work.Key.CopyTo(sharedSecret);
        }
        finally
        {
            work.Clear();
        }
    }

    private protected override void DecapsulateCore(EcKey key, KemSettings settings, ReadOnlySpan<byte> ciphertext, Span<byte> sharedSecret)
    {
        EcGroup group = key.Group;
        int pointLength = PointLength(group);
        ReadOnlySpan<byte> eg = ciphertext.Slice(0, pointLength);
        ReadOnlySpan<byte> v = ciphertext.Slice(pointLength);
        Work work = new(group, settings, v.Length);
        byte[] expected = new byte[pointLength];
        try
        {
            // §10.3.4 a-c: C0 = EG || v; g~ = D(EG) (a point of the curve, else reject); h~ = x g~ in constant time.
            KemPointCodec.Decode(group, eg, settings.Compressed, work.Gx, work.Gy);
            if (!group.Multiply(new AffineBytes(work.Gx, work.Gy), key.RequirePrivate(), work.Hx, Span<byte>.Empty))
            {
                throw new CryptographicException(ErrorMessages.KemCiphertextInvalid);
            }

            // d-f: r = v XOR KDF(1 || EG || x(h~), SeedLen); t = KDF(0 || r) = u || K; α = u mod μ.
            work.Mask(settings, eg, work.Seed);
            for (int i = 0; i < v.Length; i++)
            {
                work.Seed[i] ^= v[i];
            }

            work.DeriveAlphaAndKey(group, settings);

            // g: reject unless α g = g~. Both are compared as encodings (one encoding per point), in fixed time; α g
            // at infinity (α = 0) leaves the expected encoding all zero, which no valid EG equals.
            byte[] ax = new byte[group.FieldBytes];
            byte[] ay = new byte[group.FieldBytes];
            bool finite = group.MultiplyBase(work.Alpha, ax, ay);
            KemPointCodec.Encode(ax, ay, settings.Compressed, expected);
            if (!finite)
            {
                expected[0] = 0;
            }

            if (!ConstantTime.FixedTimeEquals(expected, eg))
            {
                throw new CryptographicException(ErrorMessages.KemRejected);
            }

            work.Key.CopyTo(sharedSecret);
        }
        finally
        {
            work.Clear();
            Secret.Clear(expected);
        }
    }

    /// <summary>The secret temporaries of one operation, cleared together.</summary>
    private readonly struct Work
    {
        public Work(EcGroup group, KemSettings settings, int seedLength)
        {
            Seed = new byte[seedLength];
            U = new byte[group.OrderBytes + ExtraAlphaBytes];
            Key = new byte[settings.KeyLength];
            Alpha = new byte[group.OrderBytes];
            Gx = new byte[group.FieldBytes];
            Gy = new byte[group.FieldBytes];
            Hx = new byte[group.FieldBytes];
        }

        public byte[] Seed { get; }

        public byte[] U { get; }

        public byte[] Key { get; }

        public byte[] Alpha { get; }

        public byte[] Gx { get; }

        public byte[] Gy { get; }

        public byte[] Hx { get; }

        /// <summary>t = KDF(I2OSP(0, 4) || r, |u| + KeyLen) = u || K, then α = OS2IP(u) mod μ in constant time.</summary>
        public void DeriveAlphaAndKey(EcGroup group, KemSettings settings)
        {
            byte[] input = new byte[4 + Seed.Length];
            byte[] t = new byte[U.Length + Key.Length];
            Seed.CopyTo(input, 4);
            settings.Kdf(input, t);
            t.AsSpan(0, U.Length).CopyTo(U);
            t.AsSpan(U.Length).CopyTo(Key);
            PrimeField scalars = group.Scalars;
            uint[] alpha = new uint[scalars.LimbCount];
            scalars.Reduce(U, alpha);
            scalars.Encode(alpha, Alpha);
            Secret.Clear(alpha);
            Secret.Clear(input);
            Secret.Clear(t);
        }

        /// <summary>KDF(I2OSP(1, 4) || EG || x(h~), output.Length) into <paramref name="output"/>.</summary>
        public void Mask(KemSettings settings, ReadOnlySpan<byte> eg, Span<byte> output)
        {
            byte[] input = new byte[4 + eg.Length + Hx.Length];
            input[3] = 1;
            eg.CopyTo(input.AsSpan(4));
            Hx.CopyTo(input, 4 + eg.Length);
            settings.Kdf(input, output);
            Secret.Clear(input);
        }

        public void Clear()
        {
            Secret.Clear(Seed);
            Secret.Clear(U);
            Secret.Clear(Key);
            Secret.Clear(Alpha);
            Secret.Clear(Hx);
        }
    }
}

/// <summary>The Reference flavour of <see cref="PrimePsecKem"/>.</summary>
internal sealed class ReferencePrimePsecKem : PrimePsecKem
{
    public ReferencePrimePsecKem()
        : base(ReferenceBackend.Instance)
    {
    }
}
