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
# Five APIs' payloads, checked in beside the models, generated into one target with a prefix each.
mkdir -p Tests/Generated/APIs
(cd Tests/Generated/Samples/APIs && "$generate" --name GitHubIssue --prefix GitHub --access public --stash github-issue.json) > Tests/Generated/APIs/GitHubIssue.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name StripeCustomer --prefix Stripe --access public --stash stripe-customer.json) > Tests/Generated/APIs/StripeCustomer.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name MastodonStatus --prefix Mastodon --access public --stash mastodon-status.json) > Tests/Generated/APIs/MastodonStatus.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name NpmPackument --prefix Npm --access public --stash --map users npm-packument.json) > Tests/Generated/APIs/NpmPackument.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name SlackMessage --prefix Slack --access public --stash slack-message.json) > Tests/Generated/APIs/SlackMessage.swift
# Five more, with tagged unions (issue 62): GitHub's events, Stripe's events, JSON:API, GeoJSON; and a weather API's, with none.
(cd Tests/Generated/Samples/APIs && "$generate" --name GHEvents --prefix GH --access public --stash github-events.json) > Tests/Generated/APIs/GHEvents.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name WebhookEvents --prefix Webhook --access public --stash stripe-events.json) > Tests/Generated/APIs/WebhookEvents.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name JSONAPIDocument --prefix JSONAPI --access public --stash jsonapi-articles.json) > Tests/Generated/APIs/JSONAPIDocument.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name GeoFeatureCollection --prefix Geo --access public --stash geojson-features.json) > Tests/Generated/APIs/GeoFeatureCollection.swift
(cd Tests/Generated/Samples/APIs && "$generate" --name Weather --prefix Weather --access public --stash weather-current.json) > Tests/Generated/APIs/Weather.swift
# An adjacently tagged union: a realtime channel's messages, {"type": …, "payload": {…}}.
(cd Tests/Generated/Samples/APIs && "$generate" --name SocketRoom --prefix Socket --access public --stash socket-messages.json) > Tests/Generated/APIs/SocketRoom.swift
# Models of schemas, read back by --from-schema: the schema's zoo (its document written by
# SchemaZooDocumentTests) and the sample models' (written by FromSchemaTests), under MAPPINGKIT_REGENERATE=1.
(cd Tests/Generated/Samples/Schemas && "$generate" --from-schema --access package zoo.schema.json) > Tests/Generated/FromSchema/Zoo/Zoo.swift
(cd Tests/Generated/Samples/Schemas && "$generate" --from-schema --access package twitter.schema.json) > Tests/Generated/FromSchema/Twitter/Twitter.swift
(cd Tests/Generated/Samples/Schemas && "$generate" --from-schema --access package citm_catalog.schema.json) > Tests/Generated/FromSchema/CitmCatalog/CitmCatalog.swift
(cd Tests/Generated/Samples/Schemas && "$generate" --from-schema --access package canada.schema.json) > Tests/Generated/FromSchema/Canada/Canada.swift
