# Tribune — the commands a newcomer and CI run. `make demo` and `make test` install what is
# missing (Debian/Ubuntu packages via apt-get) before building.
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out

.PHONY: deps catalogs build test test-vm test-vm-run test-asan fuzz demo bench profile install clean

deps:
	@scripts/install-deps.sh build

# The message catalogs (po/*.po compiled by msgfmt -c) into $(OUT)/locale; tribune.toml's
# [language] catalogs names where the kiosk reads them (install puts them in $(PREFIX)/share/tribune/locale).
catalogs: deps
	scripts/build-catalogs.sh $(OUT)/locale

build: deps catalogs
	$(SWIFT) build

# The whole log goes to $(OUT)/swift-test.log; on failure the failing tests are repeated last, so
# they are in view where only the tail of a long log is shown.
test: deps catalogs
	@mkdir -p $(OUT)
	@# docs/architecture.md's target table is Package.swift's graph; no upward or undeclared imports.
	python3 scripts/check_architecture.py
	@# The tests' Python packages in .venv (prometheus-client reads both programs' /metrics).
	scripts/test-venv.sh
	@set -o pipefail; $(SWIFT) test 2>&1 | tee $(OUT)/swift-test.log || { \
	  echo "== swift test failed; the failing tests (whole log: $(OUT)/swift-test.log):"; \
	  grep -E '✘|error:|Fatal error|Crash' $(OUT)/swift-test.log | grep -v '^✘ Test run' | head -60; exit 1; }
	@# The short soak (40 visitors under faults, Tests/KioskTests/KioskSoakTests.swift) on its own.
	@set -o pipefail; TRIBUNE_SHORT_SOAK=1 $(SWIFT) test --skip-build --filter KioskSoakTests 2>&1 | tee $(OUT)/short-soak.log \
	  | grep -E '^(visitor|frames|purchases|faults|resident|PASS|FAIL)|✔|✘'
	@$(MAKE) --no-print-directory test-vm

# `tribune present` on a real kernel in QEMU (bochs DRM): screen captures against headless renders,
# page flips, atomic and legacy, SIGTERM and the VT; then live libinput touch frames from `tribune play`
# on uinput against the replay emulation, hotplug and unplug (scripts/vm/test-touch.sh). Skips with a message when QEMU, a kernel or
# busybox is missing (install them with `scripts/install-deps.sh vm`).
test-vm:
	scripts/vm/test-present.sh
	scripts/vm/test-touch.sh
	@$(MAKE) --no-print-directory test-vm-run

# `tribune run` in QEMU: READY=1 after the first frame, the screen equal to the headless session,
# SIGTERM → exit 0 within 2 s with the console restored; then with live libinput touch from
# `tribune play`: gesture totals and the settled screen against `tribune-headless replay`,
# unplug mid-gesture, touch-to-flip latency (scripts/vm/test-run-touch.sh); then speech driven by
# `tribune play` touches (the accessibility card's Speech switch, swipes, an explore tap, a
# double-tap) through the ALSA loopback (snd-aloop) captured by arecord, utterances and audio
# checked against `tribune-headless replay`, and a uinput headset jack (SW_HEADPHONE_INSERT)
# (scripts/vm/test-run-speech.sh).
test-vm-run:
	scripts/vm/test-run.sh
	scripts/vm/test-run-touch.sh
	scripts/vm/test-run-speech.sh

# The full soak (Tests/KioskSoak, docs/architecture.md): `tribune run`'s kiosk headless on a virtual
# clock, at least 1,000 visitor sessions and 200,000 frames against a real `tribune-boxoffice serve`
# behind a fault proxy (restarts, 503 bursts, dropped answers, 2 s latency, a full journal disk).
# Prints the table with the memory curve; fails on growth, leaked descriptors or threads, or books
# that disagree. `make test` runs a short one (KioskSoakTests). Niced: it shares the machine.
.PHONY: soak
soak: deps
	$(SWIFT) build --product kiosk-soak
	$(SWIFT) build --product tribune-boxoffice
	nice -n 10 $$($(SWIFT) build --show-bin-path)/kiosk-soak --visitors 1000 --frames 200000

# Raster under AddressSanitizer, in its own build folder so it does not disturb the debug build
# (LeakSanitizer on, with one toolchain leak suppressed: scripts/lsan-suppressions.txt).
test-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	$(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan --filter 'RasterTests|QRCodeTests'

# The parsers under libFuzzer (Fuzz/, docs/fuzzing.md): builds every target with
# -sanitize=fuzzer,address in .build-fuzz, runs each SECONDS seconds from the committed seeds and
# prints executions, coverage and crashes per target; exits 1 on a finding. JOBS=2 runs two at a time.
SECONDS ?= 60
fuzz: deps
	OUT=$(OUT) SWIFT=$(SWIFT) scripts/fuzz.sh $(SECONDS)

demo: deps catalogs
	$(SWIFT) build -c release --product tribune-headless
	mkdir -p $(OUT)
	$$($(SWIFT) build -c release --show-bin-path)/tribune-headless demo --out $(OUT)

bench:
	@scripts/install-deps.sh bench
	scripts/bench.sh
	scripts/bench-modules.sh

# Instructions of one scene's render by function, counted by callgrind (the same, to within a
# few, on every run and under any load, unlike wall time; scripts/profile_render.py also gives a function's source lines or hottest
# instructions, and two builds compared). SCENE defaults to `make bench`'s 20,000-seat scene.
SCENE ?= $(OUT)/seats.json
profile:
	@scripts/install-deps.sh profile
	$(SWIFT) build -c release --product tribune
	@if [ "$(SCENE)" = "$(OUT)/seats.json" ] && [ ! -f "$(SCENE)" ]; then \
	  mkdir -p $(OUT) && $(SWIFT) build -c release --product raster-bench && \
	  $$($(SWIFT) build -c release --show-bin-path)/raster-bench --export-scene $(SCENE) --repeat 1 >/dev/null; fi
	scripts/profile_render.py $(SCENE) --binary $$($(SWIFT) build -c release --show-bin-path)/tribune

# Release binaries, the systemd units, the example configuration and the udev rule example.
# PREFIX=/usr/local (the units expect the binaries there), DESTDIR for staging. The kiosk draws
# text with the fonts of fonts-dejavu-core (and fonts-noto-cjk): installed with apt-get
# (scripts/install-deps.sh fonts) unless DESTDIR stages the install elsewhere.
PREFIX ?= /usr/local
DESTDIR ?=
SYSTEMDDIR ?= /etc/systemd/system
install:
	$(SWIFT) build -c release --product tribune
	$(SWIFT) build -c release --product tribune-boxoffice
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(SYSTEMDDIR) $(DESTDIR)/etc/tribune $(DESTDIR)$(PREFIX)/share/doc/tribune
	install -m 0755 $$($(SWIFT) build -c release --show-bin-path)/tribune $(DESTDIR)$(PREFIX)/bin/tribune
	install -m 0755 $$($(SWIFT) build -c release --show-bin-path)/tribune-boxoffice $(DESTDIR)$(PREFIX)/bin/tribune-boxoffice
	scripts/build-catalogs.sh $(DESTDIR)$(PREFIX)/share/tribune/locale
	sed 's|/usr/local/bin/|$(PREFIX)/bin/|g' systemd/tribune-kiosk.service > $(DESTDIR)$(SYSTEMDDIR)/tribune-kiosk.service
	sed 's|/usr/local/bin/|$(PREFIX)/bin/|g' systemd/tribune-boxoffice.service > $(DESTDIR)$(SYSTEMDDIR)/tribune-boxoffice.service
	sed 's|/usr/local/bin/|$(PREFIX)/bin/|g' systemd/tribune-boxoffice@.service > $(DESTDIR)$(SYSTEMDDIR)/tribune-boxoffice@.service
	chmod 0644 $(DESTDIR)$(SYSTEMDDIR)/tribune-kiosk.service $(DESTDIR)$(SYSTEMDDIR)/tribune-boxoffice.service $(DESTDIR)$(SYSTEMDDIR)/tribune-boxoffice@.service
	install -m 0644 config/tribune.toml.example $(DESTDIR)/etc/tribune/tribune.toml.example
	[ -e $(DESTDIR)/etc/tribune/tribune.toml ] || install -m 0644 config/tribune.toml.example $(DESTDIR)/etc/tribune/tribune.toml
	install -m 0644 systemd/99-tribune-touch.rules.example nginx/tribune-boxoffice.conf README.md $(DESTDIR)$(PREFIX)/share/doc/tribune/
	@# The fonts the kiosk draws with (a staged install, DESTDIR=…, leaves the machine's packages alone).
	@if [ -z "$(DESTDIR)" ]; then scripts/install-deps.sh fonts; else echo "Staged: install fonts-dejavu-core and fonts-noto-cjk on the kiosk."; fi
	@echo "Installed to $(DESTDIR)$(PREFIX)."
	@echo "Next: useradd --system --user-group --groups video,input tribune; edit /etc/tribune/tribune.toml;"
	@echo "      systemctl daemon-reload; systemctl enable --now tribune-kiosk (README: Deploying to a kiosk)."

clean:
	rm -rf .build .build-asan $(OUT)
