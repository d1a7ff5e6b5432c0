using System;
using System.Threading;

namespace Panicode.Crypto.Internal;

/// <summary>
/// A disposable value (a key schedule, a key pair) shared by concurrent calls: its owner holds one reference, each
/// call takes one for as long as it runs (<see cref="TryAcquire"/> / <see cref="Lease{T}"/>), and the value is
/// disposed — its secrets cleared — when the last reference goes. An owner that replaces the value gives its reference
/// up (<see cref="Release"/>, or <see cref="Retire"/> where calls lease on the owner thread) and leaves the old value to
/// the calls still using it, so no call ever runs on a cleared schedule.
/// </summary>
/// <remarks>
/// Calls on the thread that created the value (the common case: one thread sets a key and uses it) need not take a
/// reference: <see cref="TryLeaseOnCreatingThread"/> marks the value in use with a plain store and rechecks that it was
/// not retired, with no interlocked operation. The two interlocked operations of a reference were a measurable part of
/// a 16-byte one-shot call (docs/benchmarks.md, "The one-shot lease without interlocked operations"). Such a lease is
/// safe because the owner's reference stays until no such lease runs: <see cref="Retire"/> on the creating thread
/// cannot overlap one of its calls, and on any other thread it flushes every processor's store buffer
/// (<c>Interlocked.MemoryBarrierProcessWide</c>) before it reads the in-use mark. Either the mark was stored before that flush and is seen (the call gives the reference up when it
/// ends), or it was stored after it, and then the call's recheck sees the retirement and does not use the value.
/// </remarks>
internal sealed class Shared<T>
    where T : class, IDisposable
{
    // The owner's reference; 0 only after the last Release, and then never again above 0.
    private int _references = 1;
#if NET
    private readonly int _creatingThread = Environment.CurrentManagedThreadId;
    // Written only by the creating thread: true while one of its calls uses the value without a reference.
    private bool _inUseOnCreatingThread;
    private int _retired;
    private int _ownerReferenceGiven;
#endif

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

    /// <summary>
    /// On the thread that created the value, and unless it was retired or such a lease is already running there, a
    /// lease that takes no reference (see the remarks); false otherwise, and then the caller takes a reference.
    /// </summary>
    public bool TryLeaseOnCreatingThread()
    {
#if NET
        if (Environment.CurrentManagedThreadId != _creatingThread || _inUseOnCreatingThread)
        {
            return false;
        }

        Volatile.Write(ref _inUseOnCreatingThread, true);
        if (Volatile.Read(ref _retired) == 0)
        {
            return true;
        }

        EndLeaseOnCreatingThread();
#endif
        return false;
    }

    /// <summary>Ends a lease of <see cref="TryLeaseOnCreatingThread"/>; after a retirement, gives the owner's reference up.</summary>
    public void EndLeaseOnCreatingThread()
    {
#if NET
        Volatile.Write(ref _inUseOnCreatingThread, false);
        if (Volatile.Read(ref _retired) != 0)
        {
            GiveOwnerReference();
        }
#endif
    }

    /// <summary>
    /// The owner's <see cref="Release"/> for a value that calls may lease on its creating thread: at most once, after
    /// the owner has made the value unreachable to new calls.
    /// </summary>
    public void Retire()
    {
#if NET
        Interlocked.Exchange(ref _retired, 1);
        if (Environment.CurrentManagedThreadId != _creatingThread)
        {
            Interlocked.MemoryBarrierProcessWide();
            if (Volatile.Read(ref _inUseOnCreatingThread))
            {
                return; // the creating thread's call gives the reference up when it ends
            }
        }

        GiveOwnerReference();
#else
        Release();
#endif
    }

#if NET
    // The creating thread's call and the retiring thread may both see that the other is done: one of them releases.
    private void GiveOwnerReference()
    {
        if (Interlocked.Exchange(ref _ownerReferenceGiven, 1) == 0)
        {
            Release();
        }
    }
#endif
}

/// <summary>
/// One call's use of a <see cref="Shared{T}"/> value, ended by <see cref="Dispose"/> (a <c>using</c>): a reference the
/// caller took, or a lease on the creating thread.
/// </summary>
internal readonly ref struct Lease<T>
    where T : class, IDisposable
{
    private readonly Shared<T> _shared;
    private readonly bool _onCreatingThread;

    /// <summary>Wraps a reference the caller has already taken.</summary>
    public Lease(Shared<T> acquired)
        : this(acquired, onCreatingThread: false)
    {
    }

    private Lease(Shared<T> shared, bool onCreatingThread)
    {
        _shared = shared;
        _onCreatingThread = onCreatingThread;
    }

    public T Value => _shared.Value;

    /// <summary>Wraps a lease of <see cref="Shared{T}.TryLeaseOnCreatingThread"/> that succeeded.</summary>
    public static Lease<T> OnCreatingThread(Shared<T> leased) => new(leased, onCreatingThread: true);

    public void Dispose()
    {
        if (_onCreatingThread)
        {
            _shared.EndLeaseOnCreatingThread();
        }
        else
        {
            _shared.Release();
        }
    }
}
