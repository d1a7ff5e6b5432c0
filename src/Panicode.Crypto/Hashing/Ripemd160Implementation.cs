// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, FSE 1996) behind HashAlgorithm: the one sealed subclass of Ripemd160,
// over an engine of either flavour (the Reference Ripemd160Engine or the Unsafe one, which overrides the compression
// function only).

using System;
using System.Security.Cryptography;

namespace Panicode.Crypto.Hashing;

internal sealed class Ripemd160Implementation : Ripemd160
{
    private readonly Ripemd160Engine _engine;

    public Ripemd160Implementation(Ripemd160Engine engine)
    {
        _engine = engine;
    }

    public override void Initialize() => _engine.Reset();

    protected override void HashCore(byte[] array, int ibStart, int cbSize) => _engine.Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));

    protected override byte[] HashFinal()
    {
        byte[] hash = new byte[HashSizeInBytes];
        _engine.Finish(hash);
        return hash;
    }

#if NET
    protected override void HashCore(ReadOnlySpan<byte> source) => _engine.Append(source);

    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < HashSizeInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        _engine.Finish(destination);
        bytesWritten = HashSizeInBytes;
        return true;
    }
#endif

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _engine.Clear();
        }

        base.Dispose(disposing);
    }
}
