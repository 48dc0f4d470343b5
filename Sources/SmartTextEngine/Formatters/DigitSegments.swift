import SmartTextSupport

/// Fixed-width runs of digits with one separator between them: the layout of dates (`31.12.2024`) and
/// times (`09:30`).
///
/// Typing pads and closes parts: a two-digit segment whose first digit cannot start it is written with a
/// leading `0` when that digit is typed (`4` as a month is `04`), and a separator typed after the lone
/// digit of a segment that another follows closes it (`1.` gives `01.`, the separator consumed); a digit
/// that would make an impossible segment (a 13th month) is refused when typed. A whole value submitted at
/// once, and the text on `blur`, are padded the same way.
///
/// Deleting never pads and never moves a digit into another part: a separator already in the text
/// holds the digits after it in their part, so deleting a digit of the year of `2020-07-09` gives
/// `202-07-09`, and deleting the `0` of `04.05.2024` gives `4.05.2024`. Such a separator, after a part
/// that is not full, is significant (it is in `value`, so that formatting the value gives the text
/// back) until the part is full again. A digit already in the text that an edit elsewhere moves where it
/// does not fit stays there, out of place (reported unexpected: the date is invalid until it is fixed),
/// so no edit loses a digit; so do digits past the last segment, unless they are new, when they overflow.
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
    /// The separator as written: its last scalar is the one people type (`/`); any before it are marks
    /// written with it (the right-to-left mark of Arabic dates, `‏/`).
    var separator: [Unicode.Scalar]
    /// The characters that, typed after a segment's lone digit, close it (`1.` is `01.`).
    var closers: [Unicode.Scalar] = separators

    init(segments: [Segment], separator: [Unicode.Scalar], closers: [Unicode.Scalar] = separators) {
        self.segments = segments
        self.separator = separator
        self.closers = closers
    }

    /// What the layout found, besides the formatted text.
    struct Parsed {
        var output: Formatted
        /// Each segment's digits as a number (nil while it is not full).
        var values: [Int?]
        /// Every segment is full and every digit in its place.
        var complete: Bool
        /// The input index after the last digit laid out, not counting digits dropped past the last part
        /// (where a 12-hour time's marker may start).
        var end: Int
    }

    /// True when a digit comes after input `index`.
    private static func digitFollows(_ input: [Unicode.Scalar], after index: Int) -> Bool {
        input[(index + 1)...].contains { $0.halfWidth.asciiDigit != nil }
    }

    /// The characters a segment text takes: digits and the separators people type between them.
    static let separators: [Unicode.Scalar] = ["/", "-", ".", ":", " "]

    /// The scalar people type for the separator (`/` of `‏/`).
    var typedSeparator: Unicode.Scalar { separator[separator.count - 1] }

    /// True for a character that closes a part: the separator, a closer, or a mark of the separator.
    private func closes(_ scalar: Unicode.Scalar) -> Bool {
        scalar == typedSeparator || closers.contains(scalar)
    }

    /// Lays out the digits of `input`. Letters and other symbols are unexpected, except those in
    /// `skipping`, which the caller places.
    func format(_ input: [Unicode.Scalar], context: FormatContext, skipping: [Unicode.Scalar] = []) -> Parsed {
        let end = input.count
        var lastDigit = -1
        var filled: [[Significant]] = Array(repeating: [], count: segments.count)
        // The separator that holds a part that is not full in place, by part.
        var heldBy: [Int?] = Array(repeating: nil, count: segments.count)
        var current = 0
        var unexpected: [Int] = []
        var misfits = 0
        var overflow = false
        var extra: [Significant] = []
        // The separator typed after a lone digit, by the segment boundary it closed (1 ..< count).
        var closing: [Int: Int] = [:]
        var normalized: [Int] = []
        // A part was just filled: the next separator is the one between it and the next part.
        var boundaryDue = false
        /// Padding is for typing: a digit typed now, a whole value submitted, the text on `blur`.
        func pads(_ index: Int) -> Bool { context.isFresh(index) || context.submitted || context.final }
        var index = 0
        while index < end {
            let scalar = input[index].halfWidth
            guard let digit = scalar.asciiDigit else {
                defer { boundaryDue = false }
                if closes(scalar) && !boundaryDue && !context.isFresh(index) && current < segments.count
                    && filled[current].isEmpty
                {
                    // A separator that held a part whose digits are all gone: it goes with them.
                    normalized.append(index)
                } else if closes(scalar), current < segments.count - 1, !filled[current].isEmpty,
                    filled[current].count < segments[current].width
                {
                    let part = filled[current]
                    let segment = segments[current]
                    let lone = part.count == 1 && segment.width == 2 && segment.padAbove != nil
                    if lone, segment.range.contains(Int(part[0].scalar.value - 0x30)),
                        pads(index) || part[0].inputIndex.map(pads) == true
                    {
                        // `1.` typed: the part is `01`, the separator its separator.
                        filled[current].insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                        current += 1
                        closing[current] = index
                    } else if !context.isFresh(index) || context.submitted, Self.digitFollows(input, after: index) {
                        // A separator already in the text holds the digits after it in their part.
                        heldBy[current] = index
                        current += 1
                    }
                    // Else it is formatting, dropped.
                } else if !Separators.contains(scalar) && !closes(scalar) && !separator.contains(scalar)
                    && !skipping.contains(scalar)
                {
                    unexpected.append(index)
                }
                index += 1
                continue
            }
            let value = Int(digit.value - 0x30)
            guard current < segments.count else {
                // Past the last segment.
                unexpected.append(index)
                if context.hasFresh {
                    // The new input does not fit: the edit is refused (or a paste cut).
                    overflow = true
                } else {
                    extra.append(Significant(scalar: digit, inputIndex: index))
                    misfits += 1
                    lastDigit = index
                }
                index += 1
                continue
            }
            lastDigit = index
            let segment = segments[current]
            if filled[current].isEmpty {
                if let pad = segment.padAbove, value > pad, pads(index) {
                    filled[current] = [
                        Significant(scalar: "0", inputIndex: nil), Significant(scalar: digit, inputIndex: index),
                    ]
                    current += 1
                    boundaryDue = true
                } else if value > segment.maxFirst && segment.padAbove == nil {
                    // No segment value starts with it: refused when typed, kept out of place when moved here.
                    unexpected.append(index)
                    if !context.isFresh(index) {
                        filled[current].append(Significant(scalar: digit, inputIndex: index))
                        misfits += 1
                        if segment.width == 1 { current += 1 }
                    }
                } else {
                    filled[current].append(Significant(scalar: digit, inputIndex: index))
                    if segment.width == 1 {
                        current += 1
                        boundaryDue = true
                    }
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
            if filled[current].count == segment.width {
                current += 1
                boundaryDue = true
            }
            index += 1
        }
        // The digits in order; a part held by a separator is followed by that separator, kept.
        var significant: [Significant] = []
        // For each significant position: the literals before it.
        var literalsBefore: [Int: [Unicode.Scalar]] = [:]
        let marks = Array(separator.dropLast())
        var previousHeld = false
        for (position, digits) in filled.enumerated() where !digits.isEmpty {
            if position > 0 && !significant.isEmpty && !previousHeld { literalsBefore[significant.count] = separator }
            significant += digits
            previousHeld = false
            if let holder = heldBy[position] {
                if !marks.isEmpty { literalsBefore[significant.count] = marks }
                significant.append(Significant(scalar: typedSeparator, inputIndex: holder))
                previousHeld = true
            }
        }
        significant += extra
        let trailing: [Unicode.Scalar] =
            current > 0 && current < segments.count && filled[current].isEmpty && !previousHeld ? separator : []
        let layout = GroupLayout(separator: { literalsBefore[$0] ?? [] }, trailing: trailing)
        var output = layout.render(significant, input: input)
        // A separator that closed a segment is that segment's separator, consumed.
        var boundary = 0
        var position = 0
        while position < output.sources.count {
            if output.sources[position].isLiteral && output.scalars[position] == typedSeparator {
                boundary += 1
                if output.sources[position] == .literal, let typed = closing[boundary] {
                    output.sources[position] = .consumed(typed)
                }
            } else if case .kept(let kept) = output.sources[position], heldBy.contains(kept) {
                boundary += 1
            }
            position += 1
        }
        output.overflow = overflow
        output.unexpected = unexpected.sorted()
        output.normalized = normalized
        output.holding = heldBy.compactMap { $0 }
        let values: [Int?] = filled.enumerated().map { position, digits in
            digits.count == segments[position].width
                ? digits.reduce(0) { $0 * 10 + Int($1.scalar.value - 0x30) } : nil
        }
        let full = zip(filled, segments).allSatisfy { $0.count == $1.width }
        return Parsed(output: output, values: values, complete: full && misfits == 0, end: lastDigit + 1)
    }
}
