import SmartTextSupport

/// The languages a client asked for, best first (the server reads them from the body's `locale`, else
/// `Accept-Language`, else English: the engine parses no header).
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
        let tags = tags.filter(Self.isLanguageTag)
        self.tags = tags.map(Self.canonical)
        self.region = tags.lazy.compactMap(Self.region(of:)).first
    }

    /// The longest language tag read (RFC 5646 tags are short: 35 characters hold any that registries use).
    public static let maximumTagLength = 64

    /// True for a well-formed language tag of at most ``maximumTagLength`` characters: subtags of 1 to 8
    /// ASCII letters and digits separated by `-` (or `_`), the first 2 to 8 letters (`de-CH`, `zh-Hans-TW`,
    /// `ar-EG-u-nu-latn`). Others (a 60 KB value, `de DE`) are not read as a locale.
    public static func isLanguageTag(_ tag: String) -> Bool {
        let utf8 = tag.utf8
        guard utf8.count <= maximumTagLength else { return false }
        var index = 0
        var subtagLength = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                guard subtagLength > 0, index > 0 || subtagLength >= 2 || Self.isSingletonStart(tag) else {
                    return false
                }
                index += 1
                subtagLength = 0
                continue
            }
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            let isDigit = byte >= 0x30 && byte <= 0x39
            guard isLetter || (isDigit && index > 0), subtagLength < 8 else { return false }
            subtagLength += 1
        }
        return subtagLength > 0 && (index > 0 || subtagLength >= 2)
    }

    /// A private-use (`x-…`) or grandfathered (`i-…`) tag, whose first subtag is one letter.
    private static func isSingletonStart(_ tag: String) -> Bool {
        let utf8 = tag.utf8
        guard utf8.count > 2, let first = utf8.first else { return false }
        return (first | 0x20 == UInt8(ascii: "x") || first | 0x20 == UInt8(ascii: "i"))
            && utf8.dropFirst().first == UInt8(ascii: "-")
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

    /// `zh`, `zh-CN`, `zh-SG`, `zh-Hans-*` → `zh-Hans`; `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant-*` → `zh-Hant`: an
    /// explicit script wins over the region (`zh-Hans-HK` is Simplified, `zh-Hant-CN` Traditional);
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
            // The script subtag comes right after the language (extensions aside); it decides, else the region.
            let subtags = parts.dropFirst().prefix { $0.count > 1 }
            if subtags.contains("hans") { return "zh-Hans" }
            if subtags.contains("hant") { return "zh-Hant" }
            return subtags.contains { ["tw", "hk", "mo"].contains($0) } ? "zh-Hant" : "zh-Hans"
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
