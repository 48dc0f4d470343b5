import SmartTextSupport

/// The languages a client asked for, best first (from the body's `locale`,
/// else `Accept-Language`, else English).
public struct LocalePreference: Sendable, Equatable {
    /// Language tags, best first, canonical (`zh-CN` → `zh-Hans`).
    public let tags: [String]
    /// The region of the best tag that names one (`GB` for `en-GB`, `TW` for `zh-TW`), upper case;
    /// nil when no tag has a two-letter region. Phone fields without a region of their own take it.
    public let region: String?
    /// How the request's locale writes numbers, dates and times, and its phone region: filled by the
    /// service from CLDR when the request names a locale or a region, ``LocaleConventions/neutral``
    /// otherwise.
    public var conventions: LocaleConventions = .neutral

    /// English only.
    public static let english = LocalePreference(tags: ["en"])

    public init(tags: [String]) {
        self.tags = tags.map(Self.canonical)
        self.region = tags.lazy.compactMap(Self.region(of:)).first
    }

    /// Parses an `Accept-Language` header: q-values honored, `*` and `q=0` ignored.
    ///
    /// A browser sends the same header with every request, and parsing one
    /// cost as much as the rest of a keystroke: headers up to 256 bytes are
    /// parsed once and remembered (longer ones, which no browser sends, each
    /// time; BENCHMARKS.md item 12).
    public init(acceptLanguage header: String) {
        let parsed =
            header.utf8.count <= 256
            ? Self.parsedHeaders.value(for: header) { Self.parse(acceptLanguage: header) }
            : Self.parse(acceptLanguage: header)
        tags = parsed.tags
        region = parsed.region
    }

    /// Parsed `Accept-Language` headers (at most about 2 × 128 of them).
    private static let parsedHeaders = BoundedCache<String, (tags: [String], region: String?)>(limit: 128)

    /// The canonical tags of an `Accept-Language` header, best first, and the region of the best tag with one.
    private static func parse(acceptLanguage header: String) -> (tags: [String], region: String?) {
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
        return (weighted.map { canonical($0.tag) }, weighted.lazy.compactMap { region(of: $0.tag) }.first)
    }

    /// The two-letter region subtag of a language tag (`en-GB`, `zh-Hant-TW`, `de_CH`), upper case.
    static func region(of tag: String) -> String? {
        for part in tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst() {
            // Extensions (`-u-…`, `-x-…`) end the language, script and region part.
            if part.count == 1 { return nil }
            if part.count == 2, part.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
                return part.uppercased()
            }
        }
        return nil
    }

    /// `zh`, `zh-CN`, `zh-SG`, `zh-Hans-*` → `zh-Hans`; `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant-*` → `zh-Hant`;
    /// `_` → `-`; other tags in BCP 47's case: the language lower case, a script title case (`Latn`), a
    /// region upper case (`pt-BR`, `es-419`).
    static func canonical(_ tag: String) -> String {
        // Fast path: the catalogs' own tags, and a lone lower-case language (`en`, `de`).
        if tag == "en" || tag == "zh-Hans" || tag == "*" { return tag }
        let utf8 = tag.utf8
        if utf8.first != UInt8(ascii: "z") && utf8.first != UInt8(ascii: "Z")
            && !utf8.contains(where: {
                $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || ($0 >= 0x41 && $0 <= 0x5A)
            })
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
        return
            ([language]
            + parts.dropFirst().map { part in
                switch part.count {
                case 4 where part.allSatisfy(\.isLetter): part.prefix(1).uppercased() + part.dropFirst()
                case 2 where part.allSatisfy(\.isLetter): part.uppercased()
                default: part
                }
            }).joined(separator: "-")
    }

}
