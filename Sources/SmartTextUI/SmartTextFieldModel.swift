import Foundation
import SmartTextClient

/// The platform-independent part of `UISmartTextField` and `SmartTextField`: it maps what a
/// `UITextFieldDelegate` hears (`shouldChangeCharactersIn`, selection changes, marked text,
/// editing beginning and ending, the return key) onto an ``EditSession``, and decides what the
/// field shows, its errors, its value and its style. The UIKit layer only forwards the delegate's
/// calls and applies what comes back, so everything here is tested on Linux against a live server.
@MainActor
public final class SmartTextFieldModel {
    /// What the field should do with a change UIKit asks about.
    public enum Change: Equatable, Sendable {
        /// Set the field's text and selection to these, and return `false` from the delegate.
        case apply(text: String, selection: NSRange)
        /// Let UIKit make the change (return `true`): an input method's marked text, left alone
        /// until it is committed (``textDidChange(_:selection:hasMarkedText:)``).
        case allow
    }

    /// The session the field's edits go to.
    public let session: EditSession
    /// The field's configuration, once ``configure()`` fetched it.
    public private(set) var configuration: SmartTextFieldConfiguration?
    /// Whether the user is editing the field.
    public private(set) var isEditing = false
    /// Whether the user left the field or submitted it once: errors and the invalid style show from then on.
    public private(set) var touched = false

    /// The field must show this text and selection (an answer arrived, a check reformatted it).
    public var onChange: ((_ text: String, _ selection: NSRange) -> Void)?
    /// The value to submit changed (a text binding's `value`).
    public var onValueChange: ((String) -> Void)?
    /// The errors to show changed.
    public var onErrorsChange: (([RuleFailure]) -> Void)?
    /// The style's state changed.
    public var onStateChange: ((SmartTextFieldState) -> Void)?
    /// The original library's event closures: editing began, editing ended (after the blur check), return pressed.
    public var onBeginEditing: (() -> Void)?
    public var onEndEditing: (() -> Void)?
    public var onReturn: (() -> Void)?

    private let client: SmartTextClient
    private let send: @MainActor (TypedEditsRequest) async throws -> EditAnswer
    /// The text and selection before an input method's marked text began.
    private var beforeMarking: (text: String, selection: NSRange)?
    private var lastValue: String?
    private var lastErrors: [RuleFailure] = []
    private var lastState: SmartTextFieldState = .empty
    private var syncs: [Task<Void, Never>] = []

    /// A model for the registry field `field`; `send` makes the edit requests (by default the
    /// client's `edit`; a test delays it).
    public init(
        field: String, client: SmartTextClient, text: String = "",
        send: (@MainActor (TypedEditsRequest) async throws -> EditAnswer)? = nil
    ) {
        self.client = client
        self.send = send ?? { try await client.edit($0) }
        session = EditSession(field: FieldNames(stringLiteral: field), text: text)
        session.onChange = { [weak self] text, selection in
            guard let self else { return }
            self.onChange?(text, selection)
            self.notify()
        }
    }

    /// Fetches the field's configuration (`GET /v1/fields/{name}`): placeholder, keyboard, content
    /// type, secure entry, `maxLength`, and the characters it accepts.
    @discardableResult
    public func configure() async throws -> SmartTextFieldConfiguration {
        let description = try await client.field(session.field.all[0])
        let configuration = SmartTextFieldConfiguration(description)
        self.configuration = configuration
        session.accepts = configuration.accepts
        return configuration
    }

    /// The field's state for its style.
    public var state: SmartTextFieldState {
        SmartTextFieldState.of(text: session.text, isEditing: isEditing, touched: touched, answer: session.answer)
    }

    /// The errors to show: the newest answer's, once the user left the field (or submitted it).
    public var errors: [RuleFailure] {
        touched ? session.answer?.errors ?? lastErrors : []
    }

    /// The value to submit (the text while no answer has come).
    public var value: String {
        session.answer?.value ?? lastValue ?? session.text
    }

    // MARK: - The delegate's calls

    /// `textField(_:shouldChangeCharactersIn:replacementString:)`; `hasMarkedText` is whether the
    /// field has marked text (`markedTextRange != nil`).
    public func shouldChangeCharacters(
        in range: NSRange, replacementString: String, hasMarkedText: Bool = false
    ) -> Change {
        if hasMarkedText || beforeMarking != nil {
            if beforeMarking == nil { beforeMarking = (session.text, session.selection) }
            return .allow
        }
        let shown = session.edit(shouldChangeCharactersIn: range, replacementString: replacementString)
        startSync()
        notify()
        return .apply(text: shown.text, selection: shown.selection)
    }

    /// The field's text changed without ``shouldChangeCharacters(in:replacementString:hasMarkedText:)``
    /// applying it (`.editingChanged`): marked text committed, autofill, dictation. What changed
    /// from the text before is one edit; returns what the field must show when it differs.
    public func textDidChange(_ text: String, selection: NSRange, hasMarkedText: Bool) -> (String, NSRange)? {
        if hasMarkedText {
            if beforeMarking == nil { beforeMarking = (session.text, session.selection) }
            return nil
        }
        let before = beforeMarking ?? (session.text, session.selection)
        beforeMarking = nil
        guard text != before.text else { return nil }
        let change = Self.difference(before.text, text, caret: selection.location + selection.length)
        if change.range != before.selection {
            // Not where the caret was (a word the input method replaced, an autofill): an edit of that
            // range, moved onto the formatted text rather than replayed at the caret.
            session.select(change.range, anchor: nil)
        }
        let replacesAll = change.range.length > 0 && change.range.length == before.text.utf16.count
        session.edit(
            shouldChangeCharactersIn: change.range, replacementString: change.text,
            inputType: change.text.isEmpty ? .deleteContentBackward : replacesAll ? .insertReplacementText : nil)
        startSync()
        notify()
        return (session.text, session.selection)
    }

    /// `textFieldDidChangeSelection(_:)`: a caret move; `anchor` when Home, End or select-all made it.
    public func selectionDidChange(_ selection: NSRange, anchor: CaretAnchor? = nil) {
        guard beforeMarking == nil, selection != session.selection || anchor != nil else { return }
        session.select(selection, anchor: anchor)
    }

    /// `textFieldDidBeginEditing(_:)`.
    public func beginEditing() {
        isEditing = true
        onBeginEditing?()
        notify()
    }

    /// `textFieldDidEndEditing(_:)`: the blur check once the edits are answered, then its errors show.
    public func endEditing() async {
        isEditing = false
        touched = true
        await settle()
        if let shown = try? await session.check(.blur, using: client) { onChange?(shown.text, shown.selection) }
        onEndEditing?()
        notify()
    }

    /// `textFieldShouldReturn(_:)`: what the form's navigation says to do.
    public func returnPressed(in navigation: FormNavigation?, name: String) -> FormNavigation.ReturnAction {
        onReturn?()
        return navigation?.returnAction(for: name) ?? .submit
    }

    /// Waits until no edit waits for its answer.
    public func settle() async {
        while !syncs.isEmpty {
            let running = syncs
            syncs = []
            for sync in running { await sync.value }
        }
    }

    // MARK: - Internals

    private func startSync() {
        let send = send
        syncs.append(Task { [session] in try? await session.sync(sending: send) })
    }

    private func notify() {
        if let answer = session.answer {
            lastValue = answer.value
            lastErrors = answer.errors
        }
        let value = self.value
        let errors = self.errors
        let state = self.state
        if value != lastNotifiedValue {
            lastNotifiedValue = value
            onValueChange?(value)
        }
        if errors != lastShownErrors {
            lastShownErrors = errors
            onErrorsChange?(errors)
        }
        if state != lastState {
            lastState = state
            onStateChange?(state)
        }
    }

    private var lastShownErrors: [RuleFailure] = []
    private var lastNotifiedValue: String?

    /// The replacement turning `before` into `after` whose inserted text ends at `caret` when the
    /// texts allow it (UTF-16 offsets): what an input method or an autofill changed.
    static func difference(_ before: String, _ after: String, caret: Int) -> (range: NSRange, text: String) {
        let old = Array(before.utf16)
        let new = Array(after.utf16)
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = old.count - suffix - prefix
        let inserted = new.count - suffix - prefix
        var start = prefix
        // Slide left while the inserted text would end after the caret and the texts still agree.
        while start > 0 && start + inserted > caret {
            let candidate = start - 1
            let replaced =
                Array(old[..<candidate]) + new[candidate..<(candidate + inserted)] + old[(candidate + removed)...]
            guard replaced == new else { break }
            start = candidate
        }
        let text = String(decoding: new[start..<(start + inserted)], as: UTF16.self)
        return (NSRange(location: start, length: removed), text)
    }
}
