#!/usr/bin/env bash
# The kiosk with live touch on a real kernel: boots QEMU (bochs DRM, uinput, udev) with
# scripts/vm/run-in-vm and runs `tribune run` with libinput touch in the guest
# (Tests/VM/run-touch-guest.sh); `tribune play` plugs in a virtual touchscreen after the kiosk
# started and plays the Wacom two-finger rotate+pinch recording (slowed down: a debug build under
# TCG renders slowly), recorded meanwhile by `tribune record`; then the Dell Canvas recording
# unplugged mid-gesture. Checks (Tests/VM/check_run_touch.py):
#   - the gesture totals the live kiosk reports (control socket status) equal those of headless
#     `tribune-headless replay` of the same touches (the guest's recording of the playback, kernel
#     timestamps and all) at the same display size, within 1 %;
#   - the settled screen equals the headless replay's final frame (max |Δ| ≤ 2);
#   - the device added after start drives the kiosk; the unplug mid-gesture leaves it running
#     and settled; SIGTERM → exit 0 within 2 s.
# Prints the touch-to-flip latency measured in the guest (kernel event time → page flip done).
# Skips (exit 0, with a message) when QEMU, a kernel or busybox is missing; fails when the
# recordings (Tests/Fixtures/recordings) are.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/vm/host-lib.sh
skip_without_vm "VM run-with-touch test"
touch_recordings "VM run-with-touch test"
# VM_BUILD=release and VM_SEATS=N measure touch-to-flip on another build and venue.
export VM_BUILD=${VM_BUILD:-debug} VM_SEATS=${VM_SEATS:-3000}
swift build -c "$VM_BUILD" --product tribune >/dev/null
swift build -c "$VM_BUILD" --product tribune-headless >/dev/null
bin=$(swift build -c "$VM_BUILD" --show-bin-path)/tribune
headless=$(swift build -c "$VM_BUILD" --show-bin-path)/tribune-headless
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-run-touch.XXXXXX")
bin=$(copy_for_guest "$bin" "$work"); headless=$(copy_for_guest "$headless" "$work")
cp "$circle" "$work/circle.events"; cp "$circle_desc" "$work/circle.desc"; cp "$canvas" "$work/canvas.evemu"
size=1024x768
"$bin" venue generate --seats "$VM_SEATS" -o "$work/stadium.venue.json" >/dev/null 2>&1
# Idle timers far away, so nothing but the touches changes the screen. The Wacom's axes have no
# resolution: both sides are told the same panel width (gesture thresholds are in mm).
flags="--venue $work/stadium.venue.json --mode $size --idle-timeout 3600 --blank-after 0 --width-mm 270 --height-mm 203"
"$bin" play "$work/circle.events" --emulate --size $size > "$work/expected-circle.jsonl"
"$bin" play "$work/canvas.evemu" --emulate --size $size > "$work/expected-canvas.jsonl"
circle_frames=$(grep -c '"touches"' "$work/expected-circle.jsonl")
unplug=$(python3 Tests/VM/check_touch.py --unplug-time "$work/expected-canvas.jsonl")
{ echo "TRIBUNE='$bin'"; echo "FLAGS='$flags'"; echo "CIRCLE_FRAMES=$circle_frames"; echo "SPEED=0.1"; echo "UNPLUG=$unplug"; } > "$work/env.sh"
echo "VM run-with-touch test: booting QEMU (work folder $work)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/run-touch-guest.sh 600 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
cat "$work/results.txt" 2>/dev/null || { echo "no results; guest log:"; cat "$work/guest.log" "$work/console.log" 2>/dev/null | tail -40; exit 1; }
# Headless: what was played (as `tribune record` captured it in the guest) through the same
# screens, and the screen it leaves (settled).
if [ -s "$work/recorded-circle.yaml" ]; then
  # Party size first, as `tribune run` has it by default (seating.party_size_first).
  "$headless" replay "$work/recorded-circle.yaml" --venue "$work/stadium.venue.json" --size $size --touch-size 270x203mm \
      --party-size-first --no-timing --last-frame "$work/expected-final.png" --report "$work/expected-report.json" 2> "$work/replay.err" || true
fi
python3 Tests/VM/check_run_touch.py "$work"
# Passed: the folder goes (it stays for a look when a check fails, or with KEEP_VM_WORK=1).
if [ -n "${KEEP_VM_WORK:-}" ]; then echo "== kept $work"; else rm -rf "$work"; fi
