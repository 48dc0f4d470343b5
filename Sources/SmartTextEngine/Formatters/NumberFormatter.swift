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
public struct NumberFormatter: TextFormatter {
    public let name = "number"
    public var laysOutWholeText: Bool { true }
    public let grouping: NumberGrouping
    public let groupSeparator: Unicode.Scalar
    public let decimalSeparator: Unicode.Scalar
    public let fractionDigits: Int
    public let allowNegative: Bool

    public init(
        grouping: NumberGrouping = .thousand, groupSeparator: Unicode.Scalar = ",",
        decimalSeparator: Unicode.Scalar = ".", fractionDigits: Int = 2, allowNegative: Bool = false
    ) {
        self.grouping = grouping
        self.groupSeparator = groupSeparator
        self.decimalSeparator = decimalSeparator
        self.fractionDigits = fractionDigits
        self.allowNegative = allowNegative
    }

    public var mapsValue: Bool { decimalSeparator != "." }

    /// Digits, the separators, `.` (a keypad's decimal point), and a minus sign when allowed.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(
            digits: true,
            characters: [groupSeparator, decimalSeparator, "."] + (allowNegative ? ["-", "\u{2212}"] : []))
    }

    public func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar == decimalSeparator ? "." : scalar
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
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
            } else if !(scalar.isSpace || (scalar == "+" && integer.isEmpty && sign == nil)) {
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
        let layout = GroupLayout(separator: { position in
            let digit = position - integerStart
            guard digit > 0 && digit < integerCount else { return [] }
            return grouping.separatorBefore(remaining: integerCount - digit) ? separator : []
        })
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

    private static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2212}"
    }
}
