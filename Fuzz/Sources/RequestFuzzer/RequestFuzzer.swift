// libFuzzer target over the request path without sockets:
// raw HTTP body → JSON decode → engine edit → answer encode, through
// `LocalResponder` (the same routing, limits and answers as the server).
//
// The first byte of an input picks what the rest is:
//   - low nibble 0–5: a raw body (or path) sent to one route, so the fuzzer
//     explores JSON syntax and request shapes;
//   - low nibble 6–15: a *structured* request: the bytes are read as choices
//     (field from the registry, text, range, replacement, inputType, …) and
//     turned into a well-formed JSON request, so inputs reach deep into the
//     formatters, validators and caret mapping instead of stopping at a 400;
//   - high nibble: header variants (Accept-Language, Content-Type, …).
//
// Any violation of the service's contract is a crash (`fatalError`), which
// libFuzzer reports with the input that caused it:
//   - the status is one of 200, 304, 400, 404, 405, 413, 415, 422 (never 5xx),
//     or 204 for OPTIONS;
//   - every answer carries `X-Content-Type-Options: nosniff`;
//   - every JSON answer (application/json, application/problem+json) parses;
//   - a 200 from /v1/edit or /v1/format has a string `text` and an integer
//     `caret` within the text's length (UTF-16 code units, or scalars when the
//     request asked for scalars);
//   - a structured request that is valid by construction (known field, range
//     inside the text and not splitting a surrogate pair, text within the
//     limit) is answered 200, not 4xx.

import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextServer
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Fixed state (built once per process)

/// The built-in registry, as a default server serves it.
private let registry: Registry = {
    do {
        return try RegistryLoader.load([.builtin], catalog: .standard)
    } catch {
        fatalError("the built-in registry does not load: \(error)")
    }
}()

private let configuration = ServerConfiguration()
private let responder = LocalResponder(configuration: configuration, registry: registry)
private let fieldNames = registry.fieldNames
private let formNames = registry.formNames

/// `SMARTTEXT_FUZZ_DEBUG=1`: print each request and its status (to see what a seed does).
private let debug = getenv("SMARTTEXT_FUZZ_DEBUG") != nil

private let allowedStatuses: Set<Int> = [200, 304, 400, 404, 405, 413, 415, 422]

/// Characters that matter to the formatters: digits of several scripts,
/// separators, letters whose case mapping changes their length, combining
/// marks, surrogate pairs, emoji sequences, invisible and control characters.
private let alphabet: [String] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1", "4", "8",
    " ", " ", "-", "+", "(", ")", "/", ".", ",", "@", "_", "#", "*", "'",
    "a", "b", "e", "x", "A", "D", "E", "X", "Z", "z",
    "é", "e\u{301}", "\u{301}", "ß", "ﬁ", "İ", "ŉ", "中", "文",
    "１", "２", "٣", "۴", "०", "\u{FF0B}",
    "😀", "👍🏽", "🇨🇳", "👨‍👩‍👧", "\u{1D7D9}",
    "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{00A0}", "\u{3000}", "\u{2028}",
    "\t", "\n", "\r\n", "\r", "\u{1}", "\u{7F}", "\u{FFFD}", "\u{10FFFF}",
]

private let methods = ["GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH", "get", "", "POST "]
/// The body's `locale`: well-formed tags (ill-formed ones are a 400, which the server's tests check), known and
/// not; `""` is the same as none.
private let locales = ["en", "zh-Hans", "zh", "de-CH", "", "xx", "ar-EG-u-nu-latn", "x-private", "qaaa-US"]
private let acceptLanguages = [
    "zh-Hans-CN,zh;q=0.9,en;q=0.8", "de, en;q=0.5", "*", "", ";;;q=", "en-GB;q=abc", "zh-Hant, fr",
]

// MARK: - Entry point

@_cdecl("LLVMFuzzerTestOneInput")
public func requestFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let selector = input.byte()
    let variant = selector >> 4
    let rest = Array(input.remaining)
    var headers = headerVariant(variant)

    switch selector & 0x0F {
    case 0:
        send("POST", "/v1/edit", headers, rest, expect: .edit(units: nil))
    case 1:
        send("POST", "/v1/format", headers, rest, expect: .edit(units: nil))
    case 2:
        send("POST", "/v1/validate", headers, rest, expect: .any)
    case 3:
        // GET /v1/fields/{name}: a known name (chosen by a byte) or the bytes as a name.
        let name = nameFrom(rest, among: fieldNames)
        headers["If-None-Match"] = variant & 1 == 0 ? nil : "\"\(registry.version)\""
        send(variant & 2 == 0 ? "GET" : "HEAD", "/v1/fields/" + name, headers, [], expect: .any)
    case 4:
        let name = nameFrom(rest, among: formNames)
        send("GET", "/v1/forms/" + name, headers, [], expect: .any)
    case 5:
        // Any method on any path, with the bytes after the first 0 byte as body.
        let split = rest.firstIndex(of: 0) ?? rest.count
        let path = String(decoding: rest[..<split], as: UTF8.self)
        let body = split < rest.count ? Array(rest[(split + 1)...]) : []
        let method = methods[Int(variant) % methods.count]
        send(method, path, headers, body, expect: .any)
    case 6...10:
        structuredEdit(&input, headers: headers)
    case 11...13:
        structuredFormat(&input, headers: headers)
    default:
        structuredValidate(&input, headers: headers)
    }
    return 0
}

// MARK: - Structured requests

/// A well-formed `/v1/edit` request built from the input's choices.
private func structuredEdit(_ input: inout FuzzInput, headers: [String: String]) {
    let (names, known) = fieldChoice(&input)
    let text = input.text()
    let replacement = input.text(maxLength: 12)
    let units: OffsetUnit = input.byte() & 3 == 0 ? .scalars : .utf16
    let length = units == .utf16 ? text.utf16.count : text.unicodeScalars.count
    // Offsets mostly inside the text (where the interesting code is), sometimes just past it.
    var start = input.int(upTo: length + 2)
    var end = input.int(upTo: length + 2)
    let ordering = input.byte()
    if ordering & 0x07 != 0 && start > end { swap(&start, &end) }
    if ordering & 0x30 == 0 { end = start }  // a plain insertion, like most keystrokes
    let inputTypeChoice = Int(input.byte())
    let inputType: InputType? =
        inputTypeChoice < InputType.allCases.count * 2 && inputTypeChoice % 2 == 0
        ? InputType.allCases[inputTypeChoice / 2] : (inputTypeChoice >= 0xF0 ? nil : commonInputType(inputTypeChoice))
    let options = input.byte()

    var writer = JSONWriter()
    writer.beginObject()
    writeField(names, into: &writer)
    writer.key("text")
    writer.string(text)
    writer.key("range")
    writer.beginObject()
    writer.key("start")
    writer.integer(start)
    writer.key("end")
    writer.integer(end)
    writer.endObject()
    if options & 1 == 0 || !replacement.isEmpty {
        writer.key("replacement")
        writer.string(replacement)
    }
    if let inputType {
        writer.key("inputType")
        writer.string(inputType.rawValue)
    }
    if units == .scalars || options & 2 != 0 {
        writer.key("units")
        writer.string(units.rawValue)
    }
    writeCommon(options, &input, into: &writer)
    writer.endObject()

    let removed = max(0, min(end, text.utf16.count) - min(start, text.utf16.count))
    let valid =
        known && start <= end && isBoundary(start, in: text, units: units) && isBoundary(end, in: text, units: units)
        && text.utf16.count <= configuration.maxText
        && text.utf16.count - removed + replacement.utf16.count <= configuration.maxText
    send(
        "POST", "/v1/edit", headers.merging(["Content-Type": "application/json"]) { $1 }, writer.bytes,
        expect: .edit(units: units), mustSucceed: valid)
}

/// A well-formed `/v1/format` request.
private func structuredFormat(_ input: inout FuzzInput, headers: [String: String]) {
    let (names, known) = fieldChoice(&input)
    let text = input.text()
    let options = input.byte()
    let units: OffsetUnit = options & 0x40 == 0 ? .utf16 : .scalars
    var writer = JSONWriter()
    writer.beginObject()
    writeField(names, into: &writer)
    writer.key("text")
    writer.string(text)
    if units == .scalars {
        writer.key("units")
        writer.string(units.rawValue)
    }
    writeCommon(options, &input, into: &writer)
    writer.endObject()
    send(
        "POST", "/v1/format", headers.merging(["Content-Type": "application/json"]) { $1 }, writer.bytes,
        expect: .edit(units: units), mustSucceed: known && text.utf16.count <= configuration.maxText)
}

/// A well-formed `/v1/validate` request: a form with some of its fields, or loose fields.
private func structuredValidate(_ input: inout FuzzInput, headers: [String: String]) {
    let choice = input.byte()
    let form: Form? = choice & 1 == 0 ? registry.forms[formNames[Int(choice >> 1) % formNames.count]] : nil
    let candidates = form.map { $0.fields.map(\.name) } ?? fieldNames
    var values: [(String, String)] = []
    let count = Int(input.byte() % 6)
    for _ in 0..<count {
        let name = candidates[input.int(upTo: candidates.count - 1)]
        if values.contains(where: { $0.0 == name }) { continue }  // duplicate keys are a 400 by design
        values.append((name, input.text()))
    }
    let options = input.byte()
    var writer = JSONWriter()
    writer.beginObject()
    if let form {
        writer.key("form")
        writer.string(form.name)
    }
    writer.key("values")
    writer.beginObject()
    for (name, text) in values {
        writer.key(string: name)
        writer.string(text)
    }
    writer.endObject()
    if options & 1 != 0 {
        writer.key("event")
        writer.string(ValidationEvent.allCases[Int(options >> 1) % ValidationEvent.allCases.count].rawValue)
    }
    if options & 0x10 != 0 {
        writer.key("locale")
        writer.string(locales[Int(options >> 5) % locales.count])
    }
    writer.endObject()
    send(
        "POST", "/v1/validate", headers.merging(["Content-Type": "application/json"]) { $1 }, writer.bytes,
        expect: .any, mustSucceed: values.allSatisfy { $0.1.utf16.count <= configuration.maxText })
}

/// One field name, or a composition of two or three; now and then a name the registry does not have.
private func fieldChoice(_ input: inout FuzzInput) -> (names: [String], known: Bool) {
    let choice = input.byte()
    if choice == 0xFF {
        let name = input.text(maxLength: 10)
        return ([name], registry.fields[name] != nil)
    }
    var names = [fieldNames[Int(choice) % fieldNames.count]]
    if choice >= 0xE0 {
        for _ in 0..<(1 + Int(choice & 1)) { names.append(fieldNames[input.int(upTo: fieldNames.count - 1)]) }
    }
    return (names, true)
}

private func writeField(_ names: [String], into writer: inout JSONWriter) {
    writer.key("field")
    if names.count == 1 {
        writer.string(names[0])
    } else {
        writer.beginArray()
        for name in names { writer.string(name) }
        writer.endArray()
    }
}

/// `event`, `locale` and `seq`, each present or not.
private func writeCommon(_ options: UInt8, _ input: inout FuzzInput, into writer: inout JSONWriter) {
    if options & 4 != 0 {
        writer.key("event")
        writer.string(ValidationEvent.allCases[Int(input.byte()) % ValidationEvent.allCases.count].rawValue)
    }
    if options & 8 != 0 {
        writer.key("locale")
        writer.string(locales[Int(input.byte()) % locales.count])
    }
    if options & 0x10 != 0 {
        writer.key("seq")
        writer.integer(options & 0x20 == 0 ? Int64(input.byte()) : Int64.max - Int64(input.byte()))
    }
}

/// The inputTypes a keyboard sends most, so that they come up often.
private func commonInputType(_ choice: Int) -> InputType {
    let common: [InputType] = [
        .insertText, .insertFromPaste, .deleteContentBackward, .deleteContentForward, .insertCompositionText,
        .deleteByCut, .deleteWordBackward, .insertReplacementText, .historyUndo,
    ]
    return common[choice % common.count]
}

/// Whether `offset` (in `units`) falls between two scalars of `text`.
private func isBoundary(_ offset: Int, in text: String, units: OffsetUnit) -> Bool {
    guard offset >= 0 else { return false }
    switch units {
    case .scalars:
        return offset <= text.unicodeScalars.count
    case .utf16:
        var position = 0
        for scalar in text.unicodeScalars {
            if position == offset { return true }
            if position > offset { return false }
            position += scalar.utf16.count
        }
        return position == offset
    }
}

private func nameFrom(_ bytes: [UInt8], among names: [String]) -> String {
    if bytes.count == 1 { return names[Int(bytes[0]) % names.count] }
    return String(decoding: bytes, as: UTF8.self)
}

private func headerVariant(_ variant: UInt8) -> [String: String] {
    var headers: [String: String] = [:]
    switch variant & 0x03 {
    case 0: headers["Content-Type"] = "application/json"
    case 1: headers["Content-Type"] = "Application/JSON; charset=utf-8"
    case 2: headers["Content-Type"] = variant & 4 == 0 ? "text/plain" : "application/json;"
    default: break  // no Content-Type at all
    }
    if variant & 0x08 != 0 { headers["Accept-Language"] = acceptLanguages[Int(variant) % acceptLanguages.count] }
    return headers
}

// MARK: - Sending and checking

private enum Expectation {
    /// An `/v1/edit` or `/v1/format` answer; `units` nil: the request's own (unknown for raw bodies).
    case edit(units: OffsetUnit?)
    case any
}

private func send(
    _ method: String, _ path: String, _ headers: [String: String], _ body: [UInt8], expect: Expectation,
    mustSucceed: Bool = false
) {
    let response = responder.respond(method: method, path: path, headers: headers, body: body)
    if debug {
        print("\(method) \(path) \(String(decoding: body.prefix(300), as: UTF8.self)) -> \(response.status)")
        print("    \(String(decoding: response.body.prefix(300), as: UTF8.self))")
    }
    func fail(_ problem: String) -> Never {
        let answer = String(decoding: response.body.prefix(2000), as: UTF8.self)
        let request = String(decoding: body.prefix(2000), as: UTF8.self)
        fatalError("\(method) \(path): \(problem)\nrequest: \(request)\nanswer \(response.status): \(answer)")
    }
    // 204 is the answer to OPTIONS (the Allow header, and CORS preflights).
    guard allowedStatuses.contains(response.status) || (response.status == 204 && method == "OPTIONS") else {
        fail("status \(response.status) is not allowed")
    }
    guard response.header("X-Content-Type-Options") == "nosniff" else { fail("no X-Content-Type-Options: nosniff") }
    if mustSucceed && response.status != 200 {
        // The work budget (fields × passes × characters, `--max-work`) is the one limit the fuzzer leaves to
        // the server: a long text in a field of many passes is refused with it, never otherwise.
        let overBudget =
            response.status == 422
            && String(decoding: response.body, as: UTF8.self).contains("urn:smarttext:problem:work-budget")
        if !overBudget { fail("a well-formed request was not answered 200") }
    }
    let contentType = response.header("Content-Type") ?? ""
    guard contentType.hasPrefix("application/json") || contentType.hasPrefix("application/problem+json") else {
        return
    }
    let json: JSONValue
    do {
        json = try JSONParser.parse(response.body)
    } catch {
        fail("the answer is not valid JSON: \(error.message) at byte \(error.offset)")
    }
    guard response.status == 200, case .edit(let requestedUnits) = expect else { return }
    guard case .object(let object) = json else { fail("the answer is not an object") }
    guard case .string(let text)? = object["text"] else { fail("the answer has no string \"text\"") }
    guard case .integer(let caret)? = object["caret"] else { fail("the answer has no integer \"caret\"") }
    let units = requestedUnits ?? rawUnits(body)
    let length = units == .scalars ? text.unicodeScalars.count : text.utf16.count
    guard caret >= 0 && caret <= length else {
        fail("caret \(caret) is outside the text, which is \(length) \(units.rawValue) long")
    }
    if units == .utf16 && !isBoundary(Int(caret), in: text, units: .utf16) {
        fail("caret \(caret) falls inside a surrogate pair")
    }
}

/// The `units` a raw body asked for (it parsed, since the answer is 200).
private func rawUnits(_ body: [UInt8]) -> OffsetUnit {
    guard case .object(let object)? = try? JSONParser.parse(body), case .string(let name)? = object["units"] else {
        return .utf16
    }
    return OffsetUnit(rawValue: name) ?? .utf16
}

// MARK: - Reading choices from the input

/// Reads bytes as choices, like LLVM's FuzzedDataProvider: past the end every read is 0.
private struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var remaining: Slice<UnsafeBufferPointer<UInt8>> { bytes[index...] }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in 0...limit (two bytes' worth).
    mutating func int(upTo limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        let raw = Int(byte()) << 8 | Int(byte())
        return raw % (limit + 1)
    }

    /// A text: a header byte (length in its low 6 bits), then either
    /// characters from `alphabet` (one byte each) or, when bit 6 is set, raw
    /// bytes decoded as UTF-8 (invalid sequences repaired). Headers 0xFE and
    /// 0xFF repeat the text up to about the `--max-text` limit (10,000 UTF-16
    /// code units), landing on either side of it.
    mutating func text(maxLength: Int = 48) -> String {
        let header = byte()
        let length = min(Int(header & 0x3F), maxLength, bytes.count - index)
        var text = ""
        if header & 0x40 == 0 {
            for _ in 0..<length { text += alphabet[Int(byte()) % alphabet.count] }
        } else {
            // No NUL: the service rejects it in any string (400), so a structured
            // request that must be answered 200 cannot hold one.
            let raw = bytes[index..<(index + length)].map { $0 == 0 ? UInt8(ascii: "0") : $0 }
            index += length
            text = String(decoding: raw, as: UTF8.self)
        }
        if header >= 0xFE && maxLength >= 48 && !text.isEmpty {
            let target = 9_990 + Int(byte() % 20)
            text = String(repeating: text, count: max(1, target / max(1, text.utf16.count)))
        }
        return text
    }
}
