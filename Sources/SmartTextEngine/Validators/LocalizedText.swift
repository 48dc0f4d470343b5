import SmartTextSupport

/// The languages a client asked for, best first (from the body's `locale`,
/// else `Accept-Language`, else English).
public struct LocalePreference: Sendable, Equatable {
    /// Language tags, best first, canonical (`zh-CN` → `zh-Hans`).
    public let tags: [String]

    /// English only.
    public static let english = LocalePreference(tags: ["en"])

    public init(tags: [String]) {
        self.tags = tags.map(Self.canonical)
    }

    /// Parses an `Accept-Language` header: q-values honored, `*` and `q=0` ignored.
    ///
    /// A browser sends the same header with every request, and parsing one
    /// cost as much as the rest of a keystroke: headers up to 256 bytes are
    /// parsed once and remembered (longer ones, which no browser sends, each time).
    public init(acceptLanguage header: String) {
        if header.utf8.count <= 256 {
            tags = Self.parsedHeaders.value(for: header) { Self.tags(acceptLanguage: header) }
        } else {
            tags = Self.tags(acceptLanguage: header)
        }
    }

    /// Parsed `Accept-Language` headers (at most about 2 × 128 of them).
    private static let parsedHeaders = BoundedCache<String, [String]>(limit: 128)

    /// The canonical tags of an `Accept-Language` header, best first.
    private static func tags(acceptLanguage header: String) -> [String] {
        var weighted: [(tag: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";")
            guard let first = pieces.first else { continue }
            let tag = first.trimmingSpaces()
            guard !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let trimmed = parameter.trimmingSpaces()
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { quality = value }
            }
            if quality > 0 { weighted.append((tag, quality, order)) }
        }
        weighted.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return weighted.map { canonical($0.tag) }
    }

    /// `zh`, `zh-CN`, `zh-SG`, `zh-Hans-*` → `zh-Hans`; `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant-*` → `zh-Hant`;
    /// `_` → `-`; other tags keep their case-insensitive form.
    static func canonical(_ tag: String) -> String {
        // Fast path: the catalogs' own tags, and lower-case tags that are not Chinese.
        if tag == "en" || tag == "zh-Hans" || tag == "*" { return tag }
        let utf8 = tag.utf8
        if utf8.first != UInt8(ascii: "z") && utf8.first != UInt8(ascii: "Z")
            && !utf8.contains(where: { $0 == UInt8(ascii: "_") || ($0 >= 0x41 && $0 <= 0x5A) })
        {
            return tag
        }
        let parts = tag.split { $0 == "_" || $0 == "-" }.map { $0.lowercased() }
        guard let language = parts.first else { return tag }
        if language == "zh" {
            if parts.contains("hant") || parts.contains("tw") || parts.contains("hk") || parts.contains("mo") {
                return "zh-Hant"
            }
            return "zh-Hans"
        }
        return parts.joined(separator: "-")
    }
}

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

    /// The best text for `preference`: an exact tag, then the same language,
    /// then `zh-Hans` for any Chinese, then English, then the first given.
    public func resolve(_ preference: LocalePreference) -> String {
        if entries.count == 1 { return entries[0].text }
        // Language tags are ASCII: compared as bytes (the same by Characters was
        // most of the cost of a keystroke from a browser asking for `en-US`).
        let dash = UInt8(ascii: "-")
        for tag in preference.tags {
            if let exact = entries.first(where: { $0.tag == tag }) { return exact.text }
            let language = tag.utf8.prefix { $0 != dash }
            if let sameLanguage = entries.first(where: { $0.tag.utf8.prefix { $0 != dash }.elementsEqual(language) }) {
                return sameLanguage.text
            }
        }
        if let english = entries.first(where: { $0.tag == "en" || $0.tag == "*" }) { return english.text }
        return entries.first?.text ?? ""
    }

    /// The text with `{name}` placeholders filled.
    public func render(_ preference: LocalePreference, _ values: [String: String]) -> String {
        Self.fill(resolve(preference), values)
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
