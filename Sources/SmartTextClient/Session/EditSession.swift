import Foundation

/// One text field's side of the conversation with the service, for UIKit and SwiftUI: every
/// edit shows at once, and the service's formatting merges in when it arrives, whatever the
/// round trip. A `UITextFieldDelegate` (or a SwiftUI coordinator) keeps one per field.
///
/// In `textField(_:shouldChangeCharactersIn:replacementString:)`, pass the edit to
/// ``edit(shouldChangeCharactersIn:replacementString:inputType:)``, set the field's `text` and
/// `selectedTextRange` from what it returns, **return `false`**, and start
/// `Task { try await session.sync(using: client) }`. Set ``onChange`` to put an answer's text
/// and selection on the field. Report caret moves from `textFieldDidChangeSelection(_:)` with
/// ``select(_:anchor:)``, and call ``reset(text:selection:)`` when the app sets the text itself.
///
/// At most one request is in flight: the edits made meanwhile go together in the next one, each
/// with its range on the text the user saw and, when known, where the caret was (its anchor).
/// When an answer arrives, the edits made since move onto its text through the answer's `map`, so
/// nothing the user did is lost or reordered, and the service replays anchored keys exactly where
/// they were made: the final text and caret are those of typing with no latency. Offsets are
/// UTF-16 code units, as in `NSRange`.
@MainActor
public final class EditSession {
    /// The field configuration edits are sent with.
    public let field: FieldNames
    /// The language of the messages; `nil` for the client's.
    public var locale: String?
    /// The phone region (`GB`) of fields without one; `nil` for the locale's.
    public var region: String?
    /// The characters the field can take (from ``FieldDescription/accepts``); others are refused
    /// at once. `nil` takes everything.
    public var accepts: AcceptedCharacters?
    /// The text the field shows.
    public private(set) var text: String
    /// The field's selection (a caret when `length` is 0).
    public private(set) var selection: NSRange
    /// The newest answer for the text shown (none while edits wait): its `errors`, `state`, `value`.
    public private(set) var answer: EditAnswer?
    /// Called when an answer changes what the field shows: set its text and selection.
    public var onChange: ((_ text: String, _ selection: NSRange) -> Void)?
    /// The `seq` of the newest request made.
    public private(set) var seq = 0

    /// The last answer's text and caret: the starting point of the edits in ``queued`` and ``sent``.
    private var base: String
    private var baseCaret: Int
    /// The edits of the request in flight, and those made since.
    private var sent: [TypedEdit]?
    private var queued: [TypedEdit] = []
    /// Where the caret is in terms the service can replay; nil after a tap or an arrow key.
    private var anchor: CaretAnchor? = .caret
    /// Bumped when the text is set from outside: answers to older requests are dropped.
    private var generation = 0
    /// The registry version of the answers taken (nil before the first), the versions left behind, and the
    /// answers of a left version not taken in a row. While a registry change reaches the replicas of a pool
    /// one by one, an answer may come from a replica it has not reached: once the session has taken an answer
    /// of a new version, answers of the versions it left are not taken (up to three in a row: after that the
    /// pool went back), and their edits go again, so the text changes layout once.
    private var registry: String?
    private var retired: Set<String> = []
    private var staleAnswers = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A session for a field showing `text`, the caret at its end unless `selection` is given.
    public init(field: FieldNames, text: String = "", selection: NSRange? = nil, locale: String? = nil) {
        self.field = field
        self.text = text
        self.selection = selection ?? NSRange(location: text.utf16.count, length: 0)
        self.base = text
        self.baseCaret = self.selection.location + self.selection.length
        self.locale = locale
    }

    /// True when an edit waits for its answer.
    public var isBusy: Bool { sent != nil || !queued.isEmpty }

    /// Takes a text the app set itself (a prefill, a clear); answers to earlier requests are dropped.
    public func reset(text: String, selection: NSRange? = nil) {
        self.text = text
        self.selection = selection ?? NSRange(location: text.utf16.count, length: 0)
        base = text
        baseCaret = self.selection.location + self.selection.length
        sent = nil
        queued = []
        anchor = .caret
        answer = nil
        generation += 1
        resumeWaiters()
    }

    // MARK: - What the user does

    /// Applies an edit UIKit reports, at once: the text and selection to show now. Characters the
    /// field can never take are dropped; when nothing is left of a typed text, the text stays and
    /// the selection collapses to its start, as the service would answer. An empty replacement is
    /// `deleteContentBackward` unless `inputType` says otherwise, one character `insertText`,
    /// more `insertFromPaste`.
    @discardableResult
    public func edit(
        shouldChangeCharactersIn range: NSRange, replacementString: String, inputType: EditInputType? = nil
    ) -> (text: String, selection: NSRange) {
        let replacement = accepts?.filter(replacementString) ?? replacementString
        if !replacementString.isEmpty && replacement.isEmpty {
            selection = NSRange(location: range.location, length: 0)
            if anchor == .all { anchor = .start }
            return (text, selection)
        }
        let type =
            inputType
            ?? (replacementString.isEmpty
                ? .deleteContentBackward : replacementString.count > 1 ? .insertFromPaste : .insertText)
        queued.append(
            TypedEdit(range: TextRange(range), replacement: replacement, inputType: type, anchor: anchor))
        text = Self.splice(text, range, replacement)
        selection = NSRange(location: range.location + replacement.utf16.count, length: 0)
        anchor = .caret
        answer = nil
        return (text, selection)
    }

    /// The user moved the caret or the selection; `anchor` says how when it was Home (`start`),
    /// End (`end`) or select-all (`all`), nil for a tap or an arrow key.
    public func select(_ selection: NSRange, anchor: CaretAnchor? = nil) {
        guard selection != self.selection || anchor != nil else { return }
        self.selection = selection
        self.anchor = anchor
    }

    // MARK: - The service

    /// Sends the edits waiting and merges the answers, until nothing waits; returns at once when
    /// another call is already sending (it takes these edits along). A network error or a server
    /// error keeps what the field shows (nothing typed is lost) and is rethrown; the next edit
    /// that gets an answer formats the whole text. A problem (a 4xx) puts back the last answer's
    /// text, calls ``onChange``, and is rethrown.
    public func sync(using client: SmartTextClient) async throws {
        try await sync { try await client.edit($0) }
    }

    /// ``sync(using:)`` with the request sent by `send` (a test delays it, an app may add headers).
    public func sync(sending send: (TypedEditsRequest) async throws -> EditAnswer) async throws {
        while sent == nil, !queued.isEmpty {
            let edits = queued
            queued = []
            sent = edits
            seq += 1
            let request = TypedEditsRequest(
                field: field, text: base, caret: baseCaret, edits: edits, locale: locale, region: region, seq: seq)
            let requestGeneration = generation
            var answer: EditAnswer?
            var failure: Error?
            // No answer (a replica killed, one draining, a balancer's 502 or 503): the same request goes again
            // at once, twice at most — behind a balancer, to another replica.
            for attempt in 0..<3 where answer == nil {
                do {
                    answer = try await send(request)
                } catch {
                    failure = error
                    if case SmartTextError.problem(let status, _, _, _) = error, status < 500 { break }
                    if case SmartTextError.decoding = error { break }
                    if attempt == 2 || requestGeneration != generation { break }
                }
            }
            guard let answer else {
                let error = failure ?? CancellationError()
                guard requestGeneration == generation else { return }
                if case SmartTextError.problem(let status, _, _, _) = error, status < 500 {
                    reset(text: request.text, selection: NSRange(location: request.caret ?? 0, length: 0))
                    onChange?(text, selection)
                } else {
                    // No answer: what is shown stays, and is the starting point of the next request.
                    let keep = anchor
                    reset(text: text, selection: selection)
                    anchor = keep
                }
                throw error
            }
            guard requestGeneration == generation else { return }
            if leftBehind(answer) {
                // A replica the roll-out has not reached: not taken; its edits go again with those made since.
                queued = edits + queued
                sent = nil
                continue
            }
            receive(answer)
            onChange?(text, selection)
        }
        resumeWaiters()
    }

    /// Formats and validates the whole text on `blur` (the user left the field) or `submit`, once no
    /// edit waits, and applies the answer; its ``answer``'s `errors` are then the ones to show.
    public func check(
        _ event: EditEvent = .blur, using client: SmartTextClient
    ) async throws -> (text: String, selection: NSRange)? {
        if isBusy { await withCheckedContinuation { waiting.append($0) } }
        seq += 1
        let mine = seq
        let checked = text
        let answer = try await client.format(
            FormatRequest(field: field, text: checked, event: event, locale: locale, region: region, seq: mine))
        guard mine == seq, checked == text, !isBusy else { return nil }
        let caret = min(selection.location + selection.length, answer.text.utf16.count)
        reset(text: answer.text, selection: NSRange(location: caret, length: 0))
        self.answer = answer
        return (text, selection)
    }

    /// An answer to the request in flight: the edits made since move onto its text.
    /// True for an answer of a registry version this session has left (see `registry`).
    private func leftBehind(_ answer: EditAnswer) -> Bool {
        if let version = answer.registry, let current = registry, version != current {
            if retired.contains(version) && staleAnswers < 3 {
                staleAnswers += 1
                return true
            }
            retired.insert(current)
            retired.remove(version)
        }
        if let version = answer.registry { registry = version }
        staleAnswers = 0
        return false
    }

    private func receive(_ answer: EditAnswer) {
        guard let answerMap = answer.map, !answerMap.isEmpty else {
            // A service without batches: keep what is shown as the starting point.
            let keep = anchor
            reset(text: text, selection: selection)
            anchor = keep
            return
        }
        base = answer.text
        baseCaret = answer.caret
        sent = nil
        let (moved, map) = Self.rebase(queued, through: answerMap)
        queued = moved
        var shown = answer.text
        for edit in moved { shown = Self.splice(shown, edit.range.nsRange, edit.replacement) }
        text = shown
        let length = shown.utf16.count
        if !moved.isEmpty || anchor == nil {
            let start = map[min(selection.location, map.count - 1)]
            let end = map[min(selection.location + selection.length, map.count - 1)]
            selection = NSRange(location: start, length: end - start)
        } else {
            switch anchor {
            case .start?: selection = NSRange(location: 0, length: 0)
            case .end?: selection = NSRange(location: length, length: 0)
            case .all?: selection = NSRange(location: 0, length: length)
            default: selection = NSRange(location: answer.caret, length: 0)
            }
        }
        self.answer = moved.isEmpty ? answer : nil
    }

    private func resumeWaiters() {
        guard !isBusy else { return }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    // MARK: - Text

    /// Moves edits made on a text onto the answer for it: each edit's range through `map` (every
    /// position of the text, in the answer), which is then extended over the edit. Returns the
    /// moved edits (anchors kept) and the map of the last text's positions; the service moves
    /// ranges the same way.
    nonisolated static func rebase(_ edits: [TypedEdit], through map: [Int]) -> ([TypedEdit], [Int]) {
        var positions = map
        var moved: [TypedEdit] = []
        for edit in edits {
            let inserted = edit.replacement.utf16.count
            let (lower, upper) = (edit.range.start, edit.range.end)
            let start = positions[lower]
            let end = max(positions[upper], start)
            var copy = edit
            copy.range = TextRange(start: start, end: end)
            moved.append(copy)
            let count = positions.count - 1 - (upper - lower) + inserted
            positions = (0...count).map { position in
                if position <= lower { return positions[position] }
                if position <= lower + inserted { return start + position - lower }
                return positions[position - inserted + upper - lower] - end + start + inserted
            }
        }
        return (moved, positions)
    }

    nonisolated static func splice(_ text: String, _ range: NSRange, _ replacement: String) -> String {
        let units = Array(text.utf16)
        let lower = min(range.location, units.count)
        let upper = min(range.location + range.length, units.count)
        return String(decoding: units[..<lower] + Array(replacement.utf16) + units[upper...], as: UTF16.self)
    }
}
