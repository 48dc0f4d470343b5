import SmartTextEngine
import SmartTextSupport

/// The `Accept-Language` header: the languages a browser asks for, best first.
enum AcceptLanguage {
    /// The header's tags as a ``LocalePreference``: q-values honored, `*`, `q=0` and tags that are not well
    /// formed ignored.
    ///
    /// A browser sends the same header with every request, and parsing one cost as much as the rest of a
    /// keystroke: headers up to 256 bytes are parsed once and remembered (longer ones, which no browser
    /// sends, each time; BENCHMARKS.md item 12).
    static func preference(_ header: String) -> LocalePreference {
        header.utf8.count <= 256 ? parsed.value(for: header) { parse(header) } : parse(header)
    }

    /// Parsed headers (at most about 2 × 128 of them).
    private static let parsed = BoundedCache<String, LocalePreference>(limit: 128, maxKeyBytes: 256)

    private static func parse(_ header: String) -> LocalePreference {
        var weighted: [(tag: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";")
            guard let first = pieces.first else { continue }
            let tag = first.trimmingSpaces()
            guard !tag.isEmpty, tag != "*", LocalePreference.isLanguageTag(tag) else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let trimmed = parameter.trimmingSpaces()
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { quality = value }
            }
            if quality > 0 { weighted.append((tag, quality, order)) }
        }
        weighted.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return LocalePreference(tags: weighted.map(\.tag))
    }
}
