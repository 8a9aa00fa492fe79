#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Tribune needs that this machine lacks, and says which.
# Usage: scripts/install-deps.sh [build|vm|fonts|bench|profile|all]   (default: build)
#   build: compiling and testing (systemd for `systemd-analyze verify/security` on the units;
#          zbar-tools' zbarimg decodes the receipt's QR code in the tests; python3-jsonschema
#          checks the demo venue against docs/venue.schema.json; postgresql: the box office's
#          tests start a PostgreSQL server of their own with initdb and pg_ctl; nginx: the load
#          balancer of the box office's several-instance deployment)
#   vm:    the VM tests (QEMU, a kernel with bochs-drm and uinput, busybox)
#   fonts: what the kiosk needs at run time to draw text (`make install` uses it)
#   bench: build, plus what `make bench` needs for its peers' virtualenv (pycairo builds
#          against libcairo2-dev; python3-venv makes the virtualenv)
#   profile: build, plus valgrind and binutils for `make profile` (scripts/profile_render.py)
set -euo pipefail

build_packages=(libdrm-dev libinput-dev libudev-dev libfreetype-dev libharfbuzz-dev
                fonts-dejavu-core fonts-noto-cjk zlib1g-dev libqrencode-dev zbar-tools pkg-config systemd
                libespeak-ng-dev espeak-ng-data libasound2-dev alsa-utils gettext fonts-noto-core locales
                python3-jsonschema postgresql nginx)
font_packages=(fonts-dejavu-core fonts-noto-cjk)
vm_packages=(qemu-system-x86 linux-image-amd64 busybox-static)
bench_packages=(libcairo2-dev python3-venv)
profile_packages=(valgrind binutils)
# The tests' pycairo (scripts/test-venv.sh: ExactnessTests' cairo renders) builds against it.
build_packages+=(libcairo2-dev)

case "${1:-build}" in
  build) wanted=("${build_packages[@]}") ;;
  vm)    wanted=("${vm_packages[@]}") ;;
  fonts) wanted=("${font_packages[@]}") ;;
  bench) wanted=("${build_packages[@]}" "${bench_packages[@]}") ;;
  profile) wanted=("${build_packages[@]}" "${profile_packages[@]}") ;;
  all)   wanted=("${build_packages[@]}" "${vm_packages[@]}") ;;
  *) echo "usage: $0 [build|vm|fonts|bench|profile|all]" >&2; exit 2 ;;
esac

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing system packages: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  # postgresql and nginx start services of their own when installed (a cluster on 5432, a web
  # server on 80); the tests start their own servers, so no service is started by the install
  # (policy-rc.d's 101: action forbidden), unless the machine already has a policy of its own.
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod 755 "$policy"
  fi
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ -z "$policy" ] || $sudo rm -f "$policy"
  echo "Installed: ${missing[*]}"
fi

# The kiosk's languages read their catalogs through glibc, which needs each language's locale
# (LC_MESSAGES) to exist; generate the ones that are missing (a few seconds each).
if [ "${1:-build}" != fonts ] && [ "${1:-build}" != vm ]; then
  for l in en_US de_DE es_ES ar_EG zh_CN; do
    if ! locale -a 2>/dev/null | grep -qix "$l.utf-\?8"; then
      echo "Generating the locale $l.UTF-8"
      if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
      $sudo localedef -i "$l" -f UTF-8 "$l.UTF-8"
    fi
  done
fi

if [ "${1:-build}" != fonts ] && ! command -v swift >/dev/null 2>&1; then
  echo "error: the Swift toolchain (6.1 or later) is not on PATH; install it from swift.org" >&2
  exit 1
fi
