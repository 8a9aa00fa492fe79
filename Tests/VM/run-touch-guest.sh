# Guest side of the kiosk-with-touch VM test (scripts/vm/test-run-touch.sh via scripts/vm/run-in-vm).
# /mnt/env.sh sets TRIBUNE, FLAGS, CIRCLE_FRAMES (touch frames the circle recording gives),
# SPEED (playback speed of the circle) and UNPLUG (seconds into the canvas playback). `tribune run` drives the screen (bochs DRM) with
# libinput touch; `tribune play` plugs a virtual touchscreen in after it started and plays a real
# two-finger recording; the control socket's status gives the gesture totals, touch frames and
# touch-to-flip latency, and the QEMU monitor captures the settled screen. Then the canvas
# recording is unplugged mid-gesture, and SIGTERM ends the kiosk.
. /mnt/env.sh
. /mnt/guest-lib.sh
modprobe bochs
for i in $(seq 50); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
modprobe uinput; modprobe evdev
/lib/systemd/systemd-udevd --daemon
udevadm trigger; udevadm settle
: > /mnt/results.txt
# shellcheck disable=SC2086
"$TRIBUNE" run $FLAGS --card /dev/dri/card0 --tty /dev/tty1 --control-socket /run/tribune-control.sock \
    > /mnt/run.out 2> /mnt/run.err &
pid=$!
wait_settled 0 /mnt/status-start.json && echo "start settled" >> /mnt/results.txt

# 1. The circle: the virtual touchscreen appears after the kiosk started and plays in full, at
#    SPEED (a debug build renders a frame in most of a second under TCG; played at full speed the
#    kernel's per-client event buffer would overflow meanwhile). `tribune record` captures what
#    was played, with the kernel's timestamps: the headless replay on the host gets exactly that.
"$TRIBUNE" record -o /mnt/recorded-circle.yaml --wait 120 > /mnt/record-circle.out 2>&1 &
recorder=$!
"$TRIBUNE" play /mnt/circle.events --wait 2 --speed "$SPEED" > /mnt/play-circle.out 2>&1
echo "play exit $?" >> /mnt/play-circle.out
wait $recorder
echo "record exit $?" >> /mnt/record-circle.out
wait_settled "$CIRCLE_FRAMES" /mnt/status-circle.json && echo "circle settled" >> /mnt/results.txt
screendump final.ppm

# 2. The canvas, unplugged mid-gesture: the kiosk cancels the touches and goes on.
before=$(/usr/bin/python3 -c 'import json; print(json.load(open("/mnt/status-circle.json"))["touch_frames"])' 2>/dev/null || echo 0)
"$TRIBUNE" play /mnt/canvas.evemu --wait 1 --unplug-after "$UNPLUG" > /mnt/play-canvas.out 2>&1
echo "play exit $?" >> /mnt/play-canvas.out
wait_settled $((before + 1)) /mnt/status-canvas.json && echo "canvas settled" >> /mnt/results.txt
screendump after-unplug.ppm

t0=$(now_ms); kill -TERM $pid
wait $pid; rc=$?
t1=$(now_ms)
echo "run rc=$rc sigterm_ms=$((t1 - t0))" >> /mnt/results.txt
sync
