import Foundation
@testable import MappingKit
import Testing

private struct Account: Mappable {
    var id = 0
    var name = ""
    var note: String?
    var opened = Date(timeIntervalSince1970: 0)
}

private func rules(_ build: (inout MappingConfiguration.Builder<Account>) -> Void) -> ConfigurationRules {
    MappingConfiguration(for: Account.self, build).rules
}

@Suite("Configuration rules as values: the plan cache's key")
struct ConfigurationRulesTests {
    @Test("rules built the same way have one key and one number; any rule that differs makes another")
    func keys() {
        let variants: [(String, ConfigurationRules)] = [
            ("empty", rules { _ in }),
            ("keyStrategy", rules { $0.keyStrategy = .snakeCase }),
            ("coercion", rules { $0.coercion = .strict }),
            ("emptyStringsAsNil", rules { $0.emptyStringsAsNil = true }),
            ("undefinedKeys", rules { $0.undefinedKeys = .raise }),
            ("nilRepresentation", rules { $0.nilRepresentation = .null }),
            ("keys", rules { $0.map(\.id, to: "account_id") }),
            ("ignore", rules { $0.ignore(\.note) }),
            ("property coercion", rules { $0.coercion(\.id, .lenient) }),
            ("emptyStringAsNil", rules { $0.emptyStringAsNil(\.note) }),
            ("replacesOnUpdate", rules { $0.replacesOnUpdate(\.name) }),
            ("built-in adapter", rules { $0.map(\.opened, using: .iso8601) }),
            ("missingKeys", rules { $0.missingKeys = .raise }),
            ("missingKeys kept explicitly", rules { $0.missingKeys = .keep }),
            ("allowsMissing", rules { $0.allowsMissing(\.name) }),
            ("convert", rules { $0.convert(Date.self, using: .iso8601) }),
            ("convert otherwise", rules { $0.convert(Date.self, using: .unixSeconds) }),
            ("lossyCollections", rules { $0.lossyCollections = true }),
            ("lossy", rules { $0.lossy(\.name) }),
        ]
        for (name, made) in variants {
            let again = variants.first { $0.0 == name }.map(\.1)
            #expect(made.id == again?.id, "\(name)")
            #expect(made.structureID == made.id, "\(name) holds no closure or value of its own")
        }
        #expect(Set(variants.map(\.1.id)).count == variants.count)
        #expect(rules { $0.coercion(\.id, .lenient) }.id == rules { $0.coercion(\.id, .lenient) }.id)
        #expect(rules { $0.coercion(\.id, .lenient) }.id != rules { $0.coercion(\.id, .strict) }.id)
    }

    @Test("closures and values are identified by instance; plans are shared by their structure")
    func instances() {
        let first = rules { $0.defaultValue(\.id, whenMissing: 1) }
        let second = rules { $0.defaultValue(\.id, whenMissing: 2) }
        #expect(first.id != second.id)
        #expect(first.structureID == second.structureID)
        #expect(first.needsBinding && second.needsBinding)
        #expect(first.key.structure == second.key.structure)
    }

    // A rule kept outside the values above would not be part of the key, and two configurations
    // that differ only in it would share a plan. These lists make adding one a decision.
    @Test("every stored property of a rule is in the key, or is a closure or value identified there")
    func everyRuleIsInTheKey() {
        let rule = PropertyRule(label: "\\Account.id", locator: NameLocator(name: "id", modelName: "Account"))
        #expect(Mirror(reflecting: rule).children.map(\.label) == [
            "settings", "locator", "makeCodec", "defaults", "requirements", "accessor",
        ], "a new property of PropertyRule belongs in PropertyRule.Settings, or is identified there")
        #expect(Mirror(reflecting: ConfigurationRules.empty).children.map(\.label) == [
            "properties", "policies", "hooks", "hasFactory", "isPositional", "hasIdentity", "problems", "key", "id", "structureID",
        ], "a new policy belongs in TypePolicies, which RulesKey holds whole")
        #expect(Mirror(reflecting: ConfigurationHooks()).children.map(\.label) == [
            "factory", "isPositional", "identity", "willMap", "keyHandlers", "didMap", "identities",
        ], "a new hook is identified in ConfigurationHooks.identities")
    }
}
