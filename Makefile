# Tribune — the commands a newcomer and CI run. `make demo` and `make test` install what is
# missing (Debian/Ubuntu packages via apt-get) before building.
SWIFT ?= swift
OUT ?= out

.PHONY: deps build test test-vm test-asan demo bench install clean

deps:
	@scripts/install-deps.sh build

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test
	@$(MAKE) --no-print-directory test-vm

# `tribune present` on a real kernel in QEMU (bochs DRM): screen captures against headless renders,
# page flips, atomic and legacy, SIGTERM and the VT; then live libinput touch frames from `tribune play`
# on uinput against the replay emulation, hotplug and unplug (scripts/vm/test-touch.sh). Skips with a message when QEMU, a kernel or
# busybox is missing (install them with `scripts/install-deps.sh vm`).
test-vm:
	scripts/vm/test-present.sh
	scripts/vm/test-touch.sh

# Raster under AddressSanitizer, in its own build folder so it does not disturb the debug build.
test-asan: deps
	$(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan --filter RasterTests

demo: deps
	$(SWIFT) build -c release --product tribune
	mkdir -p $(OUT)
	$$($(SWIFT) build -c release --show-bin-path)/tribune demo --out $(OUT)

bench: deps
	scripts/bench.sh
	scripts/bench-modules.sh

clean:
	rm -rf .build .build-asan $(OUT)
