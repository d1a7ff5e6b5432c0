using System;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modular;

namespace Panicode.Crypto.Rsa;

/// <summary>
/// The key of a ManagedRsa object, as <c>EcKeyState</c> keeps an EC key: generated lazily at the current size, under a
/// lock, replaced on import; each call holds a reference to the key it started with, so a key replaced or disposed
/// meanwhile is cleared only when its last call ends. After <see cref="Dispose"/> every member throws
/// <see cref="ObjectDisposedException"/>.
/// </summary>
internal sealed class RsaKeyState : IDisposable
{
    private readonly object _gate = new();
    private readonly ModularArithmetic _arithmetic;
    private int _keySize;
    private Shared<RsaKey>? _key;
    private bool _disposed;

    public RsaKeyState(ModularArithmetic arithmetic, int keySize)
    {
        _arithmetic = arithmetic;
        _keySize = keySize;
    }

    public ModularArithmetic Arithmetic => _arithmetic;

    public int KeySize
    {
        get
        {
            lock (_gate)
            {
                return _keySize;
            }
        }
    }

    /// <summary>A reference to the current key (generated at first use); dispose it after the call.</summary>
    public Lease<RsaKey> Acquire()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            _key ??= new Shared<RsaKey>(RsaKey.Generate(_arithmetic, _keySize));
            bool acquired = _key.TryAcquire();
            System.Diagnostics.Debug.Assert(acquired, "The owner's reference keeps the current key alive.");
            return new Lease<RsaKey>(_key);
        }
    }

    /// <summary>Drops the key; a new one of <paramref name="keySize"/> bits is generated at next use.</summary>
    public void SetKeySize(int keySize)
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            Release();
            _keySize = keySize;
        }
    }

    public void Import(in RSAParameters parameters)
    {
        ThrowIfDisposed();
        Replace(RsaKey.Import(_arithmetic, parameters));
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

    private void Replace(RsaKey key)
    {
        lock (_gate)
        {
            if (_disposed)
            {
                key.Dispose();
                ThrowIfDisposed();
            }

            Release();
            _key = new Shared<RsaKey>(key);
            _keySize = key.KeySize;
        }
    }

    private void Release()
    {
        _key?.Release();
        _key = null;
    }
}
