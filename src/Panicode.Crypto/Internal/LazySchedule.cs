using System.Threading;

namespace Panicode.Crypto.Internal;

/// <summary>
/// Key-schedule parts a core builds on first use (decryption keys, broadcast subkeys). A core may serve several threads
/// at once (the one-shot methods share one), so the first use can race: each racing thread builds its own copy from
/// state nobody mutates, one copy is published, and the others are cleared. Readers take the cache with
/// <c>Volatile.Read</c> and call <see cref="Publish{T}"/> only when it is still null.
/// </summary>
internal static class LazySchedule
{
    /// <summary>Publishes <paramref name="built"/> unless another thread did first; returns the published array.</summary>
    public static T[] Publish<T>(ref T[]? cache, T[] built)
        where T : struct
    {
        T[]? published = Interlocked.CompareExchange(ref cache, built, null);
        if (published == null)
        {
            return built;
        }

        Secret.Clear(built);
        return published;
    }
}
