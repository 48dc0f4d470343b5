import SmartTextEngine
import SmartTextJSON
internal import SmartTextSupport

/// How a phone number (its significant characters: digits, maybe a leading
/// `+`) is shown, and what is known about it.
struct PhoneAnalysis: Sendable {
    /// The text to show: the shown characters in order, with libphonenumber's separators.
    var display: [Unicode.Scalar]
    /// Where each shown character (each digit or `+` of ``display``) comes from: the index of an
    /// input character, or nil for one the input does not have (a trunk prefix `0` added when
    /// bringing a number to national form). Input characters not named are not shown (a country
    /// code and its `+`). nil: the input's characters, in order.
    var source: [Int?]? = nil
    /// The number is valid and no digit can follow.
    var complete = false
    /// How many of the characters fit: after a complete number, or past the longest number of any
    /// type of the region in any written form, the rest do not (``display`` still shows them all).
    var fits: Int
    /// When the characters past ``fits`` follow a complete number: its length.
    var completeLength: Int? = nil
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
    private static let cache = BoundedCache<String, PhoneAnalysis>(limit: 2048, maxKeyBytes: 512)
    private static let examples = BoundedCache<String, [[Unicode.Scalar]]>(limit: 1024, maxKeyBytes: 512)

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
        var meta = JSONObject()
        if info.parsed && !info.region.isEmpty { meta["region"] = .string(info.region) }
        if info.isValid {
            meta["type"] = .string(info.type.rawValue)
            meta["e164"] = .string(info.e164)
        }
        // A number typed with this region's country code: shown in national form once it is complete.
        // Not before: a valid number that goes on (`+353 1 800 1234`, then `56`: Ireland's toll-free
        // `1800 123 456`) would be typed on in a national form that pasting the whole would not give.
        if let region, info.isValid, info.hadCountryCode, info.countryCode == PhoneLibrary.countryCode(region: region),
            case let national = digits(info.national), national.count > 0, national != significant,
            isComplete(text, region: code),
            let source = nationalSource(significant, national: national, nationalNumber: info.nationalNumber)
        {
            var analysis = analyze(national, region: region)
            analysis.source = source
            analysis.fits = significant.count
            analysis.completeLength = nil
            return analysis
        }
        var analysis = PhoneAnalysis(
            display: layout(significant, text, region: code, info: info), fits: significant.count)
        analysis.meta = meta
        if info.isValid {
            analysis.complete = isComplete(text, region: code)
        } else {
            (analysis.fits, analysis.completeLength) = fitting(significant, region: code)
        }
        return analysis
    }

    /// Where the national form's characters come from in the input: the national significant number
    /// where both end with it (the rest of the national form is added, the input's country code
    /// dropped); else the longest common subsequence, taking the input's characters as late as it
    /// can (a country code's digits are dropped rather than taken for the number's) and the national
    /// form's as early as it can (`+54 9 11 2345-6789` is `011 15-2345-6789`: the area code and the
    /// subscriber number are kept, the `0` and `15` added, `+54` and the mobile `9` dropped). nil
    /// when they share fewer digits than the national significant number has, less the trunk prefix.
    static func nationalSource(
        _ significant: [Unicode.Scalar], national: [Unicode.Scalar], nationalNumber: String
    ) -> [Int?]? {
        let number = Array(nationalNumber.unicodeScalars)
        if significant.count >= number.count, significant.suffix(number.count).elementsEqual(number),
            national.count >= number.count, national.suffix(number.count).elementsEqual(number)
        {
            let added = national.count - number.count
            let start = significant.count - number.count
            return Array(repeating: nil, count: added) + (start..<significant.count).map { Optional($0) }
        }
        // common[i][j]: the longest common subsequence of significant[i...] and national[j...].
        let rows = significant.count + 1
        let columns = national.count + 1
        var common = [Int](repeating: 0, count: rows * columns)
        for i in stride(from: significant.count - 1, through: 0, by: -1) {
            for j in stride(from: national.count - 1, through: 0, by: -1) {
                common[i * columns + j] =
                    significant[i] == national[j]
                    ? common[(i + 1) * columns + j + 1] + 1
                    : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
            }
        }
        guard common[0] >= number.count - 1 else { return nil }
        var source = [Int?](repeating: nil, count: national.count)
        var i = 0
        var j = 0
        while i < significant.count && j < national.count {
            let here = common[i * columns + j]
            if common[(i + 1) * columns + j] == here {
                i += 1
            } else if significant[i] == national[j] && common[(i + 1) * columns + j + 1] + 1 == here {
                source[j] = i
                i += 1
                j += 1
            } else {
                j += 1
            }
        }
        return source
    }

    /// How many of an invalid number's characters fit, and the length of the complete number they
    /// follow when that is why the rest do not. A digit does not fit after a valid number no longer
    /// number can continue (from 6 characters: the longest valid prefix, since a shorter complete one
    /// would leave it no valid continuation), nor past the longest number of any type of the region
    /// in any written form (with a national prefix, carrier code or calling code; KR's
    /// `08500 1198767890` is longer than any number of Korea without its carrier code).
    /// The international prefixes written out after a `+` that international input reads as the `+`.
    private static let internationalPrefixes: [[Unicode.Scalar]] = [["0", "0"], ["0", "1", "1"], ["0", "1", "0"]]

    private static func fitting(_ significant: [Unicode.Scalar], region: String) -> (Int, Int?) {
        // International input: `+0`, `+00`, `+01`, `+011` and `+010` may still be an international prefix
        // written out after the `+` (read as the `+` once a digit follows it).
        if region == "ZZ", significant.first == "+",
            Self.internationalPrefixes.contains(where: { $0.starts(with: significant.dropFirst()) })
        {
            return (significant.count, nil)
        }
        var fits = significant.count
        var completeLength: Int?
        if significant.count > 6 {
            for length in stride(from: significant.count - 1, through: 6, by: -1) {
                let prefix = TextUnits.string(significant[..<length])
                guard PhoneLibrary.inspect(prefix, region: region).isValid else { continue }
                if isComplete(prefix, region: region) {
                    fits = length
                    completeLength = length
                }
                break
            }
        }
        guard !canBeThisLong(TextUnits.string(significant), region: region) else { return (fits, completeLength) }
        var length = significant.count - 1
        while length > 1 && !canBeThisLong(TextUnits.string(significant[..<length]), region: region) { length -= 1 }
        if length < fits {
            fits = length
            completeLength = nil
        }
        return (fits, completeLength)
    }

    /// True when some number of the region, of any type and in any written form, is as long as these
    /// digits or longer (its lengths alone: the patterns are not asked).
    private static func canBeThisLong(_ text: String, region: String) -> Bool {
        PhoneLibrary.canContinue(text, region: region, extra: 0, mode: .lengths)
    }

    /// The shown text for the characters (same characters, same order, plus separators).
    private static func layout(
        _ significant: [Unicode.Scalar], _ text: String, region: String, info: PhoneInfo
    ) -> [Unicode.Scalar] {
        let fallback = { Array((PhoneLibrary.asYouType(text, region: region) ?? text).unicodeScalars) }
        if significant.first == "+" || region == "ZZ" { return fallback() }
        if info.isValid { return completeLayout(significant, text, region: region) }
        for type in completingTypes {
            for example in examples(region: region, type: type) where example.count > significant.count {
                let candidate = significant + example[significant.count...]
                let candidateText = TextUnits.string(candidate)
                guard PhoneLibrary.inspect(candidateText, region: region).isValid else { continue }
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

    /// True when no digit can follow a valid number: no longer number of any type of any region of its
    /// calling code starts with it, in any written form. The last few answers are kept: a keystroke
    /// after a valid number asks about it again (the digits before the new one fit when it was not
    /// complete), and comparing two strings costs less than a cache's key.
    static func isComplete(_ text: String, region: String) -> Bool {
        if let known = completions.withLock({ $0.complete(text, region: region) }) { return known }
        let complete = !PhoneLibrary.canContinue(text, region: region, extra: 1, mode: .patterns(nil))
        completions.withLock { $0.remember(text, region: region, complete) }
        return complete
    }

    private static let completions = Locked(RecentCompletions())

    static func isSignificant(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || (scalar.value >= 0x30 && scalar.value <= 0x39)
    }

    /// The digits (and `+`) of a formatted number.
    static func digits(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter(isSignificant)
    }
}
