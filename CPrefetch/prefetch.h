// Cache prefetch hints (Swift has no intrinsic for them). Header-only: inlined where called.
#ifndef TRIBUNE_PREFETCH_H
#define TRIBUNE_PREFETCH_H

/// Asks for the cache line holding `p` ahead of a write (`prefetchw` where the target has it,
/// else `prefetcht0`); a hint: never faults, even for an invalid address.
static inline __attribute__((always_inline)) void tribune_prefetch_for_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

#endif
