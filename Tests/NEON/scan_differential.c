// The arm64 (NEON) string scan against the scalar one (issue 61, item 2): iOS devices run the
// NEON kernel, which this x86-64 machine cannot, so .ci/neon cross-compiles this file with
// Debian's gcc-aarch64-linux-gnu and runs it under qemu-user. It also builds and runs on any
// machine as it is (then it checks that machine's path). Exits non-zero on the first difference.
#include "CMappingKitScan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t byte_by_byte(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count && !mk_is_string_special(bytes[index])) index += 1;
    return index;
}

static size_t spaces_byte_by_byte(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count && bytes[index] == 0x20) index += 1;
    return index;
}

// Both scans of `bytes` on this build's path, its scalar path and byte by byte.
static int check(const uint8_t *bytes, size_t count, const char *what, size_t detail) {
    const size_t expected = byte_by_byte(bytes, count);
    const size_t vector = mk_plain_string_length(bytes, count);
    const size_t scalar = mk_plain_string_length_scalar(bytes, count);
    const size_t spaces = spaces_byte_by_byte(bytes, count);
    const size_t vectorSpaces = mk_space_run_length(bytes, count);
    const size_t scalarSpaces = mk_space_run_length_scalar(bytes, count);
    if (vector == expected && scalar == expected && vectorSpaces == spaces && scalarSpaces == spaces) return 0;
    fprintf(stderr, "%s %zu: %s path %zu, scalar %zu, byte by byte %zu; spaces %zu, %zu, %zu\n", what, detail, mk_scan_path(), vector, scalar,
            expected, vectorSpaces, scalarSpaces, spaces);
    return 1;
}

int main(void) {
    uint8_t bytes[64];
    unsigned long checks = 0;
    // Every byte value at every position of two blocks and the tail, from every alignment, in
    // plain text and in spaces.
    const uint8_t fills[] = {'a', ' '};
    for (size_t fill = 0; fill < 2; fill++) {
        memset(bytes, fills[fill], sizeof bytes);
        for (size_t position = 0; position < 48; position++) {
            for (int value = 0; value < 256; value++) {
                bytes[position] = (uint8_t)value;
                for (size_t start = 0; start <= position && start <= 17; start++) {
                    if (check(bytes + start, sizeof bytes - start, "position", position)) return 1;
                    checks += 1;
                }
            }
            bytes[position] = fills[fill];
        }
    }
    // Random text, one special byte in about forty, every length up to 64.
    const uint8_t specials[] = {'"', '\\', 0x0A, 0x1F, 0x80, 0xC3, 0xE2, 0xFF};
    srand(61);
    for (int round = 0; round < 200000; round++) {
        const size_t length = (size_t)(rand() % 65);
        for (size_t index = 0; index < length; index++) {
            // Runs of spaces too, for the indentation scan.
            bytes[index] = rand() % 40 == 0 ? specials[rand() % 8] : rand() % 3 == 0 ? (uint8_t)(0x20 + rand() % 0x5F) : ' ';
            if (bytes[index] == '"' || bytes[index] == '\\') bytes[index] = 'b';
        }
        if (check(bytes, length, "round", (size_t)round)) return 1;
        checks += 1;
    }
    printf("%s scans (strings, spaces): %lu checks, each the scalar path's result\n", mk_scan_path(), checks);
    return 0;
}
