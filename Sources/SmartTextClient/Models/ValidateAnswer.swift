/// The verdict on a form, or on several loose fields.
public struct ValidateAnswer: Sendable, Hashable, Codable {
    /// One field's verdict.
    public struct FieldVerdict: Sendable, Hashable, Codable {
        /// The formatted text.
        public var text: String
        /// What to submit.
        public var value: String
        /// Where the text stands.
        public var state: TextState
        /// Every validator passes.
        public var valid: Bool
        /// Failed rules: the messages to show.
        public var errors: [RuleFailure]
        /// Every rule evaluated.
        public var results: [RuleOutcome]
        /// What the formatters found: a phone number's `e164`, a date's ISO `date`, a time's `time`.
        public var meta: [String: SmartTextJSON]

        private enum CodingKeys: String, CodingKey { case text, value, state, valid, errors, results, meta }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            value = try container.decode(String.self, forKey: .value)
            state = try container.decode(TextState.self, forKey: .state)
            valid = try container.decode(Bool.self, forKey: .valid)
            errors = try container.decode([RuleFailure].self, forKey: .errors)
            results = try container.decode([RuleOutcome].self, forKey: .results)
            // Servers before 0.2 do not send it.
            meta = try container.decodeIfPresent([String: SmartTextJSON].self, forKey: .meta) ?? [:]
        }
    }

    /// A problem with the submission as a whole (`unknownField` for a key the form does not have).
    public struct FormError: Sendable, Hashable, Codable {
        /// The key it concerns.
        public var field: String
        /// The rule's name.
        public var rule: String
        /// The message to show.
        public var message: String
    }

    /// Every field is valid and there is no form error.
    public var valid: Bool
    /// The form checked, when the request named one.
    public var form: String?
    /// One verdict per field.
    public var fields: [String: FieldVerdict]
    /// Problems with the submission as a whole.
    public var errors: [FormError]
    /// The version of the registry the verdict was reached with, for a backend to log (a server before 0.2
    /// does not send it).
    public var registry: String?
}
