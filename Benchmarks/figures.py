#!/usr/bin/env python3
"""README's figures, from what is checked in: the benchmark output (Benchmarks/headline.txt) and
the fuzz ledger (Fuzz/CAMPAIGNS.md).

    python3 Benchmarks/figures.py           rewrites README.md's headline table, intro ratios,
                                            roadmap speeds and the ledger's total (also in Fuzz/README.md)
    python3 Benchmarks/figures.py --check   fails when either says anything else

The headline is the part of README.md between `<!-- headline:begin -->` and
`<!-- headline:end -->`; the intro's ratios sit between `<!-- ratios:begin -->` and
`<!-- ratios:end -->`, the roadmap's speeds between `<!-- roadmap:begin -->` and
`<!-- roadmap:end -->`, and the ledger's total of executions between `<!-- ledger:begin -->` and
`<!-- ledger:end -->` (in Fuzz/README.md, by target, between `<!-- ledger:targets:begin -->` and
`<!-- ledger:targets:end -->`). All are written here and only here.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUTPUT = os.path.join(ROOT, "Benchmarks", "headline.txt")
README = os.path.join(ROOT, "README.md")
FUZZ_README = os.path.join(ROOT, "Fuzz", "README.md")
LEDGER = os.path.join(ROOT, "Fuzz", "CAMPAIGNS.md")
SETS = [("twitter.json", "twitter.json"), ("citm_catalog.json", "citm_catalog.json"), ("canada.json", "canada.json")]


def parse(text):
    """Every table of each `## ` section, by its header's first cell (`measurement`, `ratio`,
    `throughput (… bytes)`): {section: {table: {row: value}}}; and the header lines."""
    sections, header, current, table, loads = {}, {}, None, "", []
    for line in text.splitlines():
        if line.startswith("## "):
            current, table = line[3:].split(" (")[0], ""
            sections.setdefault(current, {})
        elif re.match(r"^(date|commit|machine|toolchain): ", line):
            key, value = line.split(": ", 1)
            header[key] = value
        elif "load at start" in line or line.startswith("load at end"):
            loads.append(re.findall(r"\d+\.\d+", line)[0])
        elif not line.strip():
            table = ""
        elif line.startswith("| ") and current is not None:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if len(cells) < 2 or cells[1].startswith("---"):
                continue
            if not table and not any(character.isdigit() for character in cells[1]):
                table = cells[0].split(" (")[0]
                continue
            sections[current].setdefault(table, {})[cells[0]] = cells[1]
    header["load"] = f"{min(loads, key=float)}–{max(loads, key=float)}" if loads else "unknown"
    return sections, header


def number(value):
    return float(value.replace("×", "").replace(",", "").replace(" MB/s", ""))


def grouped(value):
    return f"{int(round(value)):,}"


def figures(sections, header):
    ratio = lambda section, row: sections[section]["ratio"][row]
    speed = lambda section, row: grouped(number(sections[section]["throughput"][row]))
    decode = "MappingKit, from Data (own parser) ÷ JSONDecoder, from Data"
    encode = "MappingKit jsonData, to Data ÷ JSONEncoder, to Data"
    untyped = "JSONValue.parse, from Data ÷ JSONSerialization.jsonObject, from Data"
    rows = [
        ("`Model(json:)` ÷ `JSONDecoder().decode`", [ratio(s, decode) for s, _ in SETS]),
        ("`jsonData()` ÷ `JSONEncoder().encode`", [ratio(s, encode) for s, _ in SETS]),
        ("`JSONValue.parse` ÷ `JSONSerialization.jsonObject`", [ratio(s, untyped) for s, _ in SETS]),
        ("MB/s, `Model(json:)` / `jsonData()`", [
            f"{speed(s, 'MappingKit, from Data (own parser)')} / {speed(s, 'MappingKit jsonData, to Data')}" for s, _ in SETS
        ]),
    ]
    table = ["| | " + " | ".join(name for _, name in SETS) + " |", "|---|---:|---:|---:|"]
    table += [f"| {label} | " + " | ".join(values) + " |" for label, values in rows]
    realistic = sections["realistic models"]
    mapped = number(realistic["measurement"]["realistic models, from Data"])
    decoded = number(realistic["measurement"]["realistic models, JSONDecoder, from Data"])
    realistic_ratio = realistic["ratio"]["realistic models, JSONDecoder, from Data ÷ realistic models, from Data"]
    native = ratio("twitter.json", "MappingKit, native dictionaries ÷ hand-written as?, native dictionaries")
    headline = "\n".join([
        f"One run ({header['date']}, commit {header['commit']}; {header['machine']}; {header['toolchain']}; load "
        f"{header['load']}), checked in as `Benchmarks/headline.txt` and rewritten by `Benchmarks/headline.sh`:",
        "",
        *table,
        "",
        "Models as apps write them (camelCase names under `.snakeCase`, `Date`s through the Twitter",
        f"pattern, `URL?`s) take {grouped(mapped)} ns a status on twitter.json, against {grouped(decoded)} for `JSONDecoder`",
        f"doing the same job: **{realistic_ratio}**. From dictionaries, MappingKit maps at the speed of",
        f"hand-written `as?` code ({native} on native dictionaries).",
    ])
    faster = lambda row: sorted(1 / number(ratio(s, row)) for s, _ in SETS)
    speeds = faster(decode), faster(encode)
    ratios = (f"{speeds[0][0]:.1f}–{speeds[0][-1]:.1f}× faster than `JSONDecoder` and {speeds[1][0]:.1f}–{speeds[1][-1]:.1f}× faster "
              f"than `JSONEncoder` on the benchmark's samples, and {realistic_ratio} faster than `JSONDecoder`")
    roadmap = (f"today {speed('twitter.json', 'MappingKit, from Data (own parser)')} MB/s on twitter.json and "
               f"{speed('citm_catalog.json', 'MappingKit, from Data (own parser)')} MB/s on citm_catalog.json")
    return headline, ratios, roadmap


TARGETS = ["reader", "writer", "models", "streams", "coders"]


def ledger_totals():
    """The ledger's executions column summed, in all and by target: a row's count, or the total
    after `=` of a campaign's jobs (`a + b = c`); a row without a count (`—`) adds nothing. Rows of
    no single target (before the split, or all five in turn) are summed apart."""
    totals = {}
    with open(LEDGER, encoding="utf-8") as file:
        for line in file:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) < 7 or not re.match(r"^\d{4}-\d{2}-\d{2}$", cells[0]):
                continue
            count = re.match(r"[\d,]+", cells[6].split("=")[-1].strip())
            target = cells[2] if cells[2] in TARGETS else "other"
            totals[target] = totals.get(target, 0) + (int(count.group(0).replace(",", "")) if count else 0)
    total = f"{sum(totals.values()):,}"
    by_target = ", ".join(f"{target} {totals.get(target, 0):,}" for target in TARGETS)
    return total, (f"{total} executions so far ({by_target}, and {totals.get('other', 0):,} before the targets were split "
                   "or in checks of all five)")


def replaced(text, name, content, inline=False):
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.DOTALL)
    if not pattern.search(text):
        sys.exit(f"error: no {begin} … {end} in the README that should have it")
    body = f"{begin}{content}{end}" if inline else f"{begin}\n{content}\n{end}"
    return pattern.sub(lambda _: body, text)


def main():
    with open(OUTPUT, encoding="utf-8") as file:
        sections, header = parse(file.read())
    headline, ratios, roadmap = figures(sections, header)
    total, targets = ledger_totals()
    with open(README, encoding="utf-8") as file:
        readme = file.read()
    with open(FUZZ_README, encoding="utf-8") as file:
        fuzz = file.read()
    updated = replaced(replaced(replaced(readme, "headline", headline), "ratios", ratios, inline=True), "roadmap", roadmap, inline=True)
    updated = replaced(updated, "ledger", total, inline=True)
    fuzz_updated = replaced(fuzz, "ledger:targets", targets, inline=True)
    if "--check" in sys.argv:
        if updated != readme or fuzz_updated != fuzz:
            sys.exit("error: README.md's figures are not Benchmarks/headline.txt's and Fuzz/CAMPAIGNS.md's: run python3 Benchmarks/figures.py")
        print(f"figures: README.md quotes Benchmarks/headline.txt, and both READMEs the ledger's {total} executions")
        return
    with open(README, "w", encoding="utf-8") as file:
        file.write(updated)
    with open(FUZZ_README, "w", encoding="utf-8") as file:
        file.write(fuzz_updated)
    print(f"figures: README.md rewritten from Benchmarks/headline.txt; the ledger's total, {total}, in both READMEs")


main()
