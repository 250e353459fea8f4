#!/usr/bin/env python3
"""README's performance figures, from the checked-in benchmark output (Benchmarks/headline.txt).

    python3 Benchmarks/figures.py           rewrites README.md's headline table and intro ratios
    python3 Benchmarks/figures.py --check   fails when README.md says anything else

The headline is the part of README.md between `<!-- headline:begin -->` and
`<!-- headline:end -->`; the intro's ratios sit between `<!-- ratios:begin -->` and
`<!-- ratios:end -->`. Both are written here and only here.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUTPUT = os.path.join(ROOT, "Benchmarks", "headline.txt")
README = os.path.join(ROOT, "README.md")
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
    ratios = (f"{speeds[0][0]:.1f}–{speeds[0][-1]:.1f}× faster than `JSONDecoder`, {speeds[1][0]:.1f}–{speeds[1][-1]:.1f}× faster than "
              f"`JSONEncoder`, and {realistic_ratio} faster than `JSONDecoder`")
    return headline, ratios


def replaced(text, name, content, inline=False):
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.DOTALL)
    if not pattern.search(text):
        sys.exit(f"error: README.md has no {begin} … {end}")
    body = f"{begin}{content}{end}" if inline else f"{begin}\n{content}\n{end}"
    return pattern.sub(lambda _: body, text)


def main():
    with open(OUTPUT, encoding="utf-8") as file:
        sections, header = parse(file.read())
    headline, ratios = figures(sections, header)
    with open(README, encoding="utf-8") as file:
        readme = file.read()
    updated = replaced(replaced(readme, "headline", headline), "ratios", ratios, inline=True)
    if "--check" in sys.argv:
        if updated != readme:
            sys.exit("error: README.md's performance figures are not Benchmarks/headline.txt's: run python3 Benchmarks/figures.py")
        print("figures: README.md quotes Benchmarks/headline.txt")
        return
    with open(README, "w", encoding="utf-8") as file:
        file.write(updated)
    print("figures: README.md rewritten from Benchmarks/headline.txt")


main()
