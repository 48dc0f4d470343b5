public import SmartTextEngine
import SmartTextJSON
internal import SmartTextSupport

/// `postalCode {region}`: a postal code laid out as its region writes it (Google's address data,
/// ``PostalCodes``): `SW1A 1AA`, `K1A 0B1`, `1234 AB`, `100-0001`, `01310-100`, upper case. Without a
/// region of its own, the field takes the request's (`region` in the body, else its locale's: `en-GB` is
/// `GB`), as phone fields do; with none, letters and digits are upper-cased and single spaces between
/// them kept.
///
/// A character typed where no layout of the region takes it is refused, and one past the longest
/// layout overflows (``IdentifierFormatter``'s rules). A prefix people write before the code (`CH-8001`,
/// `SE-114 55`) is dropped as a normalization. `meta.country` is the region; a valid code adds
/// `meta.compact`, the code without separators.
public struct PostalCodeFormatter: TextFormatter {
    public let name = "postalCode"
    /// The region (upper case), or nil for the request's.
    public let region: String?

    public init(region: String?) {
        self.region = region
    }

    public var laysOutWholeText: Bool { true }
    public var readsLocale: Bool { region == nil }
    /// The region's longest layout; without a region, the longest of any (`11936-12345`) and a space more.
    public var maximumLength: Int? {
        if let region, let data = PostalCodes.region(region) { return data.layout.shapes.map(\.textLength).max() }
        return 12
    }
    /// Letters and digits (those of the region's layouts when the field fixes one), white space and `-`.
    public var acceptedCharacters: AcceptedCharacters {
        if let region, let data = PostalCodes.region(region) {
            return data.layout.acceptedCharacters(separators: [" ", "-"])
        }
        return AcceptedCharacters(digits: true, letters: true, whitespace: true, characters: ["-"])
    }

    public func neverKeeps(_ scalar: Unicode.Scalar) -> Bool { scalar.halfWidth == "-" }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        guard let code = region ?? context.conventions.region, let data = PostalCodes.region(code) else {
            return Self.free(input, context: context)
        }
        var cleaned = input
        let normalized = Self.prefix(data.prefix, in: input)
        for index in normalized { cleaned[index] = " " }
        let result = data.layout.format(cleaned, context: context)
        var output = result.formatted
        output.normalized = normalized
        if !result.value.isEmpty { output.meta["country"] = .string(code) }
        if result.misfits == 0 && output.unexpected.isEmpty && !result.value.isEmpty && data.matches(output.text) {
            output.meta["compact"] = .string(String(decoding: result.value, as: UTF8.self))
        }
        return output
    }

    /// The input indices of a region's prefix written before the code (`CH-`, `SE-`): its letters, when a
    /// letter or digit follows.
    static func prefix(_ prefix: String, in input: [Unicode.Scalar]) -> [Int] {
        let letters = prefix.unicodeScalars.filter(\.isASCIIAlphanumeric).map { UInt8($0.value) }
        guard !letters.isEmpty else { return [] }
        var indices: [Int] = []
        var index = 0
        while index < input.count && input[index].halfWidth.isSpace { index += 1 }
        for letter in letters {
            guard index < input.count, ShapeLayout.normalized(input[index]) == letter else { return [] }
            indices.append(index)
            index += 1
        }
        while index < input.count && Separators.contains(input[index].halfWidth) { index += 1 }
        guard index < input.count, ShapeLayout.normalized(input[index]) != nil else { return [] }
        return indices
    }

    /// Without a region: letters and digits upper-cased, a single space kept between them (trailing
    /// spaces go on `blur` and `submit`), other separators dropped.
    static func free(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        var count = 0
        for (index, scalar) in input.enumerated() {
            if let byte = ShapeLayout.normalized(scalar) {
                if count >= 10 {
                    if context.isFresh(index) {
                        // More than the longest code: the insertion overflows.
                        output.overflow = true
                        for rest in index..<input.count where !Separators.contains(input[rest].halfWidth) {
                            output.markUnexpected(rest)
                        }
                        break
                    }
                    // Moved past the longest code by an edit elsewhere: it stays, out of place.
                    output.markUnexpected(index)
                }
                output.keep(Unicode.Scalar(byte), from: index)
                count += 1
            } else if scalar.halfWidth.isSpace {
                // One space between letters and digits, none once the longest code is reached.
                if count < 10, let last = output.scalars.last, last != " " { output.keep(" ", from: index) }
            } else if !Separators.contains(scalar.halfWidth) {
                output.markUnexpected(index)
            }
        }
        if context.final {
            while output.scalars.last == " " {
                output.scalars.removeLast()
                output.sources.removeLast()
            }
        }
        return output
    }
}

/// `postalCode {region}`: a postal code of the region (the field's, else the request's, else its
/// locale's), by Google's pattern for it; without any region, a code that some region's pattern takes.
/// The start of a longer layout of the region is `incomplete`.
public struct PostalCodeValidator: Validator {
    public let name = "postalCode"
    public let region: String?

    public init(region: String?) {
        self.region = region
    }

    public var readsLocale: Bool { region == nil }

    private static let verdicts = BoundedCache<String, RuleCheck>(limit: 2048, maxKeyBytes: 64)

    public func check(_ input: ValidationInput) -> RuleCheck {
        guard input.value.utf8.count <= 40 else { return .fail }
        let code = region ?? input.conventions.region
        let key = (code ?? "") + "|" + input.value
        var check = Self.verdicts.value(for: key) { verdict(input.value, region: code) }
        if let code, PostalCodes.region(code) != nil {
            check.variant = "region"
            if region == nil {
                // The request's region, named in the request's language.
                let language = input.conventions.tag.isEmpty ? "en" : input.conventions.tag
                check.placeholders = ["country": LocaleData.regionName(code, in: language) ?? code]
            }
        }
        return check
    }

    private func verdict(_ value: String, region code: String?) -> RuleCheck {
        let scalars = Array(value.unicodeScalars)
        let formatter = PostalCodeFormatter(region: code)
        let formatted = formatter.format(scalars, context: FormatContext(final: true, conventions: .neutral))
        guard formatted.unexpected.isEmpty else { return .fail }
        let text = formatted.text
        guard let code, let data = PostalCodes.region(code) else {
            return PostalCodes.regions.contains { $0.matches(Self.laidOut(text, in: $0)) } ? .pass : .fail
        }
        if data.matches(text) { return .pass }
        let read = data.layout.format(scalars, context: FormatContext(final: true))
        return read.misfits == 0
            && data.layout.shapes.contains { $0.count > read.value.count && $0.admitsPrefix(read.value) }
            ? .tooShortSoFar : .fail
    }

    /// A code without a region, laid out as `region` writes it.
    private static func laidOut(_ text: String, in region: PostalRegion) -> String {
        region.layout.format(Array(text.unicodeScalars), context: FormatContext(final: true)).formatted.text
    }

    /// `{country}`: the region's name in each language (CLDR), when the field or the request names one.
    public var localizedParameters: [String: LocalizedText] {
        guard let region else { return [:] }
        return [
            "country": LocalizedText(MessageCatalog.tags.map { ($0, LocaleData.regionName(region, in: $0) ?? region) })
        ]
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.nativeRules.text(check.variant == "region" ? "postalCode.region" : "postalCode")
    }
}
