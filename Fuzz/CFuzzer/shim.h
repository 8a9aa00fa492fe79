#ifndef TRIBUNE_CFUZZER_SHIM_H
#define TRIBUNE_CFUZZER_SHIM_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): runs the fuzzing loop with
// `callback` as the target, parsing libFuzzer's flags from argc/argv. SwiftPM gives every
// executable a main of its own (main.swift's top-level code), which wins over libFuzzer's, so
// each target's main.swift calls this driver itself. The target function is also exported as
// LLVMFuzzerTestOneInput, which libFuzzer's own (unused) main in the same archive refers to.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
