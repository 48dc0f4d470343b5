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

    /// The digits of the group nearest the decimal separator (0: no groups).
    var lastGroup: Int {
        switch self {
        case .thousand, .lakh: 3
        case .wan: 4
        case .none: 0
        }
    }

    /// The digits of each group before that one.
    var innerGroup: Int {
        switch self {
        case .thousand: 3
        case .wan: 4
        case .lakh: 2
        case .none: 0
        }
    }
}

/// `number`: an amount or quantity: grouped integer digits, an optional
/// decimal part of at most `fractionDigits` digits, an optional minus sign.
/// A decimal separator typed first becomes `0.` (one a deletion leaves first stays
/// so, `.49`, until `blur`: a deletion never adds a digit), and `value` always
/// uses `.`, ASCII digits and no grouping (`1234567.89`).
///
/// Leading zeros are kept while the user edits (deleting the `1` of `1,000`
/// leaves `000`, and typing `2` in front gives `2,000`) and dropped on `blur`
/// and `submit`.
///
/// **Reading**, the same for typing, pasting, a whole text and a submitted value:
/// - A currency symbol is recognized first, as a whole (`ج.م.‏`, `US$`, `CHF`, its narrow symbol, its code, any
///   currency sign): formatting before or after the number, never part of it.
/// - Digits of any script are read (`١٢٣`, `１２３`); white space before and after the number is formatting.
/// - The decimal separator (and an amount's other one: `,` and `.` in fr-CH) is the decimal point.
/// - A group separator — the field's, any space, `'` or `’`, `,` where it is not a decimal separator, `.` where
///   it is not one (in a field with as many decimals as a group has digits, only before the decimal
///   separator: there `1.234` is a value's `1.234`, `1.234,567` is `1234.567`) — counts only where a correctly
///   sized group follows it: as many digits as the grouping puts there (3; 2 before the last group with
///   `lakh`; 4 with `wan`), then the end of the integer part or another group separator (`12,50` is not
///   grouping, `12,34,567` is in Indian English).
/// - Where `.` is not the decimal separator, a `.` that is not a group separator is the decimal point (a
///   keypad's key: `12.50` is `12,50` in German): a typed or pasted one, and any in a submitted value, unless a
///   decimal point comes before it; one already in the text only when nothing typed now, no decimal separator
///   and no group separator follow it (typing `5` after `1.234` gives `12.345`, deleting the `4` of
///   `1.234.567` leaves `123.567`).
/// - Anything else — a separator that is not grouping, a second decimal point, decimals past `fractionDigits`,
///   a minus sign where negatives are not allowed, letters, symbols between digits — is dropped and reported
///   as unexpected: typed, it is refused; pasted, the answer says `truncated`; submitted, the field is invalid.
///
/// Two consequences, the only places where typing key by key differs from pasting: typing `1.234` in German
/// gives `1,23` and refuses the `4` (the `.` typed at the end is the decimal point, since nothing after it
/// makes it a group yet: `1,23` is the value `1.23`, and formatting `1.23` must give `1,23` back), while
/// pasting it gives `1.234`; and a currency symbol with a `.` in it (`ج.م.‏`) typed letter by letter is no
/// symbol until it is whole, so its `.` typed after the digits is the decimal point. The registry refuses `.`
/// grouping with as many fraction digits as a group has.
///
/// **Writing.** What the field does not fix follows the request's locale (``LocaleConventions/number``):
/// without `grouping`, `groupSeparator` or `decimalSeparator` of its own, `1234.5` is `1,234.50` in English,
/// `1.234,50` in German, `12,34,567.00` in Indian English, `١٬٢٣٤٫٥٠` in Egyptian Arabic (the locale's default
/// numbering system: its digits when the decimal separator follows the locale), with CLDR's minimum grouping
/// digits when the grouping does (`1234` but `12.345` in Spanish). A locale's separators that would be
/// ambiguous with the field's decimals (`.` groups and three decimals) group with a narrow no-break space
/// instead. With `currency` (ISO 4217), the amount has the currency's symbol before or after it, as the locale
/// writes it (`€1,234.56`, `1.234,56 €`), with the separators of amounts (`1 234.56 €` in fr-CH), a negative
/// amount's sign where the locale puts it (`-€5`, `€ -5` in nl-NL) and as many decimals as the currency has
/// unless `fractionDigits` says otherwise; the symbol is formatting, not part of `value`, and one written after
/// the amount is a suffix the caret stays before (``Formatted/suffix``). The minus sign is written `-`, without
/// the bidirectional marks of CLDR's Arabic patterns.
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

    /// How a negative number is written.
    public enum NegativeStyle: String, Sendable, CaseIterable {
        /// `-1,234.50`
        case minus
        /// `(1,234.50)`, as accounts write it: the `(` is the sign (typing `-` or `(` makes the number negative,
        /// deleting it makes it positive), the `)` a suffix the caret stays before.
        case parentheses
    }

    /// What the field writes around the number of its own, how it writes a negative one, and the scale of the
    /// number it reports in `meta.scaled`.
    public struct Style: Sendable, Equatable {
        /// Literals before the number (after its sign): `USD `.
        public var prefix: [Unicode.Scalar]
        /// Literals after the number: `%`, ` kg`; a suffix the caret stays before.
        public var suffix: [Unicode.Scalar]
        public var negative: NegativeStyle
        /// `meta.scaled` is the number times 10^scale (`-2`: `12.5 %` is `0.125`); 0: no `meta.scaled`.
        public var scale: Int

        public init(prefix: String = "", suffix: String = "", negative: NegativeStyle = .minus, scale: Int = 0) {
            self.prefix = Array(prefix.unicodeScalars)
            self.suffix = Array(suffix.unicodeScalars)
            self.negative = negative
            self.scale = scale
        }

        /// The characters a prefix or suffix cannot hold, because the number reads them (digits aside):
        /// signs, the separators any field groups or marks decimals with, and the parentheses of a negative
        /// number.
        public static let reservedCharacters: Set<Unicode.Scalar> = [
            "-", "\u{2212}", "+", ".", ",", "'", "\u{2019}", "(", ")", "\u{066B}", "\u{066C}",
        ]
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
    /// The fewest integer digits before a first group separator for one to be written (CLDR's minimum
    /// grouping digits, once resolved for a locale: 2 in Spanish).
    public let minimumGroupingDigits: Int
    /// The digit zero the text is written with (`0`; `٠` once resolved for Egyptian Arabic); one to nine follow it.
    public let zero: Unicode.Scalar
    /// A second decimal separator read as the decimal point: the locale's numbers' where its amounts have
    /// another (`,` for a fr-CH amount written `1 234.50 €`).
    public let otherDecimalSeparator: Unicode.Scalar?
    /// The field's own prefix and suffix, its negatives' style and its scale.
    public let style: Style
    /// The currency's symbol and where it goes, once resolved for a locale.
    private let affix: CurrencyAffix?

    public init(
        grouping: NumberGrouping = .thousand, groupSeparator: Unicode.Scalar = ",",
        decimalSeparator: Unicode.Scalar = ".", fractionDigits: Int = 2, allowNegative: Bool = false,
        followingLocale localeParts: LocaleParts = [], currency: String? = nil, style: Style = Style()
    ) {
        self.init(
            grouping: grouping, groupSeparator: groupSeparator, decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, allowNegative: allowNegative, localeParts: localeParts,
            currency: currency, minimumGroupingDigits: 1, zero: "0", otherDecimalSeparator: nil, style: style,
            affix: nil)
    }

    private init(
        grouping: NumberGrouping, groupSeparator: Unicode.Scalar, decimalSeparator: Unicode.Scalar,
        fractionDigits: Int, allowNegative: Bool, localeParts: LocaleParts, currency: String?,
        minimumGroupingDigits: Int, zero: Unicode.Scalar, otherDecimalSeparator: Unicode.Scalar?, style: Style,
        affix: CurrencyAffix?
    ) {
        self.grouping = grouping
        self.groupSeparator = groupSeparator
        self.decimalSeparator = decimalSeparator
        self.fractionDigits = fractionDigits
        self.allowNegative = allowNegative
        self.localeParts = localeParts
        self.currency = currency
        self.minimumGroupingDigits = minimumGroupingDigits
        self.zero = zero
        self.otherDecimalSeparator = otherDecimalSeparator
        self.style = style
        self.affix = affix
    }

    /// The currency's symbol as the text shows it, once resolved for a locale (``resolved(_:)``); nil before,
    /// and without a currency.
    public var currencySymbol: String? { affix.map { String(String.UnicodeScalarView($0.symbol)) } }

    public var readsLocale: Bool { !localeParts.isEmpty || currency != nil }
    public var currencyCode: String? { currency }

    /// With a locale, the decimal separator may be a comma and the digits the locale's: the pipeline asks
    /// every value scalar.
    public var mapsValue: Bool {
        decimalSeparator != "." || localeParts.contains(.decimalSeparator) || otherDecimalSeparator != nil
            || parentheses
    }

    /// True when a negative number is written in parentheses.
    private var parentheses: Bool { allowNegative && style.negative == .parentheses }

    /// Digits, the separators any locale groups or marks decimals with, and a minus sign when allowed; with
    /// a currency, the common currency signs.
    public var acceptedCharacters: AcceptedCharacters {
        var characters: [Unicode.Scalar] = [groupSeparator, decimalSeparator] + Self.groupVariants
        if let otherDecimalSeparator { characters.append(otherDecimalSeparator) }
        if allowNegative { characters += ["-", "\u{2212}"] }
        if !localeParts.isEmpty { characters += Self.localeSeparators }
        if currency != nil { characters += Array("$€£¥₩₹₽₺₫₪₱฿".unicodeScalars) }
        if parentheses { characters += ["(", ")"] }
        characters += style.prefix + style.suffix
        return AcceptedCharacters(digits: true, characters: characters)
    }

    /// What every number field reads as a group separator where a group follows (`.` and `,` where they do
    /// not mark decimals), and `.` as a keypad's decimal point.
    static let groupVariants: [Unicode.Scalar] = [".", ",", "'", "\u{2019}", " ", "\u{00A0}", "\u{202F}"]

    /// The separators of CLDR's locales besides those (Arabic's decimal and group separators).
    static let localeSeparators: [Unicode.Scalar] = ["\u{066B}", "\u{066C}"]

    /// The formatter as it formats in a locale: the parts the field leaves open filled from `conventions` (the
    /// locale's separators, grouping, minimum grouping digits and digits), and the currency's symbol as the
    /// locale writes it. A formatter that reads no locale is itself.
    public func resolved(_ conventions: LocaleConventions) -> NumberFormatter {
        guard readsLocale else { return self }
        let number = conventions.number
        let style = currency.flatMap { conventions.currencies[$0] }
        let grouping = localeParts.contains(.grouping) ? number.grouping : self.grouping
        // Amounts may have separators of their own (fr-CH writes `1 234.50 €`, and `1 234,5`).
        let localeDecimal = style?.decimalSeparator ?? number.decimalSeparator
        let localeGroup = style?.groupSeparator ?? number.groupSeparator
        var decimal = localeParts.contains(.decimalSeparator) ? localeDecimal : decimalSeparator
        var group = localeParts.contains(.groupSeparator) ? localeGroup : groupSeparator
        var fractionDigits = self.fractionDigits
        var affix: CurrencyAffix? = nil
        if let currency {
            if localeParts.contains(.fractionDigits) { fractionDigits = style?.fractionDigits ?? 2 }
            let symbols = [style?.symbol ?? currency] + (style?.otherSymbols ?? [])
            affix = CurrencyAffix(
                symbol: Array((style?.symbol ?? currency).unicodeScalars), first: style?.symbolFirst ?? true,
                spaced: style?.spaced ?? (style == nil), minusAfterSymbol: style?.minusAfterSymbol ?? false,
                negativeSpaced: style?.negativeSpaced ?? (style == nil), recognized: CurrencyAffix.matchable(symbols))
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
        var other: Unicode.Scalar? = nil
        if localeParts.contains(.decimalSeparator), number.decimalSeparator != decimal,
            number.decimalSeparator != group
        {
            other = number.decimalSeparator
        }
        return NumberFormatter(
            grouping: grouping, groupSeparator: group, decimalSeparator: decimal, fractionDigits: fractionDigits,
            allowNegative: allowNegative, localeParts: [], currency: currency,
            minimumGroupingDigits: localeParts.contains(.grouping) ? number.minimumGroupingDigits : 1,
            zero: localeParts.contains(.decimalSeparator) ? number.zero : "0", otherDecimalSeparator: other,
            style: self.style, affix: affix)
    }

    public func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        // The `(` of a negative number in parentheses is its sign.
        if scalar == "(" && parentheses { return "-" }
        // The locale's digits are ASCII in a value.
        if scalar.value >= 0x80, let digit = scalar.asciiDigit { return digit }
        if scalar == decimalSeparator || scalar == otherDecimalSeparator { return "." }
        // Following a locale, the decimal separator is the only significant scalar besides the digits and the
        // minus sign (group separators and symbols are formatting).
        if localeParts.contains(.decimalSeparator) && scalar != "-" && scalar.asciiDigit == nil { return "." }
        return scalar
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        if !localeParts.isEmpty || (currency != nil && affix == nil) {
            return resolved(context.conventions).format(input, context: context)
        }
        let reading = read(input, context: context)
        var integer = reading.integer
        var normalized: [Int] = []
        if context.final {
            // Leading zeros go once the user has left the field.
            while integer.count > 1 && integer[0].scalar == zero {
                if let leading = integer.removeFirst().inputIndex { normalized.append(leading) }
            }
        }
        if integer.isEmpty, let decimalIndex = reading.decimalIndex,
            context.isFresh(decimalIndex) || context.submitted || context.final
        {
            // A decimal point typed first is `0.`; one a deletion leaves first stays so until blur (`.49`):
            // a deletion never adds a digit.
            integer = [Significant(scalar: zero, inputIndex: nil)]
        }
        var significant: [Significant] = []
        significant.reserveCapacity(integer.count + reading.fraction.count + 2)
        if let sign = reading.sign { significant.append(sign) }
        let integerStart = significant.count
        significant += integer
        if let decimalIndex = reading.decimalIndex {
            significant.append(Significant(scalar: decimalSeparator, inputIndex: decimalIndex))
        }
        significant += reading.fraction
        let integerCount = integer.count
        let separator = [groupSeparator]
        let grouping = self.grouping
        // CLDR's minimum grouping digits: no separator at all below them (`1234` in Spanish).
        let grouped = integerCount - grouping.lastGroup >= minimumGroupingDigits
        // A currency symbol before the number goes after its sign (`-€5`) or before it, as the locale writes
        // negative amounts (`EUR-5` in de-CH, `€ -5` in nl-NL); after the number at the end (`5 €`).
        // In parentheses, the `(` is the sign and everything else goes inside them: `(USD 5)`, `(€5.00)`, `(5 kg)`.
        let negative = integerStart > 0
        let enclosed = negative && parentheses
        let symbolLeads = negative && !enclosed && affix?.first == true && affix?.minusAfterSymbol == true
        var before = affix.map { $0.first && !symbolLeads ? $0.written : [] } ?? []
        before += style.prefix
        let leading = symbolLeads ? affix?.writtenBeforeSign ?? [] : before
        var after = affix.map { $0.first ? [] : $0.written } ?? []
        after += style.suffix
        if enclosed { after.append(")") }
        let layout = GroupLayout(
            leading: integerStart == 0 || symbolLeads ? leading : [],
            separator: { position in
                if position == integerStart && integerStart > 0 { return before }
                let digit = position - integerStart
                guard grouped && digit > 0 && digit < integerCount else { return [] }
                return grouping.separatorBefore(remaining: integerCount - digit) ? separator : []
            }, trailing: after)
        var output = layout.render(significant, input: reading.layoutInput ?? input)
        output.overflow = reading.overflow
        output.unexpected = reading.unexpected
        output.normalized = normalized
        output.suffix = significant.isEmpty ? 0 : after.count
        if style.scale != 0, let scaled = scaledNumber(reading, integer: integer) {
            output.meta["scaled"] = .string(scaled)
        }
        return output
    }

    /// The number times 10^``Style/scale``, as a value writes it (`0.125` for `12.5` with scale -2): no
    /// leading zeros but the one before the decimal point, no trailing decimal zeros, no sign for zero. Nil
    /// without digits.
    private func scaledNumber(_ reading: Reading, integer: [Significant]) -> String? {
        var digits: [UInt8] = []
        for item in integer + reading.fraction {
            digits.append(UInt8(truncatingIfNeeded: item.scalar.value &- zero.value) &+ 0x30)
        }
        guard !digits.isEmpty else { return nil }
        // The decimal point's place among the digits, moved by the scale; zeros where it leaves the digits.
        var point = integer.count + style.scale
        if point < 0 {
            digits.insert(contentsOf: [UInt8](repeating: 0x30, count: -point), at: 0)
            point = 0
        }
        if point > digits.count { digits += [UInt8](repeating: 0x30, count: point - digits.count) }
        var whole = Array(digits[..<point])
        var fraction = Array(digits[point...])
        while whole.first == 0x30 { whole.removeFirst() }
        while fraction.last == 0x30 { fraction.removeLast() }
        if whole.isEmpty { whole = [0x30] }
        var text = whole
        if !fraction.isEmpty { text += [UInt8(ascii: ".")] + fraction }
        let zeroValue = text.allSatisfy { $0 == 0x30 || $0 == UInt8(ascii: ".") }
        if reading.sign != nil && !zeroValue { text.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: Reading

    /// What one input character is to the reading, before the separators are told apart.
    private enum Kind: Equatable {
        /// A digit of any script, as its ASCII digit.
        case digit(Unicode.Scalar)
        /// A character that may separate groups or mark the decimals.
        case separator
        /// A space: a group separator between digits, formatting around the number.
        case space
        /// Other white space: formatting around the number, unexpected between its digits.
        case blank
        /// Part of the currency's symbol, or a currency sign.
        case symbol
        /// A bidirectional mark (CLDR writes them around Arabic amounts): always formatting.
        case mark
        /// The `)` of a negative number in parentheses: formatting after its digits.
        case close
        case minus
        case plus
        case other
    }

    /// What a separator turned out to be.
    private enum Role {
        case group
        case decimalCandidate
        case invalid
    }

    /// The number read from an input: its significant characters, where its decimal point is, and what is not
    /// part of it.
    private struct Reading {
        var sign: Significant? = nil
        var integer: [Significant] = []
        var fraction: [Significant] = []
        var decimalIndex: Int? = nil
        var overflow = false
        var unexpected: [Int] = []
        /// The input as the layout matches its literals against (group separators read as the field's, the
        /// spaces around the number as the symbol's no-break space, dropped characters matching nothing); nil
        /// when it is the input itself.
        var layoutInput: [Unicode.Scalar]? = nil
    }

    private func read(_ input: [Unicode.Scalar], context: FormatContext) -> Reading {
        let count = input.count
        var kinds = [Kind](repeating: .other, count: count)
        var firstDigit: Int? = nil
        var lastDigit = -1
        var index = 0
        while index < count {
            // A currency symbol, as a whole, before anything else (the `.` of `ج.م.‏` is not a decimal point).
            if let length = affix?.match(input, at: index) ?? ownAffix(input, at: index) {
                for position in index..<(index + length) { kinds[position] = .symbol }
                index += length
                continue
            }
            let scalar = input[index].halfWidth
            let kind: Kind
            if let digit = scalar.asciiDigit {
                kind = .digit(digit)
                if firstDigit == nil { firstDigit = index }
                lastDigit = index
            } else if isSeparator(scalar) {
                kind = scalar.properties.generalCategory == .spaceSeparator ? .space : .separator
            } else if scalar.properties.generalCategory == .spaceSeparator {
                kind = .space
            } else if scalar.isSpace {
                kind = .blank
            } else if scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}" {
                kind = .mark
            } else if affix != nil && scalar.properties.generalCategory == .currencySymbol {
                kind = .symbol
            } else if Self.isMinus(scalar) || (scalar == "(" && parentheses) {
                kind = .minus
            } else if scalar == ")" && parentheses {
                kind = .close
            } else if scalar == "+" {
                kind = .plus
            } else {
                kind = .other
            }
            kinds[index] = kind
            index += 1
        }
        let first = firstDigit ?? count
        func inside(_ index: Int) -> Bool { index > first && index < lastDigit }

        // The separators, right to left: what follows each decides what it is.
        var roles = [Role?](repeating: nil, count: count)
        var run = 0
        var next: Role? = nil
        var groupFollows = false
        var decimalFollows = false
        var freshFollows = false
        for index in stride(from: count - 1, through: 0, by: -1) {
            defer { freshFollows = freshFollows || context.isFresh(index) }
            switch kinds[index] {
            case .digit:
                run += 1
                continue
            case .separator: break
            case .space where inside(index): break
            default: continue
            }
            let scalar = input[index].halfWidth
            let role: Role
            if fractionDigits > 0 && (scalar == decimalSeparator || scalar == otherDecimalSeparator) {
                role = .decimalCandidate
                decimalFollows = true
            } else if isGroupVariant(scalar) || (decimalFollows && groupsBeforeDecimals(scalar)), next != .invalid,
                run == (next == .group ? grouping.innerGroup : grouping.lastGroup)
            {
                role = .group
                groupFollows = true
            } else if readsDotAsDecimal(scalar),
                context.submitted || context.isFresh(index) || !(groupFollows || decimalFollows || freshFollows)
            {
                // A `.` already in the text was written by the field as a group separator, unless nothing
                // typed now, no decimal separator and no group separator follow it (a value, or a text sent
                // whole: `12.50`).
                role = .decimalCandidate
            } else {
                role = .invalid
            }
            roles[index] = role
            next = role
            run = 0
        }

        var reading = Reading()
        reading.decimalIndex = roles.firstIndex { $0 == .decimalCandidate }
        let decimalIndex = reading.decimalIndex ?? count
        var layoutInput: [Unicode.Scalar]? = nil
        func relabel(_ index: Int, as scalar: Unicode.Scalar) {
            if layoutInput == nil { layoutInput = input }
            layoutInput![index] = scalar
        }
        func drop(_ index: Int) {
            reading.unexpected.append(index)
            // A dropped character is not formatting: the layout does not take it for one of its literals.
            relabel(index, as: "\u{0}")
        }
        var fractionFull = false
        for index in 0..<count {
            switch kinds[index] {
            case .digit(let digit):
                let written = Unicode.Scalar(zero.value + (digit.value - 0x30))!
                if index < decimalIndex {
                    reading.integer.append(Significant(scalar: written, inputIndex: index))
                } else if !fractionFull && reading.fraction.count < fractionDigits {
                    reading.fraction.append(Significant(scalar: written, inputIndex: index))
                } else {
                    // More decimals than the field keeps (typed or pasted ones overflow).
                    if !fractionFull { reading.overflow = context.hasFresh }
                    fractionFull = true
                    reading.unexpected.append(index)
                }
            case .separator, .space:
                if roles[index] == nil {
                    // A space around the number: the symbol's spacing, if it has any.
                    relabel(index, as: "\u{00A0}")
                } else if index == reading.decimalIndex {
                    continue
                } else if index < decimalIndex && roles[index] == .group {
                    relabel(index, as: groupSeparator)
                } else {
                    drop(index)
                }
            case .blank:
                if inside(index) { drop(index) }
            case .symbol:
                if inside(index) { drop(index) }
            case .mark:
                break
            case .close:
                // Formatting after the number's digits once it has its sign, unexpected anywhere else.
                if reading.sign == nil || index <= lastDigit { drop(index) }
            case .minus:
                if allowNegative && reading.sign == nil && index < first && index < decimalIndex {
                    reading.sign = Significant(scalar: parentheses ? "(" : "-", inputIndex: index)
                } else {
                    drop(index)
                }
            case .plus:
                if !(reading.sign == nil && index < first && index < decimalIndex) { drop(index) }
            case .other:
                drop(index)
            }
        }
        reading.layoutInput = layoutInput
        return reading
    }

    /// The length of the field's own prefix or suffix where one starts at `index` in `input` (read as a whole,
    /// like a currency symbol: formatting around the number, never part of it).
    private func ownAffix(_ input: [Unicode.Scalar], at index: Int) -> Int? {
        for literal in [style.prefix, style.suffix]
        where !literal.isEmpty && index + literal.count <= input.count {
            var matches = true
            for (offset, scalar) in literal.enumerated() where input[index + offset].halfWidth != scalar.halfWidth {
                matches = false
                break
            }
            if matches { return literal.count }
        }
        return nil
    }

    /// True when `scalar` (half-width) can separate groups or mark decimals in this field.
    private func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == decimalSeparator || scalar == otherDecimalSeparator || isGroupVariant(scalar)
            || readsDotAsDecimal(scalar)
    }

    /// True when `scalar` is read as a group separator where a group follows it: the field's, any space, an
    /// apostrophe, `,` and `.` where they do not mark decimals (`.` only with fewer decimals than a group has
    /// digits, or a value's `1234.567` would read as `1.234.567`).
    private func isGroupVariant(_ scalar: Unicode.Scalar) -> Bool {
        guard grouping != .none, scalar != decimalSeparator, scalar != otherDecimalSeparator else { return false }
        switch scalar {
        case groupSeparator, "'", "\u{2019}", ",": return true
        case ".": return fractionDigits == 0 || fractionDigits < Self.smallestGroup(grouping) ?? 0
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// True when `scalar` is a `.` that is not a decimal separator: before one, it can only group digits,
    /// whatever the field's decimals (`1.234,567`).
    private func groupsBeforeDecimals(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." && grouping != .none && decimalSeparator != "." && otherDecimalSeparator != "."
    }

    /// True when `scalar` is a `.` read as the decimal point where it is not a group separator (a keypad's key).
    private func readsDotAsDecimal(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." && fractionDigits > 0 && decimalSeparator != "." && otherDecimalSeparator != "."
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

    /// A currency's symbol as the layout writes it, and the ways of writing it that are read as it.
    private struct CurrencyAffix: Sendable {
        var symbol: [Unicode.Scalar]
        var first: Bool
        var spaced: Bool
        /// Before the number, the minus sign of a negative amount comes after the symbol (de-CH, nl-NL).
        var minusAfterSymbol: Bool
        var negativeSpaced: Bool
        /// The symbols read as the currency's, longest first, without bidirectional marks (`ج.م.` is read
        /// with or without the mark CLDR ends it with).
        var recognized: [[Unicode.Scalar]]

        /// The literals: the symbol and, when the locale spaces it, a no-break space on the number's side.
        var written: [Unicode.Scalar] {
            guard spaced else { return symbol }
            return first ? symbol + ["\u{00A0}"] : ["\u{00A0}"] + symbol
        }

        /// The literals before the minus sign of a negative amount, where the locale writes them there.
        var writtenBeforeSign: [Unicode.Scalar] { negativeSpaced ? symbol + ["\u{00A0}"] : symbol }

        /// The symbols to read, as `recognized` holds them.
        static func matchable(_ symbols: [String]) -> [[Unicode.Scalar]] {
            var result: [[Unicode.Scalar]] = []
            for symbol in symbols {
                let scalars = symbol.unicodeScalars.filter { !["\u{200E}", "\u{200F}", "\u{061C}"].contains($0) }
                if !scalars.isEmpty && !result.contains(Array(scalars)) { result.append(Array(scalars)) }
            }
            return result.sorted { $0.count > $1.count }
        }

        /// The length of the symbol that starts at `index` in `input`, if one does.
        func match(_ input: [Unicode.Scalar], at index: Int) -> Int? {
            for symbol in recognized where index + symbol.count <= input.count {
                var matches = true
                for (offset, scalar) in symbol.enumerated() where input[index + offset].halfWidth != scalar {
                    matches = false
                    break
                }
                if matches { return symbol.count }
            }
            return nil
        }
    }

    private static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2212}"
    }
}
