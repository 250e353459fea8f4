#!/usr/bin/env bash
# Builds the libFuzzer targets (MappingKit's sources and Fuzz/*.swift, one binary: see
# Fuzz/Targets.swift) and runs one of them on its corpus.
#   Fuzz/run.sh [TARGET] [seconds] [extra libFuzzer flags…]
#     TARGET: reader, writer, models (the default), streams, coders; `all` runs each in turn for
#     `seconds` (default: 60 seconds).
#   FUZZ_BUILD=campaign Fuzz/run.sh TARGET seconds -jobs=2 -workers=2
#     builds with -sanitize=fuzzer and no AddressSanitizer (for throughput), runs the campaign,
#     then replays every input it added under the AddressSanitizer build.
# Each target reads its checked-in corpus (Fuzz/corpus/TARGET) and seeds: the models corpus
# (every target but models), Fuzz/seeds (the reader: others' parser bugs), and from ../shared when
# present, JSONTestSuite's files (the reader) and the fuzz findings (reader, models, coders);
# new inputs go to .build-fuzz/corpus/TARGET, never into the repository. A crash leaves its input
# in .build-fuzz/ and fails the script. The last line gives a ledger row's numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
target=models
if [[ $# -gt 0 && ! "$1" =~ ^[0-9]+$ ]]; then target="$1"; shift; fi
seconds="${1:-60}"
shift || true
targets=(reader writer models streams coders)
if [[ "$target" == all ]]; then
    for each in "${targets[@]}"; do FUZZ_BUILD="${FUZZ_BUILD:-}" "$0" "$each" "$seconds" "$@"; done
    exit 0
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target: ${targets[*]} or all" >&2; exit 2; }

mkdir -p .build-fuzz
sources=$(find "$PWD/Sources/MappingKit" -name '*.swift' | sort)
build() {  # build OUTPUT SANITIZERS
    local output="$1" sanitizers="$2"
    if [[ -x "$output" && -z "$(find $sources Fuzz/*.swift Sources/CMappingKitScan/include -newer "$output" | head -1)" ]]; then return; fi
    # Whole-module (-wmo): each file's calls into the others are inlined and specialized, as in
    # a release build of the package (a fifth more executions a second than file by file). Run
    # from .build-fuzz, where such a build leaves its module files.
    (cd .build-fuzz && swiftc -wmo -sanitize="$sanitizers" -parse-as-library -O -g -swift-version 6 \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -package-name MappingKit -I "$OLDPWD/Sources/CMappingKitAtomics/include" -I "$OLDPWD/Sources/CMappingKitScan/include" -module-name MappingKitFuzz \
        $sources "$OLDPWD"/Fuzz/*.swift -o "$OLDPWD/$output" 2> >(grep -v "Cannot export local symbol" >&2))
}
build .build-fuzz/mappingkit-fuzz fuzzer,address
binary=.build-fuzz/mappingkit-fuzz
if [[ "${FUZZ_BUILD:-}" == campaign ]]; then
    build .build-fuzz/mappingkit-fuzz-campaign fuzzer
    binary=.build-fuzz/mappingkit-fuzz-campaign
fi

corpus=.build-fuzz/corpus/$target
mkdir -p "$corpus" "Fuzz/corpus/$target"
# Seeds read from ../shared, never copied into the repository: a fresh folder each run.
shared=.build-fuzz/shared-seeds/$target
rm -rf "$shared" && mkdir -p "$shared"
copy_shared() {  # copy_shared FOLDER PATTERN
    if [[ -d "$1" ]]; then find "$1" -maxdepth 1 -type f -name "$2" -exec cp {} "$shared" \;
    else echo "skipped seeds: $1 is absent"; fi
}
case "$target" in
    reader) copy_shared ../shared/data/JSONTestSuite/test_parsing '*.json'; copy_shared ../shared/fuzz-findings 'crash-*' ;;
    models|coders) copy_shared ../shared/fuzz-findings 'crash-*' ;;
esac
seeds=("Fuzz/corpus/$target" "$shared")
case "$target" in
    reader) seeds+=(Fuzz/seeds Fuzz/corpus/models) ;;
    writer|streams|coders) seeds+=(Fuzz/corpus/models) ;;
esac
before=$(ls "$corpus" | wc -l)
marker=$(mktemp)
export MAPPINGKIT_FUZZ_TARGET="$target"
# libFuzzer reports a crash itself; Swift's backtracer, on top, can wait for ever.
export SWIFT_BACKTRACE=enable=no
# With -jobs, each job's output is in fuzz-N.log: kept beside the target's log, unless libFuzzer
# already echoed it there (its final count is then counted once). Kept when a job fails too, so
# that the next target's jobs do not overwrite its count.
keep_job_logs() {
    for log in fuzz-*.log; do
        [[ -f "$log" ]] || continue
        done_line=$(grep -a "^Done [0-9]* runs" "$log" | tail -1)
        if [[ -z "$done_line" ]] || ! grep -aqF "$done_line" .build-fuzz/last-$target.log; then cat "$log" >> .build-fuzz/last-$target.log; fi
        rm "$log"
    done
}
LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" "$binary" \
    -max_total_time="$seconds" -max_len=2048 -print_final_stats=1 -artifact_prefix=.build-fuzz/ \
    "$@" "$corpus" "${seeds[@]}" 2>&1 | tee .build-fuzz/last-$target.log | grep -v "^#[0-9]" || { keep_job_logs; rm -f "$marker"; exit 1; }
keep_job_logs
added=$(find "$corpus" -type f -newer "$marker" | wc -l)
if [[ "$binary" != .build-fuzz/mappingkit-fuzz && "$added" -gt 0 ]]; then
    echo "replaying the $added new inputs under AddressSanitizer"
    replay=$(mktemp -d)
    find "$corpus" -type f -newer "$marker" -exec cp {} "$replay" \;
    LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" .build-fuzz/mappingkit-fuzz -runs=0 "$replay" 2>&1 | tail -3
    rm -rf "$replay"
fi
rm -f "$marker"
runs=$(grep -aho "Done [0-9]* runs in [0-9]* second" .build-fuzz/last-$target.log | sort -u | awk '{s += $2; t = $5} END {print s, t}')
echo "ledger: target $target, build ${FUZZ_BUILD:-asan}, executions and seconds: $runs, new corpus units: $added (corpus had $before)"
