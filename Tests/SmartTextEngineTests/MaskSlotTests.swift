import SmartTextEngine
import Testing

/// Issue 28's slot characters: a mask's `slots` binds a character of the pattern to a class of letters and
/// digits, with the case a typed letter takes.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct MaskSlotTests {
    typealias Row = EditRow

    static let fields: [String: String] = [
        "mac": #"[{"mask": {"pattern": "HH:HH:HH", "slots": {"H": {"accepts": "0-9A-F", "case": "upper"}}}}]"#,
        "hexAsTyped": #"[{"mask": {"pattern": "HHHH", "slots": {"H": "0-9a-f"}}}]"#,
        "plate": #"[{"mask": {"pattern": "LL-###", "slots": {"L": {"accepts": "A-Z", "case": "upper"}}}}]"#,
        "code": #"[{"mask": {"pattern": "QQ#", "slots": {"Q": "0-4ABC"}}}]"#,
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!) }

    static let rows: [Row] = [
        Row(field: "mac", before: "|", action: .type("a"), after: "A|", value: "A"),
        Row(field: "mac", before: "A|", action: .type("f"), after: "AF:|", value: "AF"),
        Row(field: "mac", before: "AF:|", action: .type("g"), after: "AF:|", value: "AF", rejected: true),
        Row(field: "mac", before: "|", action: .paste("00:1a:2B:3c:4d"), after: "00:1A:2B|", value: "001A2B"),
        Row(field: "mac", before: "|", action: .paste("001a2b"), after: "00:1A:2B|", value: "001A2B"),
        Row(field: "mac", before: "00:1|A:2B", action: .backspace, after: "00:|A2:B", value: "00A2B"),
        Row(field: "hexAsTyped", before: "|", action: .type("A"), after: "|", value: "", rejected: true),
        Row(field: "hexAsTyped", before: "|", action: .paste("beef"), after: "beef|", value: "beef"),
        Row(field: "plate", before: "|", action: .paste("ab123"), after: "AB-123|", value: "AB123"),
        Row(field: "plate", before: "A|", action: .type("1"), after: "A|", value: "A", rejected: true),
        Row(field: "code", before: "|", action: .type("5"), after: "|", value: "", rejected: true),
        Row(field: "code", before: "|", action: .type("4"), after: "4|", value: "4"),
        Row(field: "code", before: "4|", action: .type("c"), after: "4|", value: "4", rejected: true),
        Row(field: "code", before: "4|", action: .type("C"), after: "4C|", value: "4C"),
        Row(field: "code", before: "4C|", action: .type("9"), after: "4C9|", value: "4C9"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        try row.check(in: Self.field(row.field))
    }

    @Test func completeOnlyWhenEverySlotIsFilled() throws {
        let mac = try Self.field("mac")
        #expect(mac.format("00:1A:2B").complete)
        #expect(!mac.format("00:1A:2").complete)
    }

    @Test(arguments: [
        (
            #"{"pattern": "HH", "slots": {"H": "0-9G-A"}}"#,
            #"slots: "H": accepts has the range G-A, which runs backwards"#
        ),
        (#"{"pattern": "HH", "slots": {"H": "0-9,"}}"#, "slots: \"H\": accepts can hold only letters and digits"),
        (#"{"pattern": "HH", "slots": {"H": ""}}"#, "slots: \"H\": accepts must name at least one character"),
        (###"{"pattern": "##", "slots": {"#": "a-z"}}"###, "must be one character other than #, A, *"),
        (#"{"pattern": "HH", "slots": {"HX": "a-z"}}"#, "must be one character other than #, A, *"),
        (
            #"{"pattern": "HH", "slots": {"H": {"accepts": "a-z", "case": "title"}}}"#,
            #"case must be "upper" or "lower""#
        ),
        (#"{"pattern": "HH", "slots": {"H": {"accept": "a-z"}}}"#, #"unknown key "accept""#),
        (#"{"pattern": "HH", "slots": {"H": 5}}"#, "needs the characters it accepts"),
        (#"{"pattern": "HH", "slots": ["H"]}"#, "slots must be an object"),
        (#"{"pattern": "HH-x", "slots": {"H": "0-9a-f"}}"#, "has the literal 'x' after its first slot"),
    ])
    func refused(options: String, problem: String) {
        let lines = problems(#"{"fields": {"f": {"formatters": [{"mask": \#(options)}]}}}"#)
        #expect(
            lines.count == 1 && lines[0].contains("formatters[0] (mask): ") && lines[0].contains(problem), "\(lines)")
    }
}

/// Issue 28's optional parts: `[...]` in a mask's pattern is there only when what is typed needs it; the text
/// is laid out with the fewest optional parts that hold it, and the caret and edit rules hold as it moves from
/// one layout to the other.
@Suite struct MaskOptionalPartTests {
    static let fields: [String: String] = [
        "brPhone": "[{\"mask\": {\"pattern\": \"(##) ####[#]-####\"}}]",
        "card": "[{\"mask\": {\"pattern\": \"#### #### #### ####[ ###]\"}}]",
        "extension": "[{\"mask\": {\"pattern\": \"(###) ###-####[ x####]\"}}]",
        "groups": "[{\"mask\": {\"pattern\": \"####[ ####][ ####][ ####]\"}}]",
        "plate": "[{\"mask\": {\"pattern\": \"[A]AA-##\"}}]",
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!) }

    static let rows: [(String, String, Action, String)] = [
        ("brPhone", "|", .paste("1123456789"), "(11) 2345-6789|"),
        ("brPhone", "|", .paste("11234567890"), "(11) 23456-7890|"),
        ("brPhone", "(11) 2345-6789|", .type("0"), "(11) 23456-7890|"),
        ("brPhone", "(11) 23456-7890|", .backspace, "(11) 2345-6789|"),
        ("brPhone", "(11) 23|45-6789", .type("9"), "(11) 239|45-6789"),
        ("brPhone", "(11) 239|45-6789", .backspace, "(11) 23|45-6789"),
        ("brPhone", "(11) 23456-7890|", .type("1"), "(11) 23456-7890|"),
        ("brPhone", "|(11) 23456-7890", .delete, "|(12) 3456-7890"),
        ("card", "|", .paste("4111111111111111"), "4111 1111 1111 1111|"),
        ("card", "4111 1111 1111 1111|", .type("2"), "4111 1111 1111 1111 2|"),
        ("card", "4111 1111 1111 1111 2|", .backspace, "4111 1111 1111 1111|"),
        ("extension", "|", .paste("2015550123"), "(201) 555-0123|"),
        ("extension", "(201) 555-0123|", .type("4"), "(201) 555-0123 x4|"),
        ("extension", "|", .paste("(201) 555-0123 x42"), "(201) 555-0123 x42|"),
        // The optional part's literals go with its last digit, and alone they do not open it: the text is
        // what its value formats to (rule 9).
        ("extension", "(201) 555-0123 x4|", .backspace, "(201) 555-0123|"),
        ("extension", "(201) 555-0123|", .type("x"), "(201) 555-0123|"),
        ("extension", "(201) 555-0123|", .type(" "), "(201) 555-0123|"),
        ("groups", "|", .paste("123456789"), "1234 5678 9|"),
        ("groups", "1234 5678 9|", .backspace, "1234 5678|"),
        ("plate", "|", .paste("ab12"), "ab-12|"),
        ("plate", "|", .paste("abc12"), "abc-12|"),
        ("plate", "ab|-12", .type("c"), "abc|-12"),
    ]

    @Test(arguments: rows.indices) func row(_ index: Int) throws {
        let (name, before, action, after) = Self.rows[index]
        let outcome = try apply(try Self.field(name), before, action)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == after, "\(name): \(before) \(action)")
    }

    @Test func completeWithOrWithoutTheOptionalPart() throws {
        let phone = try Self.field("brPhone")
        #expect(phone.format("(11) 2345-6789").complete)
        #expect(phone.format("(11) 23456-7890").complete)
        #expect(!phone.format("(11) 2345-678").complete)
        #expect(phone.format("(11) 23456-7890").value == "11234567890")
    }

    @Test(arguments: [
        ("{\"pattern\": \"##[#\"}", "has a [ that is never closed"),
        ("{\"pattern\": \"##]#\"}", "has a ] that closes no ["),
        ("{\"pattern\": \"##[#[#]]\"}", "nests optional parts"),
        ("{\"pattern\": \"##[-]##\"}", "has an optional part without a slot (optional part 1)"),
        ("{\"pattern\": \"#[#][#][#][#][#]\"}", "has 5 optional parts; at most 4"),
        ("{\"pattern\": \"##[#x]\"}", ""),
        (
            "{\"pattern\": \"#[#]#-A[A]A\"}",
            "lays 5 characters out in two ways (\"###-AA\" and \"##-AAA\"): its optional parts must not leave"
        ),
        (
            "{\"pattern\": \"AA[A]-##\"}",
            "has an optional part whose slots are not all of the kind of the slots beside it"
        ),
        ("{\"pattern\": \"##[AA]\"}", "has an optional part whose slots are not all of the kind"),
    ])
    func patterns(options: String, problem: String) {
        if problem.isEmpty {
            #expect((try? load(#"{"fields": {"f": {"formatters": [{"mask": \#(options)}]}}}"#)) != nil)
        } else {
            let lines = problems(#"{"fields": {"f": {"formatters": [{"mask": \#(options)}]}}}"#)
            #expect(lines.count == 1 && lines[0].contains(problem), "\(lines)")
        }
    }
}

/// Issue 28's alternatives: a mask's `patterns`, one chosen by what is typed (by length, by the kind of a
/// character, by the first digits with `startsWith`), re-laid as the text changes; `meta.mask` names it.
@Suite struct MaskPatternsTests {
    static let fields: [String: String] = [
        "cpfCnpj": #####"[{"mask": {"patterns": [{"pattern": "###.###.###-##", "name": "cpf"}, "#####
            + #####"{"pattern": "##.###.###/####-##", "name": "cnpj"}]}}]"#####,
        "card": #####"[{"mask": {"patterns": [{"pattern": "#### ###### #####", "name": "amex", "#####
            + #####""startsWith": ["34", "37"]}, {"pattern": "#### #### #### ####", "name": "other"}]}}]"#####,
        "plate": #####"[{"mask": {"patterns": [{"pattern": "AAA-####", "name": "letters first"}, "#####
            + #####"{"pattern": "####-AAA", "name": "digits first"}]}}]"#####,
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!) }

    static let rows: [(String, String, Action, String, String)] = [
        ("cpfCnpj", "|", .paste("12345678909"), "123.456.789-09|", "cpf"),
        ("cpfCnpj", "123.456.789-09|", .type("5"), "12.345.678/9095-|", "cnpj"),
        ("cpfCnpj", "12.345.678/9095-|", .backspace, "123.456.789-09|", "cpf"),
        ("cpfCnpj", "|", .paste("11222333000181"), "11.222.333/0001-81|", "cnpj"),
        ("cpfCnpj", "|", .type("1"), "1|", "cpf"),
        // A literal only the other pattern has does not choose it: the layout is the value's (rule 9).
        ("cpfCnpj", "123.456.78|", .type("/"), "123.456.78|", "cpf"),
        ("card", "|", .paste("378282246310005"), "3782 822463 10005|", "amex"),
        ("card", "|", .paste("4111111111111111"), "4111 1111 1111 1111|", "other"),
        ("card", "|", .type("3"), "3|", "amex"),
        ("card", "3|", .type("5"), "35|", "other"),
        ("plate", "|", .paste("abc1234"), "abc-1234|", "letters first"),
        ("plate", "|", .paste("1234abc"), "1234-abc|", "digits first"),
        ("plate", "|", .type("7"), "7|", "digits first"),
    ]

    @Test(arguments: rows.indices) func row(_ index: Int) throws {
        let (name, before, action, after, chosen) = Self.rows[index]
        let outcome = try apply(try Self.field(name), before, action)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == after, "\(name): \(before) \(action)")
        #expect(outcome.meta["mask"] == .string(chosen), "\(name): \(before) \(action): \(outcome.meta)")
    }

    @Test func emptyTextNamesNoPattern() throws {
        #expect(try Self.field("cpfCnpj").format("").meta["mask"] == nil)
    }

    @Test(arguments: [
        (
            #####"{"pattern": "###", "patterns": ["##"]}"#####,
            #####"mask needs the option "pattern" (a string) or "patterns""#####
        ),
        (#####"{"patterns": []}"#####, #####"or "patterns" (a non-empty list)"#####),
        (#####"{"patterns": [5]}"#####, "patterns[0]: needs a pattern"),
        (#####"{"patterns": ["##", "--"]}"#####, #####"patterns[1]: the pattern "--" has no slot"#####),
        (
            #####"{"patterns": [{"pattern": "##", "name": "a"}, {"pattern": "###", "name": "a"}]}"#####,
            #####"patterns[1]: the name "a""#####
        ),
        (
            #####"{"patterns": [{"pattern": "##", "startsWith": [""]}]}"#####,
            "patterns[0]: startsWith must list non-empty strings"
        ),
        (
            #####"{"patterns": ["#[#][#][#]", "A[A][A][A]", "*"]}"#####,
            "patterns lay the text out in 17 ways (each pattern once for each choice of its optional parts); at most 16"
        ),
        (
            #####"{"patterns": [{"pattern": "##", "kind": "x"}]}"#####,
            #####"patterns[0]: "kind" is not one of pattern"#####
        ),
    ])
    func refused(options: String, problem: String) {
        let lines = problems(#####"{"fields": {"f": {"formatters": [{"mask": \#####(options)}]}}}"#####)
        #expect(lines.count == 1 && lines[0].contains(problem), "\(lines)")
    }
}

/// Issue 28's placeholders: a mask's `placeholder` shows the slots not yet filled from the first key
/// (`(12_) ___-____`), the caret on the next slot; the placeholders are formatting, never part of `value`, and
/// Backspace and Delete pass over them as over separators.
@Suite struct MaskPlaceholderTests {
    static let phone = #####"[{"mask": {"pattern": "(###) ###-####", "placeholder": "_"}}]"#####

    static let rows: [(String, Action, String, String)] = [
        ("|", .type("2"), "(2|__) ___-____", "2"),
        ("(2|__) ___-____", .type("0"), "(20|_) ___-____", "20"),
        ("(20|_) ___-____", .type("1"), "(201) |___-____", "201"),
        ("(201) |___-____", .type("5"), "(201) 5|__-____", "2015"),
        ("(201) 5|__-____", .backspace, "(201) |___-____", "201"),
        ("(201) |___-____", .backspace, "(20|_) ___-____", "20"),
        ("(20|_) ___-____", .delete, "(20|_) ___-____", "20"),
        ("(2|__) ___-____", .backspace, "|", ""),
        ("|", .paste("(201) 555-0123"), "(201) 555-0123|", "2015550123"),
        ("|", .paste("(201) 55_-____"), "(201) 55|_-____", "20155"),
        ("(201) 55|_-____", .type("_"), "(201) 55|_-____", "20155"),
    ]

    @Test(arguments: rows.indices) func row(_ index: Int) throws {
        let (before, action, after, value) = Self.rows[index]
        let outcome = try apply(try configuredField(Self.phone), before, action)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == after, "\(before) \(action)")
        #expect(outcome.value == value, "\(before) \(action)")
    }

    @Test func theShownTextIsItsOwnFormatting() throws {
        let field = try configuredField(Self.phone)
        let shown = field.format("2015")
        #expect(shown.text == "(201) 5__-____" && !shown.complete)
        #expect(field.format(shown.text).text == shown.text)
        #expect(field.format(shown.text, event: .submit, submitted: true).unexpected.isEmpty)
        #expect(field.format("2015550123").complete)
    }

    @Test(arguments: [
        (#####"{"pattern": "###", "placeholder": "x"}"#####, "placeholder must be a character that is no letter"),
        (#####"{"pattern": "###", "placeholder": "#"}"#####, "placeholder must be a character that is no letter"),
        (#####"{"pattern": "###", "placeholder": "__"}"#####, "placeholder must be exactly one character"),
        (
            #####"{"pattern": "##-##", "placeholder": "-"}"#####,
            #####"the placeholder "-" is a literal of the pattern"#####
        ),
    ])
    func refused(options: String, problem: String) {
        let lines = problems(#####"{"fields": {"f": {"formatters": [{"mask": \#####(options)}]}}}"#####)
        #expect(lines.count == 1 && lines[0].contains(problem), "\(lines)")
    }
}
