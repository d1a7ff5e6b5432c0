#!/usr/bin/env bash
# Fuzzes one target for a given time: tools/fuzz/run.sh TARGET SECONDS
#   TARGET: der | pem | pkcs8 | spki | sec1 | ecparameters | transform   (see tools/fuzz/FuzzTargets.cs)
# AFL++ (Debian package afl++) drives the harness, with the Panicode assemblies instrumented by SharpFuzz
# (dotnet tool SharpFuzz.CommandLine 2.3.0); FUZZ_MODE=random uses the coverage-less mutational loop of the
# harness instead (also the fallback when AFL++ cannot be installed). Seeds: the harness's valid encodings plus the
# checked-in corpus tests/fuzz-corpus/TARGET. Output in artifacts/fuzz/TARGET; the last lines give executions and
# findings, and every crash or hang found is replayed (with its exception) at the end.
# FUZZ_NO_BUILD=1 reuses the harness built (and instrumented) by the previous run.
# FUZZ_UPDATE_CORPUS=1 copies the smallest new queue entries (deduplicated, at most 48 per target, 4 KiB each) into
# tests/fuzz-corpus/TARGET, which the xUnit run replays (FuzzCorpusReplayTests).
set -euo pipefail

target=${1:?usage: tools/fuzz/run.sh TARGET SECONDS}
seconds=${2:?usage: tools/fuzz/run.sh TARGET SECONDS}
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/artifacts/fuzz"
out="$work/$target"
mode=${FUZZ_MODE:-afl}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "$mode" = afl ] && ! command -v afl-fuzz > /dev/null; then
    echo "== installing afl++"
    if ! { as_root apt-get update -qq && as_root apt-get install -y -qq afl++; }; then
        echo "== afl++ could not be installed: falling back to FUZZ_MODE=random"
        mode=random
    fi
fi

# FUZZ_NO_BUILD=1 reuses the harness (already instrumented) of the previous run.
fresh=0
if [ "${FUZZ_NO_BUILD:-0}" != 1 ] || [ ! -e "$work/bin/Panicode.Crypto.Fuzz.dll" ]; then
    echo "== building the harness"
    rm -rf "$work/bin" "$work/plain"
    dotnet build "$root/tools/fuzz/Panicode.Crypto.Fuzz" -c Release -o "$work/plain" -nologo -v q
    cp -r "$work/plain" "$work/bin"
    fresh=1
fi
# bin/ gets instrumented for AFL++; plain/ (not instrumented: instrumented code needs AFL's shared memory) seeds,
# replays and runs the random mode.
harness=("dotnet" "$work/bin/Panicode.Crypto.Fuzz.dll")
plain=("dotnet" "$work/plain/Panicode.Crypto.Fuzz.dll")

mkdir -p "$out"
rm -rf "$out/in"
"${plain[@]}" seed "$target" "$out/in"
if [ -d "$root/tests/fuzz-corpus/$target" ]; then
    cp "$root/tests/fuzz-corpus/$target"/* "$out/in/" 2>/dev/null || true
fi

if [ "$mode" = random ]; then
    echo "== coverage-less mutational fuzzing of $target for $seconds s"
    nice "${plain[@]}" random "$target" "$seconds" "$out/in" "$out/random-findings" | tee "$out/random.log" || true
    exit 0
fi

if [ ! -x "$work/tool/sharpfuzz" ]; then
    echo "== installing SharpFuzz.CommandLine 2.3.0"
    dotnet tool install SharpFuzz.CommandLine --version 2.3.0 --tool-path "$work/tool" > /dev/null
fi

if [ "$fresh" = 1 ]; then
    echo "== instrumenting the Panicode assemblies"
    for dll in Panicode.Crypto.dll Panicode.Crypto.Unsafe.dll; do
        "$work/tool/sharpfuzz" "$work/bin/$dll"
    done
fi

echo "== AFL++ on $target for $seconds s"
rm -rf "$out/afl"
export AFL_SKIP_BIN_CHECK=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
export AFL_SKIP_CRASHES=1 AFL_FAST_CAL=1 AFL_IGNORE_SEED_PROBLEMS=1
nice afl-fuzz -i "$out/in" -o "$out/afl" -V "$seconds" -t 5000 -m none -- "${harness[@]}" afl "$target" > "$out/afl.log" 2>&1 || {
    echo "afl-fuzz failed; the end of its log:"; tail -30 "$out/afl.log"; exit 1; }

stats="$out/afl/default/fuzzer_stats"
grep -E '^(run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs|stability|bitmap_cvg)' "$stats"
for kind in crashes hangs; do
    for f in "$out/afl/default/$kind"/id:*; do
        [ -e "$f" ] || continue
        echo "== replaying $kind/$(basename "$f")"
        mkdir -p "$out/replay" && rm -f "$out/replay"/* && cp "$f" "$out/replay/"
        timeout 60 "${plain[@]}" replay "$target" "$out/replay" 2>&1 | head -5 || true
    done
done

if [ "${FUZZ_UPDATE_CORPUS:-0}" = 1 ]; then
    dest="$root/tests/fuzz-corpus/$target"
    mkdir -p "$dest"
    find "$out/afl/default/queue" -type f -size -4097c -printf '%s %p\n' | sort -n | head -400 | while read -r _ f; do
        h=$(sha256sum "$f" | cut -c1-16)
        [ -e "$dest/$h" ] || cp "$f" "$dest/$h"
    done
    # Keep the 48 smallest distinct inputs.
    ls -S -r "$dest" | tail -n +49 | while read -r f; do rm -f "$dest/$f"; done
    echo "== corpus: $(ls "$dest" | wc -l) files, $(du -sh "$dest" | cut -f1) in tests/fuzz-corpus/$target"
fi
