#!/usr/bin/env bash
# generate.sh - regenerate vectors/rijndael/rijndaelmanaged/ from Mono's RijndaelManaged.
#
#   tools/rijndaelmanaged-oracle/generate.sh [OUTDIR]
#
# Installs Mono if needed (tools/mono/install-mono.sh), compiles RijndaelManagedOracle.cs with mcs
# (C# 7.2) into a temporary directory, and writes OUTDIR/mono-rijndaelmanaged.txt (the records) and
# OUTDIR/mono-rijndaelmanaged-facts.txt (behaviour facts). OUTDIR defaults to the repository's
# vectors/rijndael/rijndaelmanaged. A rerun reproduces both files byte for byte except the
# ciphertexts of ISO10126 ("R") records and the facts that come from random keys/IVs.
# Remember to update SOURCE.md (Mono version, date, record count) after regenerating.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/vectors/rijndael/rijndaelmanaged}

"$repo/tools/mono/install-mono.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mcs -langversion:7.2 -optimize+ -warnaserror+ -out:"$work/RijndaelManagedOracle.exe" "$here/RijndaelManagedOracle.cs"
mkdir -p "$out"
mono "$work/RijndaelManagedOracle.exe" "$out/mono-rijndaelmanaged.txt" "$out/mono-rijndaelmanaged-facts.txt"
ls -l "$out"/mono-rijndaelmanaged*.txt
