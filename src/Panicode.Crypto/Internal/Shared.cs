using System;
using System.Threading;

namespace Panicode.Crypto.Internal;

/// <summary>
/// A disposable value (a key schedule, a key pair) shared by concurrent calls: its owner holds one reference, each
/// call takes one for as long as it runs (<see cref="TryAcquire"/> / <see cref="Lease{T}"/>), and the value is
/// disposed — its secrets cleared — when the last reference goes. An owner that replaces the value releases its
/// reference and leaves the old value to the calls still using it, so no call ever runs on a cleared schedule.
/// </summary>
internal sealed class Shared<T>
    where T : class, IDisposable
{
    // The owner's reference; 0 only after the last Release, and then never again above 0.
    private int _references = 1;

    public Shared(T value)
    {
        Value = value;
    }

    public T Value { get; }

    /// <summary>Takes a reference unless the value is already disposed.</summary>
    public bool TryAcquire()
    {
        int seen = Volatile.Read(ref _references);
        while (seen > 0)
        {
            int previous = Interlocked.CompareExchange(ref _references, seen + 1, seen);
            if (previous == seen)
            {
                return true;
            }

            seen = previous;
        }

        return false;
    }

    /// <summary>Gives a reference back; the last one disposes the value.</summary>
    public void Release()
    {
        if (Interlocked.Decrement(ref _references) == 0)
        {
            Value.Dispose();
        }
    }
}

/// <summary>One call's reference to a <see cref="Shared{T}"/> value, given back by <see cref="Dispose"/> (a <c>using</c>).</summary>
internal readonly ref struct Lease<T>
    where T : class, IDisposable
{
    private readonly Shared<T> _shared;

    /// <summary>Wraps a reference the caller has already taken.</summary>
    public Lease(Shared<T> acquired)
    {
        _shared = acquired;
    }

    public T Value => _shared.Value;

    public void Dispose() => _shared.Release();
}
