// Cache-line operations Swift has no intrinsic for: prefetches ahead of a read or a write, and a fill
// through the processor's string stores. Header-only: inlined where called.
#ifndef TRIBUNE_CACHELINES_H
#define TRIBUNE_CACHELINES_H
#include <stddef.h>
#include <stdint.h>

/// Asks for the cache line holding `p` ahead of a write (`prefetchw` where the target has it,
/// else `prefetcht0`); a hint: never faults, even for an invalid address.
static inline __attribute__((always_inline)) void tribune_prefetch_for_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

/// Asks for the cache line holding `p` ahead of a read (`prefetcht0`); a hint: never faults,
/// even for an invalid address.
static inline __attribute__((always_inline)) void tribune_prefetch_for_read(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

/// Sets `count` 32-bit values from `p` to `value`. On x86-64 with `rep stosl`: for long runs the
/// processor's fast-string microcode writes whole cache lines without reading them first (no
/// read-for-ownership), where vector stores to lines not in cache each wait for their old
/// contents. Worth it from about 1 KiB; elsewhere a plain loop.
static inline __attribute__((always_inline)) void tribune_fill32(uint32_t *p, uint32_t value, size_t count) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(p), "+c"(count) : "a"(value) : "memory");
#else
    for (size_t i = 0; i < count; i++) p[i] = value;
#endif
}

#endif
