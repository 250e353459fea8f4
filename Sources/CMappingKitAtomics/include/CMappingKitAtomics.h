// Atomic operations on machine words, for MappingKit's lock-free tables.
//
// Synchronization's `Atomic` needs macOS 15 / iOS 18 / tvOS 18 / watchOS 11; the compiler's
// __atomic builtins work on every release MappingKit supports. The functions are static inline:
// they compile into the Swift code that calls them, as single instructions.
#ifndef CMAPPINGKIT_ATOMICS_H
#define CMAPPINGKIT_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

static inline uintptr_t mk_atomic_load_acquiring(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline uintptr_t mk_atomic_load_relaxed(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void mk_atomic_store_relaxed(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

// Stores `desired` if the word holds `*expected`; otherwise writes what it holds to `*expected`.
static inline bool mk_atomic_compare_exchange(uintptr_t *word, uintptr_t *expected, uintptr_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

// Adds `delta` (wrapping) and returns the new value.
static inline uintptr_t mk_atomic_add_relaxed(uintptr_t *word, uintptr_t delta) {
    return __atomic_add_fetch(word, delta, __ATOMIC_RELAXED);
}

#endif
