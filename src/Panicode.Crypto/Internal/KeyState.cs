using System;
using System.Threading;

namespace Panicode.Crypto.Internal;

/// <summary>
/// The key of a public-key object (RSA, DSA, finite-field DH), as <c>EcKeyState</c> keeps an EC key: generated lazily
/// at the current size, under a lock, replaced on import; each call holds a reference to the key it started with, so
/// a key replaced or disposed meanwhile is cleared only when its last call ends. After <see cref="Dispose"/> every
/// member throws <see cref="ObjectDisposedException"/>.
/// </summary>
internal abstract class KeyState<TKey> : IDisposable
    where TKey : class, IDisposable
{
    private readonly object _gate = new();
    private int _keySize;
    private Shared<TKey>? _key;
    private bool _disposed;

    private protected KeyState(int keySize)
    {
        _keySize = keySize;
    }

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
    public Lease<TKey> Acquire()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            _key ??= new Shared<TKey>(Generate(_keySize));
            bool acquired = _key.TryAcquire();
            System.Diagnostics.Debug.Assert(acquired, "The owner's reference keeps the current key alive.");
            return new Lease<TKey>(_key);
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

    /// <summary>Makes <paramref name="key"/> the current key (disposing it if this state is disposed meanwhile).</summary>
    public void Replace(TKey key)
    {
        lock (_gate)
        {
            if (_disposed)
            {
                key.Dispose();
                ThrowIfDisposed();
            }

            Release();
            _key = new Shared<TKey>(key);
            _keySize = KeySizeOf(key);
        }
    }

    private protected abstract TKey Generate(int keySize);

    private protected abstract int KeySizeOf(TKey key);

    private void Release()
    {
        _key?.Release();
        _key = null;
    }
}
