#!/usr/bin/env bash
# Runs the benchmark rows that README's performance headline quotes and writes their output, with
# the machine, toolchain, commit, date and load, to Benchmarks/headline.txt (checked in); then
# Benchmarks/figures.py rewrites the headline and the intro's ratios from that file. The figures
# in README.md come from nowhere else: `.ci/run` runs `figures.py --check`.
#   Benchmarks/headline.sh [rounds]     (default 40; needs ../shared/data)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-40}"
swift build -c release --product MappingKitBenchmark
bench=.build/release/MappingKitBenchmark
output=$(mktemp)
{
    echo "# MappingKit benchmark: the rows README's headline quotes"
    echo "date: $(date -u +%Y-%m-%d)"
    echo "commit: $(git rev-parse --short HEAD)"
    echo "machine: $(uname -sm), $(nproc) cores"
    echo "toolchain: $(swift --version 2>&1 | grep -m1 'Swift version')"
    for set in twitter citm canada; do "$bench" --set "$set" --only Data --rounds "$rounds"; done
    "$bench" --set twitter --only "native dictionaries" --rounds "$rounds"
    "$bench" --set realistic --only "realistic models" --rounds "$rounds"
} > "$output"
mv "$output" Benchmarks/headline.txt
python3 Benchmarks/figures.py
