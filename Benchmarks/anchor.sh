#!/usr/bin/env bash
# The anchor on this machine (issue 61, item 6): simdjson's raw parse of the three samples, timed
# in turns with MappingKit's bytes -> models of the same files, and MappingKit's throughput as a
# share of simdjson's. simdjson validates and indexes every value and makes no model; it is the
# ceiling a structural scan works toward, not a contender. Installs Debian's libsimdjson-dev when
# it is missing (root, or sudo), builds Benchmarks/Anchor/simdjson_anchor.cpp with g++ and the
# benchmark in release, and prints both tables and the shares.
#   Benchmarks/anchor.sh [rounds]     (default 40; needs ../shared/data, or MAPPINGKIT_DATA)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-40}"
data="${MAPPINGKIT_DATA:-../shared/data}"
if [ ! -f "$data/twitter.json" ]; then
    echo "skipped: no samples in $data (set MAPPINGKIT_DATA)"
    exit 0
fi
if ! echo '#include <simdjson.h>' | g++ -std=c++17 -fsyntax-only -x c++ - 2>/dev/null; then
    echo "installing libsimdjson-dev (Debian's simdjson)"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsimdjson-dev \
        || { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsimdjson-dev; }
fi
mkdir -p .build
g++ -O3 -std=c++17 Benchmarks/Anchor/simdjson_anchor.cpp -lsimdjson -o .build/simdjson-anchor
swift build -c release --product MappingKitBenchmark > /dev/null
bench=.build/release/MappingKitBenchmark
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
# In turns: simdjson, one of MappingKit's sets, simdjson again, and so on; each set is compared
# with the mean of the two simdjson runs around it (this machine's speed drifts between runs).
.build/simdjson-anchor "$data" "$rounds" > "$output/anchor0"
index=0
for set in twitter citm canada; do
    "$bench" --set "$set" --only "MappingKit, from Data (own parser)" --rounds "$rounds" --data "$data" > "$output/$set"
    index=$((index + 1))
    .build/simdjson-anchor "$data" "$rounds" > "$output/anchor$index"
done
echo "# The anchor: simdjson's raw parse beside MappingKit's bytes -> models"
echo "date: $(date -u +%Y-%m-%d), commit: $(git rev-parse --short HEAD 2>/dev/null || echo none), machine: $(uname -sm), $(nproc) cores"
cat "$output"/anchor[0-3]
python3 - "$output" <<'PY'
import re, sys
folder = sys.argv[1]
def anchor(name):
    rows = {}
    for line in open(f"{folder}/{name}"):
        match = re.match(r"\| (\S+\.json) \| \d+ \| [\d.]+ \| (\d+) \|", line)
        if match: rows[match.group(1)] = int(match.group(2))
    return rows
runs = [anchor(f"anchor{index}") for index in range(4)]
print("\n| sample | simdjson MB/s (the runs before and after) | MappingKit bytes -> models MB/s | share of their mean |\n|---|---:|---:|---:|")
for index, (set, file) in enumerate([("twitter", "twitter.json"), ("citm", "citm_catalog.json"), ("canada", "canada.json")]):
    text = open(f"{folder}/{set}").read()
    match = re.search(r"\| MappingKit, from Data \(own parser\) \| (\d+) \|\n", text.split("| throughput")[-1])
    before, after = runs[index][file], runs[index + 1][file]
    simdjson = (before + after) / 2
    if match:
        mappingkit = int(match.group(1))
        print(f"| {file} | {before}, {after} | {mappingkit} | {mappingkit / simdjson:.0%} |")
    else:
        print(f"| {file} | {before}, {after} | (no row) | |")
PY
