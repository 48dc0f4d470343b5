import Foundation
import SmartTextEngine
import SmartTextNativeRules
import Testing

/// The built-in registry, loaded once for all engine tests.
let builtin: Registry = {
    do {
        return try RegistryLoader.load([.builtin], catalog: .standard)
    } catch {
        fatalError("the built-in registry does not load: \(error)")
    }
}()

/// A built-in field by name.
func builtinField(_ name: String) -> Field {
    guard let field = builtin.fields[name] else { fatalError("no built-in field \(name)") }
    return field
}

/// A field made of formatters only.
func field(_ formatters: any TextFormatter..., backspace: BackspaceMode = .deletePrevious) -> Field {
    Field(name: "test", label: LocalizedText("Test"), formatters: formatters, rules: [], backspace: backspace)
}

/// What the user does.
enum Action: Equatable, Sendable {
    /// Types text at the caret or over the selection.
    case type(String)
    /// Pastes text at the caret or over the selection.
    case paste(String)
    /// Backspace: the selection, or the character before the caret.
    case backspace
    /// Delete: the selection, or the character after the caret.
    case delete
    /// An IME composing text.
    case compose(String)
}

/// One row of an edit table: a field's name, its text before (the caret written `|`), what the user does, the
/// text after, and where the table says them the value and whether the edit is refused.
struct EditRow: CustomTestStringConvertible, Sendable {
    var field: String
    var before: String
    var action: Action
    var after: String
    var value: String? = nil
    var rejected = false
    var testDescription: String { "\(field): \(before) \(action) -> \(after)" }

    /// The row's edit made in `field`: the text and caret, the value (when the row has one) and the refusal.
    func check(in field: Field, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try apply(field, before, action)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == after, sourceLocation: sourceLocation)
        if let value { #expect(outcome.value == value, sourceLocation: sourceLocation) }
        #expect(outcome.rejected == rejected, sourceLocation: sourceLocation)
    }
}

/// Text with the caret written `|`, or a selection written `[...]`:
/// `"4242| 4242"`, `"[4242 4242]"`.
struct Marked: CustomStringConvertible, Equatable {
    var text: String
    var start: Int
    var end: Int

    init(_ marked: String) {
        var text = ""
        var start = -1
        var end = -1
        for character in marked {
            switch character {
            case "|":
                start = text.utf16.count
                end = start
            case "[": start = text.utf16.count
            case "]": end = text.utf16.count
            default: text.append(character)
            }
        }
        precondition(start >= 0 && end >= start, "no caret in \(marked)")
        self.text = text
        self.start = start
        self.end = end
    }

    init(text: String, caret: Int) {
        self.text = text
        self.start = caret
        self.end = caret
    }

    var description: String {
        let units = Array(text.utf16)
        let before = String(decoding: units[..<start], as: UTF16.self)
        if start == end { return before + "|" + String(decoding: units[start...], as: UTF16.self) }
        return before + "[" + String(decoding: units[start..<end], as: UTF16.self) + "]"
            + String(decoding: units[end...], as: UTF16.self)
    }
}

/// The request an action makes on marked text.
func request(_ marked: Marked, _ action: Action, event: ValidationEvent = .change) -> EditRequest {
    let units = Array(marked.text.utf16)
    var start = marked.start
    var end = marked.end
    let replacement: String
    let inputType: InputType
    switch action {
    case .type(let text):
        replacement = text
        inputType = .insertText
    case .paste(let text):
        replacement = text
        inputType = .insertFromPaste
    case .compose(let text):
        replacement = text
        inputType = .insertCompositionText
    case .backspace:
        replacement = ""
        inputType = .deleteContentBackward
        if start == end && start > 0 {
            // One grapheme cluster back.
            let prefix = String(decoding: units[..<start], as: UTF16.self)
            start -= prefix.last.map { String($0).utf16.count } ?? 0
        }
    case .delete:
        replacement = ""
        inputType = .deleteContentForward
        if start == end && end < units.count {
            let suffix = String(decoding: units[end...], as: UTF16.self)
            end += suffix.first.map { String($0).utf16.count } ?? 0
        }
    }
    return EditRequest(
        text: marked.text, start: start, end: end, replacement: replacement, inputType: inputType, event: event)
}

/// Applies an action and returns the answer.
func apply(_ field: Field, _ marked: String, _ action: Action) throws -> EditOutcome {
    try field.edit(request(Marked(marked), action))
}

/// Applies an action and returns the new text with its caret marked.
func result(_ field: Field, _ marked: String, _ action: Action) throws -> String {
    let outcome = try apply(field, marked, action)
    return Marked(text: outcome.text, caret: outcome.caret).description
}

/// Types `text` one character at a time into an empty field; returns the final answer.
func typeEach(
    _ field: Field, _ text: String, into start: String = "|", locale: LocalePreference = .english
) throws -> EditOutcome {
    var marked = Marked(start)
    var last = field.format(marked.text, locale: locale)
    for character in text {
        last = try field.edit(request(marked, .type(String(character))), locale: locale)
        marked = Marked(text: last.text, caret: last.caret)
    }
    return last
}

/// An example of the README between `<!-- NAME example: … -->` and `<!-- end of NAME example -->`: its registry
/// (the JSON block) and its table's rows, so that a test checks each row against what the field gives.
struct ReadmeExample {
    /// The registry, as JSON.
    var registry: String
    /// The table's rows (those that start with a code span), each with its cells: a cell's first code span,
    /// or its text.
    var rows: [(line: Substring, cells: [String])]

    init(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- \(name) example: "))
        let end = try #require(readme.range(of: "<!-- end of \(name) example -->"))
        let example = readme[start.upperBound..<end.lowerBound]
        let json = try #require(example.range(of: "```json\n")).upperBound
        let close = try #require(example[json...].range(of: "```")).lowerBound
        registry = String(example[json..<close])
        rows = example.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|").map { cell -> String in
                let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
                return parts.count > 1 ? String(parts[1]) : cell.trimmingCharacters(in: .whitespaces)
            }
            return (line, cells)
        }
    }

    /// Checks a dates example: each row (keys typed, locale, text, `value`, `meta.date` or `–`) typed key by key
    /// into the example's field `due` and into the built-in field `builtin`, which must be the same.
    static func checkDates(
        _ name: String, builtin field: String, rows count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let example = try ReadmeExample(name)
        let due = try #require(try load(example.registry).fields["due"])
        let builtinField = try #require(builtin.fields[field])
        #expect(example.rows.count == count, sourceLocation: sourceLocation)
        for (_, cells) in example.rows {
            let (keys, tag, text, value, meta) = (cells[0], cells[1], cells[2], cells[3], cells[4])
            for field in [due, builtinField] {
                let typed = try typeEach(field, keys, locale: requestLocale(tag))
                #expect(
                    typed.text == text && typed.value == value, "\(keys) in \(tag): \(typed.text)",
                    sourceLocation: sourceLocation)
                #expect(
                    typed.meta["date"] == (meta == "–" ? nil : .string(meta)), "\(keys) in \(tag)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
