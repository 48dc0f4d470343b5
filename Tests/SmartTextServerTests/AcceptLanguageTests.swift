import SmartTextEngine
import Testing

@testable import SmartTextServer

/// The `Accept-Language` header, which the server parses (the engine is handed the tags).
@Suite struct AcceptLanguageTests {
    @Test func acceptLanguageQualities() {
        #expect(AcceptLanguage.preference("en;q=0.5, zh-CN;q=0.9, *").tags == ["zh-Hans", "en"])
        #expect(AcceptLanguage.preference("de, zh-TW;q=0").tags == ["de"])
        #expect(AcceptLanguage.preference("zh_SG").tags == ["zh-Hans"])
    }

    /// Parsed headers are remembered: asking again gives the same answer, and a
    /// header too long to remember (over 256 bytes) is still parsed in full.
    @Test func acceptLanguageRememberedOrNot() {
        let browser = "en-US,en;q=0.9,zh-CN;q=0.8"
        let first = AcceptLanguage.preference(browser)
        #expect(first.tags == ["en-US", "en", "zh-Hans"])
        #expect(AcceptLanguage.preference(browser) == first)
        let filler = Array(repeating: "x-filler;q=0.1", count: 20).joined(separator: ", ")
        let long = "fr-CH, zh-TW;q=0.8, " + filler
        #expect(long.utf8.count > 256)
        let tags = AcceptLanguage.preference(long).tags
        #expect(tags.prefix(2) == ["fr-CH", "zh-Hant"] && tags.count == 22)
        #expect(
            LocalizedText([("en", "card"), ("fr", "carte")]).resolve(AcceptLanguage.preference(long)) == "carte")
        #expect(LocalizedText([("en", "card"), ("zh-Hans", "卡")]).resolve(first) == "card")
    }
}
