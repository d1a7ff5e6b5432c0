# qemu-sysroot.sh - sourced by scripts/cross-runtime.sh and scripts/arm64-leg.sh: the shared steps of the emulated legs.
#
# Before sourcing, set LOG_TAG (the log prefix) and WORK (where sysroots live); MIRROR, SECURITY_MIRROR and KEYRING
# get Debian's defaults. Gives log, die, as_root, retry, qemu_for, install_qemu and install_sysroot.

MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${SECURITY_MIRROR:-http://deb.debian.org/debian-security}
KEYRING=${KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}

log() { printf '[%s %s] %s\n' "$LOG_TAG" "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 2; }
as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }
retry() { # retry N CMD...: apt mirrors sometimes serve a stale index for a while
  local n=$1 i; shift
  for ((i = 1; i <= n; i++)); do
    "$@" && return 0
    log "attempt $i/$n failed: $*"; ((i < n)) && sleep $((i * 5))
  done
  return 1
}
qemu_for() {
  case $1 in
    ppc64el) echo /usr/bin/qemu-ppc64le-static ;;
    s390x) echo /usr/bin/qemu-s390x-static ;;
    arm64) echo /usr/bin/qemu-aarch64-static ;;
  esac
}

# qemu-user-static >= 8 (bookworm's 7.2 crashes Mono on s390x, so on bookworm it comes from bookworm-backports).
install_qemu() {
  local version codename
  version=$(dpkg-query -W -f='${Version}' qemu-user-static 2>/dev/null || true)
  if [[ -n $version ]] && dpkg --compare-versions "$version" ge 1:8 && [[ -x /usr/bin/qemu-s390x-static && -x /usr/bin/qemu-aarch64-static ]]; then
    return 0
  fi
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  local target=()
  if [[ $codename == bookworm ]]; then
    if ! grep -rqs -E "(^|[[:space:]])bookworm-backports([[:space:]]|$)" /etc/apt/sources.list /etc/apt/sources.list.d/; then
      echo "deb [signed-by=$KEYRING] $MIRROR bookworm-backports main" |
        as_root tee /etc/apt/sources.list.d/panicode-bookworm-backports.list > /dev/null
    fi
    target=(-t bookworm-backports)
  fi
  retry 3 as_root apt-get -q -o DPkg::Lock::Timeout=600 update || log "WARNING: apt-get update failed; trying the install anyway"
  retry 3 as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 install -y --no-install-recommends \
    "${target[@]}" qemu-user-static
  version=$(dpkg-query -W -f='${Version}' qemu-user-static)
  dpkg --compare-versions "$version" ge 1:8 || die "qemu-user-static $version is too old: Mono crashes on s390x under qemu 7.2"
}

# install_sysroot ARCH SUITE "PKGS" CHECK: a private apt state for ARCH under $WORK/sysroot-ARCH (the host's dpkg
# architectures are left alone): download PKGS of Debian SUITE and their dependencies, unpack them with dpkg-deb -x.
# No chroot, binfmt or mounts. CHECK is a path inside the sysroot that must exist afterwards; a sysroot built from the
# same ARCH, SUITE and PKGS is kept.
install_sysroot() {
  local arch=$1 suite=$2 pkgs=$3 check=$4 root=$WORK/sysroot-$1 marker d l t
  marker=$root/.panicode-sysroot
  if [[ -f $marker && $(cat "$marker") == "$arch $suite $pkgs" && -e $root/$check ]]; then
    return 0
  fi
  log "building the $arch sysroot in $root"
  rm -rf "$root"
  mkdir -p "$root"/etc/apt/{sources.list.d,apt.conf.d,preferences.d} "$root"/var/lib/apt/lists/partial \
    "$root"/var/cache/apt/archives/partial "$root"/var/lib/dpkg
  : > "$root/var/lib/dpkg/status"
  printf 'deb [signed-by=%s] %s %s main\n' \
    "$KEYRING" "$MIRROR" "$suite" "$KEYRING" "$MIRROR" "$suite-updates" \
    "$KEYRING" "$SECURITY_MIRROR" "$suite-security" > "$root/etc/apt/sources.list"
  local apt=(apt-get -q -o "Dir=$root" -o "Dir::State::status=$root/var/lib/dpkg/status"
             -o "APT::Architecture=$arch" -o "APT::Architectures=$arch" -o "Dir::Etc::TrustedParts=/etc/apt/trusted.gpg.d")
  retry 3 "${apt[@]}" update || log "WARNING: apt-get update for $arch kept failing; continuing with the indices it has"
  # shellcheck disable=SC2086 # PKGS is a list
  retry 3 "${apt[@]}" install -y --download-only --no-install-recommends $pkgs
  for d in "$root"/var/cache/apt/archives/*.deb; do dpkg-deb -x "$d" "$root"; done
  rm -f "$root"/var/cache/apt/archives/*.deb
  # qemu -L does not follow absolute symlinks inside the prefix (ppc64el's /lib64/ld64.so.2): make them relative.
  find "$root" -type l -lname '/*' -print0 | while IFS= read -r -d '' l; do
    t=$(readlink "$l")
    ln -sfn "$(realpath -m -s --relative-to="$(dirname "$l")" "$root$t")" "$l"
  done
  [[ -e $root/$check ]] || die "the $arch sysroot has no $check"
  echo "$arch $suite $pkgs" > "$marker"
}
