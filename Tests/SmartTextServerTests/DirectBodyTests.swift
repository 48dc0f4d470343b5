import SmartTextJSON
import SmartTextTestSupport
import Testing

@testable import SmartTextEngine
@testable import SmartTextServer

/// The direct reader of `/v1/edit` and `/v1/format` bodies (``DirectBody``) against the strict path
/// (``JSONParser``, then ``EditBody`` or ``FormatBody``): on every generated body, what the direct reader
/// reads the strict path reads the same, and what it does not read falls to the strict path, which answers
/// it. A body the strict path refuses is never read directly.
@Suite struct DirectBodyTests {
    /// Everything a body decodes to, in one comparable line.
    static func summary(_ input: TextInput, _ edits: EditBody.Edits?) -> String {
        var line = "\(input.fields)|\(input.text.debugDescription)|\(input.event)|\(input.units)|"
        line +=
            "\(String(describing: input.locale))|\(String(describing: input.region))|\(String(describing: input.seq))"
        if let edits {
            switch edits {
            case .one(let start, let end, let replacement, let inputType):
                line += "|\(start)-\(end) \(replacement.debugDescription) \(String(describing: inputType))"
            case .typed(let typed, let caret):
                line += "|typed \(typed.count) \(String(describing: caret))"
            }
        }
        return line
    }

    static func direct(_ kind: DirectBody.Kind, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer in
            switch DirectBody.read(kind, buffer) {
            case .edit(let body)?: summary(body.input, body.edits)
            case .format(let body)?: summary(body.input, nil)
            case nil: nil
            }
        }
    }

    static func strict(_ kind: DirectBody.Kind, _ bytes: [UInt8]) -> String? {
        guard let json = try? JSONParser.parse(bytes) else { return nil }
        switch kind {
        case .edit: return (try? EditBody(json)).map { summary($0.input, $0.edits) }
        case .format: return (try? FormatBody(json)).map { summary($0.input, nil) }
        }
    }

    // The pieces generated bodies are made of: members as clients write them, and the variants that only the
    // strict path reads or refuses.
    static let values: [String: [String]] = [
        "field": [#""credit_card""#, #""phone_cn""#, #"["digits", "phone"]"#, #""""#, "null", "7", #""a\"b""#],
        "text": [
            #""4242 4242 4242 424""#, #""""#, #""138 0013 800""#, #""ｇｍａｉｌ.com 👍🏽""#, #""tab\there""#,
            #""\u0041""#, "null", "[]", #""é""#,
        ],
        "range": [
            #"{"start": 18, "end": 18}"#, #"{"end":0,"start":0}"#, #"{"start": 1.5, "end": 2}"#,
            #"{"start": -1, "end": 0}"#, #"{"start": 2147483648, "end": 0}"#, #"{"start": 0}"#,
            #"{"start": 0, "end": 0, "x": 1}"#, #"{"start": 01, "end": 2}"#, #"{"start": 0, "start": 0, "end": 1}"#,
            #"{"start": 1e1, "end": 2}"#, #"{"start": -0, "end": 0}"#, "[0, 1]",
        ],
        "replacement": [#""2""#, #""""#, #""12.50""#, #""\n""#, "null", #""🇨🇳""#],
        "inputType": [#""insertText""#, #""deleteContentBackward""#, #""insertFromPaste""#, #""typing""#, "null"],
        "event": [#""change""#, #""blur""#, #""submit""#, #""later""#],
        "units": [#""utf16""#, #""scalars""#, #""bytes""#],
        "locale": [#""de-DE""#, #""zh-Hans-CN""#, #""""#, "null", "5"],
        "region": [#""GB""#, #""us""#, "null"],
        "seq": ["41", "0", "-3", "9223372036854775807", "9223372036854775808", "41.0", "-0", "1e3", #""41""#],
        "edits": [#"[{"range": {"start": 0, "end": 0}, "replacement": "4"}]"#, "[]"],
        "caret": ["0", "3"],
        "form": [#""signup""#],
    ]
    static let spaces = ["", " ", "\n", "\t", "\r\n  "]

    static func body(_ generator: inout SplitMix64) -> [UInt8] {
        var keys = ["field", "text"]
        // Half the bodies an edit's (a format body has no range), half a format's.
        let optional =
            Bool.random(using: &generator)
            ? ["range", "range", "replacement", "inputType", "event", "units", "locale", "region", "seq"]
            : ["event", "units", "locale", "region", "seq"]
        for key in Set(optional) where key == "range" || Int.random(in: 0..<3, using: &generator) > 0 {
            keys.append(key)
        }
        if Int.random(in: 0..<8, using: &generator) == 0 {
            keys.append(["edits", "caret", "form"].randomElement(using: &generator)!)
        }
        if Int.random(in: 0..<10, using: &generator) == 0 {
            keys.removeAll { $0 == ["field", "text", "range"].randomElement(using: &generator)! }
        }
        if Int.random(in: 0..<12, using: &generator) == 0, let again = keys.randomElement(using: &generator) {
            keys.append(again)
        }
        keys.shuffle(using: &generator)
        func space() -> String { spaces.randomElement(using: &generator)! }
        var text = space() + "{"
        for (index, key) in keys.enumerated() {
            // Mostly the first, well-formed values; any of them one time in eight.
            let choices = values[key]!
            let value =
                Int.random(in: 0..<8, using: &generator) == 0 ? choices.randomElement(using: &generator)! : choices[0]
            text += (index > 0 ? "," : "") + space() + "\"\(key)\"" + space() + ":" + space() + value + space()
        }
        text += "}" + space()
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: bytes.removeLast(Int.random(in: 1...min(5, bytes.count), using: &generator))
        case 1: bytes.insert(0xFF, at: Int.random(in: 0..<bytes.count, using: &generator))
        case 2: bytes += Array("x".utf8)
        case 3: bytes.insert(0x00, at: Int.random(in: 0..<bytes.count, using: &generator))
        default: break
        }
        return bytes
    }

    @Test func theDirectReaderReadsWhatTheStrictPathReadsAndNothingElse() {
        var generator = SplitMix64(state: 0xD1EC7)
        var read = [DirectBody.Kind.edit: 0, .format: 0]
        var strictOnly = [DirectBody.Kind.edit: 0, .format: 0]
        for _ in 0..<6000 {
            let bytes = Self.body(&generator)
            for kind in [DirectBody.Kind.edit, .format] {
                let direct = Self.direct(kind, bytes)
                let strict = Self.strict(kind, bytes)
                if let direct {
                    read[kind]! += 1
                    #expect(
                        direct == strict,
                        "\(kind) \(String(decoding: bytes, as: UTF8.self).debugDescription): direct \(direct), strict \(String(describing: strict))"
                    )
                } else if strict != nil {
                    strictOnly[kind]! += 1
                }
            }
        }
        // Both paths are exercised: most well-formed bodies are read directly, and some only the strict way.
        for kind in [DirectBody.Kind.edit, .format] {
            #expect(read[kind]! > 500, "\(kind): \(read[kind]!) read directly")
            #expect(strictOnly[kind]! > 50, "\(kind): \(strictOnly[kind]!) read only the strict way")
        }
    }

    /// The benchmark's bodies, as clients send them, are read directly.
    @Test func theCommonShapesAreReadDirectly() {
        let edit =
            #"{"field":"credit_card","text":"4242 4242 4242 424","range":{"start":18,"end":18},"replacement":"2","seq":41}"#
        #expect(Self.direct(.edit, Array(edit.utf8)) == Self.strict(.edit, Array(edit.utf8)))
        #expect(Self.direct(.edit, Array(edit.utf8)) != nil)
        let format = #"{"field": "phone", "text": "07400123456", "event": "blur", "locale": "de", "region": "GB"}"#
        #expect(Self.direct(.format, Array(format.utf8)) != nil)
        #expect(Self.direct(.format, Array(format.utf8)) == Self.strict(.format, Array(format.utf8)))
    }
}
