# Guest side of the speaking-kiosk VM test (scripts/vm/test-run-speech.sh via scripts/vm/run-in-vm).
# /mnt/env.sh sets TRIBUNE, FLAGS (speech off at the start, its device hw:Loopback,0,0), SPEED,
# STEPS, FRAMES (the touch frames the kiosk has read after each step, cumulative) and SAID (the
# utterances said after each step, cumulative: the headless replay's transcript of the same
# touches). The ALSA loopback card (snd-aloop) takes what the kiosk plays on its subdevice 0,0 and
# gives it back on 1,0, where arecord captures it into /mnt/capture.wav (opened first, at the
# synthesizer's format: S16_LE, mono, 22050 Hz, which the loopback then imposes on the playback
# side). The visitor's touches come from `tribune play` (libinput through udev, a virtual
# touchscreen plugged in for each step): the accessibility button and the Speech switch pressed,
# then as a screen reader is used — swipes, a tap that explores, a double-tap that presses. After
# each step the script waits for the kiosk to have read the step's touch frames and to have said
# what the step makes it say (its log's "said" lines), so no touch cuts off an utterance; never a
# fixed time. Then a headset jack made with uinput (EV_SW SW_HEADPHONE_INSERT) reports a plug,
# which turns on step-through, and the kiosk says its list.
. /mnt/env.sh
. /mnt/guest-lib.sh
: > /mnt/results.txt
modprobe bochs
modprobe snd-aloop
for i in $(seq 50); do [ -e /dev/dri/card0 ] && [ -e /proc/asound/Loopback ] && break; sleep 0.1; done
modprobe uinput; modprobe evdev
for i in $(seq 50); do [ -e /dev/uinput ] && break; sleep 0.1; done
/lib/systemd/systemd-udevd --daemon
udevadm trigger; udevadm settle
# The jack: a uinput device with SW_HEADPHONE_INSERT; its node goes to /run/jack.node. It plugs
# the headset in when /run/jack.plug appears and lives until /run/jack.done does.
/usr/bin/python3 -u -c 'import fcntl, glob, os, struct, time
before = set(glob.glob("/dev/input/event*"))
fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
fcntl.ioctl(fd, 0x40045564, 5)          # UI_SET_EVBIT EV_SW
fcntl.ioctl(fd, 0x4004556d, 2)          # UI_SET_SWBIT SW_HEADPHONE_INSERT
fcntl.ioctl(fd, 0x405c5503, struct.pack("HHHH80sI", 0x10, 0x1234, 0x5678, 1, b"Tribune test headset jack", 0))  # UI_DEV_SETUP
fcntl.ioctl(fd, 0x5501)                 # UI_DEV_CREATE
for _ in range(100):
    new = set(glob.glob("/dev/input/event*")) - before
    if new: break
    time.sleep(0.05)
open("/run/jack.node.tmp", "w").write(sorted(new)[0]); os.rename("/run/jack.node.tmp", "/run/jack.node")
while not os.path.exists("/run/jack.plug"): time.sleep(0.1)
os.write(fd, struct.pack("qqHHi", 0, 0, 5, 2, 1) + struct.pack("qqHHi", 0, 0, 0, 0, 0))   # SW_HEADPHONE_INSERT 1, SYN_REPORT
open("/run/jack.plugged", "w").close()
while not os.path.exists("/run/jack.done"): time.sleep(0.1)
os.close(fd)' > /mnt/jack.out 2>&1 &
jack=$!
for i in $(seq 100); do [ -s /run/jack.node ] && break; sleep 0.1; done
node=$(cat /run/jack.node 2>/dev/null)
echo "jack node=$node" >> /mnt/results.txt
said() { c=$(grep -c ' said ' /mnt/run.err 2>/dev/null); echo "${c:-0}"; }
# Waits (up to 400 s: synthesis in a debug build under TCG is slow) for $1 "said" lines in the log.
wait_said() {
  for i in $(seq 800); do
    [ "$(said)" -ge "$1" ] && return 0
    kill -0 $pid 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}
cat /proc/asound/cards > /mnt/cards.txt 2>&1
arecord -D hw:Loopback,1,0 -f S16_LE -c 1 -r 22050 -t wav /mnt/capture.wav > /mnt/arecord.out 2>&1 &
recorder=$!
sleep 1
# shellcheck disable=SC2086
"$TRIBUNE" run $FLAGS --headset-switch "$node" --card /dev/dri/card0 --tty /dev/tty1 --control-socket /run/tribune-control.sock \
    > /mnt/run.out 2> /mnt/run.err &
pid=$!
wait_settled 0 /mnt/status-start.json && echo "start settled" >> /mnt/results.txt
# The steps: each played on a touchscreen plugged in for it (--wait: the kiosk opens it first).
for k in $(seq "$STEPS"); do
  frames=$(echo $FRAMES | cut -d' ' -f"$k"); expect=$(echo $SAID | cut -d' ' -f"$k")
  "$TRIBUNE" play "/mnt/step$k.evemu" --wait 3 --speed "$SPEED" > "/mnt/play-step$k.out" 2>&1
  echo "play exit $?" >> "/mnt/play-step$k.out"
  wait_settled "$frames" "/mnt/status-step$k.json" || echo "step $k not settled" >> /mnt/results.txt
  wait_said "$expect"
  echo "step $k frames=$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["touch_frames"])' "/mnt/status-step$k.json" 2>/dev/null) said=$(said) expected=$expect" >> /mnt/results.txt
done
# The headset: step-through on, and its list said.
n=$(said)
touch /run/jack.plug
for i in $(seq 100); do [ -e /run/jack.plugged ] && break; sleep 0.1; done
wait_said $((n + 1)) && echo "said after plug" >> /mnt/results.txt
control status > /mnt/status-end.json 2>/dev/null
kill -TERM $pid
wait $pid; rc=$?
sleep 0.5
kill -INT $recorder
wait $recorder
echo "run rc=$rc" >> /mnt/results.txt
echo "arecord done" >> /mnt/results.txt
touch /run/jack.done
wait $jack
sync
