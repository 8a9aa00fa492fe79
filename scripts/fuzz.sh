#!/usr/bin/env bash
# `make fuzz SECONDS=N`: builds the libFuzzer targets of Fuzz/ (docs/fuzzing.md) with
# -sanitize=fuzzer,address in their own build folder (.build-fuzz; the targets exist in the
# package only with TRIBUNE_FUZZ set, so the normal build never sees them), runs each for N
# seconds and prints, per target, executions, coverage (cov: edges, ft: features, from
# libFuzzer's final status line) and crashes.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (TARGET: venue, pretix, scene, recording, toml,
#        request, png; all without one). JOBS=2 runs two targets at a time (default 1);
#        SKIP_BUILD=1 runs the executables already in .build-fuzz.
#
# The committed seeds (Fuzz/corpus/<target>/) are read, never written: inputs that reach new
# coverage go to $OUT/fuzz/corpus/<target>/, which later runs start from. A crash, a leak, an
# out-of-memory or a timeout leaves its input in $OUT/fuzz/artifacts/<target>/ and makes the
# script exit 1 after the table. Fuzzers run under nice -n 10.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUT=${OUT:-out}
JOBS=${JOBS:-1}
seconds=${1:-60}
shift || true
all=(venue pretix scene recording toml request png)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
  [ -d "Fuzz/fuzz-$t" ] || { echo "fuzz: no target '$t' (known: ${all[*]})" >&2; exit 2; }
done

build=(env TRIBUNE_FUZZ=1 "$SWIFT" build --build-path .build-fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION)
for t in "${targets[@]}"; do
  [ "${SKIP_BUILD:-0}" = 1 ] && break
  echo "== building fuzz-$t"
  mkdir -p "$OUT/fuzz"
  if ! "${build[@]}" --product "fuzz-$t" >"$OUT/fuzz/build-$t.log" 2>&1; then
    # The linker's notes about the sanitizer's local symbols are noise.
    grep -v "Cannot export local symbol" "$OUT/fuzz/build-$t.log" | tail -30 >&2
    echo "fuzz: building fuzz-$t failed (log: $OUT/fuzz/build-$t.log)" >&2
    exit 1
  fi
  tail -1 "$OUT/fuzz/build-$t.log"
done
bin=$("${build[@]}" --show-bin-path)

# The Swift runtime's own backtracer would race libFuzzer's crash handler (and hang on a trap).
export SWIFT_BACKTRACE=enable=no
# Leaks the toolchain's Foundation keeps (not ours) are suppressed as in `make test-asan`.
export LSAN_OPTIONS=suppressions=$PWD/scripts/lsan-suppressions.txt
run() {
  local t=$1 dir=$OUT/fuzz
  mkdir -p "$dir/corpus/$t" "$dir/artifacts/$t"
  rm -f "$dir/artifacts/$t"/*
  # -timeout: one input taking over 10 s is a finding (a parser must not hang on its input).
  local start=$SECONDS
  nice -n 10 "$bin/fuzz-$t" "$dir/corpus/$t" "Fuzz/corpus/$t" -max_total_time="$seconds" -print_final_stats=1 \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$dir/artifacts/$t/" >"$dir/$t.log" 2>&1 || true
  # How long it ran: a finding stops a target before its time is up.
  echo $((SECONDS - start)) >"$dir/$t.seconds"
}
pids=()
for t in "${targets[@]}"; do
  echo "== fuzzing fuzz-$t for $seconds s (log: $OUT/fuzz/$t.log)"
  run "$t" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$JOBS" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
wait

failed=0
printf '%-10s %8s %12s %8s %7s %7s %7s %8s  %s\n' target seconds executions exec/s cov ft corpus crashes artifacts
for t in "${targets[@]}"; do
  log=$OUT/fuzz/$t.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  # The last status line (#N ... cov: C ft: F corp: K/...) carries the final coverage.
  status=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status")
  corpus=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$status")
  found=$(find "$OUT/fuzz/artifacts/$t" -type f | wc -l)
  if grep -qE '^==[0-9]+==ERROR|deadly signal|Fatal error|SUMMARY: libFuzzer' "$log" && [ "$found" -eq 0 ]; then found=1; fi
  [ "$found" -eq 0 ] || failed=1
  printf '%-10s %8s %12s %8s %7s %7s %7s %8s  %s\n' "$t" "$(cat "$OUT/fuzz/$t.seconds")" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "${corpus:-?}" "$found" "$(find "$OUT/fuzz/artifacts/$t" -type f -printf '%f ' | head -c 200)"
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz: findings above; each log ends with the input's stack (reproduce: $bin/fuzz-TARGET ARTIFACT)" >&2
  exit 1
fi
