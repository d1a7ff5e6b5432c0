#!/usr/bin/env bash
# Package test: packs the libraries, creates a brand-new console app in a temporary folder, adds the
# packages from a local folder feed, and runs the program a new user would write (Program.cs here). Then it
# compiles and runs every ```csharp block of README.md, of the package README (src/PACKAGE.md) and of docs/*.md (the
# per-family pages, each snippet checking a known answer) as pasted,
# in a second app with the same packages and no implicit usings (snippets.py, ReadmeSnippets.cs).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source "$root/tests/Package/feed.sh"
pack_feed "$work/feed"
ls "$work/feed"

cd "$work"
dotnet new console -o app --framework net10.0 >/dev/null
cd app
feed_config "$work/feed"
for package in "$work"/feed/*.nupkg; do
  name=$(basename "$package" ".$version.nupkg")
  dotnet add package "$name" --version "$version" >/dev/null
done
cp "$root/tests/Package/Program.cs" Program.cs

command -v openssl >/dev/null || apt-get install -y -q openssl >/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec-key.pem

dotnet run -c Release

# The README snippets: one app (one restore, one build), each block a method in its own file.
mkdir "$work/readme"
sed 's|<ImplicitUsings>enable</ImplicitUsings>|<ImplicitUsings>disable</ImplicitUsings>|' app.csproj > "$work/readme/readme.csproj"
grep -q '<ImplicitUsings>disable</ImplicitUsings>' "$work/readme/readme.csproj" || { echo "could not turn implicit usings off" >&2; exit 1; }
cp nuget.config "$work/readme/"
python3 "$root/tests/Package/snippets.py" "$work/readme" "$root/README.md" "$root/src/PACKAGE.md" "$root"/docs/*.md
cp "$root/tests/Package/ReadmeSnippets.cs" "$work/readme/Program.cs"
cp ec-key.pem "$work/readme/key.pem"
cd "$work/readme"
dotnet run -c Release -- "$root/vectors/rijndael/rijndaelmanaged/mono-rijndaelmanaged.txt"
