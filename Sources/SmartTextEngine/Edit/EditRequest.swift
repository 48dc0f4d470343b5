import SmartTextSupport

/// One user edit of a text field: replace `start..<end` of `text` by `replacement`.
public struct EditRequest: Sendable, Equatable {
    /// The text before the edit.
    public var text: String
    /// Start of the replaced range, in `units`.
    public var start: Int
    /// End of the replaced range, in `units` (equal to `start` for a plain insertion).
    public var end: Int
    /// What replaces the range (empty for a deletion).
    public var replacement: String
    /// The W3C Input Events name of what the user did; nil infers it from `replacement`.
    public var inputType: InputType?
    /// The unit of `start`, `end` and of the answer's offsets.
    public var units: OffsetUnit
    /// Which validators report.
    public var event: ValidationEvent

    public init(
        text: String, start: Int, end: Int, replacement: String, inputType: InputType? = nil,
        units: OffsetUnit = .utf16, event: ValidationEvent = .change
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.replacement = replacement
        self.inputType = inputType
        self.units = units
        self.event = event
    }
}

/// The W3C Input Events `inputType` names (Level 2) a browser reports.
public enum InputType: String, Sendable, CaseIterable {
    case insertText, insertReplacementText, insertLineBreak, insertParagraph, insertOrderedList
    case insertUnorderedList, insertHorizontalRule, insertFromYank, insertFromDrop, insertFromPaste
    case insertFromPasteAsQuotation, insertTranspose, insertCompositionText, insertLink
    case deleteWordBackward, deleteWordForward, deleteSoftLineBackward, deleteSoftLineForward
    case deleteEntireSoftLine, deleteHardLineBackward, deleteHardLineForward, deleteByDrag, deleteByCut
    case deleteContent, deleteContentBackward, deleteContentForward
    case historyUndo, historyRedo
    case formatBold, formatItalic, formatUnderline, formatStrikeThrough, formatSuperscript, formatSubscript
    case formatJustifyFull, formatJustifyCenter, formatJustifyRight, formatJustifyLeft, formatIndent
    case formatOutdent, formatRemove, formatSetBlockTextDirection, formatSetInlineTextDirection
    case formatBackColor, formatFontColor, formatFontName

    /// How the engine treats the edit.
    enum Kind {
        /// Text typed, pasted or dropped: the caret follows the last kept inserted character.
        case insertion
        /// Backspace-like: the caret stays before the text after the deletion.
        case deleteBackward
        /// Delete-like: the caret stays after the text before the deletion.
        case deleteForward
        /// A cut or a plain removal of a selection.
        case removal
        /// An IME is composing: the edit is applied unformatted.
        case composition
    }

    func kind(replacementIsEmpty: Bool) -> Kind {
        switch self {
        case .insertCompositionText: return .composition
        case .deleteContentBackward, .deleteWordBackward, .deleteSoftLineBackward, .deleteHardLineBackward:
            return replacementIsEmpty ? .deleteBackward : .insertion
        case .deleteContentForward, .deleteWordForward, .deleteSoftLineForward, .deleteHardLineForward:
            return replacementIsEmpty ? .deleteForward : .insertion
        default: return replacementIsEmpty ? .removal : .insertion
        }
    }
}

/// A request that cannot be applied to its text (the server answers 422).
public enum EditError: Error, Sendable, Equatable {
    /// The range lies outside the text.
    case rangeOutOfBounds(start: Int, end: Int, length: Int, units: OffsetUnit)
    /// `start` is after `end`.
    case reversedRange(start: Int, end: Int)
    /// An offset falls between the two halves of a surrogate pair.
    case splitsSurrogatePair(offset: Int)

    /// A sentence for the client.
    public var message: String {
        switch self {
        case .rangeOutOfBounds(let start, let end, let length, let units):
            let unitName = units == .utf16 ? "UTF-16 code units" : "Unicode scalars"
            return "range \(start)..<\(end) is outside the text, which is \(length) \(unitName) long"
        case .reversedRange(let start, let end):
            return "range.start (\(start)) is after range.end (\(end))"
        case .splitsSurrogatePair(let offset):
            return "offset \(offset) falls inside a surrogate pair; offsets must be between characters"
        }
    }
}
