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
    /// How many input characters fit; the rest are more than a phone number holds.
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
        // A valid, complete number followed by more digits: the rest does not fit.
        if !info.valid && significant.count > 6 {
            for length in stride(from: significant.count - 1, through: 6, by: -1) {
                let prefix = Array(significant[..<length])
                let prefixInfo = PhoneLibrary.inspect(TextUnits.string(prefix), region: code)
                if prefixInfo.valid && isComplete(TextUnits.string(prefix), region: code, type: prefixInfo.type) {
                    var analysis = analyze(prefix, region: region)
                    analysis.fits = length
                    return analysis
                }
            }
        }
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
            fits: significant.count, meta: meta)
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

    /// True when no digit can follow a valid number of `type`.
    static func isComplete(_ text: String, region: String, type: PhoneType) -> Bool {
        PhoneLibrary.possibility(text + "0", region: region, type: type) == .tooLong
    }

    static func isSignificant(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || (scalar.value >= 0x30 && scalar.value <= 0x39)
    }

    /// The digits (and `+`) of a formatted number.
    static func digits(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter(isSignificant)
    }
}
