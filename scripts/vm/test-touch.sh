#!/usr/bin/env bash
# The live touch path on a real kernel: boots QEMU with scripts/vm/run-in-vm, starts udev in the
# guest, runs `tribune touches` (libinput, udev backend) and `tribune play` (uinput) there, and
# compares on the host (Tests/VM/check_touch.py):
#   1. a two-finger rotate+pinch recording (Wacom ISDv4 E6, double-center-circle) played in full:
#      the live frames equal the frames of Tribune's replay emulation (`tribune play --emulate`)
#      at the same display size — same frames, positions within 0.5 px, ids up to an offset;
#      the device, created after `touches` started, is picked up;
#      `tribune record`, started before the device exists (--wait), records it until it is
#      unplugged; that YAML, replayed through the emulation, gives the same frames again;
#   2. the Dell Canvas recording unplugged mid-gesture (play SIGTERMed halfway): the live frames
#      match up to there, then the touches still down end as cancelled; the panel size in mm
#      comes from libinput.
#   3. the circle again under a configured calibration matrix on a panel turned 90°: the live
#      frames (libinput applying the matrix the kiosk sets) equal the emulation's with that matrix.
# Also prints the event → frame latency measured in the guest. Skips (exit 0, with a message)
# when QEMU, a kernel or busybox is missing; fails when the recordings (Tests/Fixtures/recordings) are.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/vm/host-lib.sh
skip_without_vm "VM touch test"
touch_recordings "VM touch test"
swift build --product tribune >/dev/null
bin=$(swift build --show-bin-path)/tribune
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-touch.XXXXXX")
bin=$(copy_for_guest "$bin" "$work")
# Plain names (the guest script quotes nothing); the .desc sits next to the events as the reader expects.
cp "$circle" "$work/circle.events"; cp "$circle_desc" "$work/circle.desc"; cp "$canvas" "$work/canvas.evemu"
size=1024x768
"$bin" play "$work/circle.events" --emulate --size $size > "$work/expected-circle.jsonl"
"$bin" play "$work/canvas.evemu" --emulate --size $size > "$work/expected-canvas.jsonl"
calibration="0.95 0 0.02 0 0.9 0.05"
"$bin" play "$work/circle.events" --emulate --size 768x1024 --rotation 90 --calibration "$calibration" > "$work/expected-calibrated.jsonl"
# Unplug the canvas in the middle of a stretch where fingers stay down.
unplug=$(python3 Tests/VM/check_touch.py --unplug-time "$work/expected-canvas.jsonl")
{ echo "TRIBUNE='$bin'"; echo "SIZE=$size"; echo "UNPLUG=$unplug"; echo "CALIBRATION='$calibration'"; } > "$work/env.sh"
echo "VM touch test: booting QEMU (work folder $work; canvas unplugged at ${unplug} s)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/touch-guest.sh 600 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
if [ ! -s "$work/live-circle.jsonl" ]; then
  echo "no live frames; guest log:"; tail -40 "$work/guest.log" "$work/console.log" 2>/dev/null; exit 1
fi
# What `tribune record` wrote in the guest, through the replay emulation on the host.
if [ -s "$work/recorded-circle.yaml" ]; then
  "$bin" play "$work/recorded-circle.yaml" --emulate --size $size > "$work/recorded-circle.jsonl" 2> "$work/recorded-circle.err" || true
fi
python3 Tests/VM/check_touch.py "$work"
# Passed: the folder goes (it stays for a look when a check fails, or with KEEP_VM_WORK=1).
if [ -n "${KEEP_VM_WORK:-}" ]; then echo "== kept $work"; else rm -rf "$work"; fi
