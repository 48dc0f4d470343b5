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

    /// The feedback's texts in `locale`: the cached verdict keeps their catalogue keys.
    public func details(for check: RuleCheck, locale: LocalePreference) -> JSONObject {
        var details = check.details
        guard case .object(var feedback)? = details["feedback"] else { return details }
        func resolved(_ value: JSONValue) -> JSONValue {
            guard case .string(let key) = value else { return value }
            return .string(MessageCatalog.nativeRules.text(key).resolve(locale))
        }
        if let warning = feedback["warning"] { feedback["warning"] = resolved(warning) }
        if case .array(let suggestions)? = feedback["suggestions"] {
            feedback["suggestions"] = .array(suggestions.map(resolved))
        }
        details["feedback"] = .object(feedback)
        return details
    }

    /// zxcvbn-c reports what it matched, not sentences: the advice is the message catalogue's
    /// (`passwordStrength.warning.*`, `passwordStrength.suggestion.*`), by key.
    static func feedback(_ strength: PasswordStrength) -> JSONObject {
        var feedback = JSONObject()
        if strength.score < 3, let kind = strength.weaknesses.first,
            MessageCatalog.nativeRules.has("passwordStrength.warning.\(kind)")
        {
            feedback["warning"] = .string("passwordStrength.warning.\(kind)")
        }
        var suggestions: [JSONValue] = []
        if strength.score < 4 { suggestions.append("passwordStrength.suggestion.addWords") }
        if strength.weaknesses.contains("dictionary") { suggestions.append("passwordStrength.suggestion.avoidCommon") }
        feedback["suggestions"] = .array(suggestions)
        return feedback
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.nativeRules.text("passwordStrength") }
}
