# Shell functions the VM guest scripts share (Tests/VM/*-guest.sh). scripts/vm/run-in-vm copies
# this file beside the guest script, to /mnt/guest-lib.sh, and a guest script sources it.

# The VT's KD mode on tty1 (0 = KD_TEXT, 1 = KD_GRAPHICS), "?" when it cannot be read.
kdmode() {
  /usr/bin/python3 -c 'import fcntl, array, sys
b = array.array("i", [9]); fd = open(sys.argv[1], "rb", buffering=0)
fcntl.ioctl(fd, 0x4B3B, b, True); print(b[0])' /dev/tty1 2>/dev/null || echo "?"
}

# Wall-clock milliseconds.
now_ms() { date +%s%3N; }

# Asks the host for a capture of the screen into /mnt/$1 and waits (up to 30 s) until it is written
# (the request is renamed into place, so the host never reads it half-written; see run-in-vm).
screendump() {
  rm -f /mnt/screendump-done
  echo "$1" > /mnt/screendump-request.tmp; mv /mnt/screendump-request.tmp /mnt/screendump-request
  for i in $(seq 300); do [ -f /mnt/screendump-done ] && break; sleep 0.1; done
}

# Sends one command ($1) to the kiosk's control socket and prints its whole reply.
control() {
  /usr/bin/python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX); s.settimeout(10); s.connect("/run/tribune-control.sock")
s.sendall((sys.argv[1] + "\n").encode()); out = b""
while True:
    b = s.recv(65536)
    if not b: break
    out += b
sys.stdout.write(out.decode(errors="replace"))' "$1"
}

# Waits (up to 120 s) until the kiosk is settled with at least $1 touch frames read; its status in
# $2. Gives up at once when the kiosk (the script's $pid) has exited.
wait_settled() {
  for i in $(seq 240); do
    control status > "$2" 2>/dev/null
    /usr/bin/python3 -c 'import json, sys
s = json.load(open(sys.argv[1])); sys.exit(0 if s["settled"] and s["touch_frames"] >= int(sys.argv[2]) else 1)' "$2" "$1" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}
