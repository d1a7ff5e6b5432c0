// Runs every csharp block of the README and the package README, compiled as pasted (tests/Package/snippets.py makes
// each one a method; Snippets.All lists them in order), against the packed packages. Exits non-zero if one throws.
// Usage: dotnet run -- RIJNDAELMANAGED_VECTORS_FILE, in a folder holding key.pem (an OpenSSL P-256 key).
using System;
using System.IO;
using System.Linq;

// The migration example decrypts old-data.bin, written by .NET Framework's RijndaelManaged with a 256-bit block: one
// record Mono's RijndaelManaged produced (vectors/rijndael/rijndaelmanaged, see its SOURCE.md), CBC, PKCS7, 256-bit key.
string record = File.ReadLines(args[0])
    .First(line => line.StartsWith("E B=256 K=256 M=CBC P=PKCS7 ", StringComparison.Ordinal) && Field(line, "PT").Length >= 32);
File.WriteAllBytes("old-data.key", Field(record, "KEY"));
File.WriteAllBytes("old-data.iv", Field(record, "IV"));
File.WriteAllBytes("old-data.bin", Field(record, "CT"));

int failed = 0;
foreach ((string name, Action run) in Snippets.All)
{
    Console.WriteLine($"--- {name}");
    try
    {
        run();
        Console.WriteLine("--- ok");
    }
    catch (Exception e)
    {
        failed++;
        Console.WriteLine($"--- FAILED: {e}");
    }
}

// The snippets check themselves where they can (a bad GCM tag throws); the migration example only writes its output.
byte[] expected = Field(record, "PT");
bool migrated = File.Exists("old-data.decrypted") && File.ReadAllBytes("old-data.decrypted").AsSpan().SequenceEqual(expected);
if (!migrated)
{
    Console.WriteLine("--- FAILED: the RijndaelManaged migration example did not write the record's plaintext to old-data.decrypted");
}

Console.WriteLine($"README snippets: {Snippets.All.Length} run, {failed} failed; RijndaelManaged data decrypted: {(migrated ? "yes" : "NO")}");
return failed == 0 && migrated ? 0 : 1;

static byte[] Field(string line, string name)
{
    string prefix = " " + name + "=";
    int start = line.IndexOf(prefix, StringComparison.Ordinal);
    if (start < 0)
    {
        return Array.Empty<byte>();
    }

    start += prefix.Length;
    int end = line.IndexOf(' ', start);
    return Convert.FromHexString(end < 0 ? line.Substring(start) : line.Substring(start, end - start));
}
