import SmartTextEngine
import SmartTextJSON

/// What a request would cost the engine, computed from what it asks before any engine work, in units of
/// one field's pass over one character. Each limit of its own (8 composed fields, 100 edits, 10,000
/// characters, 64 values) bounds one factor; `--max-work` bounds the product, and a request past it is
/// refused with a 422 `work-budget` naming it.
///
/// A step (an edit, or the formatting of a whole text) costs `characters × (fields × passes + 3)`: every
/// composed field runs the whole pipeline once per pass over the text, and the answer (every rule's
/// validation, cluster boundaries for the caret, the change, the JSON) costs about three passes of one
/// field, whatever the number of fields (measured: `Tests/perf/work_budget.py`). An edit can pass over the
/// text several times: the text before it, the edit, and for a paste that does not fit, the text without
/// it, a binary search over its length and up to 256 tries of its later characters, one at a time (what
/// typing them gives). Every one of those is counted, at the longest the text can be.
struct WorkCost: Sendable, Equatable {
    /// Fields composed (each runs the whole pipeline again); for `/v1/validate`, the values.
    var fields: Int
    /// The steps' weights summed: `fields × passes + 3` for each edit or text formatted.
    var weight: Int
    /// The longest text a step formats, in UTF-16 code units as `--max-text` counts them (at least 1; a
    /// character outside the BMP, which costs more than one inside, counts two); for `/v1/validate`, the
    /// values' lengths summed (each counting at least 1), and 1 for each field of the form.
    var characters: Int
    /// Edits in the request (0 for a whole text).
    var edits: Int
    /// What the request is, for the problem's detail.
    var route: Route

    enum Route: Sendable, Equatable {
        case edit
        case format
        case validate
    }

    /// What the answer adds to each step, in passes of one field.
    static let answerPasses = 3

    /// The units of work, saturating: no request can wrap the product around into a small number.
    var total: Int {
        let (product, overflow) = weight.multipliedReportingOverflow(by: characters)
        return overflow ? Int.max : product
    }

    /// The problem's detail.
    func detail(budget: Int) -> String {
        let fieldCount = "\(Self.grouped(fields)) field\(fields == 1 ? "" : "s")"
        let product: String
        switch route {
        case .edit:
            product =
                "\(Self.grouped(edits)) edit\(edits == 1 ? "" : "s") on \(fieldCount) (weight \(Self.grouped(weight)): "
                + "fields × passes + \(Self.answerPasses) for each edit) × \(Self.grouped(characters)) characters"
        case .format:
            product = "(\(fieldCount) + \(Self.answerPasses)) × \(Self.grouped(characters)) characters"
        case .validate:
            product =
                "\(Self.grouped(fields)) value\(fields == 1 ? "" : "s") of \(Self.grouped(characters)) characters in "
                + "all × (1 + \(Self.answerPasses))"
        }
        return "the request would cost \(product) = \(Self.grouped(total)) units of work; the budget is "
            + "\(Self.grouped(budget)) per request (--max-work): send a shorter text, fewer edits or fields, "
            + "or split it into several requests"
    }

    /// `24481200` → `24,481,200`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value).utf8)
        var out: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 && digit != UInt8(ascii: "-") {
                out.append(UInt8(ascii: ","))
            }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension WorkCost {
    /// How many characters after one that does not fit a paste tries, one at a time, before the rest is
    /// dropped: `Field.triesAfterAPasteOverflows` in the engine (a test checks that they agree).
    static let pasteTries = 256
    /// Passes of a deletion: the text before it and the deletion, then up to four more when what cannot
    /// stand alone goes with the deleted character, and one when the format puts back what it took.
    static let deletionPasses = 7

    /// The passes one edit can take: the text before it, the edit, and when the insertion does not fit, the
    /// text without it, a binary search over its length and a try for each later character the field
    /// accepts (at most ``pasteTries``). With `accepted` nil every character counts as accepted: an upper
    /// bound that needs no look at the field (``RequestHandler/checkWork(_:accepted:)`` looks only when
    /// that bound is over the budget).
    static func passes(replacement: String, accepted: AcceptedCharacters?) -> Int {
        var count = 0
        var acceptedCount = 0
        for scalar in replacement.unicodeScalars {
            count += 1
            if accepted?.contains(scalar) ?? true { acceptedCount += 1 }
        }
        guard count > 0 else { return deletionPasses }
        // ceil(log2(count)): the binary search over the insertion's characters.
        let search = count > 1 ? Int.bitWidth - (count - 1).leadingZeroBitCount : 0
        return 3 + search + min(pasteTries, acceptedCount, count - 1)
    }

    /// `/v1/edit` with one edit: `text` with `replacement` put in.
    static func edit(fields: Int, text: String, replacement: String, accepted: AcceptedCharacters?) -> WorkCost {
        let characters = text.utf16.count + replacement.utf16.count
        let passes = passes(replacement: replacement, accepted: accepted)
        return WorkCost(
            fields: fields, weight: step(fields, passes), characters: max(characters, 1), edits: 1, route: .edit)
    }

    /// `/v1/edit` with `edits`: every edit's passes, each over the longest the text can be (the text with
    /// every replacement added; deletions are not subtracted). The formatted text a later edit starts from
    /// can be longer by the separators the format adds (a third more for grouped digits), never past
    /// `--max-text`: that is in the measured cost of a unit.
    static func edits(fields: Int, text: String, edits: [TypedEdit], accepted: AcceptedCharacters?) -> WorkCost {
        var characters = text.utf16.count
        var weight = 0
        for edit in edits {
            characters += edit.replacement.utf16.count
            let (sum, overflow) = weight.addingReportingOverflow(
                step(fields, passes(replacement: edit.replacement, accepted: accepted)))
            weight = overflow ? Int.max : sum
        }
        return WorkCost(
            fields: fields, weight: weight, characters: max(characters, 1), edits: edits.count, route: .edit)
    }

    /// `/v1/format`: one pass over the text.
    static func format(fields: Int, text: String) -> WorkCost {
        WorkCost(
            fields: fields, weight: step(fields, 1), characters: max(text.utf16.count, 1), edits: 0,
            route: .format)
    }

    /// `/v1/validate`: one pass of one field over each value (at least one character each), and over one
    /// character for each field of the form (a missing field is checked too).
    static func validate(values: [(name: String, text: String)], formFields: Int) -> WorkCost {
        var characters = formFields
        for value in values { characters += max(value.text.utf16.count, 1) }
        return WorkCost(
            fields: values.count, weight: step(1, 1), characters: max(characters, 1), edits: 0, route: .validate)
    }

    /// One step's weight: every field's passes, and the answer.
    private static func step(_ fields: Int, _ passes: Int) -> Int { fields * passes + answerPasses }
}
