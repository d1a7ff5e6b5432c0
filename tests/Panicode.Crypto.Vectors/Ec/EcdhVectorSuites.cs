using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Panicode.Crypto.Vectors.Ec;

/// <summary>
/// ECDH known-answer suites: Wycheproof (raw SEC 1 points and SubjectPublicKeyInfo), the NIST CAVS 14.1 ECC CDH
/// primitive vectors (Botan's ecdh.vec), RFC 7027 brainpool vectors and the NIST SP 800-56A KAS validity files.
/// </summary>
public static class EcdhVectorSuites
{
    /// <summary>
    /// A Wycheproof ECDH file. "valid": the agreement succeeds with the listed shared secret; "invalid": it is
    /// rejected. "acceptable" cases (compressed points, unnamed/explicit curves in the SPKI, ...) may go either way,
    /// but when the agreement succeeds the secret must still be the listed one.
    /// </summary>
    public static VectorSuite<EcdhSubject> Wycheproof(string path)
    {
        JsonObject file = Json.ReadFile(VectorFiles.Path(path));
        bool ecpoint = file.Str("schema").Contains("ecpoint");
        List<VectorCase<EcdhSubject>> cases = new();
        foreach (JsonObject group in file.Objects("testGroups"))
        {
            EcCurveInfo curve = EcCurves.Require(group.Str("curve"));
            foreach (JsonObject test in group.Objects("tests"))
            {
                string result = test.Str("result");
                byte[] pub = Hex.Decode(test.Str("public"));
                byte[] priv = Hex.Decode(test.Str("private"));
                byte[] shared = Hex.Decode(test.Str("shared"));
                cases.Add(new VectorCase<EcdhSubject>($"tcId {test.Int("tcId")} ({result}: {test.Str("comment")})", s =>
                {
                    ECParameters key = curve.Key(priv);
                    byte[]? z = TryAgree(() => ecpoint ? AgreeWithPoint(s, key, pub, curve) : s.AgreeWithSubjectPublicKeyInfo(key, pub), out string? error);
                    if (result == "valid")
                    {
                        Expect.True(z != null, "a valid agreement was rejected: " + error);
                    }
                    else if (result == "invalid")
                    {
                        Expect.True(z == null, "an invalid agreement was accepted");
                    }

                    if (z != null)
                    {
                        Expect.Equal(shared, z, "shared secret");
                    }
                }));
            }
        }

        return new VectorSuite<EcdhSubject>(path, cases);
    }

    /// <summary>Botan ecdh.vec: for each [group], Secret (d), CounterKey (04 || X || Y) and K = x(d Q).</summary>
    public static VectorSuite<EcdhSubject> NistCdh(string path)
    {
        List<VectorCase<EcdhSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), _ => true))
        {
            EcCurveInfo curve = EcCurves.Require(r.Section);
            cases.Add(new VectorCase<EcdhSubject>($"line {r.Line} [{r.Section}]", s =>
            {
                byte[] z = AgreeWithPoint(s, curve.Key(r.Bytes("Secret")), r.Bytes("CounterKey"), curve);
                Expect.Equal(r.Bytes("K"), z, "K");
            }));
        }

        return new VectorSuite<EcdhSubject>(path, cases);
    }

    /// <summary>
    /// RFC 7027 Appendix A (brainpool.txt): both sides' keys import with their public points (so d G = Q is
    /// checked by the import), and both directions of the agreement give x_Z.
    /// </summary>
    public static VectorSuite<EcdhSubject> Rfc7027(string path)
    {
        List<VectorCase<EcdhSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), _ => true))
        {
            EcCurveInfo curve = EcCurves.Require(r["curve"]);
            cases.Add(new VectorCase<EcdhSubject>($"COUNT {r["COUNT"]} {curve.Name}", s =>
            {
                ECParameters a = curve.Key(r.Bytes("dA"), r.Bytes("x_qA"), r.Bytes("y_qA"));
                ECParameters b = curve.Key(r.Bytes("dB"), r.Bytes("x_qB"), r.Bytes("y_qB"));
                Expect.Equal(r.Bytes("x_Z"), s.Agree(a, b.Q.X!, b.Q.Y!), "Z from A's side");
                Expect.Equal(r.Bytes("x_Z"), s.Agree(b, a.Q.X!, a.Q.Y!), "Z from B's side");
            }));
        }

        return new VectorSuite<EcdhSubject>(path, cases);
    }

    /// <summary>
    /// NIST KAS ECC validity (dhStaticUnified, ZZ only): a record passes (Result = P) exactly when the IUT key
    /// (dsIUT, QsIUT) imports, the agreement with the CAVS public key succeeds and gives Z, and the hash of Z is
    /// CAVSHashZZ. The failures are changed keys, changed Z or changed hashes.
    /// </summary>
    public static VectorSuite<EcdhSubject> KasValidity(string path)
    {
        string[] curves = { "P-192", "P-224", "P-256", "P-384", "P-521" };
        List<VectorCase<EcdhSubject>> cases = new();
        foreach (KeyValueRecord r in KeyValueFile.Read(VectorFiles.Path(path), h => h.Length > 4 && h[0] == 'E' && h[2] == ' '))
        {
            if (!r.Has("Result"))
            {
                continue;
            }

            EcCurveInfo curve = EcCurves.Require(curves[r.Section[1] - 'A']);
            string hashName = r.Section.Substring(r.Section.IndexOf('-') + 1).Trim();
            cases.Add(new VectorCase<EcdhSubject>($"line {r.Line} [{r.Section}] COUNT {r["COUNT"]}", s =>
            {
                bool expected = r["Result"].StartsWith("P", StringComparison.Ordinal);
                ECParameters iut = curve.Key(r.Bytes("dsIUT"), r.Bytes("QsIUTx"), r.Bytes("QsIUTy"));
                byte[]? z = TryAgree(() => s.Agree(iut, EcBytes.Fit(r.Bytes("QsCAVSx"), curve.FieldBytes), EcBytes.Fit(r.Bytes("QsCAVSy"), curve.FieldBytes)), out _);
                bool passed = z != null &&
                              z.AsSpan().SequenceEqual(EcBytes.Fit(r.Bytes("Z"), curve.FieldBytes)) &&
                              s.Hash(hashName, z).AsSpan().SequenceEqual(r.Bytes("CAVSHashZZ"));
                Expect.True(passed == expected, $"passed = {passed}, expected {r["Result"]}");
            }));
        }

        return new VectorSuite<EcdhSubject>(path, cases);
    }

    /// <summary>Decodes an uncompressed SEC 1 point (04 || X || Y of the field width) and agrees; other encodings are rejected.</summary>
    private static byte[] AgreeWithPoint(EcdhSubject s, ECParameters key, byte[] point, EcCurveInfo curve)
    {
        int n = curve.FieldBytes;
        if (point.Length != 1 + (2 * n) || point[0] != 0x04)
        {
            throw new CryptographicException("Only uncompressed points of the field width are supported.");
        }

        byte[] x = new byte[n];
        byte[] y = new byte[n];
        Array.Copy(point, 1, x, 0, n);
        Array.Copy(point, 1 + n, y, 0, n);
        return s.Agree(key, x, y);
    }

    private static byte[]? TryAgree(Func<byte[]> agree, out string? error)
    {
        try
        {
            error = null;
            return agree();
        }
        catch (Exception e) when (e is CryptographicException || e is ArgumentException || e is PlatformNotSupportedException)
        {
            error = e.GetType().Name + ": " + e.Message;
            return null;
        }
    }
}
