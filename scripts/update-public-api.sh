#!/usr/bin/env bash
# update-public-api.sh - bring src/*/PublicAPI/<target framework>/PublicAPI.*.txt up to date with the code.
#
#   scripts/update-public-api.sh             new public API -> PublicAPI.Unshipped.txt (after adding API, or a merge)
#   scripts/update-public-api.sh --shipped   new public API -> PublicAPI.Shipped.txt (only when cutting a release)
#
# Builds every src/ project once with warnings not as errors and reads the public-API analyzer's diagnostics:
# RS0016 "Symbol 'X' is not part of the declared public API" appends X to the file; RS0017 "Symbol 'X' is part of
# the declared public API, but ... could not be found" deletes X from PublicAPI.Unshipped.txt, or, for shipped API
# (a breaking change: review it), adds "*REMOVED*X" to PublicAPI.Unshipped.txt. Lines stay sorted, after the
# "#nullable enable" header. Rebuild afterwards: the build fails while anything is still undeclared.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=Unshipped
case ${1:-} in
  --shipped) target=Shipped ;;
  '') ;;
  *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Every project compiles exactly once: first whatever the references need (an incremental build, warnings not as errors
# so undeclared API does not stop it), then each project again with --no-incremental (the analyzer reports only when
# the compiler runs) and without its references. A build may fail for other reasons; the diagnostics are read all the
# same, and the final check below says whether the files now match.
for project in src/*/*.csproj; do
  dotnet build "$project" -c Release -p:TreatWarningsAsErrors=false -p:WarningsAsErrors= -nologo -v quiet >/dev/null 2>&1 || true
done
for project in src/*/*.csproj; do
  dotnet build "$project" -c Release --no-incremental -p:BuildProjectReferences=false \
    -p:TreatWarningsAsErrors=false -p:WarningsAsErrors= -nologo >>"$log" 2>&1 || true
done

python3 - "$target" "$log" <<'PY'
import os, re, sys

target, log = sys.argv[1], sys.argv[2]
pattern = re.compile(r"(?:warning|error) (RS0016|RS0017): Symbol '(.*)' is (?:not )?part of the declared (?:public )?API.*\[(.+?\.csproj)::TargetFramework=([^\]]+)\]")
changes = {}
for line in open(log, encoding="utf-8", errors="replace"):
    m = pattern.search(line)
    if m:
        rule, symbol, project, tfm = m.groups()
        changes.setdefault((os.path.dirname(project), tfm), set()).add((rule, symbol))

def read(path):
    if not os.path.exists(path):
        return []
    return [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip() and l.strip() != "#nullable enable"]

def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("#nullable enable\n" + "".join(l + "\n" for l in sorted(set(lines), key=lambda s: s.replace("*REMOVED*", ""))))

for (directory, tfm), items in sorted(changes.items()):
    folder = os.path.join(directory, "PublicAPI", tfm)
    shipped_path = os.path.join(folder, "PublicAPI.Shipped.txt")
    unshipped_path = os.path.join(folder, "PublicAPI.Unshipped.txt")
    shipped, unshipped = read(shipped_path), read(unshipped_path)
    added = removed = 0
    for rule, symbol in sorted(items):
        if rule == "RS0016":
            (shipped if target == "Shipped" else unshipped).append(symbol)
            added += 1
        elif symbol in unshipped:
            unshipped.remove(symbol)
            removed += 1
        elif symbol in shipped:
            unshipped.append("*REMOVED*" + symbol)
            removed += 1
    write(shipped_path, shipped)
    write(unshipped_path, unshipped)
    print(f"{os.path.relpath(folder)}: {added} added to PublicAPI.{target}.txt, {removed} removed")
if not changes:
    print("No RS0016/RS0017 diagnostics: the PublicAPI files already match the code.")
PY

# The check: a normal build (warnings as errors) must now pass the analyzer.
for project in src/*/*.csproj; do
  errors=$(dotnet build "$project" -c Release -nologo -v quiet 2>&1 | grep -E "error RS00[0-9][0-9]" | sort -u || true)
  if [[ -n $errors ]]; then
    echo "$errors" | head -20
    echo "update-public-api.sh: $project still has public-API errors (above)." >&2
    exit 1
  fi
done
echo "update-public-api.sh: the PublicAPI files match the code."
