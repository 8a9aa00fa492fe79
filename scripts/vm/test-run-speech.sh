#!/usr/bin/env bash
# The speaking kiosk on a real kernel: boots QEMU (bochs DRM, the ALSA loopback card snd-aloop)
# with scripts/vm/run-in-vm and runs the debug `tribune run --speech` in the guest with its speech
# device on the loopback (hw:Loopback,0,0), while arecord captures the other end (hw:Loopback,1,0)
# (Tests/VM/run-speech-guest.sh). The kiosk announces its first screen by itself; then a headset
# jack made with uinput (EV_SW SW_HEADPHONE_INSERT, --headset-switch) reports a plug, which turns
# on step-through, and the kiosk announces its list. Checks (Tests/VM/check_run_speech.py): the
# announcements before and after the plug logged as said, none failed; each logged length within a fifth of the same text synthesized on the host
# through libespeak-ng; the capture not silent (voiced RMS at least half the references') and its
# voiced length within 30 % of the logged utterances' references; SIGTERM → exit 0.
# Skips (exit 0, with a message) when QEMU, a kernel, busybox or snd-aloop is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
kver=$(ls /lib/modules 2>/dev/null | sort -V | tail -1 || true)
if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$kver" ] || [ ! -r "/boot/vmlinuz-$kver" ] \
   || [ ! -x /bin/busybox ] || ! command -v python3 >/dev/null || ! command -v arecord >/dev/null \
   || ! find "/lib/modules/$kver" -name 'snd-aloop.ko*' | grep -q .; then
  echo "SKIP VM speech test: need qemu-system-x86_64, a readable /boot/vmlinuz-*, /bin/busybox, python3,"
  echo "     arecord (alsa-utils) and the kernel's snd-aloop module (install with: scripts/install-deps.sh vm)"
  exit 0
fi
swift build --product tribune >/dev/null
bin=$(swift build --show-bin-path)/tribune
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-speech.XXXXXX")
rate=160
"$bin" venue generate --seats 3000 -o "$work/stadium.venue.json" >/dev/null
flags="--venue $work/stadium.venue.json --no-touch --mode 1024x768 --idle-timeout 3600 --blank-after 0 --event-name VM"
flags="$flags --width-mm 270 --height-mm 203 --speech --speech-device hw:Loopback,0,0 --speech-volume 1 --speech-rate $rate"
{ echo "TRIBUNE='$bin'"; echo "FLAGS='$flags'"; } > "$work/env.sh"
echo "VM speech test: booting QEMU (work folder $work)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/run-speech-guest.sh 900 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
cat "$work/results.txt" 2>/dev/null || { echo "no results; guest log:"; cat "$work/guest.log" "$work/console.log" 2>/dev/null | tail -40; exit 1; }
python3 Tests/VM/check_run_speech.py "$work" "$rate"
