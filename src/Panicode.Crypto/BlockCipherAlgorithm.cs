using System;
using System.Security.Cryptography;
using System.Threading;
using Panicode.Crypto.Aead;
using Panicode.Crypto.Catalog;
using Panicode.Crypto.Internal;
using Panicode.Crypto.Modes;

namespace Panicode.Crypto;

/// <summary>
/// The <see cref="SymmetricAlgorithm"/> plumbing shared by every block cipher of this library:
/// key and IV handling, the five modes (ECB, CBC, CFB-n, OFB, CTS) and five paddings, the
/// <see cref="ICryptoTransform"/> objects and, on .NET 10, the one-shot methods. A concrete cipher
/// only supplies its legal sizes and its block-cipher core.
/// </summary>
/// <remarks>
/// <para>Modes: CFB accepts any <see cref="SymmetricAlgorithm.FeedbackSize"/> from 8 to the block size in
/// steps of 8, and pads per feedback segment (as RijndaelManaged); decryption also removes padding of up to a
/// block (as the built-in Aes in CFB8, and .NET Framework's AesCryptoServiceProvider writes). OFB works on whole blocks and pads like CBC. CTS is
/// CBC with ciphertext stealing in the CBC-CS3 variant of NIST SP 800-38A's addendum (as Kerberos,
/// RFC 3962, uses it: the last two blocks are always swapped); it needs at least one block of
/// input and ignores <see cref="SymmetricAlgorithm.Padding"/>.</para>
/// <para>Paddings: None, PKCS7, Zeros, ANSIX923 and ISO10126. Decryption removes PKCS7, ANSIX923 and
/// ISO10126 padding after checking it without branching on the data; Zeros padding is not removed.</para>
/// <para>After <see cref="IDisposable.Dispose"/> every member that needs the key throws
/// <see cref="ObjectDisposedException"/>.</para>
/// <para>Threads: the one-shot methods and CreateEncryptor/CreateDecryptor may be called on one object from several
/// threads at once. Each one-shot call keeps the key schedule it started with (a reference to it, or, on the thread
/// that built it, a mark that it is in use); a key change publishes a new schedule and the old one is cleared when its
/// last call ends, so a call may see either key but never a cleared schedule or a key nobody set. Setting properties concurrently with each other is not supported (as for the base
/// class), and one <see cref="ICryptoTransform"/> belongs to one thread at a time.</para>
/// </remarks>
public abstract class BlockCipherAlgorithm : SymmetricAlgorithm
{
    // The key schedule of the one-shot methods (and CTR), with the key it was built from (see AcquireOneShot).
    private Shared<OneShotSchedule>? _oneShot;
    private volatile bool _disposed;

    // This flavour's cores, GHASH and GCM loop, chosen from the catalogue (Catalog/).
    private readonly CipherCores _cores;

    /// <summary>
    /// The defaults every cipher of the library shares (those of <c>RijndaelManaged</c>): a 128-bit block, a 256-bit
    /// key, CBC, PKCS7 and 128-bit feedback, within the legal sizes the cipher gives.
    /// </summary>
    private protected BlockCipherAlgorithm(CipherCores cores, KeySizes[] legalKeySizes, KeySizes[] legalBlockSizes)
    {
        _cores = cores;
        ModeValue = CipherMode.CBC;
        PaddingValue = PaddingMode.PKCS7;
        LegalKeySizesValue = legalKeySizes;
        LegalBlockSizesValue = legalBlockSizes;
        BlockSizeValue = 128;
        KeySizeValue = 256;
        FeedbackSizeValue = 128;
    }

    /// <inheritdoc/>
    public override byte[] Key
    {
        get
        {
            ThrowIfDisposed();
            return base.Key;
        }

        set
        {
            ThrowIfDisposed();

            // The built-in Aes (and RijndaelManaged on .NET Core) reject a null key as a key of
            // invalid size; the base class would throw ArgumentNullException.
            int bits = value == null ? -1 : SizeChecks.Bits(value.Length);
            if (!ValidKeySize(bits))
            {
                throw new CryptographicException(ErrorMessages.InvalidKeySize);
            }

            // Not base.Key: on .NET it sets KeySize first, which sets KeyValue to null, and a one-shot call on another
            // thread would then make up a random key. Here KeyValue goes from one whole key to the other.
            byte[] copy = (byte[])value!.Clone();
            KeySizeValue = bits;
            Volatile.Write(ref KeyValue, copy);
        }
    }

    /// <inheritdoc/>
    public override byte[] IV
    {
        get
        {
            ThrowIfDisposed();
            return base.IV;
        }

        set
        {
            ThrowIfDisposed();

            // Checked here, as a length against a length: the base class's check differs between targets.
            if (value != null && value.Length != BlockSizeValue / 8)
            {
                throw new CryptographicException(ErrorMessages.InvalidIvSize);
            }

            base.IV = value!;
        }
    }

    /// <summary>
    /// The cipher mode: ECB, CBC, CFB, OFB or CTS. (The base class accepts only the first three.)
    /// </summary>
    /// <exception cref="CryptographicException">The value is not one of the supported modes.</exception>
    public override CipherMode Mode
    {
        get => ModeValue;
        set
        {
            if (!IsSupported(value))
            {
                throw new CryptographicException(ErrorMessages.InvalidCipherMode);
            }

            ModeValue = value;
        }
    }

    /// <inheritdoc/>
    public override ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[]? rgbIV) => CreateTransform(rgbKey, rgbIV, encrypting: true);

    /// <inheritdoc/>
    public override ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[]? rgbIV) => CreateTransform(rgbKey, rgbIV, encrypting: false);

    /// <inheritdoc/>
    public override void GenerateKey()
    {
        ThrowIfDisposed();
        KeyValue = Secret.NewRandom(KeySizeValue / 8);
    }

    /// <inheritdoc/>
    public override void GenerateIV()
    {
        ThrowIfDisposed();
        IVValue = Secret.NewRandom(BlockSizeValue / 8);
    }

    /// <summary>Builds the block-cipher core of this flavour for <paramref name="key"/> and a block size, as the catalogue chooses it.</summary>
    private protected BlockCipher CreateCipher(ReadOnlySpan<byte> key, int blockSizeInBytes) => _cores.CreateCipher(key, blockSizeInBytes);

    /// <summary>The core this object uses for its current block size (the public view's "which core runs").</summary>
    internal string CoreName => _cores.Cores.Choose(BlockSizeValue, _cores.AllowIntrinsics).Name;

#if NET
    /// <inheritdoc/>
    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.ECB, default, 0, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.ECB, default, 0, paddingMode, ciphertext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.CBC, iv, 0, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.CBC, iv, 0, paddingMode, ciphertext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCfbCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
    {
        int feedbackBytes = CheckedFeedbackBytes(feedbackSizeInBits);
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryEncrypt(schedule.Value.Cipher, CipherMode.CFB, iv, feedbackBytes, paddingMode, plaintext, destination, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCfbCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, int feedbackSizeInBits, out int bytesWritten)
    {
        int feedbackBytes = CheckedFeedbackBytes(feedbackSizeInBits);
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        return OneShot.TryDecrypt(schedule.Value.Cipher, CipherMode.CFB, iv, feedbackBytes, paddingMode, ciphertext, destination, out bytesWritten);
    }
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
            // Calls still running keep their reference; the schedule is cleared when the last of them ends.
            Interlocked.Exchange(ref _oneShot, null)?.Retire();
            Secret.Clear(KeyValue);
            Secret.Clear(IVValue);
        }

        base.Dispose(disposing);
    }

    private ICryptoTransform CreateTransform(byte[] rgbKey, byte[]? rgbIV, bool encrypting)
    {
        ThrowIfDisposed();
        if (rgbKey == null)
        {
            throw new ArgumentNullException(nameof(rgbKey));
        }

        if (!ValidKeySize(SizeChecks.Bits(rgbKey.Length)))
        {
            throw new ArgumentException(ErrorMessages.InvalidKeySize, nameof(rgbKey));
        }

        if (rgbIV != null && rgbIV.Length != BlockSizeValue / 8)
        {
            throw new ArgumentException(ErrorMessages.InvalidIvSize, nameof(rgbIV));
        }

        CipherMode mode = ModeValue;
        if (!IsSupported(mode))
        {
            throw new CryptographicException(ErrorMessages.InvalidCipherMode);
        }

        int feedbackBytes = 0;
        if (mode == CipherMode.CFB)
        {
            if (FeedbackSizeValue < 8 || FeedbackSizeValue % 8 != 0 || FeedbackSizeValue > BlockSizeValue)
            {
                throw new CryptographicException(ErrorMessages.Format(ErrorMessages.FeedbackSizeNotSupported, FeedbackSizeValue));
            }

            feedbackBytes = FeedbackSizeValue / 8;
        }

        byte[] iv;
        if (ModeDispatch.UsesIv(mode))
        {
            iv = rgbIV ?? throw new CryptographicException(ErrorMessages.IvRequired);
        }
        else
        {
            iv = new byte[BlockSizeValue / 8];
        }

        BlockCipher cipher = CreateCipher(rgbKey, BlockSizeValue / 8);
        return new BlockCipherTransform(cipher, mode, PaddingValue, feedbackBytes, iv, encrypting);
    }

#if NET
    private int CheckedFeedbackBytes(int feedbackSizeInBits)
    {
        if (feedbackSizeInBits < 8 || feedbackSizeInBits % 8 != 0 || feedbackSizeInBits > BlockSizeValue)
        {
            throw new CryptographicException(ErrorMessages.Format(ErrorMessages.FeedbackSizeNotSupported, feedbackSizeInBits));
        }

        return feedbackSizeInBits / 8;
    }
#endif

    /// <summary>
    /// A reference to the key schedule for the current Key and BlockSize, built (once per key) and published
    /// atomically. Calls on other threads may hold the previous schedule: it is cleared only when the last of them
    /// releases it (<see cref="Shared{T}"/>), never while one of them still encrypts with it. The Key setter and
    /// GenerateKey replace KeyValue with a new array and never write into a published one (only Dispose clears it,
    /// which is checked below), so the array read here is one whole key that was set.
    /// </summary>
    private Lease<OneShotSchedule> AcquireOneShot()
    {
        ThrowIfDisposed();
        byte[] key = Volatile.Read(ref KeyValue) ?? GenerateKeyOnce();
        int blockSizeInBytes = BlockSizeValue / 8;
        Shared<OneShotSchedule>? current = Volatile.Read(ref _oneShot);
        if (current != null && current.Value.IsFor(key, blockSizeInBytes))
        {
            if (current.TryLeaseOnCreatingThread())
            {
                return Lease<OneShotSchedule>.OnCreatingThread(current);
            }

            if (current.TryAcquire())
            {
                return new Lease<OneShotSchedule>(current);
            }
        }

        var created = new Shared<OneShotSchedule>(new OneShotSchedule(CreateCipher(key, blockSizeInBytes), key));
        created.TryAcquire();   // this call's reference, beside the owner's
        if (Interlocked.CompareExchange(ref _oneShot, created, current) == current)
        {
            current?.Retire();  // the owner's reference to the old schedule
        }
        else
        {
            created.Release();  // another call published first: this schedule serves this call only
        }

        // Dispose clears KeyValue in place: a schedule built while it ran may hold part of a cleared key.
        Interlocked.MemoryBarrier();
        if (_disposed)
        {
            if (Interlocked.CompareExchange(ref _oneShot, null, created) == created)
            {
                created.Retire();
            }

            created.Release();
            ThrowIfDisposed();
        }

        return new Lease<OneShotSchedule>(created);
    }

    // A key made on first use, as the base class's Key getter does, but only one even when calls race on it.
    private byte[] GenerateKeyOnce()
    {
        byte[] generated = Secret.NewRandom(KeySizeValue / 8);
        byte[]? winner = Interlocked.CompareExchange(ref KeyValue, generated, null);
        if (winner == null)
        {
            return generated;
        }

        Secret.Clear(generated);
        return winner;
    }

    /// <summary>A one-shot key schedule and the key array it was built from.</summary>
    private sealed class OneShotSchedule : IDisposable
    {
        private readonly byte[] _key;

        public OneShotSchedule(BlockCipher cipher, byte[] key)
        {
            Cipher = cipher;
            _key = key;
        }

        public BlockCipher Cipher { get; }

        public bool IsFor(byte[] key, int blockSizeInBytes) => ReferenceEquals(_key, key) && Cipher.BlockSize == blockSizeInBytes;

        public void Dispose() => Cipher.Dispose();
    }

    private static bool IsSupported(CipherMode mode) =>
        mode is CipherMode.ECB or CipherMode.CBC or CipherMode.CFB or CipherMode.OFB or CipherMode.CTS;

    private protected void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw Disposed.Exception(this);
        }
    }

    #region Authenticated encryption, MACs, CTR and key wrap (NIST SP 800-38A/B/C/D/F)

    // How modes get their key (docs/architecture.md, "Naming"): as CreateEncryptor() and CreateEncryptor(key, iv), each
    // Create* method comes in two forms, one that uses this object's Key (generated on first read when never set, as
    // SymmetricAlgorithm does) and one that takes the key as an argument and leaves Key alone; the one-shot methods
    // (EncryptCbc, EncryptCtr, ...) use Key. The objects returned hold a copy of the key: changing Key later does not
    // change them.

    /// <summary>Creates GCM (NIST SP 800-38D) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>.</summary>
    /// <param name="tagSizeInBytes">The tag size: 12 to 16, or 4 or 8 (SP 800-38D Appendix C).</param>
    /// <returns>A new <see cref="Gcm"/> holding a copy of the key; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentException"><paramref name="tagSizeInBytes"/> is not a GCM tag size.</exception>
    /// <exception cref="CryptographicException">The block size is not 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Gcm CreateGcm(int tagSizeInBytes = 16) => WithOwnKey(key => CreateGcm(key, tagSizeInBytes));

    /// <summary>Creates GMAC (NIST SP 800-38D) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>; 128-bit blocks only.</summary>
    /// <returns>A new <see cref="Gmac"/> holding a copy of the key; dispose it to clear the key schedule.</returns>
    /// <exception cref="CryptographicException">The block size is not 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Gmac CreateGmac() => WithOwnKey(CreateGmac);

    /// <summary>Creates CCM (NIST SP 800-38C) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>; 128-bit blocks only.</summary>
    /// <returns>A new <see cref="Ccm"/> holding a copy of the key; dispose it to clear the key schedule.</returns>
    /// <exception cref="CryptographicException">The block size is not 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Ccm CreateCcm() => WithOwnKey(CreateCcm);

    /// <summary>Creates CMAC (NIST SP 800-38B) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>; 64- or 128-bit blocks.</summary>
    /// <returns>A new <see cref="Cmac"/> holding a copy of the key.</returns>
    /// <exception cref="CryptographicException">The block size is neither 64 nor 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public Cmac CreateCmac() => WithOwnKey(CreateCmac);

    /// <summary>Creates CBC-MAC (ISO/IEC 9797-1 MAC algorithm 1) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>; 64- or 128-bit blocks.</summary>
    /// <param name="padding">The ISO/IEC 9797-1 padding method.</param>
    /// <returns>A new <see cref="CbcMac"/> holding a copy of the key.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="padding"/> is not a <see cref="CbcMacPadding"/> value.</exception>
    /// <exception cref="CryptographicException">The block size is neither 64 nor 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public CbcMac CreateCbcMac(CbcMacPadding padding) => WithOwnKey(key => CreateCbcMac(key, padding));

    /// <summary>Creates key wrap (NIST SP 800-38F KW and KWP) over this cipher and flavour under this object's <see cref="SymmetricAlgorithm.Key"/>; 128-bit blocks only.</summary>
    /// <returns>A new <see cref="KeyWrap"/> holding a copy of the key; dispose it to clear the key schedule.</returns>
    /// <exception cref="CryptographicException">The block size is not 128 bits.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public KeyWrap CreateKeyWrap() => WithOwnKey(CreateKeyWrap);

    /// <summary>Creates a CTR transform (NIST SP 800-38A) under this object's <see cref="SymmetricAlgorithm.Key"/>, as <see cref="CreateCtrTransform(byte[], byte[], int)"/>.</summary>
    /// <param name="initialCounter">The first counter block (one block long).</param>
    /// <param name="counterSizeInBytes">How many trailing bytes of the block count (1 to the block size; 0 for the whole block).</param>
    /// <returns>A transform that encrypts and decrypts (CTR is its own inverse).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="initialCounter"/> is null.</exception>
    /// <exception cref="ArgumentException">The counter block or size is not valid.</exception>
    /// <exception cref="ObjectDisposedException">This object was disposed.</exception>
    public ICryptoTransform CreateCtrTransform(byte[] initialCounter, int counterSizeInBytes = 0) =>
        WithOwnKey(key => CreateCtrTransform(key, initialCounter, counterSizeInBytes));

    // Runs create over a copy of Key, cleared afterwards (the object created keeps its own copy or schedule).
    private protected T WithOwnKey<T>(Func<byte[], T> create)
    {
        byte[] key = Key;
        try
        {
            return create(key);
        }
        finally
        {
            Secret.Clear(key);
        }
    }

    /// <summary>
    /// Creates GCM (NIST SP 800-38D) over this cipher and flavour with the given key; the cipher's block size must be
    /// 128 bits. <paramref name="key"/> is copied; this object's own <see cref="SymmetricAlgorithm.Key"/> is neither used
    /// nor changed (<see cref="CreateGcm(int)"/> uses it).
    /// </summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <param name="tagSizeInBytes">The tag size: 12 to 16, or 4 or 8 (SP 800-38D Appendix C).</param>
    /// <returns>A new <see cref="Gcm"/>; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="tagSizeInBytes"/> is not a GCM tag size.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is not 128 bits.</exception>
    public Gcm CreateGcm(byte[] key, int tagSizeInBytes = 16)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        return CreateGcm(new ReadOnlySpan<byte>(key), tagSizeInBytes);
    }

    /// <inheritdoc cref="CreateGcm(byte[], int)"/>
    public Gcm CreateGcm(ReadOnlySpan<byte> key, int tagSizeInBytes = 16)
    {
        if (!Gcm.IsValidTagSize(tagSizeInBytes))
        {
            throw new ArgumentException(ErrorMessages.InvalidTagLength, nameof(tagSizeInBytes));
        }

        BlockCipher cipher = CreateModeCipher(key, "GCM");
        Span<byte> h = stackalloc byte[16];
        h.Clear();
        cipher.Encrypt(h, h);                     // H = E(0^128), SP 800-38D §6.4
        GHash ghash = CreateGHash(h);
        Secret.Clear(h);
        return new Gcm(cipher, ghash, CreateGcmBulk(cipher, ghash), tagSizeInBytes);
    }

    /// <summary>Creates GMAC (NIST SP 800-38D, GCM without plaintext) over this cipher and flavour; 128-bit blocks only.</summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <returns>A new <see cref="Gmac"/>; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is not 128 bits.</exception>
    public Gmac CreateGmac(byte[] key) => new Gmac(CreateGcm(key));

    /// <summary>Creates CCM (NIST SP 800-38C, RFC 3610) over this cipher and flavour; 128-bit blocks only.</summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <returns>A new <see cref="Ccm"/>; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is not 128 bits.</exception>
    public Ccm CreateCcm(byte[] key)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        return CreateCcm(new ReadOnlySpan<byte>(key));
    }

    /// <inheritdoc cref="CreateCcm(byte[])"/>
    public Ccm CreateCcm(ReadOnlySpan<byte> key) => new Ccm(CreateModeCipher(key, "CCM"));

    /// <summary>Creates CMAC (NIST SP 800-38B, RFC 4493) over this cipher and flavour; 64- or 128-bit blocks.</summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <returns>A new <see cref="Cmac"/> (a <see cref="KeyedHashAlgorithm"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is neither 64 nor 128 bits.</exception>
    public Cmac CreateCmac(byte[] key)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        ThrowIfDisposed();
        int blockSize = BlockSizeValue / 8;
        if (blockSize != 8 && blockSize != 16)
        {
            throw new CryptographicException(string.Format(ErrorMessages.CmacBlockSize, BlockSizeValue));
        }

        CheckModeKey(key);
        return new Cmac(k => CreateCipher(k, blockSize), ValidKeySize, blockSize, key);
    }

    /// <summary>
    /// Creates CBC-MAC (ISO/IEC 9797-1 MAC algorithm 1: CBC with a zero IV, the last chaining value is the MAC) over
    /// this cipher and flavour; 64- or 128-bit blocks. Secure only for messages of one fixed length or with
    /// <see cref="CbcMacPadding.Method3"/>; see the remarks on <see cref="CbcMac"/>, and prefer <see cref="CreateCmac(byte[])"/>.
    /// </summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <param name="padding">The ISO/IEC 9797-1 padding method.</param>
    /// <returns>A new <see cref="CbcMac"/> (a <see cref="KeyedHashAlgorithm"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="padding"/> is not a <see cref="CbcMacPadding"/> value.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is neither 64 nor 128 bits.</exception>
    public CbcMac CreateCbcMac(byte[] key, CbcMacPadding padding)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        ThrowIfDisposed();
        CbcMac.CheckPadding(padding);
        int blockSize = BlockSizeValue / 8;
        if (blockSize != 8 && blockSize != 16)
        {
            throw new CryptographicException(string.Format(ErrorMessages.CbcMacBlockSize, BlockSizeValue));
        }

        return new CbcMac(k => CreateCipher(k, blockSize), CheckModeKey, blockSize, padding, retail: false, key);
    }

    /// <summary>Creates key wrap, KW (RFC 3394) and KWP (RFC 5649), over this cipher and flavour; 128-bit blocks only.</summary>
    /// <param name="key">The key-encryption key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <returns>A new <see cref="KeyWrap"/>; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <exception cref="CryptographicException">The key size is not valid, or the block size is not 128 bits.</exception>
    public KeyWrap CreateKeyWrap(byte[] key)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        return new KeyWrap(CreateModeCipher(key, "Key wrap"));
    }

    /// <summary>
    /// Creates a CTR transform (NIST SP 800-38A §6.5) for <see cref="CryptoStream"/> or direct use; the same transform
    /// encrypts and decrypts. The counter is the last <paramref name="counterSizeInBytes"/> bytes of the counter block,
    /// big-endian (the whole block by default; 4 gives the 32-bit counter of RFC 3686 and RFC 5528), and wraps around
    /// within them. Any block size of the cipher works.
    /// </summary>
    /// <param name="key">The key: any size in <see cref="SymmetricAlgorithm.LegalKeySizes"/>.</param>
    /// <param name="initialCounter">The first counter block, one block long. Never reuse a counter block with the same key.</param>
    /// <param name="counterSizeInBytes">How many trailing bytes count: 1 to the block size, or 0 for the whole block.</param>
    /// <returns>A new transform; dispose it to clear the key schedule.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException">The counter block or counter size is not valid.</exception>
    /// <exception cref="CryptographicException">The key size is not valid.</exception>
    public ICryptoTransform CreateCtrTransform(byte[] key, byte[] initialCounter, int counterSizeInBytes = 0)
    {
        Gcm.ThrowIfNull(key, nameof(key));
        Gcm.ThrowIfNull(initialCounter, nameof(initialCounter));
        ThrowIfDisposed();
        int blockSize = BlockSizeValue / 8;
        int counterBytes = CheckCounter(initialCounter, counterSizeInBytes, blockSize);
        CheckModeKey(key);
        return new CtrTransform(CreateCipher(key, blockSize), initialCounter, counterBytes);
    }

    /// <summary>Encrypts with CTR (NIST SP 800-38A §6.5) under <see cref="SymmetricAlgorithm.Key"/>, the whole block counting.</summary>
    /// <param name="plaintext">The data to encrypt (any length).</param>
    /// <param name="initialCounter">The first counter block, one block long. Never reuse a counter block with the same key.</param>
    /// <returns>The ciphertext, as long as the plaintext.</returns>
    public byte[] EncryptCtr(byte[] plaintext, byte[] initialCounter)
    {
        Gcm.ThrowIfNull(plaintext, nameof(plaintext));
        Gcm.ThrowIfNull(initialCounter, nameof(initialCounter));
        byte[] output = new byte[plaintext.Length];
        EncryptCtr(plaintext, initialCounter, output);
        return output;
    }

    /// <summary>Encrypts with CTR under <see cref="SymmetricAlgorithm.Key"/> into <paramref name="destination"/>.</summary>
    /// <param name="plaintext">The data to encrypt (any length).</param>
    /// <param name="initialCounter">The first counter block, one block long.</param>
    /// <param name="destination">Receives the ciphertext; the same buffer as <paramref name="plaintext"/> or disjoint.</param>
    /// <returns>The number of bytes written: the length of <paramref name="plaintext"/>.</returns>
    public int EncryptCtr(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> initialCounter, Span<byte> destination)
    {
        ThrowIfDisposed();
        int blockSize = BlockSizeValue / 8;
        CheckCounter(initialCounter, 0, blockSize);
        if (destination.Length < plaintext.Length)
        {
            throw new ArgumentException(ErrorMessages.DestinationTooSmall, nameof(destination));
        }

        Gcm.CheckOverlap(plaintext, destination.Slice(0, plaintext.Length));
        // The one-shot methods' schedule: built once per key, safe to share between threads (see AcquireOneShot).
        using Lease<OneShotSchedule> schedule = AcquireOneShot();
        Span<byte> counter = stackalloc byte[blockSize];
        initialCounter.CopyTo(counter);
        Ctr.Transform(schedule.Value.Cipher, counter, blockSize, plaintext, destination);
        Secret.Clear(counter);
        return plaintext.Length;
    }

    /// <summary>Decrypts with CTR under <see cref="SymmetricAlgorithm.Key"/> (the same operation as encryption).</summary>
    /// <param name="ciphertext">The data to decrypt.</param>
    /// <param name="initialCounter">The counter block used to encrypt.</param>
    /// <returns>The plaintext.</returns>
    public byte[] DecryptCtr(byte[] ciphertext, byte[] initialCounter) => EncryptCtr(ciphertext, initialCounter);

    /// <summary>Decrypts with CTR under <see cref="SymmetricAlgorithm.Key"/> into <paramref name="destination"/>.</summary>
    /// <param name="ciphertext">The data to decrypt.</param>
    /// <param name="initialCounter">The counter block used to encrypt.</param>
    /// <param name="destination">Receives the plaintext; the same buffer as <paramref name="ciphertext"/> or disjoint.</param>
    /// <returns>The number of bytes written.</returns>
    public int DecryptCtr(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> initialCounter, Span<byte> destination) =>
        EncryptCtr(ciphertext, initialCounter, destination);

    /// <summary>GHASH for this flavour with hash key <paramref name="hashKey"/>, as the catalogue chooses it.</summary>
    private GHash CreateGHash(ReadOnlySpan<byte> hashKey) => _cores.CreateGHash(hashKey);

    /// <summary>
    /// The one-pass CTR-and-GHASH loop of this flavour for a GCM core and hash, or null for CTR and GHASH one after the
    /// other (the Reference flavour, and any core without a stitched loop).
    /// </summary>
    private GcmBulk? CreateGcmBulk(BlockCipher cipher, GHash ghash) => _cores.CreateGcmBulk(cipher, ghash);

    private BlockCipher CreateModeCipher(ReadOnlySpan<byte> key, string mode)
    {
        ThrowIfDisposed();
        if (BlockSizeValue != 128)
        {
            throw new CryptographicException(string.Format(ErrorMessages.BlockSizeNot128, mode, BlockSizeValue));
        }

        if (!ValidKeySize(SizeChecks.Bits(key.Length)))
        {
            throw new CryptographicException(ErrorMessages.InvalidKeySize);
        }

        return CreateCipher(key, 16);
    }

    private void CheckModeKey(byte[] key)
    {
        if (!ValidKeySize(SizeChecks.Bits(key.Length)))
        {
            throw new CryptographicException(ErrorMessages.InvalidKeySize);
        }
    }

    private static int CheckCounter(ReadOnlySpan<byte> initialCounter, int counterSizeInBytes, int blockSize)
    {
        if (initialCounter.Length != blockSize)
        {
            throw new ArgumentException(string.Format(ErrorMessages.CounterLength, blockSize), nameof(initialCounter));
        }

        if (counterSizeInBytes < 0 || counterSizeInBytes > blockSize)
        {
            throw new ArgumentException(string.Format(ErrorMessages.CounterSize, blockSize), nameof(counterSizeInBytes));
        }

        return counterSizeInBytes == 0 ? blockSize : counterSizeInBytes;
    }

    #endregion
}
