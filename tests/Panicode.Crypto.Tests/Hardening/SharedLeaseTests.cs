using System;
using System.Threading;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Tests.Hardening;

/// <summary>
/// <see cref="Shared{T}"/>'s leases on the creating thread, which take no reference: the value is disposed exactly once,
/// never while such a lease runs, whichever thread retires it and whenever.
/// </summary>
public sealed class SharedLeaseTests
{
    [Fact]
    public void RetirementOnAnotherThreadWaitsForTheCreatingThreadsLease()
    {
        var value = new Tracked();
        var shared = new Shared<Tracked>(value);
        Assert.True(shared.TryLeaseOnCreatingThread());

        OnAnotherThread(shared.Retire);

        Assert.Equal(0, value.Disposals);
        shared.EndLeaseOnCreatingThread();
        Assert.Equal(1, value.Disposals);
        Assert.False(shared.TryLeaseOnCreatingThread());
        Assert.False(shared.TryAcquire());
    }

    [Fact]
    public void RetirementWithNoLeaseRunningDisposesAtOnce()
    {
        var here = new Tracked();
        new Shared<Tracked>(here).Retire();
        Assert.Equal(1, here.Disposals);

        var there = new Tracked();
        var shared = new Shared<Tracked>(there);
        Assert.True(shared.TryLeaseOnCreatingThread());
        shared.EndLeaseOnCreatingThread();
        OnAnotherThread(shared.Retire);
        Assert.Equal(1, there.Disposals);
        Assert.False(shared.TryLeaseOnCreatingThread());
    }

    [Fact]
    public void OtherThreadsTakeReferencesThatOutliveTheRetirement()
    {
        var value = new Tracked();
        var shared = new Shared<Tracked>(value);
        bool leasedThere = true, acquiredThere = false;
        OnAnotherThread(() =>
        {
            leasedThere = shared.TryLeaseOnCreatingThread();
            acquiredThere = shared.TryAcquire();
        });
        Assert.False(leasedThere);
        Assert.True(acquiredThere);

        shared.Retire();
        Assert.Equal(0, value.Disposals);
        shared.Release(); // the other thread's reference
        Assert.Equal(1, value.Disposals);
    }

    [Fact]
    public void ALeaseInsideALeaseOnTheSameThreadIsRefused()
    {
        var value = new Tracked();
        var shared = new Shared<Tracked>(value);
        Assert.True(shared.TryLeaseOnCreatingThread());
        Assert.False(shared.TryLeaseOnCreatingThread());
        Assert.True(shared.TryAcquire());

        shared.Retire();
        shared.EndLeaseOnCreatingThread();
        Assert.Equal(0, value.Disposals);
        shared.Release();
        Assert.Equal(1, value.Disposals);
    }

    /// <summary>
    /// The creating thread leases in a loop while another thread retires the value at a varying moment: no lease that
    /// was granted may see the value disposed, and it is disposed once, by the end.
    /// </summary>
    [Fact]
    public void NoGrantedLeaseSeesTheValueDisposedWhateverTheRetirementTiming()
    {
        for (int round = 0; round < 200; round++)
        {
            var value = new Tracked();
            var shared = new Shared<Tracked>(value);
            int spins = round * 37 % 2000;
            using var go = new Barrier(2);
            var retirer = new Thread(() =>
            {
                go.SignalAndWait(TestContext.Current.CancellationToken);
                Thread.SpinWait(spins);
                shared.Retire();
            });
            retirer.Start();
            go.SignalAndWait(TestContext.Current.CancellationToken);
            while (shared.TryLeaseOnCreatingThread())
            {
                Assert.Equal(0, value.Disposals);
                Thread.SpinWait(20);
                Assert.Equal(0, value.Disposals);
                shared.EndLeaseOnCreatingThread();
            }

            retirer.Join();
            Assert.Equal(1, value.Disposals);
        }
    }

    private static void OnAnotherThread(Action action)
    {
        var thread = new Thread(() => action());
        thread.Start();
        thread.Join();
    }

    private sealed class Tracked : IDisposable
    {
        private int _disposals;

        public int Disposals => Volatile.Read(ref _disposals);

        public void Dispose() => Interlocked.Increment(ref _disposals);
    }
}
