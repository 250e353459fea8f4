#!/usr/bin/env bash
# Regenerates the checked-in models from their samples (../shared/data, Samples/); MappingKitGeneratorTests
# fails when they differ from what the generator writes.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product mappingkit-generate
generate=$PWD/.build/debug/mappingkit-generate
data=../shared/data
(cd "$data" && "$generate" --name Twitter --access public --stash twitter.json) > Tests/Generated/Twitter/Twitter.swift
(cd "$data" && "$generate" --name CitmCatalog --class --access public --stash citm_catalog.json) > Tests/Generated/CitmCatalog/CitmCatalog.swift
(cd "$data" && "$generate" --name Canada --access package --stash canada.json) > Tests/Generated/Canada/Canada.swift
# The edge cases' samples are checked in beside the models.
(cd Tests/Generated/Samples && "$generate" --name EdgeCases --stash edge-cases-1.json edge-cases-2.json) > Tests/Generated/EdgeCases/EdgeCases.swift
(cd Tests/Generated/Samples && "$generate" --name ObservableEdgeCases --observable --stash edge-cases-1.json edge-cases-2.json) > Tests/Generated/ObservableEdgeCases/ObservableEdgeCases.swift
