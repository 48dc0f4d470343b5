import SmartTextSupport

/// Fixed-width runs of digits with one separator between them: the layout of dates (`31.12.2024`) and
/// times (`09:30`).
///
/// A two-digit segment whose first digit cannot start it is written with a leading `0` when it is
/// typed or is the last digit (`4` as a month is `04`; a digit an edit elsewhere moves there, with
/// digits after it, stays as it is); a separator typed after the lone digit of a segment that another
/// follows closes it (`1.` gives `01.`, the separator consumed); a digit that would make an impossible
/// segment (a 13th month) is refused when typed. A digit already in the text that an edit elsewhere
/// moves into such a place stays there, out of place (reported unexpected: the date is invalid until
/// it is fixed), so no edit loses a digit; so do digits past the last segment, unless they are new,
/// when they overflow.
struct DigitSegments: Sendable {
    /// One run of digits.
    struct Segment: Sendable {
        var width: Int
        /// A first digit above this is written with a leading 0 (nil: never).
        var padAbove: Int?
        /// The largest first digit that can start the segment (a minute's first digit is at most 5).
        var maxFirst: Int
        /// The segment's possible values when it is full.
        var range: ClosedRange<Int>
    }

    var segments: [Segment]
    var separator: Unicode.Scalar
    /// The characters that, typed after a segment's lone digit, close it (`1.` is `01.`).
    var closers: [Unicode.Scalar] = separators

    /// What the layout found, besides the formatted text.
    struct Parsed {
        var output: Formatted
        /// Each segment's digits as a number (nil while it is not full).
        var values: [Int?]
        /// Every segment is full and every digit in its place.
        var complete: Bool
        /// The input index after the last digit laid out (where a 12-hour time's marker may start).
        var end: Int
    }

    /// True when a digit comes after input `index`.
    private static func digitFollows(_ input: [Unicode.Scalar], after index: Int) -> Bool {
        input[(index + 1)...].contains { $0.halfWidth.asciiDigit != nil }
    }

    /// The characters a segment text takes: digits and the separators people type between them.
    static let separators: [Unicode.Scalar] = ["/", "-", ".", ":", " "]

    /// Lays out the digits of `input`. Letters and other symbols are unexpected, except those in
    /// `skipping`, which the caller places.
    func format(_ input: [Unicode.Scalar], context: FormatContext, skipping: [Unicode.Scalar] = []) -> Parsed {
        let end = input.count
        var lastDigit = -1
        var filled: [[Significant]] = Array(repeating: [], count: segments.count)
        var current = 0
        var unexpected: [Int] = []
        var misfits = 0
        var overflow = false
        var extra: [Significant] = []
        // The separator typed after a lone digit, by the segment boundary it closed (1 ..< count).
        var closing: [Int: Int] = [:]
        var index = 0
        while index < end {
            let scalar = input[index].halfWidth
            guard let digit = scalar.asciiDigit else {
                if current < segments.count - 1, filled[current].count == 1, segments[current].width == 2,
                    segments[current].padAbove != nil,
                    segments[current].range.contains(Int(filled[current][0].scalar.value - 0x30)),
                    scalar == separator || closers.contains(scalar)
                {
                    filled[current].insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                    current += 1
                    closing[current] = index
                } else if !Separators.contains(scalar) && scalar != separator && !skipping.contains(scalar) {
                    unexpected.append(index)
                }
                index += 1
                continue
            }
            let value = Int(digit.value - 0x30)
            lastDigit = index
            guard current < segments.count else {
                // Past the last segment.
                unexpected.append(index)
                if context.hasFresh {
                    // The new input does not fit: the edit is refused (or a paste cut).
                    overflow = true
                } else {
                    extra.append(Significant(scalar: digit, inputIndex: index))
                    misfits += 1
                }
                index += 1
                continue
            }
            let segment = segments[current]
            if filled[current].isEmpty {
                if let pad = segment.padAbove, value > pad,
                    context.isFresh(index) || context.submitted || !Self.digitFollows(input, after: index)
                {
                    filled[current] = [
                        Significant(scalar: "0", inputIndex: nil), Significant(scalar: digit, inputIndex: index),
                    ]
                    current += 1
                } else if value > segment.maxFirst && segment.padAbove == nil {
                    // No segment value starts with it: refused when typed, kept out of place when moved here.
                    unexpected.append(index)
                    if !context.isFresh(index) {
                        filled[current].append(Significant(scalar: digit, inputIndex: index))
                        misfits += 1
                    }
                } else {
                    filled[current].append(Significant(scalar: digit, inputIndex: index))
                    if segment.width == 1 { current += 1 }
                }
                index += 1
                continue
            }
            if filled[current].count == segment.width - 1 {
                let number = filled[current].reduce(0) { $0 * 10 + Int($1.scalar.value - 0x30) } * 10 + value
                if !segment.range.contains(number) {
                    if context.isFresh(index) {
                        unexpected.append(index)
                        index += 1
                        continue
                    }
                    // Already in the text, and moved here by an edit elsewhere: kept, out of place.
                    unexpected.append(index)
                    misfits += 1
                }
            }
            filled[current].append(Significant(scalar: digit, inputIndex: index))
            if filled[current].count == segment.width { current += 1 }
            index += 1
        }
        var significant: [Significant] = []
        var boundaries: [Int] = []
        for (position, digits) in filled.enumerated() where !digits.isEmpty {
            if position > 0 { boundaries.append(significant.count) }
            significant += digits
        }
        significant += extra
        let trailing: [Unicode.Scalar] =
            current > 0 && current < segments.count && filled[current].isEmpty ? [separator] : []
        let separatorLiteral = [separator]
        let layout = GroupLayout(
            separator: { boundaries.contains($0) ? separatorLiteral : [] }, trailing: trailing)
        var output = layout.render(significant, input: input)
        // A separator that closed a segment is that segment's separator, consumed.
        var boundary = 0
        for position in output.sources.indices where output.sources[position].isLiteral {
            boundary += 1
            if output.sources[position] == .literal, let typed = closing[boundary] {
                output.sources[position] = .consumed(typed)
            }
        }
        output.overflow = overflow
        output.unexpected = unexpected.sorted()
        let values: [Int?] = filled.enumerated().map { position, digits in
            digits.count == segments[position].width
                ? digits.reduce(0) { $0 * 10 + Int($1.scalar.value - 0x30) } : nil
        }
        return Parsed(
            output: output, values: values, complete: current == segments.count && misfits == 0, end: lastDigit + 1)
    }
}
