import SmartTextEngine
import SmartTextSupport
import SmartTextTestSupport
import Testing

/// A key a user presses: what both a client that waits for every answer and
/// one that shows each key at once (and sends the keys in a batch) do with it.
enum Keystroke: CustomStringConvertible {
    case type(String)
    case paste(String)
    case backspace
    case delete
    case home
    case end
    /// Select everything (Ctrl+A).
    case selectAll

    var description: String {
        switch self {
        case .type(let text): "type(\(text.debugDescription))"
        case .paste(let text): "paste(\(text.debugDescription))"
        case .backspace: "backspace"
        case .delete: "delete"
        case .home: "home"
        case .end: "end"
        case .selectAll: "selectAll"
        }
    }

    /// The edit this key makes on `text` with the selection `start..<end` (UTF-16), or nil for a caret move;
    /// `selection` is updated as the key moves it. With `accepted`, typed and pasted characters outside it
    /// are dropped first, as a client does with the set discovery gives it (a key of nothing is no edit).
    func edit(
        on text: String, selection: inout (start: Int, end: Int), accepted: AcceptedCharacters = .anything
    ) -> TypedEdit? {
        let offsets = PropertyTests.clusterOffsets(text)
        switch self {
        case .home:
            selection = (0, 0)
            return nil
        case .end:
            selection = (text.utf16.count, text.utf16.count)
            return nil
        case .selectAll:
            selection = (0, text.utf16.count)
            return nil
        case .type(let typed), .paste(let typed):
            let inputType: InputType = if case .paste = self { .insertFromPaste } else { .insertText }
            let replacement = String(String.UnicodeScalarView(typed.unicodeScalars.filter(accepted.contains)))
            if replacement.isEmpty && !typed.isEmpty {
                // Refused at once, as the service would: the text stays, the caret goes to the selection's start.
                selection = (selection.start, selection.start)
                return nil
            }
            return TypedEdit(
                start: selection.start, end: selection.end, replacement: replacement, inputType: inputType)
        case .backspace:
            // With nothing before the caret the edit is still sent: the text the service has may hold
            // something there that the client does not show yet (a `0` an amount supplies).
            var start = selection.start
            if start == selection.end, let previous = offsets.last(where: { $0 < start }) { start = previous }
            return TypedEdit(start: start, end: selection.end, replacement: "", inputType: .deleteContentBackward)
        case .delete:
            var end = selection.end
            if selection.start == end, let next = offsets.first(where: { $0 > end }) { end = next }
            return TypedEdit(start: selection.start, end: end, replacement: "", inputType: .deleteContentForward)
        }
    }
}

/// The batched edit: keys shown at once and sent together give what the same
/// keys give when every one waits for its answer.
@Suite struct TypingTests {
    /// What a client that waits for every answer ends with.
    static func oneAtATime(_ field: Field, _ keys: [Keystroke]) throws -> (text: String, caret: Int) {
        var text = ""
        var selection = (start: 0, end: 0)
        for key in keys {
            guard let edit = key.edit(on: text, selection: &selection),
                edit.start < edit.end || !edit.replacement.isEmpty
            else { continue }
            let answer = try field.edit(
                EditRequest(
                    text: text, start: edit.start, end: edit.end, replacement: edit.replacement,
                    inputType: edit.inputType))
            text = answer.text
            selection = (answer.caret, answer.caret)
        }
        return (text, selection.end)
    }

    /// Moves edits made on a text onto the answer for it: the first edit's range through `map` (the text's
    /// positions in the answer), each later one's through the map extended by the edits before it. Returns
    /// the moved edits and the map of the last text's positions: what smarttext.js and EditSession do.
    static func rebase(_ edits: [TypedEdit], through map: [Int]) -> (edits: [TypedEdit], map: [Int]) {
        var map = map
        var moved: [TypedEdit] = []
        for edit in edits {
            let inserted = edit.replacement.utf16.count
            let start = map[edit.start]
            let end = max(map[edit.end], start)
            moved.append(
                TypedEdit(
                    start: start, end: end, replacement: edit.replacement, inputType: edit.inputType,
                    anchor: edit.anchor))
            let count = map.count - 1 - (edit.end - edit.start) + inserted
            map = (0...count).map { position in
                if position <= edit.start { return map[position] }
                if position <= edit.start + inserted { return start + position - edit.start }
                return map[position - inserted + edit.end - edit.start] - end + start + inserted
            }
        }
        return (moved, map)
    }

    /// What a client that shows every key at once ends with: at most one request in flight; its answer
    /// arrives after `delays` more keys; keys pressed meanwhile are moved onto the answer and sent next.
    /// Each edit says what the caret did before it (its anchor); a caret put by a click would have none.
    static func optimistic(_ field: Field, _ keys: [Keystroke], delays: [Int]) throws -> (text: String, caret: Int) {
        var base = ""
        var baseCaret = 0
        var anchor = EditAnchor.caret
        var sent: [TypedEdit] = []
        var queued: [TypedEdit] = []
        var shown = ""
        var selection = (start: 0, end: 0)
        var delay = delays.makeIterator()
        var arrival: Int? = nil
        func receive() throws {
            let answer = try field.edit(typing: sent, on: base, caret: baseCaret, units: .utf16)
            base = answer.outcome.text
            baseCaret = answer.outcome.caret
            let (rebased, map) = rebase(queued, through: answer.map)
            shown = base
            for edit in rebased {
                let utf16 = Array(shown.utf16)
                shown = String(
                    decoding: utf16[..<edit.start] + Array(edit.replacement.utf16) + utf16[edit.end...], as: UTF16.self)
            }
            if queued.isEmpty {
                // Where the caret is after the last key, in the answer: every move here is anchored.
                let length = base.utf16.count
                switch anchor {
                case .caret: selection = (answer.outcome.caret, answer.outcome.caret)
                case .start: selection = (0, 0)
                case .end: selection = (length, length)
                case .all: selection = (0, length)
                }
            } else {
                selection = (map[selection.start], map[selection.end])
            }
            sent = rebased
            queued = []
            arrival = nil
        }
        let accepted = field.formatter.acceptedCharacters
        for (number, key) in keys.enumerated() {
            if var edit = key.edit(on: shown, selection: &selection, accepted: accepted) {
                edit.anchor = anchor
                anchor = .caret
                let utf16 = Array(shown.utf16)
                shown = String(
                    decoding: utf16[..<edit.start] + Array(edit.replacement.utf16) + utf16[edit.end...], as: UTF16.self)
                let caret = edit.start + edit.replacement.utf16.count
                selection = (caret, caret)
                if sent.isEmpty { sent = [edit] } else { queued.append(edit) }
            } else {
                switch key {
                case .home: anchor = .start
                case .end: anchor = .end
                case .selectAll: anchor = .all
                // A refused key collapses a selection to its start, as the service would; else the caret stays.
                default: if anchor == .all { anchor = .start }
                }
            }
            if !sent.isEmpty && arrival == nil { arrival = number + (delay.next() ?? 0) }
            while let due = arrival, due <= number {
                try receive()
                if !sent.isEmpty { arrival = number + 1 + (delay.next() ?? 0) }
            }
        }
        while !sent.isEmpty { try receive() }
        return (shown, selection.end)
    }

    static func randomKeys(_ generator: inout SplitMix64, count: Int) -> [Keystroke] {
        (0..<count).map { _ in
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<11: .type(alphabet.randomElement(using: &generator)!)
            case 11: .paste(randomText(&generator, maxLength: 8))
            case 12, 13, 14: .backspace
            case 15: .delete
            case 16: .home
            case 17: .end
            default: .selectAll
            }
        }
    }

    @Test(arguments: PropertyTests.fields.map(\.0))
    func keysSentTogetherGiveWhatKeysSentOneAtATimeGive(name: String) throws {
        let field = PropertyTests.fields.first { $0.0 == name }!.1
        var generator = propertyGenerator(0x7E5701)
        for _ in 0..<150 {
            let keys = Self.randomKeys(&generator, count: Int.random(in: 1...16, using: &generator))
            let expected = try Self.oneAtATime(field, keys)
            // Answers after every key, after all keys, and after random numbers of keys.
            let random = (0..<keys.count).map { _ in Int.random(in: 0...4, using: &generator) }
            for delays in [[Int](repeating: 0, count: keys.count), [keys.count], random] {
                let got = try Self.optimistic(field, keys, delays: delays)
                #expect(
                    got.text == expected.text && got.caret == expected.caret,
                    "\(name): \(keys) with answers after \(delays): \(got) instead of \(expected)")
            }
        }
    }

    @Test func theIssueExample() throws {
        let card = builtin.fields["credit_card"]!
        let keys: [Keystroke] = "42424242".map { .type(String($0)) } + [.home, .type("1")]
        #expect(try Self.optimistic(card, keys, delays: [keys.count]) == ("1424 2424 2", 1))
        #expect(try Self.oneAtATime(card, keys) == ("1424 2424 2", 1))
    }
}
