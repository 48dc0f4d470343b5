import Foundation

/// Which validators report errors: `change` while typing (the default), `blur` when the user
/// leaves the field, `submit` when the form is sent. `blur` and `submit` also finish the text
/// (trailing spaces trimmed).
public enum EditEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user is typing.
    case change
    /// The user left the field.
    case blur
    /// The form is being sent.
    case submit
}

/// What offsets count, in a request and in its answer.
public enum OffsetUnits: String, Sendable, Hashable, Codable, CaseIterable {
    /// UTF-16 code units (the default): `NSRange`, `UITextField`, a browser's `selectionStart`.
    case utf16
    /// Unicode scalars.
    case scalars
}

/// What the user did: a W3C Input Events `inputType` name.
public struct EditInputType: RawRepresentable, Sendable, Hashable, Codable {
    /// The W3C name.
    public var rawValue: String

    /// Wraps a W3C name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Typed text (the default for a non-empty replacement).
    public static let insertText = EditInputType(rawValue: "insertText")
    /// Pasted text.
    public static let insertFromPaste = EditInputType(rawValue: "insertFromPaste")
    /// Text replaced by autocorrection or a suggestion.
    public static let insertReplacementText = EditInputType(rawValue: "insertReplacementText")
    /// Text an input method is still composing: applied unformatted, the answer says `deferred`.
    public static let insertCompositionText = EditInputType(rawValue: "insertCompositionText")
    /// Backspace (the default for an empty replacement).
    public static let deleteContentBackward = EditInputType(rawValue: "deleteContentBackward")
    /// Forward delete.
    public static let deleteContentForward = EditInputType(rawValue: "deleteContentForward")
    /// Cut.
    public static let deleteByCut = EditInputType(rawValue: "deleteByCut")
}

/// A range of a text, as offsets (UTF-16 code units unless the request says otherwise).
public struct TextRange: Sendable, Hashable, Codable {
    /// The first offset of the range.
    public var start: Int
    /// The offset just past the range (`start` for an insertion point).
    public var end: Int

    /// A range from `start` to `end`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The range an `NSRange` covers.
    public init(_ range: NSRange) {
        self.init(start: range.location, end: range.location + range.length)
    }

    /// The same range as an `NSRange`.
    public var nsRange: NSRange { NSRange(location: start, length: end - start) }
}
