@testable import MappingKit
import Testing

@Suite("Tree flags: the yes-or-no policies a model hands down, each step alike")
struct TreeFlagsTests {
    @Test("a flag set is the type's own and handed down on or off; one never set is left to each type")
    func ownAndHandedDown() {
        var settings = TreeFlagSettings()
        settings[.lossyCollections] = true
        settings[.emptyStringsAsNil] = false
        #expect(settings.on == [.lossyCollections])
        #expect(settings.owned == [.lossyCollections, .emptyStringsAsNil])
        #expect(settings.handedDown == HandedFlags(decided: [.lossyCollections, .emptyStringsAsNil], on: [.lossyCollections]))
        #expect(settings.handedDown[.lossyCollections] == true)
        #expect(settings.handedDown[.emptyStringsAsNil] == false)
        #expect(settings.handedDown[.singleValuesAsArrays] == nil)
    }

    @Test("a nested type takes each decided flag it did not choose, once; its own choice wins")
    func taking() {
        let handed = HandedFlags(decided: [.lossyCollections, .singleValuesAsArrays, .defaultsWhenInvalid], on: [.lossyCollections, .defaultsWhenInvalid])
        var nested = TreeFlagSettings()
        nested[.defaultsWhenInvalid] = false
        let taken = nested.taking(handed)
        #expect(taken == [.lossyCollections, .singleValuesAsArrays])
        let inherited = nested.inheriting(taken, from: handed)
        #expect(inherited.on == [.lossyCollections])
        #expect(inherited.inherited == [.lossyCollections, .singleValuesAsArrays])
        #expect(inherited.handedDown == HandedFlags(decided: [.lossyCollections, .singleValuesAsArrays, .defaultsWhenInvalid], on: [.lossyCollections]))
        // Taken already, with the same values: nothing more to take (the rules are kept as they are).
        #expect(inherited.taking(handed).isEmpty)
        // Handed down again with another value: taken again.
        #expect(inherited.taking(HandedFlags(decided: [.lossyCollections], on: [])) == [.lossyCollections])
    }

    @Test("a configuration extended by another: the other's values, each flag either chose as chosen, none inherited")
    func extended() {
        var base = TreeFlagSettings()
        base[.singleValuesAsArrays] = true
        base.inherited = [.lossyCollections]
        var other = TreeFlagSettings()
        other[.singleValuesAsArrays] = true
        other[.emptyStringsAsNil] = true
        let merged = base.extended(by: other)
        #expect(merged.on == [.singleValuesAsArrays, .emptyStringsAsNil])
        #expect(merged.owned == [.singleValuesAsArrays, .emptyStringsAsNil])
        #expect(merged.inherited == [])
    }
}
