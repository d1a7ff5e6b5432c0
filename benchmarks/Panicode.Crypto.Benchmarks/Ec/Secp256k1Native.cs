using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace Panicode.Crypto.Benchmarks.Ec;

/// <summary>
/// Bitcoin Core's libsecp256k1 (C, Debian package <c>libsecp256k1-dev</c>) through P/Invoke, for the EC benchmark
/// only: the speed a specialised C implementation of secp256k1 reaches on this machine. ECDSA signing uses its
/// default RFC 6979 nonces; ECDH its default output (SHA-256 of the compressed shared point).
/// </summary>
public sealed unsafe class Secp256k1EcRunner : EcRunner
{
    private const string Library = "libsecp256k1.so.1";

    // SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY: accepted by every release (0.2 ignores the two flags).
    private const uint ContextFlags = (1u << 0) | (1u << 8) | (1u << 9);

    private readonly IntPtr _context;
    private readonly byte[] _secret = new byte[32];
    private readonly byte[] _hash;
    private readonly byte[] _publicKey = new byte[64];
    private readonly byte[] _peer = new byte[64];
    private readonly byte[] _signature = new byte[64];
    private readonly byte[] _scratch = new byte[64];
    private readonly byte[] _keySecret = new byte[32];

    private Secp256k1EcRunner(byte[] hash)
    {
        _context = secp256k1_context_create(ContextFlags);
        _hash = hash;
        NewKey(_secret, _publicKey);
        NewKey(new byte[32], _peer);
        fixed (byte* sig = _signature, h = _hash, sk = _secret)
        {
            Check(secp256k1_ecdsa_sign(_context, sig, h, sk, IntPtr.Zero, IntPtr.Zero));
        }

        if (!Verify())
        {
            throw new InvalidOperationException("libsecp256k1 rejected its own signature.");
        }
    }

    /// <summary>The runner, or null with the reason when the shared library cannot be loaded.</summary>
    public static Secp256k1EcRunner? TryCreate(byte[] hash, out string? reason)
    {
        if (!NativeLibrary.TryLoad(Library, out IntPtr handle))
        {
            reason = "not installed";
            return null;
        }

        NativeLibrary.Free(handle);
        reason = null;
        return new Secp256k1EcRunner(hash);
    }

    public override void Sign()
    {
        fixed (byte* sig = _scratch, h = _hash, sk = _secret)
        {
            Check(secp256k1_ecdsa_sign(_context, sig, h, sk, IntPtr.Zero, IntPtr.Zero));
        }
    }

    public override bool Verify()
    {
        fixed (byte* sig = _signature, h = _hash, pk = _publicKey)
        {
            return secp256k1_ecdsa_verify(_context, sig, h, pk) == 1;
        }
    }

    public override void GenerateKey() => NewKey(_keySecret, _scratch);

    public override void Agree()
    {
        fixed (byte* output = _scratch, pk = _peer, sk = _secret)
        {
            Check(secp256k1_ecdh(_context, output, pk, sk, IntPtr.Zero, IntPtr.Zero));
        }
    }

    public override void Dispose() => secp256k1_context_destroy(_context);

    private void NewKey(byte[] secret, byte[] publicKey)
    {
        fixed (byte* sk = secret, pk = publicKey)
        {
            do
            {
                RandomNumberGenerator.Fill(secret);
            }
            while (secp256k1_ec_seckey_verify(_context, sk) != 1);

            Check(secp256k1_ec_pubkey_create(_context, pk, sk));
        }
    }

    private static void Check(int result)
    {
        if (result != 1)
        {
            throw new InvalidOperationException("libsecp256k1 call failed.");
        }
    }

    [DllImport(Library)]
    private static extern IntPtr secp256k1_context_create(uint flags);

    [DllImport(Library)]
    private static extern void secp256k1_context_destroy(IntPtr context);

    [DllImport(Library)]
    private static extern int secp256k1_ec_seckey_verify(IntPtr context, byte* secret);

    [DllImport(Library)]
    private static extern int secp256k1_ec_pubkey_create(IntPtr context, byte* publicKey, byte* secret);

    [DllImport(Library)]
    private static extern int secp256k1_ecdsa_sign(IntPtr context, byte* signature, byte* hash32, byte* secret, IntPtr nonceFunction, IntPtr nonceData);

    [DllImport(Library)]
    private static extern int secp256k1_ecdsa_verify(IntPtr context, byte* signature, byte* hash32, byte* publicKey);

    [DllImport(Library)]
    private static extern int secp256k1_ecdh(IntPtr context, byte* output, byte* publicKey, byte* secret, IntPtr hashFunction, IntPtr data);
}
