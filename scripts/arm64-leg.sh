#!/usr/bin/env bash
# arm64-leg.sh - the Unsafe flavour's ARMv8 Crypto Extension cores (ARMv8 AES, PMULL) under qemu-user.
#
#   scripts/arm64-leg.sh [--ci] [--no-install] [--no-publish] [--verbose]
#
# On a Debian 12 (bookworm) x86-64 machine, as root or with passwordless sudo:
#  1. installs qemu-user-static when missing and builds an arm64 sysroot from Debian's arm64 libc6, libgcc-s1,
#     libstdc++6, libssl3 and zlib1g (scripts/lib/qemu-sysroot.sh, as scripts/cross-runtime.sh builds its Mono
#     sysroots: private apt state, dpkg-deb -x; no chroot, binfmt or mounts). No ICU: the runs are globalization-invariant.
#  2. publishes tests/Panicode.Crypto.Tests self-contained for linux-arm64 (an xUnit v3 test project is a program);
#  3. runs it under qemu-aarch64-static -L <sysroot>, the ARM64 subset (below), twice, side by side: with the ARM64
#     intrinsics on, and with PANICODE_FORCE_PORTABLE=1; each run prints its "N passed, N failed" line. Exit status 0 only if
#     both runs passed; Arm64DifferentialTests fails the intrinsic run unless the emulated CPU reports AdvSimd, Aes,
#     Aes.Arm64 and Sha256 and the library chose the ArmAes and Pmull cores (and the other run the portable ones).
#
# The subset (FILTERS below), with PANICODE_TEST_ROWS=Rijndael/Unsafe so the flavour-by-flavour suites run the Unsafe
# flavour only (its cores are the ARM64 ones; the other flavours and ciphers run on x86): every Rijndael vector file
# (AES and every Rijndael block size) and every AES GCM/GMAC/CCM/CMAC vector file, the registry's core-contract suite
# (every Rijndael core: the suite's core rows keep the families PANICODE_TEST_ROWS names), the Unsafe Rijndael suite, the GCM/CCM/CTR differentials
# against the Reference flavour at lengths 0-300 bytes and around the batch widths (AES-GCM through the stitched loop on
# AESE/AESMC and PMULL), the stitched loop with GCM's 32-bit counter wrapping at each position of a batch, and
# Arm64DifferentialTests (ARM64
# AES cores against the portable core on random keys of every key and block size, lengths around the batches, counters
# wrapping inside a batch); and Triple DES's bitsliced batch test (the AdvSimd core).
#
# --ci: the subset .ci/run runs (CI_FILTERS below, a few minutes): whole vector files only, no record left out, but not every
# file: the AESAVS files (AES-128/192/256 in ECB, CBC, CFB and OFB, Monte-Carlo included), the NESSIE files (256-bit key,
# 128-, 192- and 256-bit blocks), the misc files (the derived table of all 25 block and key sizes, Botan, Crypto++,
# SP 800-38A, RFC 3962, Wycheproof CBC), Mono's RijndaelManaged record (192- and 256-bit blocks in every mode and
# padding) and every AES GCM/GMAC/CCM/CMAC file; the core-contract suite over the Rijndael cores; the GCM and CTR
# differentials; Arm64DifferentialTests; and Triple DES's bitsliced batch test, which runs the AdvSimd core (Bitsliced128-
# AdvSimd) against single-block calls and the Reference flavour (its x86 cores skip). Left to the full run: the AES submission's and Gladman's files (AES-128-block
# ECB/CBC known answers and 10,000-iteration Monte-Carlo loops, nine minutes of the full pass, nothing the
# AESAVS files do not also run through the same core), the Unsafe Rijndael suite (its ablation variants are table cores)
# and the CCM differential (the CCM files run).
# --no-install   install nothing (qemu and the sysroot must be there)
# --no-publish   reuse the last publish
# --verbose      the whole xUnit output, not only failures and totals
# Environment: ARM64_LEG_DIR (sysroot, publish and logs; default artifacts/arm64 in the repository), MIRROR,
#   SECURITY_MIRROR (Debian mirrors), DOTNET (the dotnet command).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${ARM64_LEG_DIR:-$REPO/artifacts/arm64}
DOTNET=${DOTNET:-dotnet}
GUEST_SUITE=bookworm
GUEST_PKGS="libc6 libgcc-s1 libstdc++6 libssl3 zlib1g"
PUBLISH=$WORK/tests
# xUnit v3 filters of the in-process runner (-method with a trailing wildcard for a whole class; the runner ORs options of
# one kind and ANDs different kinds, so only -method is used). The AEAD suites' methods are
# named one by one: their Camellia rows are left out by PANICODE_TEST_ROWS, and StitchedAeadTests' other tests are
# about the x86 loop widths.
FILTERS=(
  -method "Panicode.Crypto.Tests.BlockCiphers.UnsafeCoreContractTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.UnsafeRijndaelTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.Arm64DifferentialTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.AesavsVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.RijndaelSubmissionVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.GladmanVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.NessieRijndaelVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.RijndaelMiscVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.RijndaelManagedCompatibilityTests.*"
  -method Panicode.Crypto.Tests.Aead.AeadVectorTests.AesVectorFile
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.GcmMatchesReferenceAtEveryLengthInAndOutOfPlace
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.StitchedGcmWrapsItsCounterInsideABatch
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.UnsafeAesGcmTakesTheWidestStitchedLoop
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.CcmMatchesReferenceAtEveryLengthInAndOutOfPlace
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.CtrMatchesReferenceAcrossEveryCounterWrap
  -method Panicode.Crypto.Tests.TripleDes.TripleDesBitslicedTests.BatchOfNBlocksEqualsNSingleBlockCallsAndTheReference
)
CI_FILTERS=(
  -method "Panicode.Crypto.Tests.BlockCiphers.UnsafeCoreContractTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.Arm64DifferentialTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.AesavsVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.NessieRijndaelVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.RijndaelMiscVectorTests.*"
  -method "Panicode.Crypto.Tests.Rijndael.RijndaelManagedCompatibilityTests.*"
  -method Panicode.Crypto.Tests.Aead.AeadVectorTests.AesVectorFile
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.GcmMatchesReferenceAtEveryLengthInAndOutOfPlace
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.StitchedGcmWrapsItsCounterInsideABatch
  -method Panicode.Crypto.Tests.Aead.StitchedAeadTests.CtrMatchesReferenceAcrossEveryCounterWrap
  -method Panicode.Crypto.Tests.TripleDes.TripleDesBitslicedTests.BatchOfNBlocksEqualsNSingleBlockCallsAndTheReference
)

install=1
publish=1
verbose=0
for arg in "$@"; do
  case $arg in
    --ci) FILTERS=("${CI_FILTERS[@]}") ;;
    --no-install) install=0 ;;
    --no-publish) publish=0 ;;
    --verbose) verbose=1 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "arm64-leg.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
  esac
done

LOG_TAG=arm64-leg
# shellcheck source=lib/qemu-sysroot.sh
source "$REPO/scripts/lib/qemu-sysroot.sh"
QEMU=$(qemu_for arm64)
ROOT=$WORK/sysroot-arm64

mkdir -p "$WORK"
if [[ $install == 1 ]]; then
  install_qemu
  install_sysroot arm64 "$GUEST_SUITE" "$GUEST_PKGS" lib/ld-linux-aarch64.so.1
fi
[[ -x $QEMU ]] || die "no $QEMU (run without --no-install)"
[[ -e $ROOT/lib/ld-linux-aarch64.so.1 ]] || die "no arm64 sysroot in $ROOT (run without --no-install)"

if [[ $publish == 1 ]]; then
  log "publishing the tests for linux-arm64 (self-contained, Release)"
  "$DOTNET" publish "$REPO/tests/Panicode.Crypto.Tests" -c Release -r linux-arm64 --self-contained -o "$PUBLISH" -nologo -v quiet
fi
[[ -x $PUBLISH/Panicode.Crypto.Tests ]] || die "no published tests in $PUBLISH"

# run LABEL LOG [VAR=VALUE...]: one pass of the subset; prints its "N passed, N failed" line from xUnit's totals.
run() {
  local label=$1 logfile=$WORK/$2.log rc=0 start line total failed skipped notrun errors
  shift 2
  start=$EPOCHREALTIME
  log "$label"
  env DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$@" "$QEMU" -L "$ROOT" "$PUBLISH/Panicode.Crypto.Tests" \
    "${FILTERS[@]}" -maxThreads 2 -noColor > "$logfile" 2>&1 || rc=$?
  if [[ $verbose == 1 ]]; then cat "$logfile"; else grep -E '\[FAIL\]|^ +(Assert|Expected|Actual)|Arm64 leg:' "$logfile" || true; fi
  line=$(grep -E 'Total: [0-9]+, Errors: [0-9]+, Failed: [0-9]+, Skipped: [0-9]+' "$logfile" | tail -1 || true)
  if [[ -z $line ]]; then
    echo "$label: no xUnit totals (exit $rc; see $logfile)"
    return 1
  fi
  total=$(sed -E 's/.*Total: ([0-9]+).*/\1/' <<< "$line")
  errors=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<< "$line")
  failed=$(sed -E 's/.*Failed: ([0-9]+).*/\1/' <<< "$line")
  skipped=$(sed -E 's/.*Skipped: ([0-9]+).*/\1/' <<< "$line")
  notrun=$(sed -nE 's/.*Not Run: ([0-9]+).*/\1/p' <<< "$line"); notrun=${notrun:-0}
  printf '%s: %d passed, %d failed, %d skipped   [%s s, exit %s]\n' "$label" \
    $((total - failed - skipped - notrun)) $((failed + errors)) "$skipped" \
    "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" "$rc"
  [[ $rc == 0 && $failed == 0 && $errors == 0 ]]
}

# The two passes run beside each other (two cores busy); each prints its line when it ends.
run "ARM64 (qemu), intrinsics on" intrinsics PANICODE_TEST_ROWS=Rijndael/Unsafe PANICODE_ARM64_LEG=intrinsics & intrinsics=$!
run "ARM64 (qemu), PANICODE_FORCE_PORTABLE=1" portable PANICODE_TEST_ROWS=Rijndael/Unsafe PANICODE_FORCE_PORTABLE=1 PANICODE_ARM64_LEG=portable & portable=$!
status=0
wait "$intrinsics" || status=1
wait "$portable" || status=1
exit $status
