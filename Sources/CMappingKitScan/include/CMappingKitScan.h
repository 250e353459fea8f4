// JSON's bytes scanned sixteen at a time (issue 61): the bytes a string holds as they are and the
// spaces of an indentation, found
// with SSE2 on x86-64 and NEON on arm64 (both part of every CPU of those architectures, so no
// detection is needed), and with eight-byte words elsewhere. The functions are static inline: they
// compile into the Swift code that calls them (JSONSyntax/JSONReader+Strings.swift), and each
// path's result is the scalar one's, which the tests and the fuzz reader target compare at every
// offset of their inputs (`mk_plain_string_length_scalar` is always compiled).
//
// Building with `-Xcc -DMAPPINGKIT_SCALAR_SCAN` forces the scalar path, so that the test suite runs
// once on each (.ci/run); Tests/NEON/ checks the arm64 kernel against the scalar one under qemu.
#ifndef CMAPPINGKIT_SCAN_H
#define CMAPPINGKIT_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if !defined(MAPPINGKIT_SCALAR_SCAN) && defined(__SSE2__)
#include <emmintrin.h>
#define MK_SCAN_SSE2 1
#elif !defined(MAPPINGKIT_SCALAR_SCAN) && defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define MK_SCAN_NEON 1
#endif

// Whether `byte` ends a string's plain run: a quote, a backslash, a control character, or a byte
// of a multi-byte UTF-8 character (each checked one by one by the reader).
static inline int mk_is_string_special(uint8_t byte) {
    return byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80;
}

// The eight bytes at `bytes` as one little-endian word.
static inline uint64_t mk_load_word(const uint8_t *bytes) {
    uint64_t word;
    memcpy(&word, bytes, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

#if MK_SCAN_NEON
// The index of the first flagged byte (0xFF) of `flags`, or 16: the narrowing shift keeps four bits
// a byte, in order, in one word.
static inline size_t mk_neon_first(uint8x16_t flags) {
    const uint64_t mask = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(flags), 4)), 0);
    return mask != 0 ? (size_t)__builtin_ctzll(mask) >> 2 : 16;
}
#endif

// The number of bytes from `bytes` (at most `count`) before the first special byte, eight at a
// time: in a word, a byte's high bit is set where it equals the quote or the backslash, is below
// 0x20, or has its own high bit set. The lowest flagged byte is a real one (borrows only flag the
// bytes above it).
static inline size_t mk_plain_string_length_scalar(const uint8_t *bytes, size_t count) {
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    size_t index = 0;
    while (count - index >= 8) {
        const uint64_t word = mk_load_word(bytes + index);
        const uint64_t quote = word ^ (ones * 0x22), backslash = word ^ (ones * 0x5C);
        const uint64_t special = (((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | ((word - ones * 0x20) & ~word) | word) & high;
        if (special != 0) return index + ((size_t)__builtin_ctzll(special) >> 3);
        index += 8;
    }
    while (index < count && !mk_is_string_special(bytes[index])) index += 1;
    return index;
}

// `mk_plain_string_length_scalar`'s result, sixteen bytes at a time where the CPU has vectors.
static inline size_t mk_plain_string_length(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if MK_SCAN_SSE2
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    while (count - index >= 16) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + index));
        // As signed bytes, those below 0x20 and those from 0x80 up are both less than 0x20.
        const __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)), _mm_cmplt_epi8(chunk, space));
        const unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return index + (size_t)__builtin_ctz(mask);
        index += 16;
    }
#elif MK_SCAN_NEON
    const uint8x16_t quote = vdupq_n_u8('"'), backslash = vdupq_n_u8('\\'), space = vdupq_n_u8(0x20), high = vdupq_n_u8(0x80);
    while (count - index >= 16) {
        const uint8x16_t chunk = vld1q_u8(bytes + index);
        const size_t first = mk_neon_first(vorrq_u8(vorrq_u8(vceqq_u8(chunk, quote), vceqq_u8(chunk, backslash)), vorrq_u8(vcltq_u8(chunk, space), vcgeq_u8(chunk, high))));
        if (first < 16) return index + first;
        index += 16;
    }
#endif
    return index + mk_plain_string_length_scalar(bytes + index, count - index);
}

// The number of spaces (0x20) at the start of `bytes` (at most `count`), eight at a time: an
// indentation's run after a line feed (most of a pretty-printed document's bytes).
static inline size_t mk_space_run_length_scalar(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (count - index >= 8) {
        const uint64_t others = mk_load_word(bytes + index) ^ 0x2020202020202020ull;
        if (others != 0) return index + ((size_t)__builtin_ctzll(others) >> 3);
        index += 8;
    }
    while (index < count && bytes[index] == 0x20) index += 1;
    return index;
}

// `mk_space_run_length_scalar`'s result, sixteen bytes at a time where the CPU has vectors.
static inline size_t mk_space_run_length(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if MK_SCAN_SSE2
    const __m128i space = _mm_set1_epi8(0x20);
    while (count - index >= 16) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + index));
        const unsigned others = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, space)) ^ 0xFFFFu;
        if (others != 0) return index + (size_t)__builtin_ctz(others);
        index += 16;
    }
#elif MK_SCAN_NEON
    const uint8x16_t space = vdupq_n_u8(0x20);
    while (count - index >= 16) {
        const size_t first = mk_neon_first(vmvnq_u8(vceqq_u8(vld1q_u8(bytes + index), space)));
        if (first < 16) return index + first;
        index += 16;
    }
#endif
    return index + mk_space_run_length_scalar(bytes + index, count - index);
}

// Whether this build forces the scalar path (`-Xcc -DMAPPINGKIT_SCALAR_SCAN`).
static inline int mk_scan_forces_scalar(void) {
#if defined(MAPPINGKIT_SCALAR_SCAN)
    return 1;
#else
    return 0;
#endif
}

// Which path the scans take in this build: "sse2", "neon" or "scalar".
static inline const char *mk_scan_path(void) {
#if MK_SCAN_SSE2
    return "sse2";
#elif MK_SCAN_NEON
    return "neon";
#else
    return "scalar";
#endif
}

#endif
