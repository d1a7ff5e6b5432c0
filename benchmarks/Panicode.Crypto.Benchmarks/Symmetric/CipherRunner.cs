using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>
/// One implementation of one block cipher, keyed once, running an <see cref="Operation"/> over
/// preallocated buffers. Nothing is allocated per call, so the measured loop is the cipher and its mode.
/// </summary>
public abstract class CipherRunner : IDisposable
{
    /// <summary>Encrypts or decrypts <paramref name="length"/> bytes of <paramref name="input"/> into <paramref name="output"/>.</summary>
    public abstract void Run(Operation operation, byte[] input, byte[] output, int length);

    /// <summary>Takes a new key and encrypts one block with it: the cost of a key change (CRYPTREC's "initialisation").</summary>
    public abstract void Rekey(byte[] key, byte[] block, byte[] output);

    public virtual void Dispose()
    {
    }
}

/// <summary>Our flavours and the built-in <see cref="Aes"/>: the .NET 10 one-shot span methods.</summary>
public sealed class SymmetricAlgorithmRunner : CipherRunner
{
    private readonly SymmetricAlgorithm _algorithm;
    private readonly byte[] _iv;

    public SymmetricAlgorithmRunner(SymmetricAlgorithm algorithm, int blockBits, byte[] key, byte[] iv)
    {
        _algorithm = algorithm;
        if (algorithm.BlockSize != blockBits)
        {
            algorithm.BlockSize = blockBits;
        }

        algorithm.Key = key;
        _iv = iv;
    }

    public override void Run(Operation operation, byte[] input, byte[] output, int length)
    {
        ReadOnlySpan<byte> source = input.AsSpan(0, length);
        Span<byte> destination = output.AsSpan(0, length);
        int written = operation switch
        {
            Operation.EcbEncrypt => _algorithm.EncryptEcb(source, destination, PaddingMode.None),
            Operation.EcbDecrypt => _algorithm.DecryptEcb(source, destination, PaddingMode.None),
            Operation.CbcEncrypt => _algorithm.EncryptCbc(source, _iv, destination, PaddingMode.None),
            _ => _algorithm.DecryptCbc(source, _iv, destination, PaddingMode.None),
        };

        if (written != length)
        {
            throw new InvalidOperationException($"Expected {length} bytes, got {written}.");
        }
    }

    public override void Rekey(byte[] key, byte[] block, byte[] output)
    {
        // The Key setter copies the key; the next one-shot call then builds the key schedule.
        _algorithm.Key = key;
        _algorithm.EncryptEcb(block, output, PaddingMode.None);
    }

    public override void Dispose() => _algorithm.Dispose();
}

/// <summary>BouncyCastle: ProcessBlock loops for ECB and <see cref="CbcBlockCipher"/> for CBC.</summary>
public sealed class BouncyCastleRunner : CipherRunner
{
    private readonly IBlockCipher _encryptEngine;
    private readonly IBlockCipher _decryptEngine;
    private readonly CbcBlockCipher _cbcEncrypt;
    private readonly CbcBlockCipher _cbcDecrypt;
    private readonly IBlockCipher _rekeyEngine;
    private readonly ParametersWithIV _ivOnly;
    private readonly int _blockSize;

    public BouncyCastleRunner(Func<IBlockCipher> createEngine, byte[] key, byte[] iv)
    {
        KeyParameter keyParameter = new(key);
        _encryptEngine = createEngine();
        _encryptEngine.Init(true, keyParameter);
        _decryptEngine = createEngine();
        _decryptEngine.Init(false, keyParameter);
        _cbcEncrypt = new CbcBlockCipher(createEngine());
        _cbcEncrypt.Init(true, new ParametersWithIV(keyParameter, iv));
        _cbcDecrypt = new CbcBlockCipher(createEngine());
        _cbcDecrypt.Init(false, new ParametersWithIV(keyParameter, iv));
        _rekeyEngine = createEngine();

        // A ParametersWithIV without a key resets the chaining value and keeps the key schedule.
        _ivOnly = new ParametersWithIV(null, iv);
        _blockSize = _encryptEngine.GetBlockSize();
    }

    public override void Run(Operation operation, byte[] input, byte[] output, int length)
    {
        IBlockCipher cipher;
        switch (operation)
        {
            case Operation.EcbEncrypt:
                cipher = _encryptEngine;
                break;
            case Operation.EcbDecrypt:
                cipher = _decryptEngine;
                break;
            case Operation.CbcEncrypt:
                _cbcEncrypt.Init(true, _ivOnly);
                cipher = _cbcEncrypt;
                break;
            default:
                _cbcDecrypt.Init(false, _ivOnly);
                cipher = _cbcDecrypt;
                break;
        }

        for (int offset = 0; offset < length; offset += _blockSize)
        {
            cipher.ProcessBlock(input, offset, output, offset);
        }
    }

    public override void Rekey(byte[] key, byte[] block, byte[] output)
    {
        // KeyParameter copies the key, as the BCL Key setter does.
        _rekeyEngine.Init(true, new KeyParameter(key));
        _rekeyEngine.ProcessBlock(block, 0, output, 0);
    }
}
