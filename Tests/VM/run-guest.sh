# Guest side of the `tribune run` VM test (run by scripts/vm/run-in-vm via scripts/vm/test-run.sh).
# /mnt/env.sh sets TRIBUNE and FLAGS. A python3 listener receives the sd_notify datagrams (with
# monotonic arrival times) into /mnt/notify.log; the kiosk runs on tty1 with a control socket;
# we capture the screen right after READY=1 (ready.ppm) and once the screen has settled
# (settled.ppm, plus the control socket's screenshot.png), then SIGTERM it and record the exit
# status, the milliseconds until it exited and the VT's KD mode (0 = text) in /mnt/results.txt.
. /mnt/env.sh
. /mnt/guest-lib.sh
modprobe bochs
for i in $(seq 50); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
: > /mnt/results.txt
/usr/bin/python3 -u -c 'import socket, time, os
p = "/run/notify.sock"
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(p)
open("/run/notify.ready", "w").close()
with open("/mnt/notify.log", "a") as log:
    while True:
        m = s.recv(4096).decode(errors="replace")
        log.write("%.3f %r\n" % (time.monotonic(), m)); log.flush()' &
listener=$!
for i in $(seq 50); do [ -e /run/notify.ready ] && break; sleep 0.1; done
echo "kd_before=$(kdmode)" >> /mnt/results.txt
# shellcheck disable=SC2086
NOTIFY_SOCKET=/run/notify.sock WATCHDOG_USEC=2000000 "$TRIBUNE" run $FLAGS --card /dev/dri/card0 --tty /dev/tty1 \
    --control-socket /run/tribune-control.sock > /mnt/run.out 2> /mnt/run.err &
pid=$!
for i in $(seq 1200); do
  grep -q "READY=1" /mnt/notify.log 2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
screendump ready.ppm
# Settled: no animation, no timer, nothing left to draw (the stadium's trace-in is over).
settled=no
for i in $(seq 120); do
  control status > /mnt/status.json 2>/dev/null
  grep -q '"settled": true' /mnt/status.json && { settled=yes; break; }
  sleep 0.5
done
# An idle window: only the watchdog should wake the loop (check_run.py looks at its pace here).
# The kiosk's CPU time (utime + stime, clock ticks) over the window: an idle kiosk uses ~0 %.
cputicks() { awk '{print $14 + $15}' /proc/$pid/stat; }
echo "idle_cpu_start=$(cputicks)" >> /mnt/marks.txt
/usr/bin/python3 -c 'import time; print("idle_start=%.3f" % time.monotonic())' >> /mnt/marks.txt
sleep 4
/usr/bin/python3 -c 'import time; print("idle_end=%.3f" % time.monotonic())' >> /mnt/marks.txt
echo "idle_cpu_end=$(cputicks)" >> /mnt/marks.txt
echo "clock_ticks=$(getconf CLK_TCK)" >> /mnt/marks.txt
control status > /mnt/status-before.json 2>/dev/null
screendump settled.ppm
"$TRIBUNE" screenshot --socket /run/tribune-control.sock --timeout 300 --out /mnt/screenshot.png > /mnt/screenshot.out 2>&1
control status > /mnt/status-after.json 2>/dev/null
control "reload" > /mnt/reload.txt 2>&1
during=$(kdmode)
# The reload started a new session (the stadium traces in again): stop once it is idle again.
# Its frames are page flips (the first screen may have been the only frame, shown by the modeset
# alone when the trace-in was over before a slow guest drew it), so the lost flip event is here.
for i in $(seq 120); do
  control status > /mnt/status-final.json 2>/dev/null
  grep -q '"settled": true' /mnt/status-final.json && break
  sleep 0.5
done
t0=$(now_ms); kill -TERM $pid
wait $pid; rc=$?
t1=$(now_ms)
sleep 0.3
echo "run rc=$rc sigterm_ms=$((t1 - t0)) kd_during=$during kd_after=$(kdmode) settled=$settled" >> /mnt/results.txt
kill $listener 2>/dev/null
sync
