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
}
