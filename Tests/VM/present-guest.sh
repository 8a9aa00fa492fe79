# Guest side of the `tribune present` VM test (run by scripts/vm/run-in-vm via
# scripts/vm/test-present.sh). /mnt/env.sh sets TRIBUNE, SCENE_A, SCENE_B, MODE and CASES:
# lines of "NAME FLAGS…". For each case: start `tribune present`, wait until it says the frames
# are on screen, capture the screen (NAME.ppm), SIGTERM it, and record the exit status, the
# milliseconds until it exited and the VT's KD mode afterwards (0 = KD_TEXT) in /mnt/results.txt.
. /mnt/env.sh
. /mnt/guest-lib.sh
modprobe bochs
# udevd passes the kernel's DRM hotplug uevents on to the presenter's udev monitor.
/lib/systemd/systemd-udevd --daemon 2>/dev/null && udevadm trigger --subsystem-match=drm 2>/dev/null && udevadm settle 2>/dev/null
for i in $(seq 50); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
ls -l /dev/dri > /mnt/devices.txt 2>&1
: > /mnt/results.txt
echo "$CASES" | while read -r name flags; do
  [ -n "$name" ] || continue
  rm -f "/mnt/$name.out" "/mnt/$name.err" "/mnt/$name.json"
  # EBUSY cases: one CPU, and `tribune` above the kernel's commit workers (SCHED_FIFO), so a
  # flip queued right after another meets the first one still in the kernel — deterministically.
  prefix=""
  case "$name" in *-busy)
    echo 0 > /sys/devices/system/cpu/cpu1/online 2>/dev/null
    prefix="chrt -f 10" ;;
  esac
  # shellcheck disable=SC2086
  $prefix "$TRIBUNE" present "$SCENE_A" --card /dev/dri/card0 --mode "$MODE" --tty /dev/tty1 \
      --report "/mnt/$name.json" $flags > "/mnt/$name.out" 2> "/mnt/$name.err" &
  pid=$!
  for i in $(seq 600); do
    grep -q presented "/mnt/$name.out" 2>/dev/null && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  case "$flags" in *--blank-after*)
    for i in $(seq 100); do grep -q blanked "/mnt/$name.out" 2>/dev/null && break; sleep 0.1; done; sleep 0.5 ;;
  esac
  case "$name" in *-vt)
    # Switch away and back: the process drops DRM master, then takes it back and repaints.
    busybox chvt 2; sleep 1; busybox chvt 1; sleep 1 ;;
  esac
  case "$name" in *-hotplug)
    # Unplug the connector, then plug it back. The kernel's forced connector status makes it
    # report disconnected/connected; a forced status sends no uevent by itself, so announce the
    # change as the kernel does on a real hotplug (a `change` uevent of the card, through udevd).
    # The presenter must stop, then set the mode again and repaint.
    conn=$(ls -d /sys/class/drm/card0-*-1 | head -1)
    echo off > "$conn/status"
    echo change > /sys/class/drm/card0/uevent
    for i in $(seq 50); do grep -q disconnected "/mnt/$name.out" 2>/dev/null && break; sleep 0.1; done
    echo detect > "$conn/status"
    echo change > /sys/class/drm/card0/uevent
    for i in $(seq 100); do grep -q "hotplug: reconnected" "/mnt/$name.out" 2>/dev/null && break; sleep 0.1; done
    sleep 0.5 ;;
  esac
  during=$(kdmode)
  rm -f /mnt/screendump-done
  echo "$name.ppm" > /mnt/screendump-request.tmp; mv /mnt/screendump-request.tmp /mnt/screendump-request
  for i in $(seq 300); do [ -f /mnt/screendump-done ] && break; sleep 0.1; done
  t0=$(now_ms); kill -TERM $pid
  wait $pid; rc=$?
  t1=$(now_ms)
  case "$name" in *-busy) echo 1 > /sys/devices/system/cpu/cpu1/online 2>/dev/null ;; esac
  echo "$name rc=$rc sigterm_ms=$((t1 - t0)) kd_during=$during kd_after=$(kdmode)" >> /mnt/results.txt
done
sync
