#!/usr/bin/env bash
# dudect-style constant-time check of ECDSA signing, ECDH and RSA PKCS#1 v1.5 decryption (see Program.cs). Not part of the test run.
# Usage: tools/dudect/run.sh [--measurements N] [--curves "nistP256 secp256k1 ..."] [--flavours "Reference Unsafe"] [--ops "sign ecdh rsa-pkcs1 dh"] [--fixed lowweight|random|short]
# Prints one line per curve, flavour and operation with Welch's t; |t| < 4.5 is the usual pass threshold.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dotnet build "$here/Panicode.Crypto.Dudect.csproj" -c Release -v quiet -nologo >/dev/null
exec dotnet "$here/bin/Release/net10.0/Panicode.Crypto.Dudect.dll" "$@"
