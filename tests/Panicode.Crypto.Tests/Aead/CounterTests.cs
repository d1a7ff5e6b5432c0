using System;
using Panicode.Crypto.BlockCiphers.Camellia;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto.Tests.Aead;

/// <summary>
/// The 128-bit counter-block fast path of <see cref="Ctr.Keystream"/> (two 64-bit words and masks) against the
/// byte-wise increment of <see cref="Ctr.Increment"/>, for every counter width and counters about to wrap: GCM's inc32
/// must wrap within its 4 bytes, CCM's q-byte counter within q bytes, the whole-block counter across the middle.
/// </summary>
public sealed class CounterTests
{
    [Fact]
    public void FastCounterBlocksEqualTheByteWiseIncrement()
    {
        using CamelliaCore cipher = new(new byte[16]);
        Random random = new(5);
        for (int counterBytes = 1; counterBytes <= 16; counterBytes++)
        {
            foreach (int ones in new[] { 0, 1, 3, 4, 7, 8, 9, 15, 16 })
            {
                byte[] start = new byte[16];
                random.NextBytes(start);
                for (int i = 0; i < ones; i++)
                {
                    start[15 - i] = 0xFF;
                }

                start[15] = (byte)(start[15] | 0xF0);                       // a few blocks before the carry
                byte[] fast = (byte[])start.Clone();
                byte[] actual = new byte[16 * 40];
                Ctr.Keystream(cipher, fast, counterBytes, actual);

                byte[] slow = (byte[])start.Clone();
                byte[] expected = new byte[16 * 40];
                for (int block = 0; block < 40; block++)
                {
                    slow.CopyTo(expected, block * 16);
                    Ctr.Increment(slow, counterBytes);
                }

                cipher.Encrypt(expected, expected);
                Assert.Equal(expected, actual);
                Assert.Equal(slow, fast);
            }
        }
    }
}
