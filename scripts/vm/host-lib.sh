# Shell functions the host sides of the VM tests share (scripts/vm/test-*.sh source this file
# after changing to the repository's root).

# Ends the calling test with exit 0 and a SKIP line naming it ($1) when QEMU, a readable kernel,
# busybox or python3 is missing (scripts/install-deps.sh vm installs them). Sets kver, the
# version of the kernel the VM boots.
skip_without_vm() {
  kver=$(ls /lib/modules 2>/dev/null | sort -V | tail -1 || true)
  if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$kver" ] || [ ! -r "/boot/vmlinuz-$kver" ] \
     || [ ! -x /bin/busybox ] || ! command -v python3 >/dev/null; then
    echo "SKIP $1: need qemu-system-x86_64, a readable /boot/vmlinuz-*, /bin/busybox and python3"
    echo "     (install with: scripts/install-deps.sh vm)"
    exit 0
  fi
}

# The touch tests' recordings: sets circle (a two-finger circle, evemu events), circle_desc (its
# device description) and canvas (a Dell Canvas recording); ends the calling test ($1 names it)
# with exit 1 when one is missing: they are part of the repository.
touch_recordings() {
  local recordings="$PWD/Tests/Fixtures/recordings/evemu/evemu-devices/tablets"
  circle="$recordings/Wacom ISDv4 E6 Finger.double-center-circle.events"
  circle_desc="$recordings/Wacom ISDv4 E6 Finger.desc"
  canvas="$recordings/dell_canvas_touch.evemu"
  if [ ! -r "$circle" ] || [ ! -r "$circle_desc" ] || [ ! -r "$canvas" ]; then
    echo "FAIL $1: recordings not found under $recordings (they are part of the repository)" >&2
    exit 1
  fi
}

# Copies the binary $1 into the work folder $2 and prints the copy's path. The guest, and the
# host's reference renders and replays, run that copy: a build in the shared tree that relinks
# .build's binary while the VM runs (minutes under TCG) would otherwise change the file under the
# guest's running process, or give the host a different build than the guest.
copy_for_guest() {
  cp "$1" "$2/$(basename "$1")"
  echo "$2/$(basename "$1")"
}
