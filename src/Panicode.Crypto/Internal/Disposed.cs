using System;

namespace Panicode.Crypto.Internal;

/// <summary>
/// The <see cref="ObjectDisposedException"/> of every public object: its object name is the public type users hold
/// ("RijndaelCipher", "Gcm"), never a flavour's internal class or a core ("UnsafeRijndael", "RijndaelCore").
/// </summary>
internal static class Disposed
{
    /// <summary>The exception for a disposed <paramref name="instance"/>, named after its first public type.</summary>
    public static ObjectDisposedException Exception(object instance) => new(PublicName(instance.GetType()));

    /// <summary>The exception for an object whose key schedule or key (an internal part) was cleared.</summary>
    public static ObjectDisposedException Key() => new(null, ErrorMessages.KeyDisposed);

    /// <summary>The name of <paramref name="type"/> or of its nearest public base type.</summary>
    public static string PublicName(Type type)
    {
        Type? t = type;
        while (t != null && !(t.IsPublic || t.IsNestedPublic))
        {
            t = t.BaseType;
        }

        return (t ?? type).Name;
    }
}
