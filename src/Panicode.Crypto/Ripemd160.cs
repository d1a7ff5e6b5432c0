// RIPEMD-160: H. Dobbertin, A. Bosselaers and B. Preneel, "RIPEMD-160: A Strengthened Version of RIPEMD", Fast
// Software Encryption 1996 (LNCS 1039), §4 and Appendix A; also ISO/IEC 10118-3. A 160-bit hash on the CRYPTREC
// list; .NET Core dropped RIPEMD160Managed, so this is its shape today: an abstract HashAlgorithm with the static
// one-shots of SHA256. The compression function is in Hashing/Ripemd160Engine.cs, the constants in
// Hashing/Ripemd160Spec.cs.

using System;
using System.IO;
using System.Security.Cryptography;
using Panicode.Crypto.Hashing;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto;

/// <summary>
/// The RIPEMD-160 hash function (160-bit digest, 64-byte blocks). <see cref="Create"/> returns the Reference
/// implementation in safe code; <c>Panicode.Crypto.Unsafe.UnsafeCrypto.CreateRipemd160()</c> an optimized one.
/// </summary>
public abstract class Ripemd160 : HashAlgorithm
{
    /// <summary>The digest size in bits.</summary>
    public const int HashSizeInBits = 160;

    /// <summary>The digest size in bytes.</summary>
    public const int HashSizeInBytes = 20;

    private protected Ripemd160()
    {
        HashSizeValue = HashSizeInBits;
    }

    /// <summary>Creates the Reference implementation of RIPEMD-160.</summary>
    /// <returns>A new RIPEMD-160 instance.</returns>
    public static new Ripemd160 Create() => new Ripemd160Implementation(new Ripemd160Engine());

    /// <summary>Computes the RIPEMD-160 hash of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The 20-byte hash.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    public static byte[] HashData(byte[] source)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        return HashData(new ReadOnlySpan<byte>(source));
    }

    /// <summary>Computes the RIPEMD-160 hash of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The 20-byte hash.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> source)
    {
        byte[] hash = new byte[HashSizeInBytes];
        Ripemd160Engine.HashData(source, hash);
        return hash;
    }

    /// <summary>Computes the RIPEMD-160 hash of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the hash in its first 20 bytes.</param>
    /// <returns>The number of bytes written: 20.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!TryHashData(source, destination, out int written))
        {
            throw new ArgumentException(ErrorMessages.HashDestinationTooShort, nameof(destination));
        }

        return written;
    }

    /// <summary>Computes the RIPEMD-160 hash of <paramref name="source"/> into <paramref name="destination"/> if it is long enough.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the hash in its first 20 bytes.</param>
    /// <param name="bytesWritten">20, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns>False when <paramref name="destination"/> is shorter than 20 bytes.</returns>
    public static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < HashSizeInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        Ripemd160Engine.HashData(source, destination);
        bytesWritten = HashSizeInBytes;
        return true;
    }

    /// <summary>Computes the RIPEMD-160 hash of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The 20-byte hash.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static byte[] HashData(Stream source)
    {
        byte[] hash = new byte[HashSizeInBytes];
        HashData(source, hash);
        return hash;
    }

    /// <summary>Computes the RIPEMD-160 hash of the rest of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="destination">Receives the hash in its first 20 bytes.</param>
    /// <returns>The number of bytes written: 20.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read, or <paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static int HashData(Stream source, Span<byte> destination)
    {
        CheckStream(source);
        if (destination.Length < HashSizeInBytes)
        {
            throw new ArgumentException(ErrorMessages.HashDestinationTooShort, nameof(destination));
        }

        Ripemd160Engine engine = new();
        byte[] chunk = new byte[4096];
        int read;
        while ((read = source.Read(chunk, 0, chunk.Length)) > 0)
        {
            engine.Append(chunk.AsSpan(0, read));
        }

        engine.Finish(destination);
        engine.Clear();
        Secret.Clear(chunk);
        return HashSizeInBytes;
    }

    internal static void CheckStream(Stream source)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if (!source.CanRead)
        {
            throw new ArgumentException(ErrorMessages.StreamNotReadable, nameof(source));
        }
    }
}
