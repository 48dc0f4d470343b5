import SmartTextJSON
import SmartTextSupport

/// Where one output scalar of a formatter came from. The caret, `value`,
/// `rejected` and the backspace rules are all derived from these.
public enum Provenance: Equatable, Sendable, CustomStringConvertible {
    /// A significant scalar taken from input index `index` (possibly normalized: `５` → `5`).
    case kept(Int)
    /// A literal the formatter inserted (a group separator, a mask's `(`).
    case literal
    /// A significant scalar the formatter supplied (`4` → `04/` in an expiry date).
    case synthesized
    /// A literal the formatter would insert, matched to the same character typed at input index `index`.
    case consumed(Int)

    /// The input index for `kept` and `consumed`, else nil.
    @inlinable public var inputIndex: Int? {
        switch self {
        case .kept(let index), .consumed(let index): index
        case .literal, .synthesized: nil
        }
    }

    /// Taken from the input as a significant scalar.
    @inlinable public var isKept: Bool {
        if case .kept = self { true } else { false }
    }

    /// Part of the submitted value (kept or synthesized).
    @inlinable public var isSignificant: Bool {
        switch self {
        case .kept, .synthesized: true
        case .literal, .consumed: false
        }
    }

    /// Formatting that is not part of the value (inserted or consumed literal).
    @inlinable public var isLiteral: Bool { !isSignificant }

    public var description: String {
        switch self {
        case .kept(let index): "kept(\(index))"
        case .literal: "literal"
        case .synthesized: "synthesized"
        case .consumed(let index): "consumed(\(index))"
        }
    }
}

/// What a formatter produced for one input.
public struct Formatted: Sendable, Equatable {
    /// The formatted text.
    public var scalars: [Unicode.Scalar]
    /// One entry per output scalar.
    public var sources: [Provenance]
    /// True when the format is fully filled, false when it is not, nil when the formatter has no opinion.
    public var complete: Bool?
    /// True when acceptable input was dropped because the format was full (only fresh input
    /// overflows: see ``FormatContext/fresh``).
    public var overflow: Bool
    /// Facts the formatter found (`{"brand": "visa"}`).
    public var meta: JSONObject
    /// Input indices of characters that cannot be part of the text where they are: dropped (a letter in
    /// a number, a digit past a full format) or kept out of place (a letter an edit moved into a digit
    /// slot). Formatting (separators, white space, a layout's literals, case, digit forms) and
    /// normalizations (``normalized``) are not listed. Ascending.
    public var unexpected: [Int]
    /// Input indices of characters removed as a normalization of the same value: a country code when a
    /// number is shown in national form, a year's century, a pasted `IBAN` label, leading zeros on blur.
    /// They do not count as lost (edit rule 10) nor as unexpected (rule 11).
    public var normalized: [Int]
    /// How many of the last output scalars are a suffix the caret stays before (a currency symbol written
    /// after the amount, ` kg`): literals that follow the value rather than lead to the next character.
    public var suffix: Int
    /// Input indices of separators kept as significant only to hold the characters after them in their part
    /// (a date's `-` after a part a deletion shortened). A deletion may make a separator of the old text one
    /// of these; any other separator it made significant would be a character the user did not type (a
    /// group separator read as a decimal point), and the deletion takes it too.
    public var holding: [Int]
    /// The value to submit when it is not the significant scalars in their submitted form: a whole date
    /// whose month is written as its name submits the month's number (`31 Dec 2024` is `31122024`).
    public var value: [Unicode.Scalar]?

    public init(
        scalars: [Unicode.Scalar] = [], sources: [Provenance] = [], complete: Bool? = nil, overflow: Bool = false,
        meta: JSONObject = JSONObject(), unexpected: [Int] = [], normalized: [Int] = [], suffix: Int = 0,
        holding: [Int] = []
    ) {
        self.scalars = scalars
        self.sources = sources
        self.complete = complete
        self.overflow = overflow
        self.meta = meta
        self.unexpected = unexpected
        self.normalized = normalized
        self.suffix = suffix
        self.holding = holding
    }

    /// The output position where the suffix starts (the end of the text when there is none).
    public var suffixStart: Int { scalars.count - suffix }

    /// The input unchanged, every scalar kept.
    public static func identity(_ input: [Unicode.Scalar]) -> Formatted {
        Formatted(scalars: input, sources: (0..<input.count).map { .kept($0) })
    }

    /// The formatted text as a string.
    public var text: String { TextUnits.string(scalars) }

    // MARK: Building

    package mutating func reserve(_ count: Int) {
        scalars.reserveCapacity(count)
        sources.reserveCapacity(count)
    }

    package mutating func keep(_ scalar: Unicode.Scalar, from index: Int) {
        scalars.append(scalar)
        sources.append(.kept(index))
    }

    package mutating func insertLiteral(_ scalar: Unicode.Scalar) {
        scalars.append(scalar)
        sources.append(.literal)
    }

    package mutating func consume(_ scalar: Unicode.Scalar, from index: Int) {
        scalars.append(scalar)
        sources.append(.consumed(index))
    }

    package mutating func synthesize(_ scalar: Unicode.Scalar) {
        scalars.append(scalar)
        sources.append(.synthesized)
    }

    /// Removes every output scalar when none was taken from the input: a format with nothing typed
    /// shows nothing (a mask's literals, even those it supplies as part of the value, wait for input).
    package mutating func clearIfNothingKept() {
        if !sources.contains(where: \.isKept) {
            scalars.removeAll()
            sources.removeAll()
        }
    }

    /// Records input `index` as unexpected (dropped, or kept out of place).
    package mutating func markUnexpected(_ index: Int) {
        unexpected.append(index)
    }

    /// Records input `index` as removed by a normalization.
    package mutating func markNormalized(_ index: Int) {
        normalized.append(index)
    }
}

/// Characters that separate groups in what people paste (`4242-4242`, `2026/11/29`, `(201) 555.0123`):
/// dropping them is formatting, not loss.
public enum Separators {
    /// White space, or one of `- ‐ – / . , : ( ) _ '` and the middle dot.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let character = scalar.halfWidth
        switch character {
        case "-", "\u{2010}", "\u{2013}", "/", ".", ",", ":", "(", ")", "_", "'", "\u{00B7}": return true
        default: return character.isSpace
        }
    }
}

/// When a formatter runs: while typing, or once the user has left the field; and which input is new.
public struct FormatContext: Sendable, Equatable {
    /// True on `blur` and `submit`: formatters may finish the text (trim trailing spaces).
    public var final: Bool
    /// The input indices the user is adding now (an edit's insertion; the whole text when a submitted
    /// value is checked). A fresh character must fit where it lands, or it is dropped (and reported in
    /// ``Formatted/unexpected``); and when the input holds more than the format can, it is fresh input
    /// that overflows. Characters that were already in the text (not fresh) that no longer fit after an
    /// edit elsewhere stay, out of place, so that no edit destroys characters outside its range.
    public var fresh: Range<Int>
    /// True when the input is a whole value submitted at once (`/v1/validate`): every character is fresh,
    /// and an ambiguity that typing settles one way is read as a submitted value means it (a value's `.`
    /// is its decimal point).
    public var submitted: Bool
    /// How the request's locale writes numbers, dates and times, and its phone region.
    public var conventions: LocaleConventions
    /// True when the input is an edit's: ``fresh`` is where the edit was, an empty range at a deletion's
    /// point (a whole text formatted as it stands has no such point).
    public var editing: Bool

    public init(
        final: Bool = false, fresh: Range<Int> = 0..<0, submitted: Bool = false,
        conventions: LocaleConventions = .neutral, editing: Bool = false
    ) {
        self.final = final
        self.fresh = fresh
        self.submitted = submitted
        self.conventions = conventions
        self.editing = editing
    }

    /// Where a deletion just was, when the input is a deletion's (nothing fresh).
    @inlinable public var deletionPoint: Int? { editing && fresh.isEmpty ? fresh.lowerBound : nil }

    /// True when input `index` is fresh.
    @inlinable public func isFresh(_ index: Int) -> Bool { fresh.contains(index) }

    /// True when some input is fresh.
    @inlinable public var hasFresh: Bool { !fresh.isEmpty }
}

/// One formatter of a field's pipeline. Implementations are pure values.
public protocol TextFormatter: Sendable {
    /// The registry name of the formatter ("mask", "creditCard").
    var name: String { get }
    /// Formats a whole text, reporting the provenance of every output scalar.
    func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted
    /// The submitted form of a significant output scalar (a decimal comma becomes `.`).
    func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar
    /// True when `valueScalar` changes some scalar (the pipeline skips it otherwise).
    var mapsValue: Bool { get }
    /// The longest text the formatter can produce, in characters, when it has a limit (a client's `maxlength`).
    var maximumLength: Int? { get }
    /// The characters typing can add to the text; any other is always refused.
    var acceptedCharacters: AcceptedCharacters { get }
    /// True when the formatter lays the whole text out (a mask, card, IBAN, expiry, number, phone,
    /// email): what it makes of a character depends on the others, so in a field's chain only
    /// `maxLength` may follow it.
    var laysOutWholeText: Bool { get }
    /// True when the formatter reads the request's ``FormatContext/conventions`` (a number without
    /// separators of its own, a date with the locale's pattern, a phone field without a region).
    var readsLocale: Bool { get }
    /// The ISO 4217 code of the currency the formatter writes amounts in, if any.
    var currencyCode: String? { get }
    /// True only when the formatter never keeps this input character as a significant one, whatever
    /// the text around it (the phone formatter and separators). The edit rules then know without
    /// formatting the old text that the character was not significant in it (rule 10's check;
    /// BENCHMARKS.md item 16). False, the default, is always correct.
    func neverKeeps(_ scalar: Unicode.Scalar) -> Bool
}

extension TextFormatter {
    public func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar }
    public var mapsValue: Bool { false }
    public var maximumLength: Int? { nil }
    public var acceptedCharacters: AcceptedCharacters { .anything }
    public var laysOutWholeText: Bool { false }
    public var readsLocale: Bool { false }
    public var currencyCode: String? { nil }
    public func neverKeeps(_ scalar: Unicode.Scalar) -> Bool { false }
}

/// Formatters applied in order; their provenance maps compose so that the
/// final output points back into the original input.
public struct FormatterPipeline: Sendable {
    /// The formatters, first applied first.
    public let formatters: [any TextFormatter]

    /// The formatters whose `valueScalar` changes something (usually none; BENCHMARKS.md item 3).
    private let valueMappers: [any TextFormatter]

    public init(_ formatters: [any TextFormatter]) {
        self.formatters = formatters
        self.valueMappers = formatters.filter(\.mapsValue)
    }

    /// True when the pipeline never keeps `scalar` as a significant input character: its first
    /// formatter never does (a character it does not keep cannot be kept after it; a later
    /// formatter sees the first one's output, not the input's characters).
    public func neverKeeps(_ scalar: Unicode.Scalar) -> Bool {
        formatters.first?.neverKeeps(scalar) ?? false
    }

    /// Formats `input` through every formatter.
    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        guard let first = formatters.first else { return .identity(input) }
        var result = first.format(input, context: context)
        for formatter in formatters.dropFirst() {
            var stepContext = context
            stepContext.fresh = result.freshOutput(of: context.fresh)
            result = result.followed(by: formatter.format(result.scalars, context: stepContext))
        }
        if formatters.count > 1 && !result.unexpected.isEmpty { Self.matchDroppedToLiterals(&result, input: input) }
        return result
    }

    /// A character an earlier formatter dropped where a later one writes the same literal (the `+` of a
    /// `+7 (###)` mask after `digits`) is that literal, consumed: formatting, not unexpected (rule 11).
    private static func matchDroppedToLiterals(_ result: inout Formatted, input: [Unicode.Scalar]) {
        var kept = [Bool](repeating: false, count: input.count)
        for source in result.sources { if let index = source.inputIndex { kept[index] = true } }
        var unexpected = result.unexpected
        // Each input position's place in the output, computed once (a text with many dropped characters
        // would otherwise be scanned once for each).
        let positions = Field.leftPositions(result, inputCount: input.count)
        unexpected.removeAll { index in
            guard !kept[index] else { return false }
            let position = positions[index]
            guard position < result.scalars.count, result.sources[position] == .literal,
                result.scalars[position] == input[index].halfWidth
            else { return false }
            result.sources[position] = .consumed(index)
            return true
        }
        result.unexpected = unexpected
    }

    /// The longest text the pipeline can produce, when any formatter limits it.
    public var maximumLength: Int? { formatters.compactMap(\.maximumLength).min() }

    /// The characters typing can add: those every formatter of the pipeline accepts, and those a formatter
    /// after the first takes whatever their class (its literals: a space typed into `digits` then `creditCard`
    /// is the card's group space, consumed where it stands; see `matchDroppedToLiterals`).
    public var acceptedCharacters: AcceptedCharacters {
        var accepted = formatters.reduce(AcceptedCharacters.anything) { $0.intersection($1.acceptedCharacters) }
        let literals = formatters.dropFirst().flatMap(\.acceptedCharacters.characters)
        if !literals.isEmpty {
            accepted = AcceptedCharacters(
                digits: accepted.digits, letters: accepted.letters, whitespace: accepted.whitespace,
                others: accepted.others, characters: accepted.characters + literals)
        }
        return accepted
    }

    /// The value to submit: the significant scalars, in their submitted form.
    public func value(of formatted: Formatted) -> [Unicode.Scalar] {
        if let own = formatted.value { return own }
        var value: [Unicode.Scalar] = []
        value.reserveCapacity(formatted.scalars.count)
        for (scalar, source) in zip(formatted.scalars, formatted.sources) where source.isSignificant {
            var mapped = scalar
            for formatter in valueMappers { mapped = formatter.valueScalar(mapped) }
            value.append(mapped)
        }
        return value
    }

    static func combine(_ first: Bool?, _ second: Bool?) -> Bool? {
        switch (first, second) {
        case (nil, let other), (let other, nil): return other
        case (.some(let a), .some(let b)): return a && b
        }
    }
}

extension Formatted {
    /// The output positions that came from fresh input `fresh`: the next formatter's fresh range (a deletion's
    /// point, where nothing is fresh, before the first output from input at or after it).
    func freshOutput(of fresh: Range<Int>) -> Range<Int> {
        guard !fresh.isEmpty else {
            let point = sources.firstIndex { ($0.inputIndex ?? -1) >= fresh.lowerBound } ?? sources.count
            return point..<point
        }
        var first: Int? = nil
        var last = 0
        for (position, source) in sources.enumerated() {
            guard let index = source.inputIndex, fresh.contains(index) else { continue }
            if first == nil { first = position }
            last = position
        }
        guard let first else { return 0..<0 }
        return first..<(last + 1)
    }

    /// This formatting followed by `next`, the formatting of this one's text: its text, with provenance,
    /// unexpected and normalized characters as indices of this one's input.
    func followed(by next: Formatted) -> Formatted {
        let result = self
        var sources: [Provenance] = []
        sources.reserveCapacity(next.sources.count)
        for source in next.sources {
            guard let index = source.inputIndex else {
                sources.append(source)
                continue
            }
            let earlier = result.sources[index]
            if source.isKept {
                sources.append(earlier)
            } else if let original = earlier.inputIndex {
                sources.append(.consumed(original))
            } else {
                sources.append(.literal)
            }
        }
        var meta = result.meta
        for member in next.meta.members { meta[member.key] = member.value }
        // What this step dropped or normalized, as indices of the original input (a literal an
        // earlier step inserted is formatting, whatever a later step does with it).
        var unexpected = result.unexpected
        var normalized = result.normalized
        var holding = result.holding
        for index in next.holding {
            if let original = result.sources[index].inputIndex { holding.append(original) }
        }
        for index in next.unexpected {
            if let original = result.sources[index].inputIndex { unexpected.append(original) }
        }
        for index in next.normalized {
            if let original = result.sources[index].inputIndex { normalized.append(original) }
        }
        // The earlier suffix, as far as this step keeps it at the end.
        var suffix = next.suffix
        if result.suffix > 0 {
            let earlierSuffix = result.suffixStart
            let carried = next.sources.reversed().prefix { ($0.inputIndex ?? -1) >= earlierSuffix }.count
            suffix = max(suffix, carried)
        }
        // A value of the earlier step's own holds while this step keeps its text as it is.
        let value =
            next.value
            ?? (result.value != nil && next.scalars == result.scalars
                && next.sources.enumerated().allSatisfy { $0.element == .kept($0.offset) } ? result.value : nil)
        var composed = Formatted(
            scalars: next.scalars, sources: sources,
            complete: FormatterPipeline.combine(result.complete, next.complete),
            overflow: result.overflow || next.overflow, meta: meta,
            unexpected: next.unexpected.isEmpty ? unexpected : unexpected.sorted(),
            normalized: next.normalized.isEmpty ? normalized : normalized.sorted(), suffix: suffix,
            holding: holding)
        composed.value = value
        return composed
    }
}
