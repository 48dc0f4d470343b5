public import SmartTextEngine
public import SmartTextJSON
internal import SmartTextSupport

/// `passwordStrength {minScore}`: zxcvbn's score (0–4) reaches `minScore`
/// (default 3). The result carries `score` and `feedback`
/// (`{warning, suggestions}`) in the request's language (English or
/// Simplified Chinese). Typing more can make
/// a password stronger, so a failure is `incomplete`.
///
/// zxcvbn rates the first ``consideredLength`` characters only: its matching
/// grows steeply with repeats (`1212…` took 0.2 s at 64 characters and 1.9 s at
/// 128), and a longer password is not weaker than its start.
public struct PasswordStrengthValidator: Validator {
    public let name = "passwordStrength"
    public let minScore: Int

    public init(minScore: Int = 3) {
        self.minScore = minScore
    }

    public var parameters: [String: String] { ["minScore": String(minScore)] }

    /// The characters zxcvbn rates: at most about 2 ms for the worst input found (repeated
    /// digit pairs; 6 ms at 32 characters, 0.2 s at 64).
    public static let consideredLength = 24

    /// zxcvbn costs about 100 µs a password, and a form check or a keystroke
    /// repeats the same password: verdicts are cached under Swift's per-process
    /// seeded SipHash of the rated prefix, so no password text is kept in memory
    /// (BENCHMARKS.md items 6 and 8).
    private static let verdicts = BoundedCache<Int, RuleCheck>(limit: 1024)

    public func check(_ input: ValidationInput) -> RuleCheck {
        let rated = Self.ratedPart(of: input.value)
        var hasher = Hasher()
        hasher.combine(minScore)
        hasher.combine(rated)
        return Self.verdicts.value(for: hasher.finalize()) { verdict(String(rated)) }
    }

    /// The first ``consideredLength`` characters of a password.
    static func ratedPart(of password: String) -> Substring {
        var end = password.startIndex
        var count = 0
        while end != password.endIndex && count < consideredLength {
            password.formIndex(after: &end)
            count += 1
        }
        return password[..<end]
    }

    private func verdict(_ password: String) -> RuleCheck {
        let strength = PasswordStrength(password)
        var details: JSONObject = ["score": .integer(Int64(strength.score))]
        details["feedback"] = .object(Self.feedback(strength))
        return RuleCheck(valid: strength.score >= minScore, incomplete: true, details: details)
    }

    /// The feedback's texts, kept in both languages in the cached verdict, in `locale`.
    public func details(for check: RuleCheck, locale: LocalePreference) -> JSONObject {
        var details = check.details
        guard case .object(var feedback)? = details["feedback"] else { return details }
        func resolved(_ value: JSONValue) -> JSONValue {
            guard case .object(let texts) = value else { return value }
            let entries = texts.members.compactMap { member -> (String, String)? in
                if case .string(let text) = member.value { (member.key, text) } else { nil }
            }
            return .string(LocalizedText(entries).resolve(locale))
        }
        if let warning = feedback["warning"] { feedback["warning"] = resolved(warning) }
        if case .array(let suggestions)? = feedback["suggestions"] {
            feedback["suggestions"] = .array(suggestions.map(resolved))
        }
        details["feedback"] = .object(feedback)
        return details
    }

    /// zxcvbn-c reports what it matched, not sentences: the advice is written here, in both languages.
    static func feedback(_ strength: PasswordStrength) -> JSONObject {
        let warnings: [String: (String, String)] = [
            "dictionary": ("This is similar to a commonly used password or word", "与常用密码或单词相似"),
            "spatial": ("Straight rows of keys or keyboard patterns are easy to guess", "键盘上连续的按键很容易被猜到"),
            "repeat": ("Repeats like \"aaa\" or \"abcabc\" are easy to guess", "重复的字符（如 aaa 或 abcabc）很容易被猜到"),
            "sequence": ("Sequences like \"abc\" or \"6543\" are easy to guess", "序列（如 abc 或 6543）很容易被猜到"),
            "date": ("Dates and years are easy to guess", "日期和年份很容易被猜到"),
        ]
        var feedback = JSONObject()
        if strength.score < 3, let kind = strength.weaknesses.first, let warning = warnings[kind] {
            feedback["warning"] = ["en": .string(warning.0), "zh-Hans": .string(warning.1)]
        }
        var suggestions: [JSONValue] = []
        if strength.score < 4 {
            suggestions.append([
                "en": "Add another word or two; uncommon words are better", "zh-Hans": "再加一两个词，越不常见越好",
            ])
        }
        if strength.weaknesses.contains("dictionary") {
            suggestions.append([
                "en": "Avoid common words, names and passwords", "zh-Hans": "避免使用常见单词、姓名和密码",
            ])
        }
        feedback["suggestions"] = .array(suggestions)
        return feedback
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        LocalizedText([("en", "{label} must be hard to guess"), ("zh-Hans", "{label}须不易被猜到")])
    }
}
