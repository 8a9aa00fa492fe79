# Guest side of the touch VM test (scripts/vm/test-touch.sh via scripts/vm/run-in-vm).
# /mnt/env.sh sets TRIBUNE, SIZE, UNPLUG (seconds into the canvas playback) and CALIBRATION.
. /mnt/env.sh
modprobe uinput; modprobe evdev
/lib/systemd/systemd-udevd --daemon
udevadm trigger; udevadm settle
ls -l /dev/uinput /dev/input > /mnt/devices.txt 2>&1

# Waits until FILE contains TEXT (up to 120 s).
wait_for() { for i in $(seq 1200); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# 1. `touches` first, then the device appears and plays in full.
"$TRIBUNE" touches --size "$SIZE" --seconds 300 > /mnt/live-circle.jsonl 2> /mnt/touches-circle.err &
touches=$!
wait_for /mnt/live-circle.jsonl '"ready"'
"$TRIBUNE" play /mnt/circle.events --wait 1 > /mnt/play-circle.out 2>&1
echo "play exit $?" >> /mnt/play-circle.out
wait_for /mnt/live-circle.jsonl '"removed"'
sleep 0.5
kill -TERM $touches; wait $touches
echo "touches exit $?" >> /mnt/touches-circle.err

# 1b. `tribune record` waits for the touchscreen `play` creates and records it until it goes away.
"$TRIBUNE" record -o /mnt/recorded-circle.yaml --wait 120 > /mnt/record-circle.out 2>&1 &
recorder=$!
"$TRIBUNE" play /mnt/circle.events --wait 2 > /mnt/play-record.out 2>&1
echo "play exit $?" >> /mnt/play-record.out
wait $recorder
echo "record exit $?" >> /mnt/record-circle.out

# 2. The canvas, unplugged mid-gesture: `play` destroys its uinput device at UNPLUG seconds into
#    playback (the SIGTERM path, on time: a shell timer in a slow TCG guest can be a second late).
"$TRIBUNE" touches --size "$SIZE" --seconds 300 > /mnt/live-canvas.jsonl 2> /mnt/touches-canvas.err &
touches=$!
wait_for /mnt/live-canvas.jsonl '"ready"'
"$TRIBUNE" play /mnt/canvas.evemu --wait 1 --unplug-after "$UNPLUG" > /mnt/play-canvas.out 2>&1
echo "play exit $?" >> /mnt/play-canvas.out
wait_for /mnt/live-canvas.jsonl '"removed"'
sleep 0.5
kill -TERM $touches; wait $touches
echo "touches exit $?" >> /mnt/touches-canvas.err
sync

# 2b. A configured calibration on a panel turned 90°: libinput applies the matrix the kiosk sets
#     (libinput_device_config_calibration_set_matrix), then the rotation.
"$TRIBUNE" touches --size 768x1024 --rotation 90 --calibration "$CALIBRATION" --seconds 300 \
    > /mnt/live-calibrated.jsonl 2> /mnt/touches-calibrated.err &
touches=$!
wait_for /mnt/live-calibrated.jsonl '"ready"'
"$TRIBUNE" play /mnt/circle.events --wait 1 > /mnt/play-calibrated.out 2>&1
echo "play exit $?" >> /mnt/play-calibrated.out
wait_for /mnt/live-calibrated.jsonl '"removed"'
sleep 0.5
kill -TERM $touches; wait $touches
sync

# 3. Without permission (user nobody, not in 'input'): a message naming the node and the group.
setpriv --reuid=65534 --regid=65534 --clear-groups "$TRIBUNE" touches --seconds 1 > /mnt/permission.out 2>&1
echo "exit $?" >> /mnt/permission.out
sync
