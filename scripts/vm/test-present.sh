#!/usr/bin/env bash
# The `tribune present` test on a real kernel: boots QEMU (bochs DRM) with scripts/vm/run-in-vm,
# runs the debug `tribune` binary in the guest for each case below, and compares the screen
# captures with headless renderings (Tests/VM/check_present.py). Skips (exit 0, with a message)
# when QEMU, a kernel or busybox is missing: install them with `scripts/install-deps.sh vm`.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/vm/host-lib.sh
skip_without_vm "VM tests"
swift build --product tribune >/dev/null
bin=$(swift build --show-bin-path)/tribune
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-present.XXXXXX")
bin=$(copy_for_guest "$bin" "$work")
a=$PWD/Tests/VM/scenes/present-a.json; b=$PWD/Tests/VM/scenes/present-b.json
"$bin" draw "$a" -o "$work/expected-a.png"
"$bin" draw "$b" -o "$work/expected-b.png"
# NAME FLAGS… (the checker reads the rotation, --then and --legacy from the flags).
cat > "$work/cases.txt" <<CASES
atomic-r0-then --atomic --buffers 2 --then $b
legacy-r0-then --legacy --buffers 2 --then $b
legacy-r90 --legacy --rotation 90
atomic-r90-then --atomic --rotation 90 --buffers 2 --then $b
atomic-blank --atomic --blank-after 0.3
legacy-blank --legacy --blank-after 0.3
atomic-vt --atomic
atomic-hotplug --atomic
legacy-hotplug --legacy
atomic-lostflip --atomic --buffers 2 --then $b --lose-flip-events 1
legacy-lostflip --legacy --buffers 2 --then $b --lose-flip-events 1
atomic-busy --atomic --then $b --back-to-back 8
legacy-busy --legacy --then $b --back-to-back 8
legacy-modechange --legacy --then-mode 800x600
atomic-r90-modechange --atomic --rotation 90 --then-mode 800x600
CASES
# VM_CASES=REGEX runs only the matching cases (for debugging one of them).
if [ -n "${VM_CASES:-}" ]; then grep -E "^(${VM_CASES}) " "$work/cases.txt" > "$work/cases.sel" || true; mv "$work/cases.sel" "$work/cases.txt"; fi
{ echo "TRIBUNE='$bin'"; echo "SCENE_A='$a'"; echo "SCENE_B='$b'"; echo "MODE=1024x768"
  echo "CASES='$(cat "$work/cases.txt")'"; } > "$work/env.sh"
echo "VM test: booting QEMU (work folder $work)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/present-guest.sh 600 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
cat "$work/results.txt" 2>/dev/null || { echo "no results; guest log:"; cat "$work/guest.log" "$work/console.log" 2>/dev/null | tail -40; exit 1; }
python3 Tests/VM/check_present.py "$work" "$work/expected-a.png" "$work/expected-b.png" "$work/cases.txt"
# Passed: the folder goes (it stays for a look when a check fails, or with KEEP_VM_WORK=1).
if [ -n "${KEEP_VM_WORK:-}" ]; then echo "== kept $work"; else rm -rf "$work"; fi
