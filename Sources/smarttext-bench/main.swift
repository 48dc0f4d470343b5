// Engine micro-benchmarks for `make bench` (not tests: timings are reported,
// never asserted). Measures keystrokes per second through the engine alone
// and the cost of one keystroke as the text grows.
//
// `smarttext-bench requests SCENARIO COUNT` instead answers COUNT requests of a
// scenario through the whole request path without sockets (JSON in, engine,
// JSON out): what `scripts/instructions` counts under callgrind.
import SmartTextEngine
import SmartTextNativeRules
import SmartTextServer

#if canImport(Glibc)
    import Glibc
#endif

let registry: Registry
do {
    registry = try RegistryLoader.load([.builtin], catalog: .standard)
} catch {
    print("cannot load the built-in registry: \(error)")
    exit(1)
}

/// The request of each scenario, as `make bench` sends them: a fixed body, or
/// (`_fresh`) a new phone number, name and password in every request, built
/// from the request's index, so the layout and verdict caches mostly miss as
/// they do with real users.
let scenarios: [String: (path: String, body: (Int) -> String)] = [
    "credit_card": (
        "/v1/edit",
        { _ in
            #"{"field":"credit_card","text":"4242 4242 4242 424","range":{"start":18,"end":18},"replacement":"2","seq":41}"#
        }
    ),
    // The same keystroke as a browser sends it, with its Accept-Language header (see `headers(for:)`).
    "credit_card_browser": (
        "/v1/edit",
        { _ in
            #"{"field":"credit_card","text":"4242 4242 4242 424","range":{"start":18,"end":18},"replacement":"2","seq":41}"#
        }
    ),
    "phone_cn": (
        "/v1/edit",
        { _ in #"{"field":"phone_cn","text":"138 0013 800","range":{"start":12,"end":12},"replacement":"0","seq":41}"# }
    ),
    "phone_cn_fresh": (
        "/v1/edit",
        { index in
            let digits = freshDigits(index, count: 7)
            return #"{"field":"phone_cn","text":"138 \#(digits.prefix(4)) \#(digits.suffix(3))","#
                + #""range":{"start":12,"end":12},"replacement":"0","seq":41}"#
        }
    ),
    "validate": (
        "/v1/validate",
        { _ in
            #"{"form":"signup","values":{"username":"jane_doe","email":"jane@example.com","phone_cn":"138 0013 8000","password":"Tr0ub4dor&3xyz!","password_confirm":"Tr0ub4dor&3xyz!"},"event":"submit"}"#
        }
    ),
    "validate_fresh": (
        "/v1/validate",
        { index in
            let n = freshDigits(index, count: 8)
            return #"{"form":"signup","values":{"username":"jane_\#(n)","email":"jane\#(n)@example.com","#
                + #""phone_cn":"139\#(n)","password":"Tr0ub\#(n)&xyz!","password_confirm":"Tr0ub\#(n)&xyz!"},"#
                + #""event":"submit"}"#
        }
    ),
]

/// The request headers of a scenario: a browser's scenario adds the
/// `Accept-Language` header browsers send with every request.
func headers(for scenario: String) -> [String: String] {
    var headers = ["Content-Type": "application/json"]
    if scenario.hasSuffix("_browser") { headers["Accept-Language"] = "en-US,en;q=0.9,zh-CN;q=0.8" }
    return headers
}

/// `count` decimal digits that look random and differ for each index (a
/// multiplicative hash; deterministic, so instruction counts repeat).
func freshDigits(_ index: Int, count: Int) -> String {
    var modulus = 1
    for _ in 0..<count { modulus *= 10 }
    let value = ((UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15) >> 20) % UInt64(modulus)
    let text = String(value)
    return String(repeating: "0", count: count - text.count) + text
}

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "requests" {
    guard let scenario = scenarios[arguments[2]], let count = Int(arguments[3]) else {
        print("usage: smarttext-bench requests \(scenarios.keys.sorted().joined(separator: "|")) COUNT")
        exit(2)
    }
    let responder = LocalResponder(registry: registry)
    let requestHeaders = headers(for: arguments[2])
    var bytes = 0
    for index in 0..<count {
        let body = Array(scenario.body(index).utf8)
        let response = responder.respond(
            method: "POST", path: scenario.path, headers: requestHeaders, body: body)
        guard response.status == 200 else {
            print("status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
            exit(1)
        }
        bytes += response.body.count
    }
    print("\(count) requests, \(bytes) bytes answered")
    exit(0)
}

/// Seconds since an arbitrary start.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Types a text into an empty `field`, one edit per character, again and again
/// for `seconds` (`text(pass)` gives each pass's text); returns keystrokes per second.
func typingRate(_ field: Field, seconds: Double = 1.5, _ text: (Int) -> String) -> (rate: Double, final: String) {
    var keystrokes = 0
    var final = ""
    var pass = 0
    let start = now()
    while now() - start < seconds {
        var current = ""
        var caret = 0
        for character in text(pass) {
            guard
                let outcome = try? field.edit(
                    EditRequest(text: current, start: caret, end: caret, replacement: String(character)))
            else { fatalError("edit failed") }
            current = outcome.text
            caret = outcome.caret
            keystrokes += 1
        }
        final = current
        pass += 1
    }
    return (Double(keystrokes) / (now() - start), final)
}

/// The time of one keystroke in the middle of a text of `length` characters.
func keystrokeCost(_ field: Field, text: String) -> Double {
    let formatted = field.format(text).text
    let middle = formatted.utf16.count / 2
    let request = EditRequest(text: formatted, start: middle, end: middle, replacement: "7")
    var iterations = 0
    let start = now()
    while now() - start < 0.5 || iterations < 5 {
        _ = try? field.edit(request)
        iterations += 1
    }
    return (now() - start) / Double(iterations)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

print("engine: keystrokes per second (one edit per character, the engine alone, one thread)")
let typing: [(name: String, field: String, shown: String, text: (Int) -> String)] = [
    ("credit_card", "credit_card", "4242424242424242", { _ in "4242424242424242" }),
    ("amount", "amount", "123456789012", { _ in "123456789012" }),
    ("date", "date", "20261129", { _ in "20261129" }),
    // The same number again and again: after the first pass, libphonenumber's answers come from the caches.
    ("phone_cn", "phone_cn", "13800138000", { _ in "13800138000" }),
    // A new number every pass: what a user typing their own number costs.
    ("phone_cn fresh", "phone_cn", "139 + 8 new digits", { pass in "139" + freshDigits(pass, count: 8) }),
]
for entry in typing {
    guard let field = registry.fields[entry.field] else { continue }
    let (rate, final) = typingRate(field, entry.text)
    print(
        "  \(pad(entry.name, 14)) typing \(pad("\"\(entry.shown)\"", 20)) \(pad(format(rate, decimals: 0), 10)) "
            + "keystrokes/s  -> \"\(final)\"")
}

print("engine: one keystroke in the middle of a text, by length (linear growth = constant ns per character)")
let freeText = Field(
    name: "free text", label: LocalizedText("Text"),
    formatters: [TrimFormatter(), CollapseWhitespaceFormatter()], rules: [])
let number = Field(name: "number", label: LocalizedText("Number"), formatters: [NumberFormatter()], rules: [])
var verdicts: [String] = []
for (label, field, unit) in [("free text", freeText, "abc de "), ("number", number, "1234567")] {
    var costs: [(Int, Double)] = []
    for length in [10, 100, 1_000, 10_000] {
        let text = String(String(repeating: unit, count: length / unit.count + 1).prefix(length))
        let cost = keystrokeCost(field, text: text)
        costs.append((length, cost))
        print(
            "  \(pad(label, 10)) \(pad("\(length) chars", 12)) \(pad(format(cost * 1e6, decimals: 2) + " µs", 12)) "
                + "\(format(cost * 1e9 / Double(length), decimals: 1)) ns/char")
    }
    // Linear: going from 1,000 to 10,000 characters costs about ten times more, not a hundred.
    let growth = costs[3].1 / costs[2].1
    let verdict = growth < 20 ? "linear" : "worse than linear"
    verdicts.append("\(label): x\(format(growth, decimals: 1)) from 1,000 to 10,000 characters (\(verdict))")
}
for verdict in verdicts { print("  " + verdict) }
