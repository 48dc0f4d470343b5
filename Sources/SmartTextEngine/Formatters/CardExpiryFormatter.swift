import SmartTextSupport

/// `cardExpiry`: `MM/YY`. A first digit from 2 to 9 can only be a month's
/// second digit, so `4` becomes `04/`; `1` waits for the next digit (or a typed
/// `/`, giving `01/`). Impossible months (`13`, `00`) are refused when typed;
/// a digit that an edit elsewhere moves after a lone `1` (backspace over the
/// `/` of `12/30`) starts the year instead (`01/30`), and one that cannot be
/// placed at all stays, out of place. A four-digit year of this century is
/// written with its last two digits: `12/2030` gives `12/30`, typed or pasted.
public struct CardExpiryFormatter: TextFormatter {
    public let name = "cardExpiry"
    public var laysOutWholeText: Bool { true }
    /// `MM/YY`, and `12/2030` as it is pasted.
    public var maximumLength: Int? { 7 }
    /// Digits, the `/`, and what a typed separator after a `1` may be.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, characters: ["/", "-", ".", " "])
    }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var month: [Significant] = []
        var unexpected: [Int] = []
        var misfits = 0
        var index = 0
        // The separator typed after a lone 1, which stands for the `/`.
        var closingSeparator: Int? = nil
        // Month.
        while index < input.count && month.count < 2 {
            let scalar = input[index].halfWidth
            guard let digit = scalar.asciiDigit else {
                if month.count == 1 && month[0].scalar == "1" && Self.isSeparator(scalar) {
                    month.insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                    closingSeparator = index
                } else if !Separators.contains(scalar) {
                    unexpected.append(index)
                }
                index += 1
                continue
            }
            if month.isEmpty {
                month =
                    digit.value >= 0x32
                    ? [Significant(scalar: "0", inputIndex: nil), Significant(scalar: digit, inputIndex: index)]
                    : [Significant(scalar: digit, inputIndex: index)]
            } else {
                let first = month[0].scalar
                if (first == "0" && digit != "0") || (first == "1" && digit.value <= 0x32) {
                    month.append(Significant(scalar: digit, inputIndex: index))
                } else if context.isFresh(index) {
                    // An impossible month, typed: refused.
                    unexpected.append(index)
                } else if first == "1" {
                    // Moved after a lone 1 by an edit elsewhere: January, and the digit starts the year.
                    month.insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                    continue
                } else {
                    // `00`, from an edit elsewhere: kept, out of place.
                    month.append(Significant(scalar: digit, inputIndex: index))
                    unexpected.append(index)
                    misfits += 1
                }
            }
            index += 1
        }
        // Year.
        var year: [Int] = []
        while index < input.count {
            let scalar = input[index].halfWidth
            if scalar.asciiDigit != nil {
                year.append(index)
            } else if !Separators.contains(scalar) {
                unexpected.append(index)
            }
            index += 1
        }
        var normalized: [Int] = []
        let startsWith20 = year.count >= 3 && input[year[0]].asciiDigit == "2" && input[year[1]].asciiDigit == "0"
        if startsWith20 && year.count >= 4 {
            // `2030` is `30`.
            normalized = Array(year[..<2])
            year.removeFirst(2)
        }
        // Three digits starting with 20 are a four-digit year being typed.
        let capacity = startsWith20 && normalized.isEmpty && year.count == 3 ? 3 : 2
        var overflow = false
        if year.count > capacity {
            let extra = year[capacity...]
            if context.hasFresh {
                overflow = true
                year.removeLast(year.count - capacity)
            } else {
                misfits += extra.count
            }
            unexpected = (unexpected + extra).sorted()
        }
        var significant = month
        for index in year { significant.append(Significant(scalar: input[index].asciiDigit!, inputIndex: index)) }
        let layout = GroupLayout(
            separator: { $0 == 2 ? GroupLayout.slash : [] }, trailing: significant.count == 2 ? GroupLayout.slash : [])
        var output = layout.render(significant, input: input)
        if let closingSeparator, let slash = output.sources.firstIndex(of: .literal) {
            // `1-` is `01/`: the separator typed is the `/` (consumed), so that typing it changes the text.
            output.scalars[slash] = "/"
            output.sources[slash] = .consumed(closingSeparator)
        }
        output.overflow = overflow
        output.complete = month.count == 2 && year.count == 2 && misfits == 0
        output.unexpected = unexpected
        output.normalized = normalized
        return output
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "/" || scalar == "-" || scalar == "." || scalar == " "
    }
}
