/// `time {min, max}`: a time of day that exists (`24:00` and `09:60` do not), optionally from `min` to
/// `max` (`HH:MM`, 24 hours). It reads what the field's `time` formatter found (`meta.time`), or a
/// value of four digits, `HHMM` on a 24-hour clock, with an `A` or `P` after them on a 12-hour one.
/// Fewer digits are `incomplete`.
public struct TimeValidator: Validator {
    public let name = "time"
    public let min: TimeOfDay?
    public let max: TimeOfDay?
    /// The clock of the field's `time` formatter (for the example in messages); nil: 24 hours, or the
    /// request locale's when the formatter takes the locale's.
    public let clock: Clock?
    private let clockFromLocale: Bool

    public init(min: TimeOfDay? = nil, max: TimeOfDay? = nil, clock: Clock? = nil, clockFromLocale: Bool = false) {
        self.min = min
        self.max = max
        self.clock = clock
        self.clockFromLocale = clockFromLocale
    }

    public var readsLocale: Bool { clockFromLocale }

    public var parameters: [String: String] {
        [
            "min": (min ?? TimeOfDay(hour: 0, minute: 0)).description,
            "max": (max ?? TimeOfDay(hour: 23, minute: 59)).description,
            "example": Self.example(clock ?? .h24),
        ]
    }

    private static func example(_ clock: Clock) -> String { clock == .h12 ? "02:30 PM" : "14:30" }

    /// The clock of the field's `time` formatter.
    public func adapted(to formatters: [any TextFormatter]) -> (any Validator)? {
        guard clock == nil, !clockFromLocale,
            let formatter = formatters.last(where: { $0 is TimeFormatter }) as? TimeFormatter
        else { return nil }
        return TimeValidator(min: min, max: max, clock: formatter.clock, clockFromLocale: formatter.clock == nil)
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let time: TimeOfDay
        if case .string(let text)? = input.meta["time"], let known = TimeOfDay(text) {
            time = known
        } else {
            var digits: [Int] = []
            var marker: Unicode.Scalar? = nil
            for scalar in input.valueScalars {
                if let digit = scalar.asciiDigit, marker == nil {
                    digits.append(Int(digit.value - 0x30))
                } else if marker == nil && digits.count == 4 && "AaPp".unicodeScalars.contains(scalar) {
                    marker = scalar
                } else if scalar != ":" {
                    return failure(input.conventions)
                }
            }
            guard digits.count == 4 else {
                return failure(input.conventions, incomplete: digits.count < 4 && marker == nil)
            }
            let clock = self.clock ?? (clockFromLocale && input.conventions.uses12HourClock ? .h12 : .h24)
            if clock == .h12 && marker == nil {
                // On a 12-hour clock a time is whole with its AM or PM.
                return failure(input.conventions, incomplete: true)
            }
            var hour = digits[0] * 10 + digits[1]
            let minute = digits[2] * 10 + digits[3]
            if let marker {
                guard (1...12).contains(hour) else { return failure(input.conventions) }
                hour = hour % 12 + (marker == "P" || marker == "p" ? 12 : 0)
            }
            guard (0...23).contains(hour), (0...59).contains(minute) else { return failure(input.conventions) }
            time = TimeOfDay(hour: hour, minute: minute)
        }
        if let min, time < min { return RuleCheck(valid: false, variant: "range") }
        if let max, max < time { return RuleCheck(valid: false, variant: "range") }
        guard clockFromLocale else { return .pass }
        // Its message (shown in `results`) has an example on the locale's clock.
        var check = RuleCheck.pass
        check.placeholders = ["example": Self.example(input.conventions.uses12HourClock ? .h12 : .h24)]
        return check
    }

    /// The failure (not a time yet, when `incomplete`), with an example on the locale's clock when it is the locale's.
    private func failure(_ conventions: LocaleConventions, incomplete: Bool = false) -> RuleCheck {
        var check = incomplete ? RuleCheck.tooShortSoFar : RuleCheck.fail
        guard clockFromLocale else { return check }
        check.placeholders = ["example": Self.example(conventions.uses12HourClock ? .h12 : .h24)]
        return check
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        check.variant == "range" ? MessageCatalog.text("time.range") : MessageCatalog.text("time")
    }
}
