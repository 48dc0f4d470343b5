import SmartTextSupport

/// How a number's integer digits are grouped.
public enum NumberGrouping: String, Sendable, CaseIterable {
    /// `1,234,567`
    case thousand
    /// `123,4567` (万, as Chinese reads numbers)
    case wan
    /// `12,34,567` (lakh, as India writes numbers)
    case lakh
    /// `1234567`
    case none

    /// True when a separator goes before the digit that has `remaining` digits
    /// (itself included) up to the end of the integer part.
    func separatorBefore(remaining: Int) -> Bool {
        switch self {
        case .thousand: remaining % 3 == 0
        case .wan: remaining % 4 == 0
        case .lakh: remaining == 3 || (remaining > 3 && (remaining - 3) % 2 == 0)
        case .none: false
        }
    }
}

/// `number`: an amount or quantity: grouped integer digits, an optional
/// decimal part of at most `fractionDigits` digits, an optional minus sign.
/// A decimal separator typed first becomes `0.`, and `value` always uses `.`
/// with no grouping (`1234567.89`).
///
/// Leading zeros are kept while the user edits (deleting the `1` of `1,000`
/// leaves `000`, and typing `2` in front gives `2,000`) and dropped on `blur`
/// and `submit`.
///
/// With a decimal comma, a `.` is read as the decimal point too (a numeric
/// keypad types `.`), unless `.` is the group separator: then a typed or
/// pasted `.` is a group separator, consumed where the grouping puts one (and
/// refused elsewhere), so that `1.234,56` typed key by key gives what pasting
/// it gives; only a value (`1234.5`, the one `.` followed by at most
/// `fractionDigits` digits, none of them typed now) reads its `.` as the
/// decimal point, so that formatting the value gives back the text, and so
/// does a submitted value. The registry refuses `.` grouping with as many
/// fraction digits as a group has.
///
/// A minus sign where negatives are not allowed, a second decimal point, a
/// group separator that does not stand before a group, letters and other
/// symbols are dropped and reported as unexpected: typed, they are refused;
/// pasted, the answer says `truncated`; submitted, the field is invalid.
///
/// What the field does not fix follows the request's locale (``LocaleConventions/number``): without
/// `grouping`, `groupSeparator` or `decimalSeparator` of its own, `1234.5` is `1,234.50` in English,
/// `1.234,50` in German, `12,34,567.00` in Indian English. A locale's separators that would be
/// ambiguous with the field's decimals (`.` groups and three decimals) group with a narrow no-break
/// space instead. With `currency` (ISO 4217), the amount has the currency's symbol before or after it,
/// as the locale writes it (`€1,234.56`, `1.234,56 €`), and as many decimals as the currency has
/// unless `fractionDigits` says otherwise; the symbol is formatting, not part of `value`.
public struct NumberFormatter: TextFormatter {
    /// The parts of a number's layout the request's locale may decide.
    public struct LocaleParts: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let grouping = LocaleParts(rawValue: 1)
        public static let groupSeparator = LocaleParts(rawValue: 2)
        public static let decimalSeparator = LocaleParts(rawValue: 4)
        /// The currency's decimals (with `currency`, when `fractionDigits` is not given).
        public static let fractionDigits = LocaleParts(rawValue: 8)
        public static let all: LocaleParts = [.grouping, .groupSeparator, .decimalSeparator]
    }

    public let name = "number"
    public var laysOutWholeText: Bool { true }
    /// The layout without a locale (and the fixed parts with one).
    public let grouping: NumberGrouping
    public let groupSeparator: Unicode.Scalar
    public let decimalSeparator: Unicode.Scalar
    public let fractionDigits: Int
    public let allowNegative: Bool
    /// What follows the request's locale.
    public let localeParts: LocaleParts
    /// The currency the amount is in (ISO 4217, `EUR`), written with its symbol.
    public let currency: String?
    /// The currency's symbol and where it goes, once resolved for a locale.
    private let affix: CurrencyAffix?

    public init(
        grouping: NumberGrouping = .thousand, groupSeparator: Unicode.Scalar = ",",
        decimalSeparator: Unicode.Scalar = ".", fractionDigits: Int = 2, allowNegative: Bool = false,
        followingLocale localeParts: LocaleParts = [], currency: String? = nil
    ) {
        self.init(
            grouping: grouping, groupSeparator: groupSeparator, decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, allowNegative: allowNegative, localeParts: localeParts,
            currency: currency, affix: nil)
    }

    private init(
        grouping: NumberGrouping, groupSeparator: Unicode.Scalar, decimalSeparator: Unicode.Scalar,
        fractionDigits: Int, allowNegative: Bool, localeParts: LocaleParts, currency: String?,
        affix: CurrencyAffix?
    ) {
        self.grouping = grouping
        self.groupSeparator = groupSeparator
        self.decimalSeparator = decimalSeparator
        self.fractionDigits = fractionDigits
        self.allowNegative = allowNegative
        self.localeParts = localeParts
        self.currency = currency
        self.affix = affix
    }

    public var readsLocale: Bool { !localeParts.isEmpty || currency != nil }
    public var currencyCode: String? { currency }

    /// With a locale, the decimal separator may be a comma: the pipeline asks every value scalar.
    public var mapsValue: Bool { decimalSeparator != "." || localeParts.contains(.decimalSeparator) }

    /// Digits, the separators, `.` (a keypad's decimal point), and a minus sign when allowed; following
    /// a locale, the separators locales use; with a currency, the common currency signs.
    public var acceptedCharacters: AcceptedCharacters {
        var characters: [Unicode.Scalar] = [groupSeparator, decimalSeparator, "."]
        if allowNegative { characters += ["-", "\u{2212}"] }
        if !localeParts.isEmpty { characters += Self.localeSeparators }
        if currency != nil { characters += Array("$€£¥₩₹₽₺₫₪₱฿".unicodeScalars) }
        return AcceptedCharacters(digits: true, characters: characters)
    }

    /// The separators CLDR's locales write numbers with (with Latin digits).
    static let localeSeparators: [Unicode.Scalar] = [",", ".", " ", "\u{00A0}", "\u{202F}", "'", "\u{2019}"]

    /// The formatter with the request locale's layout in the parts the field leaves open, and the
    /// currency's symbol as the locale writes it.
    func resolved(_ conventions: LocaleConventions) -> NumberFormatter {
        let number = conventions.number
        let grouping = localeParts.contains(.grouping) ? number.grouping : self.grouping
        var decimal = localeParts.contains(.decimalSeparator) ? number.decimalSeparator : decimalSeparator
        var group = localeParts.contains(.groupSeparator) ? number.groupSeparator : groupSeparator
        var fractionDigits = self.fractionDigits
        var affix: CurrencyAffix? = nil
        if let currency {
            let style = conventions.currencies[currency]
            if localeParts.contains(.fractionDigits) { fractionDigits = style?.fractionDigits ?? 2 }
            affix = CurrencyAffix(
                symbol: Array((style?.symbol ?? currency).unicodeScalars), first: style?.symbolFirst ?? true,
                spaced: style?.spaced ?? (style == nil))
        }
        if localeParts.contains(.decimalSeparator) && decimal == group {
            // The field fixes one of them to the locale's other.
            decimal = decimal == "," ? "." : ","
        }
        if group == decimal { group = decimal == "," ? "." : "," }
        if group == ".", decimal != ".", fractionDigits > 0, let size = Self.smallestGroup(grouping),
            fractionDigits >= size
        {
            // A value `1234.567` could not be told from the text `1.234.567`.
            group = "\u{202F}"
        }
        return NumberFormatter(
            grouping: grouping, groupSeparator: group, decimalSeparator: decimal, fractionDigits: fractionDigits,
            allowNegative: allowNegative, localeParts: [], currency: currency, affix: affix)
    }

    public func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        // Following a locale, a decimal comma is the only comma a value can hold (group separators are
        // formatting).
        scalar == decimalSeparator || (localeParts.contains(.decimalSeparator) && scalar == ",") ? "." : scalar
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        if !localeParts.isEmpty || (currency != nil && affix == nil) {
            return resolved(context.conventions).format(input, context: context)
        }
        let decimalIndex = findDecimalPoint(input, context: context)
        var sign: Significant? = nil
        var integer: [Significant] = []
        var fraction: [Significant] = []
        var overflow = false
        var unexpected: [Int] = []
        var index = 0
        while index < input.count {
            defer { index += 1 }
            let scalar = input[index].halfWidth
            if let decimalIndex, index >= decimalIndex {
                guard index > decimalIndex else { continue }
                guard let digit = scalar.asciiDigit else {
                    if !scalar.isSpace { unexpected.append(index) }
                    continue
                }
                if fraction.count >= fractionDigits {
                    // More decimals than the field keeps (only an insertion can bring them).
                    overflow = context.hasFresh
                    unexpected += (index..<input.count).filter { input[$0].halfWidth.asciiDigit != nil }
                    break
                }
                fraction.append(Significant(scalar: digit, inputIndex: index))
            } else if let digit = scalar.asciiDigit {
                integer.append(Significant(scalar: digit, inputIndex: index))
            } else if Self.isMinus(scalar) {
                if allowNegative && sign == nil && integer.isEmpty {
                    sign = Significant(scalar: "-", inputIndex: index)
                } else {
                    unexpected.append(index)
                }
            } else if scalar == groupSeparator && !scalar.isSpace {
                if !startsGroup(input, after: index, decimalIndex: decimalIndex) { unexpected.append(index) }
            } else if !(scalar.isSpace || (scalar == "+" && integer.isEmpty && sign == nil)
                || (affix?.isFormatting(scalar) ?? false))
            {
                unexpected.append(index)
            }
        }
        var normalized: [Int] = []
        if context.final {
            // Leading zeros go once the user has left the field.
            while integer.count > 1 && integer[0].scalar == "0" {
                if let zero = integer.removeFirst().inputIndex { normalized.append(zero) }
            }
        }
        if integer.isEmpty && decimalIndex != nil {
            integer = [Significant(scalar: "0", inputIndex: nil)]
        }
        var significant: [Significant] = []
        significant.reserveCapacity(integer.count + fraction.count + 2)
        if let sign { significant.append(sign) }
        let integerStart = significant.count
        significant += integer
        if let decimalIndex {
            significant.append(Significant(scalar: decimalSeparator, inputIndex: decimalIndex))
        }
        significant += fraction
        let integerCount = integer.count
        let separator = [groupSeparator]
        let grouping = self.grouping
        // A currency symbol before the number goes after its sign (`-€5`), after it at the end (`5 €`).
        let before = affix.map { $0.first ? $0.written : [] } ?? []
        let after = affix.map { $0.first ? [] : $0.written } ?? []
        let layout = GroupLayout(
            leading: integerStart == 0 ? before : [],
            separator: { position in
                if position == integerStart && integerStart > 0 { return before }
                let digit = position - integerStart
                guard digit > 0 && digit < integerCount else { return [] }
                return grouping.separatorBefore(remaining: integerCount - digit) ? separator : []
            }, trailing: after)
        var output = layout.render(significant, input: input)
        output.overflow = overflow
        output.unexpected = unexpected
        output.normalized = normalized
        return output
    }

    /// The input index of the decimal point: the first decimal separator, or (with a decimal comma)
    /// the first `.`. When `.` groups digits, a `.` is the decimal point only in a value: the one `.`,
    /// followed by at most `fractionDigits` digits, none of it new.
    private func findDecimalPoint(_ input: [Unicode.Scalar], context: FormatContext) -> Int? {
        guard fractionDigits > 0 else { return nil }
        if decimalSeparator == "." { return input.firstIndex { $0.halfWidth == "." } }
        guard groupSeparator == "." && grouping != .none else {
            return input.firstIndex { $0.halfWidth == decimalSeparator || $0.halfWidth == "." }
        }
        if let comma = input.firstIndex(where: { $0.halfWidth == decimalSeparator }) { return comma }
        guard let dot = input.firstIndex(where: { $0.halfWidth == "." }),
            !input[(dot + 1)...].contains(where: { $0.halfWidth == "." }),
            context.submitted || context.fresh.isEmpty || context.fresh.upperBound <= dot,
            input[(dot + 1)...].filter({ $0.asciiDigit != nil }).count <= fractionDigits
        else { return nil }
        return dot
    }

    /// The fewest digits a group of `grouping` has (nil for `none`): with `.` grouping, a value's
    /// decimals must be fewer, or a value could not be told from a text.
    public static func smallestGroup(_ grouping: NumberGrouping) -> Int? {
        switch grouping {
        case .thousand: 3
        case .wan: 4
        case .lakh: 2
        case .none: nil
        }
    }

    /// True when the group separator at `index` stands before a group: as many digits follow it as
    /// the grouping puts in one (3 for `thousand`, 4 for `wan`, 2 or 3 for `lakh`). Others (`1,5`,
    /// a separator in the decimals) are not formatting.
    private func startsGroup(_ input: [Unicode.Scalar], after index: Int, decimalIndex: Int?) -> Bool {
        if let decimalIndex, index > decimalIndex { return false }
        var digits = 0
        var cursor = index + 1
        while cursor < input.count, input[cursor].halfWidth.asciiDigit != nil {
            digits += 1
            cursor += 1
        }
        switch grouping {
        case .thousand: return digits == 3
        case .wan: return digits == 4
        case .lakh: return digits == 2 || digits == 3
        case .none: return false
        }
    }

    /// A currency's symbol as the layout writes it.
    private struct CurrencyAffix: Sendable {
        var symbol: [Unicode.Scalar]
        var first: Bool
        var spaced: Bool

        /// The literals: the symbol and, when the locale spaces it, a no-break space on the number's side.
        var written: [Unicode.Scalar] {
            guard spaced else { return symbol }
            return first ? symbol + ["\u{00A0}"] : ["\u{00A0}"] + symbol
        }

        /// A character of the symbol, or any currency sign, typed or pasted with the amount: formatting.
        func isFormatting(_ scalar: Unicode.Scalar) -> Bool {
            symbol.contains(scalar) || scalar.properties.generalCategory == .currencySymbol
        }
    }

    private static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2212}"
    }
}
