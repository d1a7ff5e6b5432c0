// EC key pairs shared by ECDSA and ECDH: generation (SEC 1 v2 §3.2.1, FIPS 186-4 B.4.2), import with the
// public-key validation of SEC 1 §3.2.2.1 (coordinates in [0, p-1], on the curve, n Q = O when the cofactor
// is not 1; an affine point is never infinity) and private keys in [1, n-1], and export as ECParameters.

using System;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Ec;

internal sealed class EcKey : IDisposable
{
    private EcKey(EcGroup group, byte[] qx, byte[] qy, byte[]? d)
    {
        Group = group;
        Qx = qx;
        Qy = qy;
        D = d;
    }

    public EcGroup Group { get; }

    public byte[] Qx { get; }

    public byte[] Qy { get; }

    /// <summary>The private scalar, OrderBytes long, or null for a public-only key.</summary>
    public byte[]? D { get; private set; }

    public CurveParameters Curve => Group.Curve;

    /// <summary>The explicit curve's seed as it was given (ECCurve.Seed), or null; exported with explicit parameters.</summary>
    public byte[]? CurveSeed { get; private set; }

    /// <summary>The explicit curve's hash as it was given (ECCurve.Hash), or null.</summary>
    public HashAlgorithmName? CurveHash { get; private set; }

    /// <summary>Keeps the Seed and Hash of <paramref name="given"/>, the curve this key was imported or generated on.</summary>
    public EcKey WithCurveDetails(ECCurve given)
    {
        if (!given.IsNamed)
        {
            CurveSeed = (byte[]?)given.Seed?.Clone();
            CurveHash = given.Hash;
        }

        return this;
    }

    public static EcKey Generate(EcBackend backend, CurveParameters curve)
    {
        EcGroup group = GetGroup(backend, curve);
        byte[] d = new byte[group.OrderBytes];
        EcdsaAlgorithm.RandomScalar(group, d);
        byte[] qx = new byte[group.FieldBytes];
        byte[] qy = new byte[group.FieldBytes];
        group.MultiplyBase(d, qx, qy);
        return new EcKey(group, qx, qy, d);
    }

    public static EcKey Import(EcBackend backend, ECParameters parameters)
    {
        CurveParameters curve = CurveParameters.FromECCurve(parameters.Curve);
        EcGroup group = GetGroup(backend, curve);
        byte[]? x = parameters.Q.X;
        byte[]? y = parameters.Q.Y;
        bool hasQ = x != null || y != null;
        if (hasQ && (x == null || y == null))
        {
            throw new CryptographicException(ErrorMessages.PublicKeyNeedsXAndY);
        }

        if (!hasQ && parameters.D == null)
        {
            throw new CryptographicException(ErrorMessages.KeyEmpty);
        }

        if (hasQ)
        {
            ValidatePublicPoint(group, x!, y!);
        }

        if (parameters.D == null)
        {
            return new EcKey(group, (byte[])x!.Clone(), (byte[])y!.Clone(), null);
        }

        byte[] d = NormalizePrivate(group, parameters.D);
        byte[] qx = new byte[group.FieldBytes];
        byte[] qy = new byte[group.FieldBytes];
        group.MultiplyBase(d, qx, qy);
        if (hasQ && (ConstantTime.BytesEqual(qx, x!) & ConstantTime.BytesEqual(qy, y!)) == 0)
        {
            Array.Clear(d, 0, d.Length);
            throw new CryptographicException(ErrorMessages.PublicKeyMismatch);
        }

        return new EcKey(group, qx, qy, d);
    }

    /// <summary>The group of a curve; an explicit curve the group refuses (n G != O) is remembered as refused.</summary>
    private static EcGroup GetGroup(EcBackend backend, CurveParameters curve)
    {
        try
        {
            return backend.GetGroup(curve);
        }
        catch (CryptographicException e)
        {
            curve.RecordRejected(e.Message);
            throw;
        }
    }

    /// <summary>SEC 1 §3.2.2.1 for a public point given as affine coordinates of exactly the field length.</summary>
    public static void ValidatePublicPoint(EcGroup group, byte[] x, byte[] y)
    {
        if (x.Length != group.FieldBytes || y.Length != group.FieldBytes)
        {
            throw new CryptographicException(
                ErrorMessages.Format(ErrorMessages.PublicKeyCoordinateLength, group.FieldBytes, group.Curve.FriendlyName));
        }

        if (!group.IsOnCurve(x, y))
        {
            throw new CryptographicException(ErrorMessages.PublicKeyNotOnCurve);
        }

        if (group.Curve.Cofactor != 1 && !group.HasOrderN(x, y))
        {
            throw new CryptographicException(ErrorMessages.PublicKeyNotInSubgroup);
        }
    }

    public ECParameters Export(bool includePrivateParameters, bool explicitCurve)
    {
        if (includePrivateParameters && D == null)
        {
            throw new CryptographicException(ErrorMessages.NoPrivateKey);
        }

        return new ECParameters
        {
            Curve = Curve.ToECCurve(explicitCurve, CurveSeed, CurveHash),
            Q = new ECPoint { X = (byte[])Qx.Clone(), Y = (byte[])Qy.Clone() },
            D = includePrivateParameters ? ExportD(D!, explicitCurve) : null,
        };
    }

    // The BCL's ECParameters.Validate wants D as long as Q.X for a named curve and as long as the order for an
    // explicit one. The two differ only where n has more bytes than p (wap-wsg-idm-ecid-wtls7, secp160r1: a 161-bit
    // n over a 160-bit field); there d < 2^160 but for a chance below 2^-79, and only then is D longer than Q.X.
    private byte[] ExportD(byte[] d, bool explicitCurve)
    {
        int extra = d.Length - Qx.Length;
        bool fits = extra > 0 && !explicitCurve && IsZero(d.AsSpan(0, extra));
        return fits ? d.AsSpan(extra).ToArray() : (byte[])d.Clone();
    }

    /// <summary>Whether every byte is zero; variable time, for public data or a public decision about a length.</summary>
    internal static bool IsZero(ReadOnlySpan<byte> bytes)
    {
        foreach (byte b in bytes)
        {
            if (b != 0)
            {
                return false;
            }
        }

        return true;
    }

    public byte[] RequirePrivate() =>
        D ?? throw new CryptographicException(ErrorMessages.NoPrivateKey);

    public void Dispose()
    {
        if (D != null)
        {
            Array.Clear(D, 0, D.Length);
            D = null;
        }
    }

    /// <summary>Brings D to OrderBytes (leading zeros may be added or dropped) and checks 1 &lt;= d &lt;= n - 1.</summary>
    private static byte[] NormalizePrivate(EcGroup group, byte[] value)
    {
        int len = group.OrderBytes;
        if (value.Length != len && value.Length != group.FieldBytes)
        {
            throw new CryptographicException(ErrorMessages.Format(ErrorMessages.PrivateKeyLength, len, group.Curve.FriendlyName));
        }

        byte[] d = new byte[len];
        int excess = value.Length - len;
        uint extraZero = 1;
        for (int i = 0; i < excess; i++)
        {
            extraZero &= ConstantTime.Eq0(value[i]);
        }

        value.AsSpan(Math.Max(0, excess)).CopyTo(d.AsSpan(Math.Max(0, -excess)));
        Span<uint> t = stackalloc uint[group.Scalars.LimbCount];
        bool inRange = group.Scalars.TryDecode(d, t);
        bool nonZero = group.Scalars.IsZero(t) == 0;
        t.Clear();
        if (!(inRange & nonZero & extraZero == 1))
        {
            Array.Clear(d, 0, d.Length);
            throw new CryptographicException(ErrorMessages.PrivateKeyOutOfRange);
        }

        return d;
    }
}

/// <summary>
/// The key of a PrimeEcdsa or PrimeEcdh object: created lazily on the default curve, replaced on import. Calls on
/// several threads share it: the lazy key is generated once, under a lock, and each call holds a reference to the key
/// it started with (<see cref="Acquire"/>), so a key replaced or disposed meanwhile is cleared only when its last call
/// ends. After <see cref="Dispose"/> every member throws <see cref="ObjectDisposedException"/>, as the BCL's do.
/// </summary>
internal sealed class EcKeyState : IDisposable
{
    private readonly object _gate = new();
    private readonly EcBackend _backend;
    private CurveParameters _curve;
    private Shared<EcKey>? _key;
    private bool _explicitCurve;
    private bool _disposed;

    public EcKeyState(EcBackend backend, CurveParameters defaultCurve)
    {
        _backend = backend;
        _curve = defaultCurve;
    }

    public EcBackend Backend => _backend;

    /// <summary>Runs <paramref name="initialize"/> on a new algorithm object, disposing it if that throws.</summary>
    public static T Initialize<T>(T algorithm, Action<T> initialize)
        where T : AsymmetricAlgorithm
    {
        try
        {
            initialize(algorithm);
            return algorithm;
        }
        catch
        {
            algorithm.Dispose();
            throw;
        }
    }

    public int KeySize => _curve.FieldBits;

    /// <summary>A reference to the current key (generated on the current curve at first use); dispose it after the call.</summary>
    public Lease<EcKey> Acquire()
    {
        lock (_gate)
        {
            ThrowIfDisposed();

            // Under the lock, so that threads racing on a fresh object all get this one key and none is left over.
            _key ??= new Shared<EcKey>(EcKey.Generate(_backend, _curve));
            bool acquired = _key.TryAcquire();
            System.Diagnostics.Debug.Assert(acquired, "The owner's reference keeps the current key alive.");
            return new Lease<EcKey>(_key);
        }
    }

    /// <summary>The current key as ECParameters (see <see cref="EcKey.Export"/>).</summary>
    public ECParameters Export(bool includePrivateParameters, bool explicitCurve)
    {
        using Lease<EcKey> key = Acquire();
        return key.Value.Export(includePrivateParameters, explicitCurve);
    }

    /// <summary>
    /// The current key's parameters with the curve as it was given: explicit when the key was imported or generated
    /// on explicit parameters (the BCL keeps what it was given, even when those are a named curve's), else named.
    /// </summary>
    public ECParameters Export(bool includePrivateParameters)
    {
        Lease<EcKey> key;
        bool explicitCurve;
        lock (_gate)
        {
            key = Acquire();
            explicitCurve = _explicitCurve;
        }

        using (key)
        {
            return key.Value.Export(includePrivateParameters, explicitCurve);
        }
    }

    /// <summary>Switches to the NIST curve of this size (the key is regenerated on next use).</summary>
    public void SetCurve(CurveParameters curve)
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            Release();
            _curve = curve;
            _explicitCurve = false;
        }
    }

    public void Generate(ECCurve curve)
    {
        ThrowIfDisposed();
        CurveParameters c = CurveParameters.FromECCurve(curve);
        Replace(EcKey.Generate(_backend, c).WithCurveDetails(curve), explicitCurve: !curve.IsNamed);
    }

    public void Import(ECParameters parameters)
    {
        ThrowIfDisposed();
        Replace(EcKey.Import(_backend, parameters).WithCurveDetails(parameters.Curve), explicitCurve: !parameters.Curve.IsNamed);
    }

    public void Dispose()
    {
        lock (_gate)
        {
            _disposed = true;
            Release();
        }
    }

    public void ThrowIfDisposed()
    {
        if (Volatile.Read(ref _disposed))
        {
            throw Disposed.Key();
        }
    }

    private void Replace(EcKey key, bool explicitCurve)
    {
        lock (_gate)
        {
            if (_disposed)
            {
                key.Dispose();
                ThrowIfDisposed();
            }

            Release();
            _key = new Shared<EcKey>(key);
            _curve = key.Curve;
            _explicitCurve = explicitCurve;
        }
    }

    // Drops the owner's reference to the current key: it is cleared now, or when the last call using it ends.
    private void Release()
    {
        _key?.Release();
        _key = null;
    }
}
