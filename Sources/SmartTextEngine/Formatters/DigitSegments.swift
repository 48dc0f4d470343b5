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
/// so no edit loses a digit; so do digits past the last segment, unless they are new, when they overflow, and a
/// separator already in the text that an edit before it moved into the last part with more after it.
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
        /// The names the segment is written with (a month's, `Dec`), when it is: typed as letters, or as
        /// digits that become the name once they are a whole month.
        var names: MonthNames? = nil
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

    /// True when a digit comes after input `index` (or a letter, where a part has names: letters are kept),
    /// outside `formatting`.
    private static func digitFollows(
        _ input: [Unicode.Scalar], after index: Int, orLetter: Bool, formatting: Range<Int>?
    ) -> Bool {
        input.indices[(index + 1)...].contains { position in
            let scalar = input[position].halfWidth
            return formatting?.contains(position) != true
                && (scalar.asciiDigit != nil || (orLetter && MonthNames.isNameScalar(scalar)))
        }
    }

    /// The characters a segment text takes: digits and the separators people type between them.
    static let separators: [Unicode.Scalar] = ["/", "-", ".", ":", " "]

    /// The scalar people type for the separator (`/` of `‏/`).
    var typedSeparator: Unicode.Scalar { separator[separator.count - 1] }

    /// True for a character that closes a part: the separator, a closer, or a mark of the separator.
    private func closes(_ scalar: Unicode.Scalar) -> Bool {
        scalar == typedSeparator || closers.contains(scalar)
    }

    /// Lays out the digits of `input`, and the letters of a segment with names. Other letters and symbols are
    /// unexpected, except those in `skipping`, which the caller places.
    ///
    /// A segment with names takes letters while they begin one of its names (case ignored), and is full when
    /// they spell one, written as the name is; letters typed before it are its (the parts before it stay as
    /// they are); its two digits become the name once they are a whole month. A letter that begins no name
    /// there, or comes after the segment, and a digit among the letters of a name not yet whole, are
    /// unexpected: refused when typed, kept out of place when an edit elsewhere moved them there. The input in
    /// `formatting` (a weekday's text) is passed over: the caller writes what stands for it.
    func format(
        _ input: [Unicode.Scalar], context: FormatContext, skipping: [Unicode.Scalar] = [],
        formatting: Range<Int>? = nil
    ) -> Parsed {
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
        // The segment with names, and the name each segment spells (its number, 1 ...).
        let named = segments.firstIndex { $0.names != nil }
        var spelled: [Int?] = Array(repeating: nil, count: segments.count)
        // The name's letters as typed, and the input index of the last: the letters right after a name read
        // whole that go on spelling a longer name of its month (`ember` of `December`) are formatting.
        var typedName: [Unicode.Scalar] = []
        var nameEnd = -2
        /// The digits of part `position` (a letter an edit moved into it is not one of them).
        func digits(_ position: Int) -> [Significant] { filled[position].filter { $0.scalar.asciiDigit != nil } }
        /// True when part `position` holds all it can: a whole name, or as many digits as its width.
        func isFull(_ position: Int) -> Bool {
            if spelled[position] != nil { return true }
            if segments[position].names != nil, filled[position].contains(where: { $0.scalar.asciiDigit == nil }) {
                return false
            }
            return digits(position).count == segments[position].width
        }
        /// Padding is for typing: a digit typed now, a whole value submitted, the text on `blur`.
        func pads(_ index: Int) -> Bool { context.isFresh(index) || context.submitted || context.final }
        /// Pads the current part's lone digit (`1` is `01`) when what follows closes it (a separator typed after
        /// it, a name's letter) and padding is for now; true when it did.
        func padLone(closedAt index: Int) -> Bool {
            let part = filled[current]
            let segment = segments[current]
            guard part.count == digits(current).count else { return false }
            guard part.count == 1, segment.width == 2, segment.padAbove != nil, let first = part[0].scalar.asciiDigit,
                segment.range.contains(Int(first.value - 0x30)), pads(index) || part[0].inputIndex.map(pads) == true
            else { return false }
            filled[current].insert(Significant(scalar: "0", inputIndex: nil), at: 0)
            return true
        }
        /// Keeps a scalar an edit elsewhere moved where it does not fit: out of place, in the current part.
        func keepMoved(_ scalar: Unicode.Scalar, at index: Int) {
            if current < segments.count {
                filled[current].append(Significant(scalar: scalar, inputIndex: index))
            } else {
                extra.append(Significant(scalar: scalar, inputIndex: index))
            }
            misfits += 1
        }
        var index = 0
        while index < end {
            if let formatting, formatting.contains(index) {
                index = formatting.upperBound
                continue
            }
            let scalar = input[index].halfWidth
            if let named, MonthNames.isNameScalar(scalar) {
                defer { boundaryDue = false }
                let names = segments[named].names!
                let letters = filled[named].map(\.scalar)
                if let month = spelled[named], nameEnd == index - 1, names.continues(typedName + [scalar], month: month)
                {
                    typedName.append(scalar)
                    nameEnd = index
                    normalized.append(index)
                    index += 1
                    continue
                }
                if current <= named, spelled[named] == nil, letters.allSatisfy(MonthNames.isNameScalar),
                    let month = names.match(letters + [scalar])
                {
                    // Letters typed before the name's part are its; a lone digit they close is padded.
                    if current < named && !filled[current].isEmpty { _ = padLone(closedAt: index) }
                    current = named
                    filled[named].append(Significant(scalar: scalar, inputIndex: index))
                    if month > 0 {
                        // A whole name, written as the names are (`dec` is `Dec`; one typed with fewer letters
                        // than the field's, `Dec` for Arabic's `ديسمبر`, is written below). Typed as more scalars
                        // than it is written with (`Ϊ` and its accent for `ΐ`), those past its length are
                        // formatting.
                        let name = names.names[month - 1]
                        (typedName, nameEnd) = (letters + [scalar], index)
                        for (position, letter) in name.enumerated() where position < filled[named].count {
                            filled[named][position].scalar = letter
                        }
                        if filled[named].count > name.count {
                            normalized += filled[named][name.count...].compactMap(\.inputIndex)
                            filled[named].removeLast(filled[named].count - name.count)
                        }
                        spelled[named] = month
                        current = named + 1
                        boundaryDue = true
                    }
                } else {
                    unexpected.append(index)
                    if !context.isFresh(index) { keepMoved(scalar, at: index) }
                }
                lastDigit = index
                index += 1
                continue
            }
            guard let digit = scalar.asciiDigit else {
                defer { boundaryDue = false }
                if closes(scalar) && !boundaryDue && !context.isFresh(index) && current < segments.count
                    && filled[current].isEmpty
                {
                    // A separator that held a part whose digits are all gone: it goes with them.
                    normalized.append(index)
                } else if closes(scalar), current < segments.count - 1, !filled[current].isEmpty, !isFull(current) {
                    if padLone(closedAt: index) {
                        // `1.` typed: the part is `01`, the separator its separator.
                        current += 1
                        closing[current] = index
                    } else if !context.isFresh(index) || context.submitted,
                        Self.digitFollows(input, after: index, orLetter: named != nil, formatting: formatting)
                    {
                        // A separator already in the text holds the digits after it in their part.
                        heldBy[current] = index
                        current += 1
                    }
                    // Else it is formatting, dropped.
                } else if closes(scalar), current == segments.count - 1, !filled[current].isEmpty,
                    !context.isFresh(index),
                    Self.digitFollows(input, after: index, orLetter: named != nil, formatting: formatting)
                {
                    // Already in the text, inside the last part with more after it (it held a part an edit before it
                    // moved on): it stays, out of place, as a digit would.
                    unexpected.append(index)
                    keepMoved(typedSeparator, at: index)
                } else if !Separators.contains(scalar) && !closes(scalar) && !separator.contains(scalar)
                    && !skipping.contains(scalar) && named.map({ segments[$0].names!.endings.contains(scalar) }) != true
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
            if segments[current].names != nil, filled[current].contains(where: { $0.scalar.asciiDigit == nil }) {
                // Among the letters of a name not yet whole: refused when typed, kept out of place when moved.
                unexpected.append(index)
                if !context.isFresh(index) { keepMoved(digit, at: index) }
                index += 1
                continue
            }
            lastDigit = index
            let segment = segments[current]
            let typed = digits(current)
            if typed.isEmpty {
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
                        keepMoved(digit, at: index)
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
            if typed.count == segment.width - 1 {
                let number = Self.number(typed)! * 10 + value
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
            if typed.count + 1 == segment.width {
                current += 1
                boundaryDue = true
            }
            index += 1
        }
        // A separator held for what followed it, all of which was refused (letters typed after it that begin no
        // name): it holds nothing, and is formatting.
        if let last = filled.lastIndex(where: { !$0.isEmpty }), heldBy[last] != nil, extra.isEmpty,
            heldBy[(last + 1)...].allSatisfy({ $0 == nil })
        {
            heldBy[last] = nil
            current = last
        }
        // A segment with names whose two digits are a whole month is written as its name.
        var fromDigits = false
        if let named, spelled[named] == nil, filled[named].count == 2,
            let month = Self.number(filled[named]), (1...12).contains(month)
        {
            spelled[named] = month
            fromDigits = true
        }
        // The digits in order; a part held by a separator is followed by that separator, kept.
        var significant: [Significant] = []
        // For each significant position: the literals before it.
        var literalsBefore: [Int: [Unicode.Scalar]] = [:]
        let marks = Array(separator.dropLast())
        var previousHeld = false
        // Where the name's letters are among the significant scalars.
        var nameLetters: Range<Int>? = nil
        for (position, digits) in filled.enumerated() where !digits.isEmpty {
            let start = significant.count
            if position > 0 && !significant.isEmpty && !previousHeld { literalsBefore[significant.count] = separator }
            if position == named, let month = spelled[position],
                fromDigits || digits.count < segments[position].names!.names[month - 1].count
            {
                // Written as the name the two digits (or the fewer letters) spell: its first letters stand for
                // the first ones typed, its last for the last, and the letters between are the name's, written (a
                // padded `4` is `Apr`, whose `r` is the `4`). The value is the digits, or the name.
                let name = segments[position].names!.names[month - 1]
                var pending = literalsBefore[start] ?? []
                for (offset, letter) in name.enumerated() {
                    let digit =
                        offset == name.count - 1
                        ? digits[digits.count - 1] : offset < digits.count - 1 ? digits[offset] : nil
                    guard let index = digit?.inputIndex else {
                        pending.append(letter)
                        continue
                    }
                    literalsBefore[significant.count] = pending
                    pending = []
                    significant.append(Significant(scalar: letter, inputIndex: index))
                }
                if name.count == 1, let first = digits[0].inputIndex { normalized.append(first) }
            } else {
                significant += digits
            }
            if position == named, spelled[position] != nil { nameLetters = start..<significant.count }
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
        let layout = GroupLayout(
            leading: literalsBefore[0] ?? [], separator: { literalsBefore[$0] ?? [] }, trailing: trailing)
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
        let values: [Int?] = segments.indices.map { position in
            spelled[position] ?? (isFull(position) ? Self.number(digits(position)) : nil)
        }
        let full = segments.indices.allSatisfy(isFull)
        output.normalized.sort()
        // A whole name is submitted as its month's two digits where they read back in its place: always when
        // it was written from them, and when it was spelled, once every part before it is whole (`Dec 2024`
        // without its day is submitted as it is written, the whole name even where fewer letters stand for it).
        if let named, let month = spelled[named], let letters = nameLetters, !letters.isEmpty {
            let asDigits = fromDigits || (0..<named).allSatisfy({ isFull($0) && heldBy[$0] == nil })
            let name = segments[named].names!.names[month - 1]
            let replacement =
                asDigits ? [Unicode.Scalar(UInt8(0x30 + month / 10)), Unicode.Scalar(UInt8(0x30 + month % 10))] : name
            var value: [Unicode.Scalar] = []
            var position = 0
            for (scalar, source) in zip(output.scalars, output.sources) where source.isSignificant {
                if position == letters.lowerBound {
                    value += replacement
                } else if !letters.contains(position) {
                    // Letters right after a name written whole keep the separator between them, or they would
                    // read as more of the name (`0 juil lu` is `0juil lu`, not `juillet`'s `0juillu`).
                    if position == letters.upperBound, !asDigits, MonthNames.isNameScalar(scalar) {
                        value.append(typedSeparator)
                    }
                    value.append(scalar)
                }
                position += 1
            }
            output.value = value
        }
        return Parsed(output: output, values: values, complete: full && misfits == 0, end: lastDigit + 1)
    }

    /// The number a part's digits spell; nil when a letter is among them.
    private static func number(_ digits: [Significant]) -> Int? {
        var number = 0
        for digit in digits {
            guard let value = digit.scalar.asciiDigit else { return nil }
            number = number * 10 + Int(value.value - 0x30)
        }
        return number
    }
}
