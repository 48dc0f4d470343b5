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
/// Leading zeros are dropped, a decimal separator typed first becomes `0.`,
/// and `value` always uses `.` with no grouping (`1234567.89`).
///
/// With a decimal comma, a `.` is read as the decimal point too (a numeric
/// keypad types `.`), so that the value formats back to the text. When `.` is
/// also the group separator (`1.234,5`), a `.` followed by more digits than
/// a fraction holds is a group separator: typing `1.234` then gives `1,23`
/// while pasting it gives `1.234`, the one place where typing and pasting can
/// differ. Prefer a space or `'` as the group separator with a
/// decimal comma.
public struct NumberFormatter: TextFormatter {
    public let name = "number"
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
        let decimalIndex = findDecimalPoint(input)
        var sign: Significant? = nil
        var integer: [Significant] = []
        var fraction: [Significant] = []
        var overflow = false
        for (index, raw) in input.enumerated() {
            let scalar = raw.halfWidth
            if let decimalIndex, index > decimalIndex {
                guard let digit = scalar.asciiDigit else { continue }
                if fraction.count == fractionDigits {
                    overflow = true
                    break
                }
                fraction.append(Significant(scalar: digit, inputIndex: index))
            } else if let digit = scalar.asciiDigit {
                // Leading zeros are dropped; a lone zero is kept below.
                if integer.isEmpty && digit == "0" { continue }
                integer.append(Significant(scalar: digit, inputIndex: index))
            } else if allowNegative && sign == nil && integer.isEmpty && Self.isMinus(scalar)
                && !Self.hasDigit(input[..<index])
            {
                sign = Significant(scalar: "-", inputIndex: index)
            }
        }
        let hasZero = input[..<(decimalIndex ?? input.count)].contains { $0.halfWidth.asciiDigit == "0" }
        if integer.isEmpty && (hasZero || decimalIndex != nil) {
            // The last zero typed stands for the integer part (or `0` is supplied before a decimal point).
            let zeroIndex = input[..<(decimalIndex ?? input.count)].lastIndex { $0.halfWidth.asciiDigit == "0" }
            integer = [Significant(scalar: "0", inputIndex: zeroIndex)]
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
        return output
    }

    /// The input index of the decimal point. With a decimal comma, `.` counts
    /// as a decimal point too, and the first of them wins (as typing decides).
    /// When `.` is also the group separator, the decimal separator wins, else
    /// the last `.` unless more digits follow it than a fraction can hold
    /// (`1.234` in a German field is one thousand two hundred thirty-four).
    private func findDecimalPoint(_ input: [Unicode.Scalar]) -> Int? {
        guard fractionDigits > 0 else { return nil }
        if decimalSeparator == "." { return input.firstIndex { $0.halfWidth == "." } }
        if groupSeparator != "." {
            return input.firstIndex { $0.halfWidth == decimalSeparator || $0.halfWidth == "." }
        }
        if let index = input.firstIndex(where: { $0.halfWidth == decimalSeparator }) { return index }
        guard let dot = input.lastIndex(where: { $0.halfWidth == "." }) else { return nil }
        let digitsAfter = input[(dot + 1)...].filter { $0.asciiDigit != nil }.count
        return digitsAfter > fractionDigits ? nil : dot
    }

    private static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "\u{2212}"
    }

    private static func hasDigit(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.asciiDigit != nil }
    }
}
