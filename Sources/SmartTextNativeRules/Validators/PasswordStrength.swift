internal import CZxcvbn
import SmartTextEngine

/// zxcvbn's estimate of how hard a password is to guess.
public struct PasswordStrength: Sendable, Equatable {
    /// 0 (too guessable) to 4 (very unguessable), on the scale of zxcvbn's JavaScript original:
    /// fewer than 10³ guesses is 0, 10⁶ is 1, 10⁸ is 2, 10¹⁰ is 3.
    public var score: Int
    /// log2 of the estimated number of guesses.
    public var entropyBits: Double
    /// What makes it guessable, as zxcvbn's match kinds (`dictionary`, `spatial`, …), most costly first.
    public var weaknesses: [String]

    /// Estimates a password's strength with zxcvbn-c (dictionary, keyboard patterns, sequences, dates…).
    public init(_ password: String) {
        var matches: UnsafeMutablePointer<ZxcMatch_t>? = nil
        let bits = ZxcvbnMatch(password, nil, &matches)
        var kinds: [(String, Double)] = []
        var cursor = matches
        while let match = cursor {
            if let kind = Self.kind(match.pointee.Type) { kinds.append((kind, match.pointee.Entrpy)) }
            cursor = match.pointee.Next
        }
        ZxcvbnFreeInfo(matches)
        entropyBits = bits
        let thresholds = [9.97, 19.93, 26.58, 33.22]  // log2 of 10³, 10⁶, 10⁸, 10¹⁰ guesses
        score = thresholds.firstIndex { bits < $0 } ?? 4
        var seen: Set<String> = []
        weaknesses = kinds.sorted { $0.1 < $1.1 }.map(\.0).filter { seen.insert($0).inserted }
    }

    private static func kind(_ type: ZxcTypeMatch_t) -> String? {
        let base = type.rawValue & ~UInt32(MULTIPLE_MATCH.rawValue)
        switch base {
        case DICTIONARY_MATCH.rawValue, DICT_LEET_MATCH.rawValue, USER_MATCH.rawValue, USER_LEET_MATCH.rawValue:
            return "dictionary"
        case REPEATS_MATCH.rawValue: return "repeat"
        case SEQUENCE_MATCH.rawValue: return "sequence"
        case SPATIAL_MATCH.rawValue: return "spatial"
        case DATE_MATCH.rawValue, YEAR_MATCH.rawValue: return "date"
        default: return nil
        }
    }
}
