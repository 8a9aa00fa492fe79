#!/usr/bin/env bash
# The `tribune run` test on a real kernel: boots QEMU (bochs DRM) with scripts/vm/run-in-vm and
# runs the debug `tribune run --no-touch` in the guest under a NOTIFY_SOCKET a python3 listener
# binds (Tests/VM/run-guest.sh). Checks (Tests/VM/check_run.py): READY=1 arrives with the
# kiosk's frame on screen, WATCHDOG=1 keeps coming, the settled screen equals the same session
# rendered headless (`tribune run --preview`), the control socket's screenshot too, and SIGTERM
# → STOPPING=1, exit 0 within 2 s, the VT back in text mode. Skips (exit 0, with a message)
# when QEMU, a kernel or busybox is missing: `scripts/install-deps.sh vm`.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/vm/host-lib.sh
skip_without_vm "VM run test"
# VM_BUILD=release and VM_SEATS=N measure start-up and frames on another build and venue.
export VM_BUILD=${VM_BUILD:-debug} VM_SEATS=${VM_SEATS:-3000}
swift build -c "$VM_BUILD" --product tribune >/dev/null
bin=$(swift build -c "$VM_BUILD" --show-bin-path)/tribune
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-run.XXXXXX")
bin=$(copy_for_guest "$bin" "$work")
mode=${MODE:-1024x768}
"$bin" venue generate --seats "$VM_SEATS" -o "$work/stadium.venue.json" >/dev/null
# The same settings as in the guest; idle timers far away so nothing changes while we look. The
# panel's size is given: map labels are sized in mm, and the preview has no EDID to read it from.
flags="--venue $work/stadium.venue.json --no-touch --mode $mode --idle-timeout 3600 --blank-after 0 --event-name VM --width-mm 270 --height-mm 203"
# shellcheck disable=SC2086
"$bin" run $flags --preview "$work/expected.png" --preview-at 10 >/dev/null
# In the guest the first page-flip event is dropped, as a driver that loses it would: the kiosk
# loop must write the flip off at its deadline, set the mode again and repaint by itself.
{ echo "TRIBUNE='$bin'"; echo "FLAGS='$flags --lose-flip-events 1'"; } > "$work/env.sh"
echo "VM run test: booting QEMU (work folder $work)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/run-guest.sh 400 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
cat "$work/results.txt" 2>/dev/null || { echo "no results; guest log:"; cat "$work/guest.log" "$work/console.log" 2>/dev/null | tail -40; exit 1; }
python3 Tests/VM/check_run.py "$work"
# Passed: the folder goes (it stays for a look when a check fails, or with KEEP_VM_WORK=1).
if [ -n "${KEEP_VM_WORK:-}" ]; then echo "== kept $work"; else rm -rf "$work"; fi
