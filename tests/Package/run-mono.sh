#!/usr/bin/env bash
# The Mono facade step of docs/runtimes.md, as a user would take it: pack the libraries, create a brand-new net472
# console app fed from the packed packages, build it with the .NET SDK and run it on Mono
#   1. without the facade step: it must fail to load 'netstandard' (checked only where Mono has no system-wide facade,
#      i.e. mono-devel is absent; otherwise said so, not counted);
#   2. with the docs' <Target> block pasted into the project file (extracted from docs/runtimes.md, so the page shows
#      exactly what runs): it must print its known answers.
# Also checks that the docs' block and tests/Panicode.Crypto.MonoRunner's target are the same text.
# Installs Mono (mono-runtime only) when missing. Ends with 'N passed, N failed'.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v mono >/dev/null || bash "$root/tools/mono/install-mono.sh"

passed=0
failed=0
check() { if [[ $1 == 0 ]]; then passed=$((passed + 1)); echo "ok: $2"; else failed=$((failed + 1)); echo "FAILED: $2"; fi; }

# The <Target> block that follows the 'mono-facade-step' marker in docs/runtimes.md, and the MonoRunner's own.
extract() { python3 - "$@" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
if sys.argv[2] == "docs":
    m = re.search(r"<!-- mono-facade-step.*?-->\n```xml\n(.*?)\n```", text, re.S)
else:
    m = re.search(r'(<Target Name="CopyNetStandardFacadesForMono".*?</Target>)', text, re.S)
if not m:
    sys.exit("no facade target in " + sys.argv[1])
block = m.group(1)
if sys.argv[2] != "docs":
    # The MonoRunner's target also stops the build when the SDK lacks the facades; the docs leave that line out.
    block = re.sub(r"\s*<Error Condition=.*?/>", "", block, flags=re.S)
print("\n".join(line.strip() for line in block.strip().splitlines()))
PY
}
extract "$root/docs/runtimes.md" docs > "$work/target.xml"
extract "$root/tests/Panicode.Crypto.MonoRunner/Panicode.Crypto.MonoRunner.csproj" runner > "$work/runner-target.xml"
cmp -s "$work/target.xml" "$work/runner-target.xml"
check $? "docs/runtimes.md's facade target is the MonoRunner's (but for its <Error> guard)"

source "$root/tests/Package/feed.sh"
pack_feed "$work/feed"
mkdir "$work/app"
cd "$work/app"
feed_config "$work/feed"
project() {
  cat <<PROJECT
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net472</TargetFramework>
    <LangVersion>latest</LangVersion>
    <AutoGenerateBindingRedirects>true</AutoGenerateBindingRedirects>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Panicode.Crypto" Version="$version" />
    <PackageReference Include="Panicode.Crypto.Unsafe" Version="$version" />
  </ItemGroup>
$1
</Project>
PROJECT
}
cat > Program.cs <<'PROGRAM'
using System;
using System.Linq;
using System.Security.Cryptography;
using Panicode.Crypto;
using Panicode.Crypto.Unsafe;

// Brian Gladman's 256-bit block, 256-bit key known answer (vectors/rijndael/derived), both flavours.
byte[] key = FromHex("2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe");
byte[] block = FromHex("3243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c8");
foreach (RijndaelCipher rijndael in new[] { RijndaelCipher.Create(), UnsafeCrypto.CreateRijndael() })
{
    using (rijndael)
    {
        rijndael.BlockSize = 256;
        rijndael.Key = key;
        rijndael.Mode = CipherMode.ECB;
        rijndael.Padding = PaddingMode.None;
        using ICryptoTransform encryptor = rijndael.CreateEncryptor();
        string hex = BitConverter.ToString(encryptor.TransformFinalBlock(block, 0, 32)).Replace("-", "").ToLowerInvariant();
        if (hex != "a49406115dfb30a40418aafa4869b7c6a886ff31602a7dd19c889dc64f7e4e7a")
        {
            throw new CryptographicException("Rijndael-256/256 known answer: " + hex);
        }
    }
}

byte[] data = { 1, 2, 3 };
using PrimeEcdsa ecdsa = UnsafeCrypto.CreateEcdsa(ECCurve.NamedCurves.nistP256);
byte[] hash;
using (SHA256 sha = SHA256.Create())
{
    hash = sha.ComputeHash(data);
}

bool ecdsaOk = ecdsa.VerifyHash(hash, ecdsa.SignHash(hash));
using ManagedRsa rsa = ManagedRsa.Create(2048);
bool rsaOk = rsa.VerifyHash(hash, rsa.SignHash(hash, HashAlgorithmName.SHA256, RSASignaturePadding.Pss), HashAlgorithmName.SHA256, RSASignaturePadding.Pss);
Console.WriteLine(ecdsaOk && rsaOk ? "Mono: Rijndael-256 known answer, ECDSA P-256 and RSA-2048 PSS verified" : throw new CryptographicException("round trip failed"));

static byte[] FromHex(string hex) => Enumerable.Range(0, hex.Length / 2).Select(i => Convert.ToByte(hex.Substring(2 * i, 2), 16)).ToArray();
PROGRAM

# 1. Without the step.
project "" > app.csproj
dotnet build -c Release --nologo -v quiet -o out-plain >/dev/null
if [[ -f /usr/lib/mono/4.5/Facades/netstandard.dll ]]; then
  echo "not checked: this Mono has a system-wide netstandard facade (mono-devel), so the app runs without the step"
else
  set +e
  mono out-plain/app.exe > plain.log 2>&1
  rc=$?
  set -e
  grep -q "netstandard" plain.log && [[ $rc != 0 ]]
  check $? "without the facade step the app fails to load netstandard on mono-runtime (exit $rc: $(grep -m1 -o "Could not load file or assembly 'netstandard[^']*'" plain.log || head -c 200 plain.log))"
fi

# 2. With the docs' step.
project "$(cat "$work/target.xml")" > app.csproj
dotnet build -c Release --nologo -v quiet -o out-facade >/dev/null
[[ -f out-facade/netstandard.dll ]]
check $? "the facade step puts netstandard.dll beside app.exe"
set +e
output=$(mono out-facade/app.exe 2>&1)
rc=$?
set -e
echo "$output"
[[ $rc == 0 && $output == *"ECDSA P-256 and RSA-2048 PSS verified"* ]]
check $? "with the facade step the app runs on $(mono --version | head -1 | cut -d'(' -f1)"

echo "Mono package test: $passed passed, $failed failed"
[[ $failed == 0 ]]
