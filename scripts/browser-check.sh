#!/usr/bin/env bash
# The browser check: publishes the Blazor WebAssembly demo (samples/Panicode.Crypto.BrowserDemo), serves it on loopback
# and opens it in headless Chromium with ?check=1, so the page runs its self-test (every cipher and curve, both
# flavours) on .NET's WebAssembly runtime and posts the result back (tools/browser/drive.py); then it uses the page's
# tools through their controls over the DevTools protocol (tools/browser/user_flow.py) and checks a screenshot. Fails
# when any check or step fails or the page never reports. Installs Debian's chromium when missing.
#   scripts/browser-check.sh                     the self-test (CI; about 2 minutes, most of it the publish)
#   scripts/browser-check.sh --bench [--cell S]  also the page's short benchmark (the evaluation's browser column)
# The report is artifacts/browser/report.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
  echo "browser check: installing Debian's chromium" >&2
  if [[ $(id -u) == 0 ]]; then sudo=; else sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

rm -rf artifacts/browser-demo
dotnet publish samples/Panicode.Crypto.BrowserDemo -c Release -o artifacts/browser-demo -nologo -v quiet
python3 tools/browser/drive.py artifacts/browser-demo/wwwroot --out artifacts/browser/report.json "$@"
