import SmartTextJSON
import SmartTextSupport

/// Which clock a time field writes.
public enum Clock: String, Sendable, CaseIterable {
    /// `14:30`
    case h24 = "24"
    /// `02:30 PM`
    case h12 = "12"
}

/// A time of day, minutes since midnight.
public struct TimeOfDay: Sendable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (24 hours).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static func < (left: TimeOfDay, right: TimeOfDay) -> Bool {
        (left.hour, left.minute) < (right.hour, right.minute)
    }

    /// `HH:MM`, 24 hours.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// `time {clock}`: a time of day, `HH:MM` on a 24-hour clock (`14:30`) or `hh:MM AM` on a 12-hour
/// one (`02:30 PM`); without `clock`, the request locale's (`en-US` 12, `de` 24, 24 without a
/// locale). An hour whose first digit cannot start one is padded (`9` is `09:`), a `:` after a lone
/// digit closes the hour, and an impossible hour or minute is refused when typed. On a 12-hour clock
/// `a` or `p` after the minutes gives `AM` or `PM` (the `M` typed after it is consumed). `value` is
/// the digits and the A or P (`0230P`; formatting it gives the text back); once it is a real time,
/// `meta.time` is the time in ISO 8601, 24 hours (`14:30`).
public struct TimeFormatter: TextFormatter {
    public let name = "time"
    /// The field's clock, or nil for the request locale's.
    public let clock: Clock?

    public init(clock: Clock?) {
        self.clock = clock
    }

    public var laysOutWholeText: Bool { true }
    /// `hh:MM AM`.
    public var maximumLength: Int? { clock == .h24 ? 5 : 8 }
    public var readsLocale: Bool { clock == nil }
    /// Digits, `:` and the separators a time is typed with, and the letters of AM and PM.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(
            digits: true,
            characters: [":", ".", " "] + (clock == .h24 ? [] : ["a", "A", "p", "P", "m", "M"]))
    }

    private static let hours24 = DigitSegments(
        segments: [
            DigitSegments.Segment(width: 2, padAbove: 2, maxFirst: 2, range: 0...23),
            DigitSegments.Segment(width: 2, padAbove: nil, maxFirst: 5, range: 0...59),
        ], separator: [":"], closers: [":", "."])
    private static let hours12 = DigitSegments(
        segments: [
            DigitSegments.Segment(width: 2, padAbove: 1, maxFirst: 1, range: 1...12),
            DigitSegments.Segment(width: 2, padAbove: nil, maxFirst: 5, range: 0...59),
        ], separator: [":"], closers: [":", "."])

    private static let markerLetters: [Unicode.Scalar] = ["a", "A", "p", "P", "m", "M"]

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let clock = self.clock ?? (context.conventions.uses12HourClock ? .h12 : .h24)
        guard clock == .h12 else {
            let parsed = Self.hours24.format(input, context: context)
            var output = parsed.output
            output.complete = parsed.complete
            if parsed.complete, let hour = parsed.values[0], let minute = parsed.values[1] {
                output.meta["time"] = .string(TimeOfDay(hour: hour, minute: minute).description)
            }
            return output
        }
        // The marker: the first a or p after the digits; the M after it.
        let parsed = Self.hours12.format(input, context: context, skipping: Self.markerLetters)
        var output = parsed.output
        var complete = parsed.complete
        // Typed before the minutes are whole, an A or P is refused; one already there stays.
        let marker = input.indices.dropFirst(parsed.end).first { index in
            "aApP".unicodeScalars.contains(input[index].halfWidth) && (parsed.complete || !context.isFresh(index))
        }
        var consumedM: Int? = nil
        if let marker {
            // ` AM`: the space and the M consumed where they were typed.
            let space = (parsed.end..<marker).first { input[$0].halfWidth == " " }
            if let space { output.consume(" ", from: space) } else { output.insertLiteral(" ") }
            let letter: Unicode.Scalar = input[marker].halfWidth == "a" || input[marker].halfWidth == "A" ? "A" : "P"
            output.keep(letter, from: marker)
            consumedM = input.indices.dropFirst(marker + 1).first {
                input[$0].halfWidth == "m" || input[$0].halfWidth == "M"
            }
            if let consumedM { output.consume("M", from: consumedM) } else { output.insertLiteral("M") }
            if !parsed.complete { output.markUnexpected(marker) }
        } else {
            complete = false
        }
        // Digits past the minutes do not fit (they are unexpected: refused when typed), but they do not
        // make the format full: AM or PM can still come after them.
        output.overflow = false
        // Any other letter of AM and PM is unexpected (refused when typed).
        for index in input.indices
        where index != marker && index != consumedM
            && Self.markerLetters.contains(input[index].halfWidth)
        {
            output.markUnexpected(index)
        }
        output.unexpected.sort()
        output.complete = complete
        if complete, let hour = parsed.values[0], let minute = parsed.values[1], let marker {
            let pm = input[marker].halfWidth == "p" || input[marker].halfWidth == "P"
            let hour24 = hour % 12 + (pm ? 12 : 0)
            output.meta["time"] = .string(TimeOfDay(hour: hour24, minute: minute).description)
        }
        return output
    }
}
