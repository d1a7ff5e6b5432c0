// RijndaelManagedOracle: writes comparison data from Mono's System.Security.Cryptography.RijndaelManaged
// (the .NET Framework reference-source implementation) for Panicode.Crypto's RijndaelCipher.
//
//   mono RijndaelManagedOracle.exe VECTOR_FILE FACTS_FILE
//
// Compiled by Mono's mcs (C# <= 7.2): see generate.sh. Every key, IV and plaintext comes from a fixed-seed
// SplitMix64 stream, so a rerun writes the same file, except for the ciphertexts of the ISO10126 ("R")
// records, whose padding bytes RijndaelManaged draws from a system RNG. Record format: SOURCE.md next to
// the vector file.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

internal static class RijndaelManagedOracle
{
    private static readonly int[] s_sizes = { 128, 160, 192, 224, 256 };
    private static readonly PaddingMode[] s_paddings =
    {
        PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126,
    };

    private static ulong s_state = 0x50616e69636f6465UL; // "Panicode"
    private static int s_records;
    private static readonly Dictionary<string, int> s_kinds = new Dictionary<string, int>();

    private static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: mono RijndaelManagedOracle.exe VECTOR_FILE FACTS_FILE");
            return 2;
        }

        string version = MonoVersion();
        using (StreamWriter vectors = Create(args[0]))
        {
            WriteVectors(vectors, version);
        }

        using (StreamWriter facts = Create(args[1]))
        {
            WriteFacts(facts, version);
        }

        Console.WriteLine("{0}: {1} records ({2})", args[0], s_records,
            string.Join(", ", s_kinds.OrderBy(p => p.Key).Select(p => p.Key + "=" + p.Value)));
        return 0;
    }

    private static StreamWriter Create(string path)
    {
        // LF line ends and no BOM, so the file is identical whatever machine regenerates it.
        return new StreamWriter(path, false, new UTF8Encoding(false)) { NewLine = "\n" };
    }

    private static string MonoVersion()
    {
        Type mono = Type.GetType("Mono.Runtime");
        if (mono == null)
        {
            return "not Mono: " + Environment.Version;
        }

        object name = mono.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)
            .Invoke(null, null);
        return "Mono " + name;
    }

    // ------------------------------------------------------------------ deterministic data

    private static ulong Next()
    {
        // SplitMix64 (Steele, Lea, Flood 2014): tiny, well mixed, and the same on every runtime.
        ulong z = s_state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    private static byte[] Bytes(int count)
    {
        byte[] result = new byte[count];
        for (int i = 0; i < count; i++)
        {
            result[i] = (byte)Next();
        }

        return result;
    }

    // ------------------------------------------------------------------ vectors

    private sealed class Config
    {
        public int Block;
        public int Key;
        public CipherMode Mode;
        public int Feedback; // CFB only; 0 = left at RijndaelManaged's default
        public PaddingMode Padding;
        public byte[] KeyBytes;
        public byte[] IV; // null for ECB

        // The unit padding fills: the block, or the feedback size in CFB.
        public int Unit { get { return Mode == CipherMode.CFB ? (Feedback == 0 ? 128 : Feedback) / 8 : Block / 8; } }

        public string Head(string kind)
        {
            StringBuilder s = new StringBuilder();
            s.Append(kind).Append(" B=").Append(Block).Append(" K=").Append(Key).Append(" M=").Append(Mode);
            if (Feedback != 0)
            {
                s.Append(" F=").Append(Feedback);
            }

            s.Append(" P=").Append(Padding).Append(" KEY=").Append(Hex(KeyBytes));
            if (IV != null)
            {
                s.Append(" IV=").Append(Hex(IV));
            }

            return s.ToString();
        }

        public RijndaelManaged Create()
        {
            // The order the reader uses too: block size first (it resets the IV), then the rest.
            RijndaelManaged r = new RijndaelManaged();
            r.BlockSize = Block;
            if (Feedback != 0)
            {
                r.FeedbackSize = Feedback;
            }

            r.Mode = Mode;
            r.Padding = Padding;
            r.Key = KeyBytes;
            if (IV != null)
            {
                r.IV = IV;
            }

            return r;
        }
    }

    private static void WriteVectors(TextWriter w, string version)
    {
        w.WriteLine("# Comparison data from System.Security.Cryptography.RijndaelManaged on " + version + ".");
        w.WriteLine("# Generated by tools/rijndaelmanaged-oracle (generate.sh); format and origin: SOURCE.md in this folder.");
        w.WriteLine("# Behaviour facts (defaults, exceptions, unsupported sizes and modes): mono-rijndaelmanaged-facts.txt.");
        w.WriteLine("# Block/key sizes RijndaelManaged accepts: 128, 192, 256 (160 and 224 throw; see the facts file).");

        foreach (int block in s_sizes)
        {
            foreach (int key in s_sizes)
            {
                string refused = TryConfigure(block, key);
                if (refused != null)
                {
                    w.WriteLine("# B={0} K={1}: not supported by RijndaelManaged ({2})", block, key, refused);
                    continue;
                }

                w.WriteLine("# ---- B={0} K={1}", block, key);
                if (block != 128 && key == 128)
                {
                    // FeedbackSize stays 128 when BlockSize changes: CFB records without F leave it at that default.
                    foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.PKCS7 })
                    {
                        Config c = new Config
                        {
                            Block = block,
                            Key = key,
                            Mode = CipherMode.CFB,
                            Padding = padding,
                            KeyBytes = Bytes(key / 8),
                            IV = Bytes(block / 8),
                        };
                        foreach (int length in new[] { 0, 15, 16, 17, 2 * (block / 8) + 3 })
                        {
                            WriteEncrypt(w, c, Bytes(length));
                        }
                    }
                }

                foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
                {
                    int[] feedbacks = mode == CipherMode.CFB
                        ? Enumerable.Range(1, block / 8).Select(i => i * 8).ToArray()
                        : new[] { 0 };
                    foreach (int feedback in feedbacks)
                    {
                        foreach (PaddingMode padding in s_paddings)
                        {
                            Config c = new Config
                            {
                                Block = block,
                                Key = key,
                                Mode = mode,
                                Feedback = feedback,
                                Padding = padding,
                                KeyBytes = Bytes(key / 8),
                                IV = mode == CipherMode.ECB ? null : Bytes(block / 8),
                            };
                            WriteConfig(w, c);
                        }
                    }
                }
            }
        }
    }

    private static string TryConfigure(int block, int key)
    {
        try
        {
            using (RijndaelManaged r = new RijndaelManaged())
            {
                r.BlockSize = block;
                r.Key = new byte[key / 8];
                r.CreateEncryptor().Dispose();
            }

            return null;
        }
        catch (Exception e)
        {
            return "throws " + e.GetType().FullName + ": " + e.Message;
        }
    }

    private static void WriteConfig(TextWriter w, Config c)
    {
        int unit = c.Unit;
        int block = c.Block / 8;

        // The CFB-8 and full-block-feedback configurations get every length of interest; the other feedback
        // sizes (only their unit differs) a few that still cover empty, whole-unit and partial-unit input.
        bool full = c.Mode != CipherMode.CFB || c.Feedback == 8 || c.Feedback == c.Block;
        int[] lengths = full
            ? new[] { 0, 1, unit - 1, unit, unit + 1, 2 * unit + 3, block - 1, block, block + 1, 2 * block + 3, 97 }
            : new[] { 0, unit, unit + 1, 2 * block + 3 };
        foreach (int length in lengths.Where(n => n >= 0).Distinct().OrderBy(n => n))
        {
            WriteEncrypt(w, c, Bytes(length));
        }

        // Decryption of empty input and of input that is not a whole number of units.
        WriteDecrypt(w, c, new byte[0]);
        if (unit > 1)
        {
            WriteDecrypt(w, c, Bytes(unit + 1));
        }

        // Decryption of well-formed ciphertext whose padding is corrupt: the padded plaintext is made by hand
        // and encrypted without padding.
        if (c.Padding != PaddingMode.None && c.Padding != PaddingMode.Zeros)
        {
            foreach (byte[] padded in CorruptPaddings(c.Padding, unit))
            {
                WriteDecrypt(w, c, EncryptRaw(c, padded));
            }
        }
    }

    private static IEnumerable<byte[]> CorruptPaddings(PaddingMode padding, int unit)
    {
        // Two units of data; the last byte is the pad length.
        int n = 2 * unit;
        byte[] zero = Bytes(n);
        zero[n - 1] = 0;
        yield return zero;

        if (unit + 1 <= 255)
        {
            byte[] tooLong = Bytes(n);
            tooLong[n - 1] = (byte)(unit + 1);
            yield return tooLong;
        }

        if (unit >= 2 && padding != PaddingMode.ISO10126)
        {
            // Pad length 2 whose other pad byte is wrong (PKCS7 wants 02, ANSI X9.23 wants 00).
            byte[] inconsistent = Bytes(n);
            inconsistent[n - 1] = 2;
            inconsistent[n - 2] = (byte)(padding == PaddingMode.PKCS7 ? 3 : 1);
            yield return inconsistent;
        }

        if (padding == PaddingMode.ISO10126 && unit >= 3)
        {
            // Valid for ISO 10126 (the fill is arbitrary): must decrypt, dropping three bytes.
            byte[] arbitrary = Bytes(n);
            arbitrary[n - 1] = 3;
            yield return arbitrary;
        }
    }

    private static byte[] EncryptRaw(Config c, byte[] data)
    {
        using (RijndaelManaged r = c.Create())
        {
            r.Padding = PaddingMode.None;
            using (ICryptoTransform t = r.CreateEncryptor())
            {
                return t.TransformFinalBlock(data, 0, data.Length);
            }
        }
    }

    private static byte[] Transform(Config c, bool encrypt, byte[] input)
    {
        using (RijndaelManaged r = c.Create())
        using (ICryptoTransform t = encrypt ? r.CreateEncryptor() : r.CreateDecryptor())
        {
            return t.TransformFinalBlock(input, 0, input.Length);
        }
    }

    private static void WriteEncrypt(TextWriter w, Config c, byte[] plaintext)
    {
        byte[] ciphertext;
        try
        {
            ciphertext = Transform(c, true, plaintext);
        }
        catch (Exception e)
        {
            Emit(w, c.Head("E") + " PT=" + Hex(plaintext) + " THROWS=" + e.GetType().FullName, "E-throws");
            return;
        }

        byte[] decrypted = Transform(c, false, ciphertext);
        bool random = c.Padding == PaddingMode.ISO10126;
        if (random)
        {
            // Only the round trip is certain; the fill bytes differ from run to run.
            Check(decrypted.SequenceEqual(plaintext), c, "ISO10126 round trip");
        }

        string line = c.Head(random ? "R" : "E") + " PT=" + Hex(plaintext) + " CT=" + Hex(ciphertext);
        if (!decrypted.SequenceEqual(plaintext))
        {
            // Zeros padding is not removed on decryption: record what comes back.
            line += " DT=" + Hex(decrypted);
        }

        Emit(w, line, random ? "R" : "E");
    }

    private static void WriteDecrypt(TextWriter w, Config c, byte[] ciphertext)
    {
        string line = c.Head("D") + " CT=" + Hex(ciphertext);
        try
        {
            Emit(w, line + " DT=" + Hex(Transform(c, false, ciphertext)), "D");
        }
        catch (Exception e)
        {
            Emit(w, line + " THROWS=" + e.GetType().FullName, "D-throws");
        }
    }

    private static void Emit(TextWriter w, string line, string kind)
    {
        w.WriteLine(line);
        s_records++;
        int n;
        s_kinds.TryGetValue(kind, out n);
        s_kinds[kind] = n + 1;
    }

    private static void Check(bool condition, Config c, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException("Oracle self-check failed: " + what + " for " + c.Head("?"));
        }
    }

    internal static string Hex(byte[] data)
    {
        StringBuilder s = new StringBuilder(data.Length * 2);
        foreach (byte b in data)
        {
            s.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return s.ToString();
    }

    // ------------------------------------------------------------------ facts

    private static void WriteFacts(TextWriter w, string version)
    {
        Facts f = new Facts(w);
        w.WriteLine("# Behaviour of System.Security.Cryptography.RijndaelManaged on " + version + ".");
        w.WriteLine("# Generated by tools/rijndaelmanaged-oracle (generate.sh) with the vector file next to it; see SOURCE.md.");
        w.WriteLine("# One fact a line: NAME => VALUE, where a failing call shows as 'throws <type>: <message>'.");
        w.WriteLine();
        f.Section("defaults (new RijndaelManaged())");
        f.Fact("type", () => new RijndaelManaged().GetType().AssemblyQualifiedName);
        f.Fact("BlockSize", () => new RijndaelManaged().BlockSize);
        f.Fact("KeySize", () => new RijndaelManaged().KeySize);
        f.Fact("Mode", () => new RijndaelManaged().Mode);
        f.Fact("Padding", () => new RijndaelManaged().Padding);
        f.Fact("FeedbackSize", () => new RijndaelManaged().FeedbackSize);
        f.Fact("Key.Length (generated on first read)", () => new RijndaelManaged().Key.Length);
        f.Fact("IV.Length (generated on first read)", () => new RijndaelManaged().IV.Length);
        f.Fact("two instances have different Keys", () => !new RijndaelManaged().Key.SequenceEqual(new RijndaelManaged().Key));
        f.Fact("LegalBlockSizes", () => Sizes(new RijndaelManaged().LegalBlockSizes));
        f.Fact("LegalKeySizes", () => Sizes(new RijndaelManaged().LegalKeySizes));
        f.Fact("ValidKeySize(160)", () => new RijndaelManaged().ValidKeySize(160));

        f.Section("sizes");
        foreach (int size in new[] { 0, 64, 96, 100, 128, 160, 192, 224, 256, 288, 512 })
        {
            int s = size;
            f.Fact("BlockSize = " + s, () => { RijndaelManaged r = new RijndaelManaged(); r.BlockSize = s; return r.BlockSize; });
        }

        foreach (int size in new[] { 0, 64, 96, 100, 128, 160, 192, 224, 256, 288, 512 })
        {
            int s = size;
            f.Fact("KeySize = " + s, () => { RijndaelManaged r = new RijndaelManaged(); r.KeySize = s; return r.KeySize + ", Key.Length " + r.Key.Length; });
        }

        foreach (int length in new[] { 0, 15, 16, 17, 20, 24, 28, 32, 33 })
        {
            int n = length;
            f.Fact("Key = byte[" + n + "]", () => { RijndaelManaged r = new RijndaelManaged(); r.Key = new byte[n]; return "KeySize " + r.KeySize; });
        }

        f.Fact("Key = null", () => { RijndaelManaged r = new RijndaelManaged(); r.Key = null; return r.KeySize; });
        f.Fact("KeySize = 128 after Key = byte[32]: Key.Length", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.Key = new byte[32];
            r.KeySize = 128;
            return r.Key.Length;
        });
        f.Fact("KeySize = 256 (unchanged) after Key = byte[32]: Key kept", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.Key = Enumerable.Repeat((byte)7, 32).ToArray();
            r.KeySize = 256;
            return r.Key[0] == 7;
        });

        f.Section("feedback size");
        foreach (int block in new[] { 128, 192, 256 })
        {
            int b = block;
            f.Fact("B=" + b + ": FeedbackSize values accepted (0..B+16)", () =>
            {
                List<string> ok = new List<string>();
                for (int fb = 0; fb <= b + 16; fb++)
                {
                    RijndaelManaged r = new RijndaelManaged();
                    r.BlockSize = b;
                    try
                    {
                        r.FeedbackSize = fb;
                        ok.Add(fb.ToString(CultureInfo.InvariantCulture));
                    }
                    catch (CryptographicException)
                    {
                    }
                }

                return string.Join(",", ok);
            });
        }

        f.Fact("FeedbackSize = 12", () => { RijndaelManaged r = new RijndaelManaged(); r.FeedbackSize = 12; return r.FeedbackSize; });
        f.Fact("FeedbackSize = 136 (B=128)", () => { RijndaelManaged r = new RijndaelManaged(); r.FeedbackSize = 136; return r.FeedbackSize; });
        f.Fact("FeedbackSize after BlockSize = 256 (construction default 128)", () => { RijndaelManaged r = new RijndaelManaged(); r.BlockSize = 256; return r.FeedbackSize; });
        f.Fact("FeedbackSize after BlockSize = 192 (construction default 128)", () => { RijndaelManaged r = new RijndaelManaged(); r.BlockSize = 192; return r.FeedbackSize; });
        f.Fact("FeedbackSize after FeedbackSize = 8 then BlockSize = 256", () => { RijndaelManaged r = new RijndaelManaged(); r.FeedbackSize = 8; r.BlockSize = 256; return r.FeedbackSize; });
        f.Fact("FeedbackSize after BlockSize = 256, FeedbackSize = 256, BlockSize = 128", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.BlockSize = 256;
            r.FeedbackSize = 256;
            r.BlockSize = 128;
            return r.FeedbackSize;
        });
        f.Fact("CFB CreateEncryptor with FeedbackSize 256 > BlockSize 128 (set as above)", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.BlockSize = 256;
            r.FeedbackSize = 256;
            r.BlockSize = 128;
            r.Mode = CipherMode.CFB;
            return Describe(r.CreateEncryptor());
        });
        w.WriteLine("CFB TransformFinalBlock with FeedbackSize 256 > BlockSize 128 (set as above) => not probed here: on Mono 6.8.0.105 it "
            + "overruns a buffer and the runtime dies (SIGSEGV in Buffer.InternalBlockCopy from RijndaelManagedTransform.EncryptData), seen by hand");
        f.Fact("B=256 CFB with the default FeedbackSize (128): encryptor", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.BlockSize = 256;
            r.Mode = CipherMode.CFB;
            return Describe(r.CreateEncryptor());
        });

        f.Section("modes");
        foreach (CipherMode mode in Enum.GetValues(typeof(CipherMode)))
        {
            CipherMode m = mode;
            f.Fact("Mode = " + m, () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = m; return r.Mode; });
            f.Fact("Mode = " + m + ": CreateEncryptor()", () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = m; return Describe(r.CreateEncryptor()); });
            f.Fact("Mode = " + m + ": CreateDecryptor()", () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = m; return Describe(r.CreateDecryptor()); });
        }

        f.Fact("Mode = (CipherMode)0", () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = (CipherMode)0; return r.Mode; });
        f.Fact("Padding = (PaddingMode)0", () => { RijndaelManaged r = new RijndaelManaged(); r.Padding = (PaddingMode)0; return r.Padding; });
        f.Fact("Padding = (PaddingMode)6", () => { RijndaelManaged r = new RijndaelManaged(); r.Padding = (PaddingMode)6; return r.Padding; });
        foreach (int fb in new[] { 8, 16, 64, 128 })
        {
            int n = fb;
            f.Fact("CFB F=" + n + ": encryptor", () =>
            {
                RijndaelManaged r = new RijndaelManaged();
                r.Mode = CipherMode.CFB;
                r.FeedbackSize = n;
                return Describe(r.CreateEncryptor());
            });
        }

        f.Fact("B=256 CBC: encryptor", () => { RijndaelManaged r = new RijndaelManaged(); r.BlockSize = 256; return Describe(r.CreateEncryptor()); });

        f.Section("IV handling");
        foreach (int length in new[] { 0, 15, 16, 17, 32 })
        {
            int n = length;
            f.Fact("IV = byte[" + n + "] (B=128)", () => { RijndaelManaged r = new RijndaelManaged(); r.IV = new byte[n]; return r.IV.Length; });
        }

        f.Fact("IV = null", () => { RijndaelManaged r = new RijndaelManaged(); r.IV = null; return r.IV.Length; });
        f.Fact("IV.Length after BlockSize = 256 (IV was read before)", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            byte[] unused = r.IV;
            r.BlockSize = 256;
            return r.IV.Length;
        });
        f.Fact("IV after BlockSize = 128 (unchanged) keeps its value", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.IV = Enumerable.Repeat((byte)9, 16).ToArray();
            r.BlockSize = 128;
            return r.IV[0] == 9;
        });
        foreach (CipherMode mode in new[] { CipherMode.CBC, CipherMode.CFB, CipherMode.ECB })
        {
            CipherMode m = mode;
            f.Fact(m + ": CreateEncryptor(key, null) twice, same plaintext: ciphertexts differ (random IV)", () =>
            {
                RijndaelManaged r = new RijndaelManaged();
                r.Mode = m;
                byte[] key = new byte[32];
                byte[] a = r.CreateEncryptor(key, null).TransformFinalBlock(new byte[32], 0, 32);
                byte[] b = r.CreateEncryptor(key, null).TransformFinalBlock(new byte[32], 0, 32);
                return !a.SequenceEqual(b);
            });
            f.Fact(m + ": CreateDecryptor(key, null)", () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = m; return Describe(r.CreateDecryptor(new byte[32], null)); });
            f.Fact(m + ": CreateEncryptor(null, iv)", () => { RijndaelManaged r = new RijndaelManaged(); r.Mode = m; return Describe(r.CreateEncryptor(null, new byte[16])); });
            foreach (int length in new[] { 0, 8, 12, 15, 17, 19, 20, 24, 32 })
            {
                int n = length;
                f.Fact(m + ": CreateEncryptor(key, byte[" + n + "]) (B=128)", () =>
                {
                    RijndaelManaged r = new RijndaelManaged();
                    r.Mode = m;
                    byte[] iv = Enumerable.Range(1, n).Select(i => (byte)i).ToArray();
                    ICryptoTransform t = r.CreateEncryptor(new byte[16], iv);
                    byte[] ct = t.TransformFinalBlock(new byte[16], 0, 16);
                    if (m == CipherMode.ECB || n < 16)
                    {
                        return Describe(t);
                    }

                    // Which IV bytes were used: compare with the first 16 bytes as the IV.
                    byte[] expected = r.CreateEncryptor(new byte[16], iv.Take(16).ToArray()).TransformFinalBlock(new byte[16], 0, 16);
                    return Describe(t) + "; same output as IV = its first 16 bytes: " + ct.SequenceEqual(expected);
                });
            }
        }

        f.Fact("CreateEncryptor(byte[n] key, byte[16] iv) then TransformFinalBlock(16 bytes), n = 0..40", () =>
        {
            List<string> outcomes = new List<string>();
            for (int n = 0; n <= 40; n++)
            {
                string outcome;
                try
                {
                    byte[] ct = new RijndaelManaged().CreateEncryptor(new byte[n], new byte[16]).TransformFinalBlock(new byte[16], 0, 16);
                    outcome = "ok " + Hex(ct.Take(4).ToArray());
                }
                catch (Exception e)
                {
                    outcome = e.GetType().Name;
                }

                outcomes.Add(n + ":" + outcome);
            }

            return string.Join(" ", outcomes);
        });

        f.Section("empty input (B=128, K=128)");
        foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
        {
            foreach (int fb in mode == CipherMode.CFB ? new[] { 8, 128 } : new[] { 128 })
            {
                foreach (PaddingMode padding in s_paddings)
                {
                    CipherMode m = mode;
                    int feedback = fb;
                    PaddingMode p = padding;
                    string name = m + (m == CipherMode.CFB ? feedback.ToString(CultureInfo.InvariantCulture) : string.Empty) + " " + p;
                    Func<bool, ICryptoTransform> create = encrypt =>
                    {
                        RijndaelManaged r = new RijndaelManaged();
                        r.Mode = m;
                        r.FeedbackSize = feedback;
                        r.Padding = p;
                        r.Key = new byte[16];
                        r.IV = new byte[16];
                        return encrypt ? r.CreateEncryptor() : r.CreateDecryptor();
                    };
                    f.Fact(name + ": encrypt TransformFinalBlock(empty) length", () => create(true).TransformFinalBlock(new byte[0], 0, 0).Length);
                    f.Fact(name + ": decrypt TransformFinalBlock(empty) length", () => create(false).TransformFinalBlock(new byte[0], 0, 0).Length);
                }
            }
        }

        f.Section("bad input to the transforms (B=128, K=128, CBC unless said)");
        Func<PaddingMode, CipherMode, bool, ICryptoTransform> make = (p, m, encrypt) =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.Mode = m;
            r.Padding = p;
            r.Key = new byte[16];
            r.IV = new byte[16];
            return encrypt ? r.CreateEncryptor() : r.CreateDecryptor();
        };
        f.Fact("None: encrypt 17 bytes", () => make(PaddingMode.None, CipherMode.CBC, true).TransformFinalBlock(new byte[17], 0, 17).Length);
        f.Fact("None: decrypt 17 bytes", () => make(PaddingMode.None, CipherMode.CBC, false).TransformFinalBlock(new byte[17], 0, 17).Length);
        f.Fact("ECB None: encrypt 17 bytes", () => make(PaddingMode.None, CipherMode.ECB, true).TransformFinalBlock(new byte[17], 0, 17).Length);
        f.Fact("PKCS7: decrypt 17 bytes", () => make(PaddingMode.PKCS7, CipherMode.CBC, false).TransformFinalBlock(new byte[17], 0, 17).Length);
        f.Fact("PKCS7: decrypt 16 bytes whose padding is wrong", () => DecryptBadPadding(PaddingMode.PKCS7));
        f.Fact("ANSIX923: decrypt 16 bytes whose padding is wrong", () => DecryptBadPadding(PaddingMode.ANSIX923));
        f.Fact("ISO10126: decrypt 16 bytes whose padding is wrong", () => DecryptBadPadding(PaddingMode.ISO10126));
        f.Fact("PKCS7: TransformBlock(17 bytes) on the encryptor", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformBlock(new byte[17], 0, 17, new byte[32], 0));
        f.Fact("PKCS7: TransformBlock(16 bytes) on the decryptor (holds the last block back)", () => make(PaddingMode.PKCS7, CipherMode.CBC, false).TransformBlock(new byte[16], 0, 16, new byte[32], 0));
        f.Fact("None: TransformBlock(16 bytes) on the decryptor", () => make(PaddingMode.None, CipherMode.CBC, false).TransformBlock(new byte[16], 0, 16, new byte[32], 0));
        f.Fact("TransformFinalBlock(null, 0, 0)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformFinalBlock(null, 0, 0));
        f.Fact("TransformFinalBlock(byte[16], -1, 16)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformFinalBlock(new byte[16], -1, 16));
        f.Fact("TransformFinalBlock(byte[16], 0, 17)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformFinalBlock(new byte[16], 0, 17));
        f.Fact("TransformFinalBlock(byte[16], 0, -1)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformFinalBlock(new byte[16], 0, -1));
        f.Fact("TransformBlock(byte[16], 0, 16, null, 0)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformBlock(new byte[16], 0, 16, null, 0));
        f.Fact("TransformBlock(byte[16], 0, 16, byte[8], 0)", () => make(PaddingMode.PKCS7, CipherMode.CBC, true).TransformBlock(new byte[16], 0, 16, new byte[8], 0));
        f.Fact("encryptor reused after TransformFinalBlock gives the same ciphertext (restarts from the IV)", () =>
        {
            ICryptoTransform t = make(PaddingMode.PKCS7, CipherMode.CBC, true);
            byte[] a = t.TransformFinalBlock(new byte[20], 0, 20);
            byte[] b = t.TransformFinalBlock(new byte[20], 0, 20);
            return a.SequenceEqual(b);
        });
        f.Fact("transform used after its Dispose()", () =>
        {
            ICryptoTransform t = make(PaddingMode.PKCS7, CipherMode.CBC, true);
            t.Dispose();
            return t.TransformFinalBlock(new byte[16], 0, 16).Length;
        });
        f.Fact("algorithm: CreateEncryptor() after Dispose()", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.Dispose();
            return Describe(r.CreateEncryptor());
        });
        f.Fact("algorithm: Key after Dispose()", () =>
        {
            RijndaelManaged r = new RijndaelManaged();
            r.Dispose();
            return r.Key.Length;
        });
        f.Fact("CFB8 PKCS7: encrypt 16 bytes, output length (padding per feedback unit)", () => CfbLength(8, PaddingMode.PKCS7, 16));
        f.Fact("CFB64 PKCS7: encrypt 16 bytes, output length", () => CfbLength(64, PaddingMode.PKCS7, 16));
        f.Fact("CFB64 Zeros: encrypt 13 bytes, output length", () => CfbLength(64, PaddingMode.Zeros, 13));
        f.Fact("CFB64 None: encrypt 13 bytes", () => CfbLength(64, PaddingMode.None, 13));

        f.Section("block and key sizes outside 128/192/256 (all 25 pairs of 128..256 step 32)");
        foreach (int block in s_sizes)
        {
            foreach (int key in s_sizes)
            {
                int b = block;
                int k = key;
                f.Fact("B=" + b + " K=" + k, () =>
                {
                    string refused = TryConfigure(b, k);
                    return refused ?? "supported";
                });
            }
        }
    }

    private static object DecryptBadPadding(PaddingMode padding)
    {
        RijndaelManaged r = new RijndaelManaged();
        r.Key = new byte[16];
        r.IV = new byte[16];
        r.Padding = PaddingMode.None;
        byte[] padded = Enumerable.Repeat((byte)0xAA, 16).ToArray(); // last byte 0xAA: length 170 > 16
        byte[] ct = r.CreateEncryptor().TransformFinalBlock(padded, 0, 16);
        r.Padding = padding;
        return r.CreateDecryptor().TransformFinalBlock(ct, 0, ct.Length).Length;
    }

    private static object CfbLength(int feedback, PaddingMode padding, int length)
    {
        RijndaelManaged r = new RijndaelManaged();
        r.Mode = CipherMode.CFB;
        r.FeedbackSize = feedback;
        r.Padding = padding;
        return r.CreateEncryptor().TransformFinalBlock(new byte[length], 0, length).Length;
    }

    private static string Sizes(KeySizes[] sizes)
    {
        return string.Join("; ", sizes.Select(s => "min " + s.MinSize + " max " + s.MaxSize + " skip " + s.SkipSize));
    }

    private static string Describe(ICryptoTransform t)
    {
        return t.GetType().FullName + " InputBlockSize=" + t.InputBlockSize + " OutputBlockSize=" + t.OutputBlockSize
            + " CanTransformMultipleBlocks=" + t.CanTransformMultipleBlocks + " CanReuseTransform=" + t.CanReuseTransform;
    }

    private sealed class Facts
    {
        private readonly TextWriter _w;

        public Facts(TextWriter w)
        {
            _w = w;
        }

        public void Section(string title)
        {
            _w.WriteLine();
            _w.WriteLine("## " + title);
        }

        public void Fact(string name, Func<object> probe)
        {
            string value;
            try
            {
                object result = probe();
                value = result is byte[] ? Hex((byte[])result) : Convert.ToString(result, CultureInfo.InvariantCulture);
            }
            catch (Exception e)
            {
                value = "throws " + e.GetType().FullName + ": " + e.Message.Replace("\r", string.Empty).Replace("\n", " | ");
            }

            _w.WriteLine(name + " => " + value);
        }
    }
}
