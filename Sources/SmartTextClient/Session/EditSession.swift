import Foundation

/// One text field's side of the conversation with the service: the text the field shows, its
/// selection and the `seq` of the newest request. A `UITextFieldDelegate` (or a SwiftUI
/// coordinator) keeps one per field.
///
/// In `textField(_:shouldChangeCharactersIn:replacementString:)`, hand the edit to
/// ``edit(shouldChangeCharactersIn:replacementString:using:)`` in a `Task` and **return `false`**:
/// the field must not change by itself. When the answer comes, set the field's `text` and
/// `selectedTextRange` from the result yourself. Keep ``selection`` current from
/// `textFieldDidChangeSelection(_:)`, and call ``reset(text:selection:)`` when the app sets the
/// text itself.
///
/// Edits made while an answer is on its way wait for it, and are then moved onto the new text
/// (a keystroke at the caret goes to the new caret), so fast typing on a slow network loses no
/// characters. Offsets are UTF-16 code units, as in `NSRange`.
@MainActor
public final class EditSession {
    /// The field configuration edits are sent with.
    public let field: FieldNames
    /// The language of the messages; `nil` for the client's.
    public var locale: String?
    /// The text the field shows.
    public private(set) var text: String
    /// The field's selection (a caret when `length` is 0); keep it current from
    /// `textFieldDidChangeSelection(_:)`.
    public var selection: NSRange
    /// The newest answer applied: its `errors`, `state`, `value`, `complete`, `meta`.
    public private(set) var answer: EditAnswer?
    /// The `seq` of the newest request made.
    public private(set) var seq = 0

    /// Bumped whenever `text` or the caret is replaced, so that queued edits know to move.
    private var version = 0
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A session for a field showing `text`, the caret at its end unless `selection` is given.
    public init(field: FieldNames, text: String = "", selection: NSRange? = nil, locale: String? = nil) {
        self.field = field
        self.text = text
        self.selection = selection ?? NSRange(location: text.utf16.count, length: 0)
        self.locale = locale
    }

    /// Takes a text the app set itself (a prefill, a clear); answers to earlier requests are dropped.
    public func reset(text: String, selection: NSRange? = nil) {
        self.text = text
        self.selection = selection ?? NSRange(location: text.utf16.count, length: 0)
        answer = nil
        version += 1
        seq += 1
    }

    // MARK: - One step at a time

    /// The request for an edit UIKit reports: `range` of the current text replaced by `replacementString`.
    ///
    /// An empty replacement is `deleteContentBackward` (backspace), one character `insertText`, more
    /// `insertFromPaste`. Each call takes the next `seq`.
    public func request(shouldChangeCharactersIn range: NSRange, replacementString: String) -> SmartTextEdit {
        seq += 1
        let inputType: EditInputType =
            replacementString.isEmpty
            ? .deleteContentBackward : replacementString.count > 1 ? .insertFromPaste : .insertText
        return SmartTextEdit(
            field: field, text: text, range: TextRange(range), replacement: replacementString, inputType: inputType,
            locale: locale, seq: seq)
    }

    /// Takes an answer: the text to show and the selection (a caret) to set, or `nil` when the
    /// answer is older than the newest request made, which must then be ignored.
    public func apply(_ answer: EditAnswer) -> (text: String, selection: NSRange)? {
        if let answerSeq = answer.seq, answerSeq < seq { return nil }
        self.answer = answer
        text = answer.text
        selection = NSRange(location: answer.caret, length: 0)
        version += 1
        return (text, selection)
    }

    // MARK: - The whole round trip

    /// Sends an edit UIKit reports and applies its answer: the text and the selection to set on
    /// the field, or `nil` when there is nothing to set (a newer answer won, or the edit became
    /// empty). Edits are sent one at a time, in order.
    public func edit(
        shouldChangeCharactersIn range: NSRange, replacementString: String, using client: SmartTextClient
    ) async throws -> (text: String, selection: NSRange)? {
        let base = Snapshot(text: text, selection: selection)
        let baseVersion = version
        await waitForTurn()
        defer { endTurn() }
        var range = range
        if version != baseVersion {
            guard let moved = Self.move(range, from: base, to: Snapshot(text: text, selection: selection)) else {
                return nil
            }
            range = moved
        }
        let answer = try await client.edit(
            request(shouldChangeCharactersIn: range, replacementString: replacementString))
        return apply(answer)
    }

    /// Formats and validates the whole text on `blur` (the user left the field) or `submit`, and
    /// applies the answer; its ``answer``'s `errors` are then the ones to show.
    public func check(
        _ event: EditEvent = .blur, using client: SmartTextClient
    ) async throws -> (text: String, selection: NSRange)? {
        await waitForTurn()
        defer { endTurn() }
        seq += 1
        let answer = try await client.format(
            FormatRequest(field: field, text: text, event: event, locale: locale, seq: seq))
        return apply(answer)
    }

    private func waitForTurn() async {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
    }

    private func endTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
