/// The answer to an edit or a format: the text to show, where the caret goes, the value to
/// submit and the validation results. Members added to the API later are ignored.
public struct EditAnswer: Sendable, Hashable, Codable {
    /// The smallest replacement that turns the request's text into `text`.
    public struct Change: Sendable, Hashable, Codable {
        /// Where the replaced part starts, in the request's text.
        public var start: Int
        /// Where the replaced part ends, in the request's text.
        public var end: Int
        /// What replaces it.
        public var text: String
    }

    /// The formatted text.
    public var text: String
    /// Where the caret goes, in the request's units.
    public var caret: Int
    /// What to submit, formatting removed (`4242424242424242`, `1234567.89`).
    public var value: String
    /// Where the text stands.
    public var state: TextState
    /// Every validator passes.
    public var valid: Bool
    /// The format is fully filled (a client may move focus on).
    public var complete: Bool
    /// Failed rules that report on the request's event: the messages to show.
    public var errors: [RuleFailure]
    /// Every rule evaluated, pass or fail.
    public var results: [RuleOutcome]
    /// The edit was refused; the text is as it was.
    public var rejected: Bool
    /// Only part of a paste or replacement fitted.
    public var truncated: Bool
    /// An input method is composing; the text is unformatted until it ends.
    public var deferred: Bool
    /// The smallest replacement from the request's text to `text`.
    public var change: Change
    /// Facts the formatters found (`brand` of a card number).
    public var meta: [String: SmartTextJSON]
    /// The version of the registry that answered (a server before 0.2 does not send it).
    public var registry: String?
    /// The request's `seq`, when it had one.
    public var seq: Int?
    /// For a batch of edits: every position of the client's text after the edits (UTF-16), in `text`.
    public var map: [Int]?
}
