using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Rijndael;

/// <summary>How the next inner input of a Monte-Carlo loop is formed from the outputs so far.</summary>
public enum MctChaining
{
    /// <summary>ECB: the next input is the last output.</summary>
    Ecb,

    /// <summary>
    /// AESAVS CBC, CFB128 and OFB in both directions, and the AES-submission CBC encryption:
    /// the second input is the IV, every later one the output before the last.
    /// </summary>
    PreviousOutput,

    /// <summary>AES-submission CBC decryption: the next ciphertext is the last plaintext.</summary>
    LastOutput,
}

/// <summary>One outer Monte-Carlo iteration: the recorded result and the inputs of the next iteration.</summary>
public sealed class MctResult
{
    public MctResult(byte[] output, byte[] nextKey, byte[]? nextIv, byte[] nextInput)
    {
        Output = output;
        NextKey = nextKey;
        NextIv = nextIv;
        NextInput = nextInput;
    }

    public byte[] Output { get; }

    public byte[] NextKey { get; }

    public byte[]? NextIv { get; }

    public byte[] NextInput { get; }

    /// <summary>Checks this result against a record and, when there is one, the record that follows it.</summary>
    public void Verify(byte[] expectedOutput, TextRecord? next, string keyField, string? ivField, string inputField)
    {
        Expect.Equal(expectedOutput, Output, "Monte-Carlo result");
        if (next != null)
        {
            Expect.Equal(next.Bytes(keyField), NextKey, "next key");
            if (ivField != null)
            {
                Expect.Equal(next.Bytes(ivField), NextIv, "next IV");
            }

            Expect.Equal(next.Bytes(inputField), NextInput, "next input");
        }
    }
}

/// <summary>
/// The Monte-Carlo procedures of the NIST AESAVS (section 6.4: 100 outer x 1,000 inner iterations)
/// and of the Rijndael AES submission's katmct document, which Gladman's files follow
/// (outer x 10,000 inner iterations). One transform runs the whole inner loop of an outer
/// iteration, so the implementation's own chaining state (CBC, CFB, OFB) carries the feedback.
/// </summary>
/// <remarks>
/// Key update (both documents): the new key is the old key XOR the last key-length bytes of the
/// output stream, that is of (output[n-2] || output[n-1]), which for a 192- or 256-bit key with a
/// 128-bit block reaches into the output before the last.
/// </remarks>
public static class MonteCarlo
{
    public static MctResult Chained(
        Func<SymmetricAlgorithm> factory,
        CipherSetup setup,
        bool encrypt,
        byte[] key,
        byte[]? iv,
        byte[] input,
        int iterations,
        MctChaining chaining)
    {
        int block = setup.BlockBytes;
        byte[] inBlock = (byte[])input.Clone();
        byte[] lastInput = new byte[block];
        byte[] previous = new byte[block];
        byte[] current = new byte[block];
        using SymmetricAlgorithm algorithm = CipherRun.Create(factory, setup);
        using ICryptoTransform transform = CipherRun.CreateTransform(algorithm, encrypt, key, iv);
        for (int j = 0; j < iterations; j++)
        {
            (previous, current) = (current, previous);
            Buffer.BlockCopy(inBlock, 0, lastInput, 0, block);
            CipherRun.Blocks(transform, inBlock, 0, block, current, 0);
            switch (chaining)
            {
                case MctChaining.PreviousOutput:
                    Buffer.BlockCopy(j == 0 ? iv! : previous, 0, inBlock, 0, block);
                    break;
                default:
                    Buffer.BlockCopy(current, 0, inBlock, 0, block);
                    break;
            }
        }

        byte[] nextKey = XorTail(key, previous, current);
        return chaining switch
        {
            MctChaining.Ecb => new MctResult(current, nextKey, null, current),
            MctChaining.PreviousOutput => new MctResult(current, nextKey, current, previous),
            _ => new MctResult(current, nextKey, lastInput, current),
        };
    }

    /// <summary>
    /// AESAVS 6.4 CFB8: 1,000 one-byte steps; input j+1 is IV byte j for j &lt; 16, else output j-16.
    /// The new key takes the last key-length output bytes, the new IV the last 16, the new input
    /// output[983]. Because input j depends only on outputs up to j-17, the loop runs in 16-byte
    /// chunks through TransformBlock (any CFB8 transform accepts whole 16-byte multiples), the
    /// last partial chunk through TransformFinalBlock.
    /// </summary>
    public static MctResult Cfb8(Func<SymmetricAlgorithm> factory, bool encrypt, byte[] key, byte[] iv, byte[] input)
    {
        const int Steps = 1000;
        const int Chunk = 16;
        byte[] inputs = new byte[Steps];
        byte[] outputs = new byte[Steps];
        inputs[0] = input[0];
        CipherSetup setup = new(CipherMode.CFB, 128, 8);
        using SymmetricAlgorithm algorithm = CipherRun.Create(factory, setup);
        using ICryptoTransform transform = CipherRun.CreateTransform(algorithm, encrypt, key, iv);
        for (int start = 0; start < Steps; start += Chunk)
        {
            int count = Math.Min(Chunk, Steps - start);
            for (int k = Math.Max(start, 1); k < start + count; k++)
            {
                inputs[k] = k <= 16 ? iv[k - 1] : outputs[k - 17];
            }

            if (count == Chunk)
            {
                CipherRun.Blocks(transform, inputs, start, count, outputs, start);
            }
            else
            {
                byte[] last = transform.TransformFinalBlock(inputs, start, count);
                Expect.True(last.Length == count, $"TransformFinalBlock of {count} CFB8 bytes returned {last.Length} bytes");
                Buffer.BlockCopy(last, 0, outputs, start, count);
            }
        }

        byte[] nextKey = new byte[key.Length];
        for (int i = 0; i < key.Length; i++)
        {
            nextKey[i] = (byte)(key[i] ^ outputs[Steps - key.Length + i]);
        }

        byte[] nextIv = new byte[16];
        Buffer.BlockCopy(outputs, Steps - 16, nextIv, 0, 16);
        return new MctResult(new[] { outputs[Steps - 1] }, nextKey, nextIv, new[] { outputs[Steps - 17] });
    }

    private static byte[] XorTail(byte[] key, byte[] previous, byte[] current)
    {
        byte[] stream = new byte[previous.Length + current.Length];
        Buffer.BlockCopy(previous, 0, stream, 0, previous.Length);
        Buffer.BlockCopy(current, 0, stream, previous.Length, current.Length);
        byte[] result = new byte[key.Length];
        int offset = stream.Length - key.Length;
        for (int i = 0; i < key.Length; i++)
        {
            result[i] = (byte)(key[i] ^ stream[offset + i]);
        }

        return result;
    }
}
