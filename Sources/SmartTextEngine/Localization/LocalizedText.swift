import SmartTextSupport

/// A text in several languages, keyed by language tag (`en`, `zh-Hans`, `de`).
public struct LocalizedText: Sendable, Equatable {
    /// Tag and text pairs, in the order they were given.
    public let entries: [(tag: String, text: String)]

    public init(_ entries: [(String, String)]) {
        self.entries = entries.map { (LocalePreference.canonical($0.0), $0.1) }
    }

    /// One text for every language.
    public init(_ text: String) {
        self.entries = [("*", text)]
    }

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.tag == $1.tag && $0.text == $1.text }
    }

    /// The best text for `preference`: an exact tag, then the same language
    /// (`de-CH` takes `de`, `pt` takes `pt-BR`, `zh-TW` is `zh-Hant` already),
    /// tag by tag in the preference's order; then English, then the first given.
    public func resolve(_ preference: LocalePreference) -> String {
        entry(for: preference).text
    }

    /// The entry ``resolve(_:)`` takes: its tag and text.
    public func entry(for preference: LocalePreference) -> (tag: String, text: String) {
        if entries.count == 1 { return entries[0] }
        // Language tags are ASCII: compared as bytes (the same by Characters was
        // most of the cost of a keystroke from a browser asking for `en-US`; BENCHMARKS.md item 12).
        let dash = UInt8(ascii: "-")
        for tag in preference.tags {
            if let exact = entries.first(where: { $0.tag == tag }) { return exact }
            let language = tag.utf8.prefix { $0 != dash }
            if let sameLanguage = entries.first(where: { $0.tag.utf8.prefix { $0 != dash }.elementsEqual(language) }) {
                return sameLanguage
            }
        }
        if let english = entries.first(where: { $0.tag == "en" || $0.tag == "*" }) { return english }
        return entries.first ?? ("*", "")
    }

    /// The text with `{name}` placeholders filled. In a right-to-left language
    /// each value is isolated (U+2068 … U+2069), so that a label or a number in
    /// another direction does not reorder the sentence around it.
    public func render(_ preference: LocalePreference, _ values: [String: String]) -> String {
        let (tag, text) = entry(for: preference)
        guard Self.isRightToLeft(tag) else { return Self.fill(text, values) }
        return Self.fill(text, values.mapValues { "\u{2068}\($0)\u{2069}" })
    }

    /// Arabic, Hebrew, Persian, Urdu and the other languages written right to left.
    static func isRightToLeft(_ tag: String) -> Bool {
        let language = tag.prefix { $0 != "-" }
        return ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(language)
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        var template = template
        return template.withUTF8 { bytes -> String in
            guard bytes.contains(UInt8(ascii: "{")) else { return String(decoding: bytes, as: UTF8.self) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "{"),
                    let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")),
                    let value = values[String(decoding: bytes[(index + 1)..<close], as: UTF8.self)]
                {
                    result.append(contentsOf: value.utf8)
                    index = close + 1
                } else {
                    result.append(byte)
                    index += 1
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
