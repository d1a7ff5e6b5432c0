#!/usr/bin/env bash
# cross-runtime.sh - the vector suites on Mono 6.8: x86-64 (native), ppc64el and big-endian s390x (qemu-user).
#
#   scripts/cross-runtime.sh [--native-only] [--platforms=LIST] [--subset=K] [--no-install] [--verbose] [--sequential]
#
# On a Debian 12 (bookworm) x86-64 machine, as root or with passwordless sudo:
#  1. installs Mono (tools/mono/install-mono.sh); unless --native-only, qemu-user-static >= 8 (bookworm's 7.2
#     crashes Mono on s390x, so it comes from bookworm-backports) and, per emulated platform, a "sysroot": Debian's
#     mono-runtime for that architecture and its dependencies, downloaded with a private apt state (the host's
#     dpkg architectures are left alone) and unpacked with dpkg-deb -x. No chroot, binfmt or mounts.
#  2. builds tests/Panicode.Crypto.MonoRunner (Release): the netstandard2.0 builds of the libraries and the runner.
#  3. runs the runner: natively with every case, under qemu with --subset (K cases per suite spread over each
#     file, 4 records per Monte-Carlo file; every algorithm, size and mode still covered; see the runner's
#     --help), and prints each platform's final line ("N passed, N failed") and time. Exit status 0 only if
#     every platform passed.
#
# --native-only     only Mono x86-64; same as --platforms=native
# --platforms=LIST  comma-separated subset of native,ppc64el,s390x (default: all three)
# --subset=K        cases per suite on the emulated platforms (default: the runner's, 32)
# --no-install      install nothing (everything must already be there)
# --verbose         print every suite line, not only failures, skips and totals
# --sequential      one platform at a time (by default the native leg runs beside the emulated ones)
# Environment: CROSS_RUNTIME_DIR (sysroots and logs; default artifacts/cross-runtime in the repository),
#   MIRROR, SECURITY_MIRROR (Debian mirrors), DOTNET (the dotnet command).
# Full logs: $CROSS_RUNTIME_DIR/<platform>.log.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${CROSS_RUNTIME_DIR:-$REPO/artifacts/cross-runtime}
DOTNET=${DOTNET:-dotnet}
GUEST_SUITE=bookworm # Mono 6.8 for amd64, ppc64el and s390x
# IL assemblies the runner loads beyond mono-runtime's own (qemu -L would fall back to the host's copies anyway).
GUEST_PKGS="mono-runtime libmono-system-core4.0-cil libmono-system-numerics4.0-cil"
RUNNER_PROJECT=$REPO/tests/Panicode.Crypto.MonoRunner/Panicode.Crypto.MonoRunner.csproj
RUNNER=$REPO/tests/Panicode.Crypto.MonoRunner/bin/Release/net472/Panicode.Crypto.MonoRunner.exe

platforms=native,ppc64el,s390x
subset=
install=1
verbose=0
sequential=0
for arg in "$@"; do
  case $arg in
    --native-only) platforms=native ;;
    --platforms=*) platforms=${arg#*=} ;;
    --subset=*) subset=${arg#*=} ;;
    --no-install) install=0 ;;
    --verbose) verbose=1 ;;
    --sequential) sequential=1 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "cross-runtime.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
  esac
done
IFS=, read -r -a legs <<< "$platforms"
for leg in "${legs[@]}"; do
  case $leg in native|ppc64el|s390x) ;; *) echo "cross-runtime.sh: unknown platform $leg" >&2; exit 2 ;; esac
done

LOG_TAG=cross-runtime
# shellcheck source=lib/qemu-sysroot.sh
source "$REPO/scripts/lib/qemu-sysroot.sh"
emulated() { local leg; for leg in "${legs[@]}"; do [[ $leg == native ]] || return 0; done; return 1; }

# ------------------------------------------------------------------------------------------------ run
# run_leg LEG LABEL CMD...: runs the runner with its output in $WORK/LEG.log and "exit-code seconds" in LEG.status.
run_leg() {
  local leg=$1 label=$2 start rc=0
  shift 2
  log "$label: $*"
  start=$EPOCHREALTIME
  "$@" > "$WORK/$leg.log" 2>&1 || rc=$?
  echo "$rc $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" > "$WORK/$leg.status"
  log "$label: done"
}

# show_leg LEG: the leg's log (without the passing suites unless --verbose).
show_leg() {
  echo "---- $1 ($WORK/$1.log)"
  if [[ $verbose == 1 ]]; then cat "$WORK/$1.log"; else grep -v -E '^   ok  ' "$WORK/$1.log" || true; fi
}

mkdir -p "$WORK"
if [[ $install == 1 ]]; then
  as_root bash "$REPO/tools/mono/install-mono.sh"
  if emulated; then
    install_qemu
    for leg in "${legs[@]}"; do [[ $leg == native ]] || install_sysroot "$leg" "$GUEST_SUITE" "$GUEST_PKGS" usr/bin/mono-sgen; done
  fi
fi
command -v mono > /dev/null || die "mono is not installed (tools/mono/install-mono.sh)"

log "building the runner (Release, netstandard2.0 libraries)"
"$DOTNET" build "$RUNNER_PROJECT" -c Release -nologo -v quiet
[[ -f $RUNNER ]] || die "the build did not produce $RUNNER"

subset_arg=--subset${subset:+=$subset}
rm -f "$WORK"/*.status
run_platform() {
  local leg=$1 root
  case $leg in
    native)
      run_leg native "Mono x86-64 (native, every case)" mono "$RUNNER" ;;
    *)
      root=$WORK/sysroot-$leg
      [[ -x $root/usr/bin/mono-sgen ]] || die "no $leg sysroot in $root (run without --no-install)"
      # -L: absolute paths are looked up under the sysroot first, then on the host (the runner and vectors stay
      # where they are); --config: Mono's dllmap must come from the guest, or System.Native is not found.
      run_leg "$leg" "Mono $leg (qemu, $subset_arg)" \
        "$(qemu_for "$leg")" -L "$root" "$root/usr/bin/mono" --config "$root/etc/mono/config" "$RUNNER" "$subset_arg" ;;
  esac
}

# The native leg (the long one) runs beside the emulated legs, which run one after the other: two cores busy.
native_pid=
for leg in "${legs[@]}"; do
  if [[ $leg == native && $sequential == 0 && ${#legs[@]} -gt 1 ]]; then
    run_platform native & native_pid=$!
  else
    run_platform "$leg"
  fi
done
[[ -z $native_pid ]] || wait "$native_pid"

echo
for leg in "${legs[@]}"; do show_leg "$leg"; done
echo
echo "== Mono cross-runtime summary"
failed=0
for leg in "${legs[@]}"; do
  case $leg in native) label="x86-64 (native)" ;; *) label="$leg (qemu)" ;; esac
  read -r rc secs < "$WORK/$leg.status" || { rc=missing; secs=?; }
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ not run on this runtime)?$' "$WORK/$leg.log" | tail -1 || true)
  printf '%-17s %s   [%s s, exit %s]\n' "$label:" "${line:-(no final line; see $WORK/$leg.log)}" "$secs" "$rc"
  grep -E '^[0-9]+ not run on this runtime: ' "$WORK/$leg.log" | sed 's/^/                  /' || true
  [[ $rc == 0 ]] || failed=1
done
exit $failed
