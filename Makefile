# Tribune — the commands a newcomer and CI run. `make demo` and `make test` install what is
# missing (Debian/Ubuntu packages via apt-get) before building.
SWIFT ?= swift
OUT ?= out

.PHONY: deps build test test-asan demo bench install clean

deps:
	@scripts/install-deps.sh build

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

# Raster under AddressSanitizer, in its own build folder so it does not disturb the debug build.
test-asan: deps
	$(SWIFT) test --sanitize=address --scratch-path .build-asan --filter RasterTests

demo: deps
	$(SWIFT) build -c release --product tribune
	mkdir -p $(OUT)
	$$($(SWIFT) build -c release --show-bin-path)/tribune demo --out $(OUT)

bench: deps
	scripts/bench.sh
	scripts/bench-modules.sh

clean:
	rm -rf .build .build-asan $(OUT)
