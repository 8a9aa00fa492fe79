#!/usr/bin/env bash
# The speaking kiosk on a real kernel, driven by touch: boots QEMU (bochs DRM, uinput, udev, the
# ALSA loopback card snd-aloop) with scripts/vm/run-in-vm and runs the debug `tribune run` in the
# guest with its speech device on the loopback (hw:Loopback,0,0), while arecord captures the other
# end (hw:Loopback,1,0) (Tests/VM/run-speech-guest.sh). Speech is off at the start; `tribune play`
# plays a visitor's touches on virtual touchscreens (Tests/VM/make_speech_touches.py writes them as
# evemu recordings): the accessibility button and the card's Speech switch pressed, then screen-
# reader gestures — swipe right, right, left, a tap that explores Close, a double-tap that presses
# it. Then a uinput headset jack (EV_SW SW_HEADPHONE_INSERT, --headset-switch) reports a plug,
# which turns on step-through. The expected utterances are what `tribune-headless replay` says for
# the same touches. Checks (Tests/VM/check_run_speech.py): the kiosk read each step's touches and
# logged exactly the replay's utterances, in order, as said; one more after the plug; none failed;
# each logged length within a fifth of the same text synthesized on the host through libespeak-ng;
# the capture not silent (voiced RMS at least half the references') and its voiced length within
# 30 % of the logged utterances' references; SIGTERM → exit 0.
# Skips (exit 0, with a message) when QEMU, a kernel, busybox or snd-aloop is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/vm/host-lib.sh
skip_without_vm "VM speech test"
if ! command -v arecord >/dev/null || ! find "/lib/modules/$kver" -name 'snd-aloop.ko*' | grep -q .; then
  echo "SKIP VM speech test: need arecord (alsa-utils) and the kernel's snd-aloop module"
  echo "     (install with: scripts/install-deps.sh vm)"
  exit 0
fi
swift build --product tribune >/dev/null
swift build --product tribune-headless >/dev/null
bin=$(swift build --show-bin-path)/tribune
headless=$(swift build --show-bin-path)/tribune-headless
work=$(mktemp -d "${TMPDIR:-/tmp}/tribune-vm-speech.XXXXXX")
bin=$(copy_for_guest "$bin" "$work"); headless=$(copy_for_guest "$headless" "$work")
rate=160
# Each step is played at this speed: slower than recorded (the guest renders slowly under TCG),
# still inside the double-tap and swipe windows.
speed=0.8
size=1024x768
"$bin" venue generate --seats 3000 -o "$work/stadium.venue.json" >/dev/null
python3 Tests/VM/make_speech_touches.py "$work" "$speed"
steps=$(wc -l < "$work/steps.txt")
# The expected: the same touches replayed headless (all steps in one recording, as played), with
# the kiosk's defaults (party size first). Its transcript, step by step, gives how many utterances
# the kiosk says after each step (cumulative); `tribune play --emulate` how many touch frames.
"$headless" replay "$work/all.evemu" --venue "$work/stadium.venue.json" --size $size --touch-size 270x203mm \
    --party-size-first --no-timing --report "$work/expected-report.json" 2> "$work/replay.err"
frames=""; said=""; total=0
for k in $(seq "$steps"); do
  total=$((total + $("$bin" play "$work/step$k.evemu" --emulate --size $size | grep -c '"touches"')))
  frames="$frames $total"
done
said=$(python3 Tests/VM/check_run_speech.py --expected-counts "$work")
flags="--venue $work/stadium.venue.json --mode $size --idle-timeout 3600 --blank-after 0 --event-name VM"
flags="$flags --width-mm 270 --height-mm 203 --speech-device hw:Loopback,0,0 --speech-volume 1 --speech-rate $rate"
{ echo "TRIBUNE='$bin'"; echo "FLAGS='$flags'"; echo "SPEED=$speed"; echo "STEPS=$steps"
  echo "FRAMES='${frames# }'"; echo "SAID='$said'"; } > "$work/env.sh"
echo "VM speech test: booting QEMU (work folder $work)…"
start=$(date +%s)
status=0
scripts/vm/run-in-vm "$work" Tests/VM/run-speech-guest.sh 1500 || status=$?
echo "VM ran $(( $(date +%s) - start )) s (status $status)"
cat "$work/results.txt" 2>/dev/null || { echo "no results; guest log:"; cat "$work/guest.log" "$work/console.log" 2>/dev/null | tail -40; exit 1; }
python3 Tests/VM/check_run_speech.py "$work" "$rate"
# Passed: the folder goes (it stays for a look when a check fails, or with KEEP_VM_WORK=1).
if [ -n "${KEEP_VM_WORK:-}" ]; then echo "== kept $work"; else rm -rf "$work"; fi
