import SmartTextEngine
import SmartTextSupport

extension FieldGenerator {
    /// The places where typing a number key by key differs from pasting it (see `NumberFormatter`, and the
    /// README's "How numbers are read"), written again here. True when `input` holds one for `field` as it
    /// formats (its first number formatter, in the locale it is pinned to):
    /// - In a field that reads `.` both as a group separator and as a keypad's decimal point (its decimal
    ///   separator is not `.` and it has decimals; with as many as a group has digits, `.` groups only before
    ///   the decimal separator), a `.` followed by a full group: at least as many digits as the grouping puts in one (3; 2 with `lakh`, before its last
    ///   group; 4 with `wan`) before the next separator. Pasted, that `.` groups (`1.234`; a paste that does
    ///   not fit is typed as far as it fits, so more digits group as well); typed, it was the decimal point
    ///   when it was typed at the end, so the group's last digit does not fit (`1,23`).
    /// - The field's currency symbol, when it has a `.` in it (`ج.م.‏`): pasted whole it is the symbol; typed
    ///   letter by letter it is not one yet, and its `.` typed after the digits is the decimal point.
    static func typingDiffersFromPasting(_ input: String, in field: Field) -> Bool {
        guard let number = numberFormatter(of: field) else { return false }
        let scalars = input.unicodeScalars.map(\.halfWidth)
        if let symbol = number.currencySymbol, symbol.contains(".") {
            let letters = Array(symbol.unicodeScalars.filter { !["\u{200E}", "\u{200F}", "\u{061C}"].contains($0) })
            if scalars.count >= letters.count
                && (0...(scalars.count - letters.count)).contains(where: {
                    scalars[$0..<($0 + letters.count)].elementsEqual(letters)
                })
            {
                return true
            }
        }
        guard number.grouping != .none, number.fractionDigits > 0, number.decimalSeparator != ".",
            number.otherDecimalSeparator != ".", let smallest = NumberFormatter.smallestGroup(number.grouping)
        else { return false }
        var digitBefore = false
        for (index, scalar) in scalars.enumerated() {
            if scalar.asciiDigit != nil { digitBefore = true }
            guard scalar == "." else { continue }
            // The digits after it; characters the reading skips (letters, signs, symbols, white space before
            // the first digit) do not end them.
            var digits = 0
            for next in scalars[(index + 1)...] {
                if next.asciiDigit != nil {
                    digits += 1
                } else if isSeparator(next, of: number) && (digitBefore || digits > 0 || !next.isSpace) {
                    break
                }
            }
            if digits >= smallest { return true }
        }
        return false
    }

    /// The characters that can separate digits in `number`: what its reading stops a run of digits at.
    private static func isSeparator(_ scalar: Unicode.Scalar, of number: NumberFormatter) -> Bool {
        [".", ",", "'", "\u{2019}", "\u{066B}", "\u{066C}", number.groupSeparator, number.decimalSeparator].contains(
            scalar) || scalar == number.otherDecimalSeparator || scalar.properties.generalCategory == .spaceSeparator
    }

    /// The first number formatter of `field`, resolved for the locale it is pinned to.
    private static func numberFormatter(of field: Field) -> NumberFormatter? {
        for formatter in field.formatter.formatters {
            if let pinned = formatter as? LocalePinnedFormatter, let number = pinned.formatter as? NumberFormatter {
                return number.resolved(pinned.conventions)
            }
            if let number = formatter as? NumberFormatter { return number.resolved(.neutral) }
        }
        return nil
    }
}
