// The anchor: simdjson's raw parse (its DOM, every value validated and indexed, no model made)
// of the benchmark's samples, timed as the benchmark times its rows (interleaved rounds, the
// median), so that MappingKit's bytes -> models can be given as a share of it on the same machine.
// Built and run by Benchmarks/anchor.sh; reads the files, prints one table row per file.
//   simdjson-anchor DATA_DIR ROUNDS
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: simdjson-anchor DATA_DIR ROUNDS\n");
        return 2;
    }
    const std::string directory = argv[1];
    const int rounds = std::max(1, std::atoi(argv[2]));
    const std::vector<std::string> names = {"twitter.json", "citm_catalog.json", "canada.json"};
    std::vector<simdjson::padded_string> documents(names.size());
    for (size_t index = 0; index < names.size(); index++) {
        if (simdjson::padded_string::load(directory + "/" + names[index]).get(documents[index])) {
            std::fprintf(stderr, "error: cannot read %s/%s\n", directory.c_str(), names[index].c_str());
            return 1;
        }
    }
    simdjson::dom::parser parser;
    std::vector<std::vector<double>> times(names.size());
    // Rounds interleaved across the files, as the benchmark interleaves its rows; one warm-up
    // round first (the parser's buffers grow to the largest document).
    for (int round = -1; round < rounds; round++) {
        for (size_t index = 0; index < documents.size(); index++) {
            const auto start = std::chrono::steady_clock::now();
            auto document = parser.parse(documents[index]);
            const auto end = std::chrono::steady_clock::now();
            if (document.error()) {
                std::fprintf(stderr, "error: simdjson refuses %s: %s\n", names[index].c_str(), simdjson::error_message(document.error()));
                return 1;
            }
            if (round >= 0) times[index].push_back(std::chrono::duration<double, std::nano>(end - start).count());
        }
    }
    std::printf("simdjson %s, implementation %s, %d rounds\n", SIMDJSON_STRINGIFY(SIMDJSON_VERSION), simdjson::get_active_implementation()->name().c_str(), rounds);
    std::printf("| file | bytes | median µs | MB/s |\n|---|---:|---:|---:|\n");
    for (size_t index = 0; index < names.size(); index++) {
        auto &values = times[index];
        std::sort(values.begin(), values.end());
        const double median = values[values.size() / 2];
        const double bytes = double(documents[index].size());
        std::printf("| %s | %.0f | %.1f | %.0f |\n", names[index].c_str(), bytes, median / 1000, bytes / median * 1000);
    }
    return 0;
}
