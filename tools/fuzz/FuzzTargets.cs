// Fuzz targets over the parsers and the transform API, shared by the fuzzer (tools/fuzz/run.sh: AFL++ through
// SharpFuzz, or the built-in mutational loop) and by the corpus replay in the xUnit tests. A target takes any bytes
// and either returns or throws FuzzFinding (or an exception of a type the API does not document): a finding.
// Bad input may only be refused with the exceptions the BCL itself uses: CryptographicException, ArgumentException
// (and its subclasses) and PlatformNotSupportedException (an unsupported curve).

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Panicode.Crypto.Unsafe;

namespace Panicode.Crypto.Fuzzing;

/// <summary>A property of a fuzz target did not hold.</summary>
public sealed class FuzzFinding : Exception
{
    public FuzzFinding(string message)
        : base(message)
    {
    }
}

public static class FuzzTargets
{
    private static readonly byte[] s_hash = SHA256.HashData(Encoding.ASCII.GetBytes("Panicode fuzz"));

    // One fixed P-256 key for the signature target, in both implementations.
    private static readonly Lazy<(PrimeEcdsa Ours, ECDsa BuiltIn)> s_signer = new(() =>
    {
        PrimeEcdsa ours = PrimeEcdsa.Create(ECCurve.NamedCurves.nistP256);
        ECDsa builtIn = ECDsa.Create(ours.ExportParameters(true));
        return (ours, builtIn);
    });

    /// <summary>The targets by name.</summary>
    public static IReadOnlyDictionary<string, Action<byte[]>> All { get; } = new Dictionary<string, Action<byte[]>>
    {
        ["der"] = DerSignature,
        ["pem"] = Pem,
        ["pkcs8"] = data => KeyBlob(data, (e, d) => e.ImportPkcs8PrivateKey(d, out _), (e, d) => e.ImportPkcs8PrivateKey(d, out _)),
        ["spki"] = data => KeyBlob(data, (e, d) => e.ImportSubjectPublicKeyInfo(d, out _), (e, d) => e.ImportSubjectPublicKeyInfo(d, out _)),
        ["sec1"] = data => KeyBlob(data, (e, d) => e.ImportECPrivateKey(d, out _), (e, d) => e.ImportECPrivateKey(d, out _)),
        ["ecparameters"] = EcParametersTarget,
        ["transform"] = Transform,
    };

    /// <summary>Seed inputs for a target: valid encodings that the mutations start from.</summary>
    public static IEnumerable<byte[]> Seeds(string target)
    {
        using ECDsa key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        using ECDsa brainpool = ECDsa.Create(ECCurve.NamedCurves.brainpoolP256r1);
        switch (target)
        {
            case "der":
                yield return s_signer.Value.BuiltIn.SignHash(s_hash, DSASignatureFormat.Rfc3279DerSequence);
                yield return s_signer.Value.BuiltIn.SignHash(s_hash, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
                break;
            case "pem":
                yield return Encoding.ASCII.GetBytes(key.ExportPkcs8PrivateKeyPem());
                yield return Encoding.ASCII.GetBytes(key.ExportSubjectPublicKeyInfoPem());
                yield return Encoding.ASCII.GetBytes(key.ExportECPrivateKeyPem());
                break;
            case "pkcs8":
                yield return key.ExportPkcs8PrivateKey();
                yield return brainpool.ExportPkcs8PrivateKey();
                break;
            case "spki":
                yield return key.ExportSubjectPublicKeyInfo();
                yield return ExplicitSpki(key);
                break;
            case "sec1":
                yield return key.ExportECPrivateKey();
                break;
            case "ecparameters":
                yield return EncodeParameters(key.ExportParameters(true));
                yield return EncodeParameters(key.ExportExplicitParameters(true));
                yield return EncodeParameters(brainpool.ExportExplicitParameters(false));
                break;
            case "transform":
                yield return new byte[] { 0x00, 0x01, 0x02, 0x03, 0x10, 0x21, 0xFF, 0x05 }.Concat(Enumerable.Range(0, 120).Select(i => (byte)i)).ToArray();
                yield return new byte[] { 0x17, 0x22, 0x01, 0x03, 0xF3, 0x01, 0x02, 0xFF, 0x11 }.Concat(Enumerable.Range(0, 200).Select(i => (byte)(i * 7))).ToArray();
                break;
            default:
                throw new ArgumentException("Unknown target " + target, nameof(target));
        }
    }

    /// <summary>
    /// Verifies the input as a DER and as a P1363 signature of a fixed hash: our verdict must equal the built-in's.
    /// </summary>
    private static void DerSignature(byte[] data)
    {
        (PrimeEcdsa ours, ECDsa builtIn) = s_signer.Value;
        foreach (DSASignatureFormat format in new[] { DSASignatureFormat.Rfc3279DerSequence, DSASignatureFormat.IeeeP1363FixedFieldConcatenation })
        {
            bool expected = builtIn.VerifyHash(s_hash, data, format);
            bool actual = ours.VerifyHash(s_hash, data, format);
            if (expected != actual)
            {
                throw new FuzzFinding($"{format}: built-in says {expected}, ours {actual}");
            }
        }
    }

    private static void Pem(byte[] data)
    {
        string text = Encoding.Latin1.GetString(data);
        KeyBlob(data, (e, _) => e.ImportFromPem(text), (e, _) => e.ImportFromPem(text));
    }

    /// <summary>
    /// Imports the blob into ours and into the built-in ECDsa. Ours may refuse only with a documented exception; when
    /// both accept, they must hold the same key; a key ours accepts must sign and verify.
    /// </summary>
    private static void KeyBlob(byte[] data, Action<ECDsa, byte[]> importOurs, Action<ECDsa, byte[]> importBuiltIn)
    {
        using PrimeEcdsa ours = PrimeEcdsa.Create();
        if (!Accepted(() => importOurs(ours, data)))
        {
            return;
        }

        ECParameters mine = ours.ExportExplicitParameters(false);
        using ECDsa builtIn = ECDsa.Create();
        bool builtInAccepted = false;
        try
        {
            importBuiltIn(builtIn, data);
            builtInAccepted = true;
        }
        catch (Exception e) when (e is CryptographicException or ArgumentException or PlatformNotSupportedException)
        {
        }

        if (builtInAccepted)
        {
            ECParameters theirs = builtIn.ExportExplicitParameters(false);
            if (!Same(mine.Q.X, theirs.Q.X) || !Same(mine.Q.Y, theirs.Q.Y) || !Same(mine.Curve.Prime, theirs.Curve.Prime))
            {
                throw new FuzzFinding("Ours and the built-in imported different keys.");
            }
        }

        SignAndVerify(ours);
    }

    /// <summary>ECParameters built field by field from the input, imported into both flavours.</summary>
    private static void EcParametersTarget(byte[] data)
    {
        ECParameters parameters;
        try
        {
            parameters = DecodeParameters(data);
        }
        catch (ArgumentException)
        {
            return;   // the BCL's own ECCurve factories refuse the name
        }

        foreach (PrimeEcdsa ours in new[] { PrimeEcdsa.Create(), UnsafeCrypto.CreateEcdsa() })
        {
            using (ours)
            {
                if (Accepted(() => ours.ImportParameters(parameters)))
                {
                    SignAndVerify(ours);
                }
            }
        }
    }

    /// <summary>
    /// A random sequence of TransformBlock/TransformFinalBlock calls (and a one-shot) on Rijndael-128 of both flavours
    /// against the built-in Aes: the same bytes out, or the same exception type.
    /// </summary>
    private static void Transform(byte[] data)
    {
        var input = new Reader(data);
        byte setup = input.Byte();
        int keyLength = 16 + (8 * (setup % 3));
        CipherMode mode = (setup / 3 % 3) switch { 0 => CipherMode.ECB, 1 => CipherMode.CBC, _ => CipherMode.CFB };
        int feedback = mode == CipherMode.CFB && (setup & 0x40) != 0 ? 8 : 128;
        PaddingMode padding = (input.Byte() % 4) switch { 0 => PaddingMode.None, 1 => PaddingMode.PKCS7, 2 => PaddingMode.Zeros, _ => PaddingMode.ANSIX923 };
        bool encrypt = (setup & 0x80) == 0;
        if (!encrypt && feedback == 8 && padding is PaddingMode.PKCS7 or PaddingMode.ANSIX923)
        {
            // Not comparable: the built-in's CFB8 decryptor accepts padding lengths up to the block size where the
            // one-byte unit allows only 1, and throws IndexOutOfRangeException on some inputs (docs/fuzzing.md).
            padding = PaddingMode.None;
        }

        byte[] key = input.Bytes(keyLength, pad: true);
        byte[] iv = input.Bytes(16, pad: true);

        SymmetricAlgorithm[] algorithms = { Aes.Create(), RijndaelCipher.Create(), UnsafeCrypto.CreateRijndael() };
        try
        {
            foreach (SymmetricAlgorithm a in algorithms)
            {
                a.Mode = mode;
                a.Padding = padding;
                a.FeedbackSize = feedback;
                a.Key = key;
                a.IV = iv;
            }

            // The calls: each op byte is a TransformBlock of 1..8 blocks or, from 0xE0 up, a TransformFinalBlock of 0..31 bytes.
            // Whole blocks for TransformBlock even in CFB8: the built-in's InputBlockSize is the block size there (it
            // refuses a 3-byte TransformBlock), while ours is the feedback size; both take whole blocks.
            var calls = new List<(bool Final, byte[] Data)>();
            const int unit = 16;
            int pending = 0;
            while (!input.AtEnd && calls.Count < 32)
            {
                byte op = input.Byte();
                (bool Final, byte[] Data) call = op >= 0xE0 ? (true, input.Bytes(op & 0x1F, pad: false)) : (false, input.Bytes(unit * (1 + (op % 8)), pad: true));
                pending += call.Data.Length;
                if (call.Final && pending == 0 && !encrypt)
                {
                    // Not comparable either: an empty padded message is refused here, as RijndaelManaged does, and
                    // returned empty by the built-in.
                    continue;
                }

                calls.Add(call);
                pending = call.Final ? 0 : pending;
            }

            string[] results = algorithms.Select(a => Run(a, encrypt, calls)).ToArray();
            for (int i = 1; i < results.Length; i++)
            {
                if (results[i] != results[0])
                {
                    throw new FuzzFinding(
                        $"{algorithms[i].GetType().Name} ({mode}, feedback {feedback}, {padding}, {(encrypt ? "encrypt" : "decrypt")}, {calls.Count} calls) " +
                        $"differs from the built-in Aes: {Shape(results[i])} against {Shape(results[0])}" +
                        (Environment.GetEnvironmentVariable("PANICODE_FUZZ_VERBOSE") == "1" ? $"\n{results[i]}\n{results[0]}" : string.Empty));
                }
            }
        }
        finally
        {
            foreach (SymmetricAlgorithm a in algorithms)
            {
                a.Dispose();
            }
        }
    }

    // The outputs of the calls as hex, message by message, with an exception type where one was thrown, then the
    // one-shot of all the data. A message whose final call fails is not compared byte for byte: how much plaintext a
    // decryptor releases before its padding check is the implementation's choice (the built-in holds back a whole
    // block in CFB8, ours one feedback unit), only the refusal is.
    private static string Run(SymmetricAlgorithm algorithm, bool encrypt, List<(bool Final, byte[] Data)> calls)
    {
        var output = new StringBuilder();
        var message = new StringBuilder();
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
        foreach ((bool final, byte[] data) in calls)
        {
            try
            {
                if (final)
                {
                    output.Append(message).Append(Convert.ToHexString(transform.TransformFinalBlock(data, 0, data.Length))).Append('|');
                    message.Clear();
                }
                else
                {
                    byte[] buffer = new byte[data.Length + 32];
                    int written = transform.TransformBlock(data, 0, data.Length, buffer, 0);
                    message.Append(Convert.ToHexString(buffer, 0, written));
                }
            }
            catch (Exception e) when (e is CryptographicException or ArgumentException)
            {
                // A failed call leaves the transform in a state the BCL does not specify: stop here.
                output.Append('!').Append(e is CryptographicException ? nameof(CryptographicException) : nameof(ArgumentException));
                break;
            }
        }

        byte[] all = calls.SelectMany(c => c.Data).ToArray();
        try
        {
            byte[] oneShot = (algorithm.Mode, encrypt) switch
            {
                (CipherMode.ECB, true) => algorithm.EncryptEcb(all, algorithm.Padding),
                (CipherMode.ECB, false) => algorithm.DecryptEcb(all, algorithm.Padding),
                (CipherMode.CBC, true) => algorithm.EncryptCbc(all, algorithm.IV, algorithm.Padding),
                (CipherMode.CBC, false) => algorithm.DecryptCbc(all, algorithm.IV, algorithm.Padding),
                (_, true) => algorithm.EncryptCfb(all, algorithm.IV, algorithm.Padding, algorithm.FeedbackSize),
                (_, false) => algorithm.DecryptCfb(all, algorithm.IV, algorithm.Padding, algorithm.FeedbackSize),
            };
            output.Append("#").Append(Convert.ToHexString(oneShot));
        }
        catch (Exception e) when (e is CryptographicException or ArgumentException)
        {
            output.Append("#!").Append(e is CryptographicException ? nameof(CryptographicException) : nameof(ArgumentException));
        }

        return output.ToString();
    }

    // A result without its bytes (message lengths and refusals), so that findings of one kind share one message.
    private static string Shape(string result) =>
        string.Join("|", result.Split('|').Select(part => part.StartsWith('!') || part.StartsWith('#') ? part.Split('#')[0] + "#" : (part.Length / 2).ToString(System.Globalization.CultureInfo.InvariantCulture)));

    // True when the call succeeded; false when it refused the input with an exception the API documents.
    private static bool Accepted(Action call)
    {
        try
        {
            call();
            return true;
        }
        catch (Exception e) when (e is CryptographicException or ArgumentException or PlatformNotSupportedException)
        {
            return false;
        }
    }

    private static void SignAndVerify(PrimeEcdsa ours)
    {
        ECParameters key = ours.ExportParameters(false);
        if (ours.ExportExplicitParameters(false).Q.X is null)
        {
            throw new FuzzFinding("An accepted key exports no point.");
        }

        try
        {
            byte[] signature = ours.SignHash(s_hash);
            if (!ours.VerifyHash(s_hash, signature))
            {
                throw new FuzzFinding("A signature of an accepted key does not verify.");
            }
        }
        catch (CryptographicException) when (key.D is null)
        {
            // A public key alone cannot sign.
        }
    }

    private static bool Same(byte[]? a, byte[]? b) => (a ?? Array.Empty<byte>()).AsSpan().SequenceEqual(b ?? Array.Empty<byte>());

    // The fields of ECParameters as length-prefixed byte strings (lengths are one byte): a kind byte (0 named by OID,
    // 1 named by friendly name, 2 explicit prime, else characteristic-2), the name or the seven curve fields, then
    // Q.X, Q.Y and D (a length of 255 means null).
    internal static byte[] EncodeParameters(ECParameters p)
    {
        var bytes = new List<byte>();
        void Field(byte[]? value)
        {
            bytes.Add(value is null ? (byte)255 : (byte)value.Length);
            bytes.AddRange(value ?? Array.Empty<byte>());
        }

        if (p.Curve.IsNamed)
        {
            bytes.Add(0);
            Field(Encoding.ASCII.GetBytes(p.Curve.Oid.Value!));
        }
        else
        {
            bytes.Add(2);
            Field(p.Curve.Prime);
            Field(p.Curve.A);
            Field(p.Curve.B);
            Field(p.Curve.G.X);
            Field(p.Curve.G.Y);
            Field(p.Curve.Order);
            Field(p.Curve.Cofactor);
        }

        Field(p.Q.X);
        Field(p.Q.Y);
        Field(p.D);
        return bytes.ToArray();
    }

    private static ECParameters DecodeParameters(byte[] data)
    {
        var input = new Reader(data);
        byte kind = input.Byte();
        ECCurve curve;
        if (kind <= 1)
        {
            string name = Encoding.ASCII.GetString(input.Field() ?? Array.Empty<byte>());
            curve = kind == 0 ? ECCurve.CreateFromValue(name) : ECCurve.CreateFromFriendlyName(name);
        }
        else
        {
            curve = new ECCurve
            {
                CurveType = kind == 2 ? ECCurve.ECCurveType.PrimeShortWeierstrass : (ECCurve.ECCurveType)(kind % 8),
                Prime = input.Field(),
                A = input.Field(),
                B = input.Field(),
                G = new ECPoint { X = input.Field(), Y = input.Field() },
                Order = input.Field(),
                Cofactor = input.Field(),
            };
        }

        return new ECParameters { Curve = curve, Q = new ECPoint { X = input.Field(), Y = input.Field() }, D = input.Field() };
    }

    /// <summary>Reads the fuzzer's bytes; past the end it reads zeros, so every input decodes to something.</summary>
    private sealed class Reader
    {
        private readonly byte[] _data;
        private int _position;

        public Reader(byte[] data) => _data = data;

        public bool AtEnd => _position >= _data.Length;

        public byte Byte() => _position < _data.Length ? _data[_position++] : (byte)0;

        public byte[] Bytes(int count, bool pad)
        {
            int available = Math.Min(count, Math.Max(0, _data.Length - _position));
            byte[] bytes = new byte[pad ? count : available];
            Array.Copy(_data, _position, bytes, 0, available);
            _position += available;
            return bytes;
        }

        public byte[]? Field()
        {
            byte length = Byte();
            return length == 255 ? null : Bytes(length, pad: false);
        }
    }

    // An SPKI with explicit P-256 parameters (OpenSSL writes these with -param_enc explicit).
    private static byte[] ExplicitSpki(ECDsa key)
    {
        using ECDsa copy = ECDsa.Create(key.ExportExplicitParameters(false));
        return copy.ExportSubjectPublicKeyInfo();
    }
}
