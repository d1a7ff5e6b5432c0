#!/usr/bin/env bash
# install-mono.sh - make `mono` and `mcs` available on a Debian 12 (bookworm) machine.
#
#   tools/mono/install-mono.sh [--devel]
#
# Installs Debian's mono-runtime and mono-mcs (Mono 6.8; ~25 MB, enough to compile C# <= 7.2 with
# `mcs -langversion:7.2` and to run the result). --devel (or MONO_DEVEL=1) adds mono-devel
# (~180 MB: the netstandard.dll facade in /usr/lib/mono/4.5/Facades, ilasm, monodis), needed only
# to compile against netstandard2.0 assemblies.
# Idempotent: does nothing (not even apt-get update) when everything asked for is already there.
# Run as root, or as a user with passwordless sudo. Prints the Mono version at the end.
set -euo pipefail

want_devel=${MONO_DEVEL:-0}
for arg in "$@"; do
  case $arg in
    --devel) want_devel=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-mono.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

log() { printf '[install-mono] %s\n' "$*" >&2; }

pkgs=()
command -v mono >/dev/null 2>&1 || pkgs+=(mono-runtime)
command -v mcs >/dev/null 2>&1 || pkgs+=(mono-mcs)
if [[ $want_devel == 1 && ! -f /usr/lib/mono/4.5/Facades/netstandard.dll ]]; then
  pkgs+=(mono-devel)
fi

if [[ ${#pkgs[@]} -gt 0 ]]; then
  command -v apt-get >/dev/null 2>&1 || { log "ERROR: no apt-get; install ${pkgs[*]} by hand"; exit 2; }
  sudo=()
  if [[ $(id -u) != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { log "ERROR: run as root (or install sudo)"; exit 2; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  # A mirror may serve a stale index for one suite ("Mirror sync in progress?"): retry, then go on
  # with what was updated; the install below fails loudly if that was not enough.
  updated=0
  for attempt in 1 2 3; do
    if "${sudo[@]}" apt-get update -q; then updated=1; break; fi
    log "apt-get update failed (attempt $attempt/3)"; sleep $((attempt * 5))
  done
  [[ $updated == 1 ]] || log "WARNING: apt-get update kept failing; trying the install with the indices present"
  log "installing ${pkgs[*]}"
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${pkgs[@]}"
fi

command -v mono >/dev/null 2>&1 || { log "ERROR: mono is still missing"; exit 1; }
command -v mcs >/dev/null 2>&1 || { log "ERROR: mcs is still missing"; exit 1; }
log "$(mono --version | head -1)"
