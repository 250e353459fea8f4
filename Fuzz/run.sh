#!/usr/bin/env bash
# Builds the libFuzzer target (MappingKit's sources and Fuzz/MappingKitFuzz.swift, with
# -sanitize=fuzzer,address) and runs it on the checked-in corpus.
#   Fuzz/run.sh [seconds] [extra libFuzzer flags…]     (default: 60 seconds)
# New interesting inputs go to .build-fuzz/corpus, never into the repository; a crash leaves
# its input in .build-fuzz/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
mkdir -p .build-fuzz/corpus
sources=$(find Sources/MappingKit -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -package-name MappingKit -I Sources/CMappingKitAtomics/include -module-name MappingKitFuzz $sources Fuzz/MappingKitFuzz.swift -o .build-fuzz/mappingkit-fuzz
LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" .build-fuzz/mappingkit-fuzz \
    -max_total_time="$seconds" -max_len=2048 -print_final_stats=1 -artifact_prefix=.build-fuzz/ \
    "$@" .build-fuzz/corpus Fuzz/corpus
