import SmartTextEngine
import SmartTextJSON
internal import SmartTextSupport

/// How a phone number (its significant characters: digits, maybe a leading
/// `+`) is shown, and what is known about it.
struct PhoneAnalysis: Sendable {
    /// The text to show: the shown characters in order, with libphonenumber's separators.
    var display: [Unicode.Scalar]
    /// Leading input characters not shown (a country code and its `+` or
    /// international prefix, when the number was brought to national form).
    var dropped: Int = 0
    /// Shown characters that the input does not have (a trunk prefix `0` added
    /// when bringing a number to national form), before the input's own.
    var synthesized: [Unicode.Scalar] = []
    /// The number is valid and no digit can follow.
    var complete = false
    /// How many of the characters fit: after a complete number, or past the longest fixed-line or
    /// mobile number of the country, the rest do not (``display`` still shows them all).
    var fits: Int
    var meta = JSONObject()
}

/// Phone number layout on top of libphonenumber.
///
/// Reflow: libphonenumber's as-you-type formatter lays out a partial number by
/// the patterns that fit it so far, so a Chinese mobile number shows
/// `1380 0138` at its eighth digit and then `138 0013 80`, moving the digits
/// under the caret (the US does the same at the eighth digit: `201-5550`, then
/// `(201) 555-01`). SmartText avoids it by laying out a partial number as the
/// complete number it can become: the partial digits are completed with the
/// rest of the region's example number of each type (mobile first, then fixed
/// line, then toll free), and when libphonenumber says the completed number is
/// valid, its national format is shown cut after the digits typed. Digits never
/// move while typing, and the last digit lands in the final layout. When no
/// example completes the digits into a valid number, libphonenumber's own
/// as-you-type output is used. What libphonenumber considers valid is unchanged.
///
/// Results are a pure function of the region and the characters, so they are
/// cached (a keystroke formats the text before and after the edit; the first is
/// the previous keystroke's second).
enum PhoneLayout {
    private static let cache = BoundedCache<String, PhoneAnalysis>(limit: 2048)
    private static let examples = BoundedCache<String, [[Unicode.Scalar]]>(limit: 1024)

    /// The types whose example numbers complete a partial number, in order.
    static let completingTypes: [PhoneType] = [.mobile, .fixedLine, .tollFree]

    /// The analysis of `significant` for `region` (nil: international input, which starts with `+`).
    static func analyze(_ significant: [Unicode.Scalar], region: String?) -> PhoneAnalysis {
        let text = TextUnits.string(significant)
        return cache.value(for: (region ?? "ZZ") + "|" + text) { compute(significant, text, region: region) }
    }

    private static func compute(_ significant: [Unicode.Scalar], _ text: String, region: String?) -> PhoneAnalysis {
        guard !significant.isEmpty else { return PhoneAnalysis(display: [], fits: 0) }
        let code = region ?? "ZZ"
        let info = PhoneLibrary.inspect(text, region: code)
        let fits = info.valid ? significant.count : fittingLength(significant, region: code)
        var meta = JSONObject()
        if info.parsed && !info.region.isEmpty { meta["region"] = .string(info.region) }
        if info.valid {
            meta["type"] = .string(info.type.rawValue)
            meta["e164"] = .string(info.e164)
        }
        // A number typed with this region's country code: shown in national form.
        if let region, info.valid, info.hadCountryCode, info.countryCode == PhoneLibrary.countryCode(region: region),
            case let national = digits(info.national),
            national.count > 0, national != significant,
            significant.suffix(info.nationalNumber.unicodeScalars.count).elementsEqual(
                info.nationalNumber.unicodeScalars),
            national.suffix(info.nationalNumber.unicodeScalars.count).elementsEqual(info.nationalNumber.unicodeScalars)
        {
            let kept = info.nationalNumber.unicodeScalars.count
            var analysis = analyze(national, region: region)
            analysis.dropped = significant.count - kept
            analysis.synthesized = Array(national.prefix(national.count - kept))
            analysis.fits = significant.count
            return analysis
        }
        let display = layout(significant, text, region: code, info: info)
        return PhoneAnalysis(
            display: display, complete: info.valid && isComplete(text, region: code, type: info.type),
            fits: fits, meta: meta)
    }

    /// How many of an invalid number's characters fit: up to a valid, complete number it starts with;
    /// else, when it is longer than any fixed-line or mobile number of its country, up to the longest
    /// prefix that is not. A number libphonenumber does not know (`06007659653` in Japan, where
    /// `0600765965` happens to be a valid personal number) keeps its digits while a longer number of
    /// the country is possible.
    private static func fittingLength(_ significant: [Unicode.Scalar], region: String) -> Int {
        guard significant.count > 6 else { return significant.count }
        for length in stride(from: significant.count - 1, through: 6, by: -1) {
            let prefix = TextUnits.string(significant[..<length])
            let prefixInfo = PhoneLibrary.inspect(prefix, region: region)
            if prefixInfo.valid && isComplete(prefix, region: region, type: prefixInfo.type) { return length }
        }
        guard isTooLong(TextUnits.string(significant), region: region) else { return significant.count }
        var length = significant.count - 1
        while length > 1 && isTooLong(TextUnits.string(significant[..<length]), region: region) { length -= 1 }
        return length
    }

    /// True when no fixed-line or mobile number of the country is this long.
    private static func isTooLong(_ text: String, region: String) -> Bool {
        PhoneLibrary.possibility(text, region: region, type: .fixedLineOrMobile) == .tooLong
    }

    /// The shown text for the characters (same characters, same order, plus separators).
    private static func layout(
        _ significant: [Unicode.Scalar], _ text: String, region: String, info: PhoneInfo
    ) -> [Unicode.Scalar] {
        let fallback = { Array((PhoneLibrary.asYouType(text, region: region) ?? text).unicodeScalars) }
        if significant.first == "+" || region == "ZZ" { return fallback() }
        if info.valid { return completeLayout(significant, text, region: region) }
        for type in completingTypes {
            for example in examples(region: region, type: type) where example.count > significant.count {
                let candidate = significant + example[significant.count...]
                let candidateText = TextUnits.string(candidate)
                guard PhoneLibrary.inspect(candidateText, region: region).valid else { continue }
                let full = completeLayout(candidate, candidateText, region: region)
                return cut(full, afterSignificant: significant.count)
            }
        }
        return fallback()
    }

    /// A complete number's layout: its national format when that keeps exactly
    /// its digits, else libphonenumber's as-you-type output.
    private static func completeLayout(_ significant: [Unicode.Scalar], _ text: String, region: String)
        -> [Unicode.Scalar]
    {
        let national = PhoneLibrary.inspect(text, region: region).national
        if !national.isEmpty && digits(national) == significant {
            return Array(national.unicodeScalars)
        }
        return Array((PhoneLibrary.asYouType(text, region: region) ?? text).unicodeScalars)
    }

    /// The layout up to and including its `count`-th significant character.
    private static func cut(_ layout: [Unicode.Scalar], afterSignificant count: Int) -> [Unicode.Scalar] {
        var seen = 0
        for (index, scalar) in layout.enumerated() where isSignificant(scalar) {
            seen += 1
            if seen == count { return Array(layout[...index]) }
        }
        return layout
    }

    /// The region's example numbers of a type, as typed nationally (with the
    /// trunk prefix where the national format writes it) and without it.
    private static func examples(region: String, type: PhoneType) -> [[Unicode.Scalar]] {
        examples.value(for: region + "|" + type.rawValue) {
            guard let number = PhoneLibrary.example(region: region, type: type) else { return [] }
            let significant = Array(number.unicodeScalars)
            var variants: [[Unicode.Scalar]] = []
            if let national = PhoneLibrary.format(number, region: region, style: 0).map(digits), national != significant
            {
                variants.append(national)
            }
            variants.append(significant)
            return variants
        }
    }

    /// True when more digits can make `significant` (national digits, without
    /// a country code) a valid number of one of `types`: the rest of one of the
    /// region's example numbers completes it into one.
    static func canComplete(_ significant: [Unicode.Scalar], region: String, types: [PhoneType]) -> Bool {
        for type in types {
            for example in examples(region: region, type: type) where example.count > significant.count {
                let candidate = TextUnits.string(significant + example[significant.count...])
                let info = PhoneLibrary.inspect(candidate, region: region)
                if info.valid && info.type.satisfies(type) { return true }
            }
        }
        return false
    }

    /// True when no digit can follow a valid number of `type`: one more is too long for that type and
    /// no fixed-line or mobile number of the country is that long. One libphonenumber call for fixed-line
    /// and mobile numbers (too long for both is too long for either), two for the other types
    /// (BENCHMARKS.md item 14).
    static func isComplete(_ text: String, region: String, type: PhoneType) -> Bool {
        let longer = text + "0"
        let fixedOrMobile = type == .mobile || type == .fixedLine || type == .fixedLineOrMobile
        switch PhoneLibrary.possibility(longer, region: region, type: .fixedLineOrMobile) {
        case .possible, .possibleLocalOnly: return false
        case .tooLong where fixedOrMobile: return true
        default: return !fixedOrMobile && PhoneLibrary.possibility(longer, region: region, type: type) == .tooLong
        }
    }

    static func isSignificant(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || (scalar.value >= 0x30 && scalar.value <= 0x39)
    }

    /// The digits (and `+`) of a formatted number.
    static func digits(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter(isSignificant)
    }
}
