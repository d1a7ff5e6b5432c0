using System;
using Panicode.Crypto.Internal;

namespace Panicode.Crypto.Modes;

/// <summary>
/// Cipher feedback with an s-byte segment, NIST SP 800-38A §6.3 (s = the FeedbackSize in bytes,
/// 1 .. block size). <c>register</c> is the input block: the IV first, then shifted left by s bytes
/// with each ciphertext segment appended. Input is a whole number of segments; input and output
/// may be the same buffer.
/// </summary>
internal static class Cfb
{
    public static void Encrypt(BlockCipher cipher, Span<byte> register, int segment, ReadOnlySpan<byte> input, Span<byte> output)
    {
        Transform(cipher, register, segment, input, output, encrypting: true);
    }

    public static void Decrypt(BlockCipher cipher, Span<byte> register, int segment, ReadOnlySpan<byte> input, Span<byte> output)
    {
        Transform(cipher, register, segment, input, output, encrypting: false);
    }

    private static void Transform(BlockCipher cipher, Span<byte> register, int segment, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        int bs = cipher.BlockSize;
        Span<byte> keystream = stackalloc byte[bs];
        Span<byte> tail = register.Slice(bs - segment);
        cipher.ThrowIfDisposed();
        for (int offset = 0; offset < input.Length; offset += segment)
        {
            cipher.EncryptBlock(register, keystream);

            // The register shifts by one segment and takes the ciphertext segment at its end.
            register.Slice(segment).CopyTo(register);
            if (encrypting)
            {
                Xor.Into(input.Slice(offset, segment), keystream, tail);
                tail.CopyTo(output.Slice(offset, segment));
            }
            else
            {
                input.Slice(offset, segment).CopyTo(tail);
                Xor.Into(tail, keystream, output.Slice(offset, segment));
            }
        }

        Secret.Clear(keystream);
    }
}
