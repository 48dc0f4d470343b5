import SmartTextSupport

/// `cardExpiry`: `MM/YY`. A first digit from 2 to 9 can only be a month's
/// second digit, so `4` typed becomes `04/`; `1` waits for the next digit (or a
/// typed `/`, giving `01/`). Impossible months (`13`, `00`) are refused when
/// typed. Deleting never pads and never moves the year into the month: the `/`
/// already in the text holds the year in place (Delete at the start of `04/30`
/// gives `4/30`; Backspace after the `/` of `12/30` gives `1/30`), and a digit
/// that an edit elsewhere moves after a lone `1` where it cannot be the month's
/// second digit starts the year (`1/30`); one that cannot be placed at all
/// stays, out of place. Such a month is incomplete until it is whole again, and
/// the text on `blur` and a submitted value are padded (`04/30`). A four-digit
/// year of this century is written with its last two digits: `12/2030` gives
/// `12/30`, typed or pasted.
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
        // The `/` already in the text that holds the year after a month that is not whole.
        var heldBy: Int? = nil
        var normalized: [Int] = []
        // The month ended before it was whole (a held `/`, or a digit that starts the year).
        var monthEnded = false
        /// Padding is for typing: a digit typed now, a whole value submitted, the text on `blur`.
        func pads(_ index: Int) -> Bool { context.isFresh(index) || context.submitted || context.final }
        // Month.
        while index < input.count && month.count < 2 && !monthEnded {
            let scalar = input[index].halfWidth
            guard let digit = scalar.asciiDigit else {
                if month.isEmpty && Self.isSeparator(scalar) && !context.isFresh(index) {
                    // A `/` that held a month whose digits are all gone: it goes with them.
                    normalized.append(index)
                } else if month.count == 1 && Self.isSeparator(scalar) {
                    let lone = month[0]
                    if lone.scalar == "1", pads(index) || lone.inputIndex.map(pads) == true {
                        // `1/` typed: January.
                        month.insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                        closingSeparator = index
                    } else if !context.isFresh(index) || context.submitted,
                        input[(index + 1)...].contains(where: { $0.halfWidth.asciiDigit != nil })
                    {
                        heldBy = index
                        monthEnded = true
                    }
                } else if !Separators.contains(scalar) {
                    unexpected.append(index)
                }
                index += 1
                continue
            }
            if month.isEmpty {
                month =
                    digit.value >= 0x32 && pads(index)
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
                    // Moved after a lone 1 by an edit elsewhere: the digit starts the year (and on `blur`
                    // or submitted, the month is January).
                    if pads(index) {
                        month.insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                    } else {
                        monthEnded = true
                    }
                    continue
                } else {
                    // `00`, `43`, from an edit elsewhere: kept, out of place.
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
        let startsWith20 = year.count >= 3 && input[year[0]].asciiDigit == "2" && input[year[1]].asciiDigit == "0"
        let centuryDropped = startsWith20 && year.count >= 4
        if centuryDropped {
            // `2030` is `30`.
            normalized += year[..<2]
            year.removeFirst(2)
        }
        // Three digits starting with 20 are a four-digit year being typed.
        let capacity = startsWith20 && !centuryDropped && year.count == 3 ? 3 : 2
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
        if let heldBy { significant.append(Significant(scalar: "/", inputIndex: heldBy)) }
        for index in year { significant.append(Significant(scalar: input[index].asciiDigit!, inputIndex: index)) }
        let yearStart = month.count
        let layout = GroupLayout(
            separator: { $0 == yearStart && heldBy == nil ? GroupLayout.slash : [] },
            trailing: month.count == 2 && year.isEmpty && heldBy == nil ? GroupLayout.slash : [])
        var output = layout.render(significant, input: input)
        if let closingSeparator, let slash = output.sources.firstIndex(of: .literal) {
            // `1-` is `01/`: the separator typed is the `/` (consumed), so that typing it changes the text.
            output.scalars[slash] = "/"
            output.sources[slash] = .consumed(closingSeparator)
        }
        output.overflow = overflow
        output.complete = month.count == 2 && year.count == 2 && misfits == 0 && !monthEnded
        output.unexpected = unexpected
        output.normalized = normalized
        output.holding = heldBy.map { [$0] } ?? []
        return output
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "/" || scalar == "-" || scalar == "." || scalar == " "
    }
}
