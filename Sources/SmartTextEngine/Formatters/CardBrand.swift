/// A payment card brand: how its numbers start, how long they are, how they are grouped.
public struct CardBrand: Sendable, Equatable {
    /// The name in answers and options (`visa`, `amex`, ...).
    public let id: String
    /// Inclusive ranges of number prefixes (`51...55`), each of `digits` digits.
    let prefixes: [(low: Int, high: Int, digits: Int)]
    /// Valid lengths, ascending.
    public let lengths: [Int]
    /// Digit positions a space goes before (`[4, 8, 12]` → `4242 4242 4242 4242`).
    public let gaps: [Int]
    /// The usual length: from it on, a number of a length the brand issues that passes the Luhn check
    /// is complete (a shorter one is valid but not complete: more digits may follow, as a 13-digit
    /// Visa number's first 13 digits do not tell it from a 16-digit one's).
    public let usualLength: Int
    /// Digits of the card security code.
    public let securityCodeLength: Int

    /// The longest valid number.
    public var maxLength: Int { lengths.last! }

    public static func == (lhs: CardBrand, rhs: CardBrand) -> Bool { lhs.id == rhs.id }

    private init(
        _ id: String, _ prefixes: [(String, String)], lengths: [Int], gaps: [Int], usual: Int, code: Int = 3
    ) {
        self.id = id
        self.prefixes = prefixes.map { (low: Int($0.0)!, high: Int($0.1)!, digits: $0.0.count) }
        self.lengths = lengths
        self.gaps = gaps
        self.usualLength = usual
        self.securityCodeLength = code
    }

    private static func one(_ prefix: String) -> (String, String) { (prefix, prefix) }

    /// The seven common brands and Maestro, in order of preference when two match equally.
    ///
    /// Lengths are the ranges the networks publish for the account numbers they issue (ISO/IEC 7812
    /// allows 8 to 19 digits): Visa 13 to 19, Mastercard 16, American Express 15, Diners Club 14 to 19,
    /// Discover 16 to 19, JCB 16 to 19, UnionPay 16 to 19, Maestro 12 to 19. Groups of four, a last
    /// group of three for 19 digits (`4716 9895 8000 1715 211`); American Express `4-6-5` and Diners
    /// Club `4-6-4` as their cards are printed, Diners Club's longer numbers going on in fours
    /// (`3056 930009 0200 04`) so that no digit moves while one is typed.
    public static let all: [CardBrand] = [
        CardBrand("visa", [one("4")], lengths: Array(13...19), gaps: [4, 8, 12, 16], usual: 16),
        CardBrand(
            "mastercard", [("51", "55"), ("2221", "2720")], lengths: [16], gaps: [4, 8, 12], usual: 16),
        CardBrand("amex", [one("34"), one("37")], lengths: [15], gaps: [4, 10], usual: 15, code: 4),
        CardBrand(
            "diners", [("300", "305"), one("3095"), one("36"), ("38", "39")], lengths: Array(14...19),
            gaps: [4, 10, 14], usual: 14),
        CardBrand(
            "discover", [one("6011"), ("644", "649"), one("65")], lengths: Array(16...19), gaps: [4, 8, 12, 16],
            usual: 16),
        CardBrand("jcb", [("3528", "3589")], lengths: Array(16...19), gaps: [4, 8, 12, 16], usual: 16),
        CardBrand(
            "unionpay", [one("62"), one("81")], lengths: Array(16...19), gaps: [4, 8, 12, 16], usual: 16),
        CardBrand(
            "maestro",
            [
                one("493698"), ("500000", "504174"), ("504176", "506698"), ("506779", "508999"), ("56", "59"),
                one("63"),
                one("67"), one("6"),
            ],
            lengths: Array(12...19), gaps: [4, 8, 12, 16], usual: 16),
    ]

    /// Grouping and length for a number whose brand is not known (yet).
    public static let unknown = CardBrand(
        "unknown", [], lengths: Array(12...19), gaps: [4, 8, 12, 16], usual: 16)

    /// The brand of a number (ASCII digits): the most specific prefix that
    /// matches in full; nil when none does yet.
    public static func detect<Digits: Collection<Unicode.Scalar>>(_ digits: Digits) -> CardBrand? {
        // The first (up to) six digits as a number.
        var head = 0
        var count = 0
        for digit in digits.prefix(6) {
            head = head * 10 + Int(digit.value &- 0x30)
            count += 1
        }
        // The ranges scaled to `count` digits, most specific first: the first that holds `head` wins.
        for index in rangeStarts[count]..<rangeStarts[count + 1] {
            let range = scaledRanges[index]
            if head >= range.low && head <= range.high { return all[range.brand] }
        }
        return nil
    }

    /// A prefix range scaled to a number of leading digits: a prefix of `d`
    /// digits `low...high` holds a `c`-digit head (c ≥ d) when the head lies in
    /// `low·10^(c−d) ... (high+1)·10^(c−d) − 1`, so no division is needed
    /// (BENCHMARKS.md items 2 and 9).
    private struct ScaledRange {
        var low: Int
        var high: Int
        var brand: Int
    }

    /// For each head length c (0...6), at `rangeStarts[c]..<rangeStarts[c + 1]`:
    /// every prefix of at most c digits, the longest prefixes first and, among
    /// equally long ones, the brands in the order of `all`.
    private static let (scaledRanges, rangeStarts): ([ScaledRange], [Int]) = {
        var ranges: [ScaledRange] = []
        var starts: [Int] = []
        for count in 0...6 {
            starts.append(ranges.count)
            var scale = 1
            for digits in stride(from: count, through: 1, by: -1) {
                for (brand, card) in all.enumerated() {
                    for prefix in card.prefixes where prefix.digits == digits {
                        ranges.append(
                            ScaledRange(low: prefix.low * scale, high: (prefix.high + 1) * scale - 1, brand: brand))
                    }
                }
                scale *= 10
            }
        }
        starts.append(ranges.count)
        return (ranges, starts)
    }()

    /// The brand for formatting: a detected brand, else the only brand a
    /// partial number can still become, else `unknown`.
    static func layoutBrand(_ digits: [Unicode.Scalar], detected: CardBrand?) -> CardBrand {
        if let brand = detected { return brand }
        guard !digits.isEmpty else { return unknown }
        var head = 0
        for digit in digits.prefix(6) { head = head * 10 + Int(digit.value &- 0x30) }
        let count = min(digits.count, 6)
        var candidate: CardBrand? = nil
        for brand in all {
            let possible = brand.prefixes.contains { prefix in
                guard prefix.digits > count else { return false }
                var scale = 1
                for _ in 0..<(prefix.digits - count) { scale *= 10 }
                return head >= prefix.low / scale && head <= prefix.high / scale
            }
            guard possible else { continue }
            if candidate != nil { return unknown }
            candidate = brand
        }
        return candidate ?? unknown
    }

    /// The Luhn (mod 10) check of a digit string.
    public static func luhn<Digits: BidirectionalCollection<Unicode.Scalar>>(_ digits: Digits) -> Bool {
        guard !digits.isEmpty else { return false }
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            guard digit.value >= 0x30 && digit.value <= 0x39 else { return false }
            var value = Int(digit.value - 0x30)
            if position % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }
}
