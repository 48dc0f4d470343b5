// Engine micro-benchmarks for `make bench` (not tests: timings are reported,
// never asserted). Measures keystrokes per second through the engine alone
// and the cost of one keystroke as the text grows.
//
// `smarttext-bench requests SCENARIO COUNT` instead answers COUNT requests of a
// scenario through the whole request path without sockets (JSON in, engine,
// JSON out): what `scripts/instructions` counts under callgrind.
import SmartTextEngine
import SmartTextJSON
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

/// One request scenario of `Tests/perf/scenarios.json`, which `scripts/bench` sends too.
struct Scenario {
    /// A piece of the body: bytes as written, or digits A..<B of the request's fresh digits.
    enum Piece {
        case bytes([UInt8])
        case digits(Range<Int>)
    }

    var route: String
    var headers: [String: String]
    /// The body, split at its `{digits:A-B}` placeholders once (the harness's own work
    /// per request is counted with the request's).
    var pieces: [Piece]

    init(route: String, headers: [String: String], body: String) {
        self.route = route
        self.headers = headers
        var pieces: [Piece] = []
        var rest = body[...]
        while let open = rest.firstRange(of: "{digits:"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            pieces.append(.bytes(Array(rest[..<open.lowerBound].utf8)))
            let bounds = rest[open.upperBound..<close].split(separator: "-").compactMap { Int($0) }
            if bounds.count == 2 { pieces.append(.digits(bounds[0]..<bounds[1])) }
            rest = rest[rest.index(after: close)...]
        }
        pieces.append(.bytes(Array(rest.utf8)))
        self.pieces = pieces
    }

    /// The body of request `index`: each placeholder filled with digits A..<B of
    /// one 16-digit string that differs for each index.
    func body(_ index: Int) -> [UInt8] {
        if pieces.count == 1, case .bytes(let bytes) = pieces[0] { return bytes }
        let digits = freshDigits(index, count: 16)
        var body: [UInt8] = []
        body.reserveCapacity(256)
        for piece in pieces {
            switch piece {
            case .bytes(let bytes): body += bytes
            case .digits(let range): body += digits[range]
            }
        }
        return body
    }
}

/// The scenarios of `Tests/perf/scenarios.json` (or of the file in `SMARTTEXT_SCENARIOS`).
func loadScenarios() -> [String: Scenario] {
    let path = getenv("SMARTTEXT_SCENARIOS").map { String(cString: $0) } ?? "Tests/perf/scenarios.json"
    guard let file = fopen(path, "rb") else {
        print("cannot read \(path) (run from the repository's root, or set SMARTTEXT_SCENARIOS)")
        exit(2)
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    fclose(file)
    guard case .object(let top)? = try? JSONParser.parse(bytes), case .object(let list)? = top["scenarios"] else {
        print("\(path) is not a scenarios file")
        exit(2)
    }
    var scenarios: [String: Scenario] = [:]
    for member in list.members {
        guard case .object(let entry) = member.value, case .string(let route)? = entry["route"],
            case .string(let body)? = entry["body"]
        else { continue }
        var headers = ["Content-Type": "application/json"]
        if case .object(let extra)? = entry["headers"] {
            for header in extra.members {
                if case .string(let value) = header.value { headers[header.key] = value }
            }
        }
        scenarios[member.key] = Scenario(route: route, headers: headers, body: body)
    }
    return scenarios
}

/// `count` ASCII decimal digits that look random and differ for each index
/// (a linear congruential sequence; deterministic, so instruction counts repeat).
func freshDigits(_ index: Int, count: Int) -> [UInt8] {
    var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
    var digits: [UInt8] = []
    digits.reserveCapacity(count)
    for _ in 0..<count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        digits.append(UInt8(ascii: "0") + UInt8((state >> 33) % 10))
    }
    return digits
}

/// Called once, before the second half of `requests`: `scripts/instructions` has callgrind zero its counts when
/// it is entered and dump them when ``benchMeasuredHalfEnds(_:)`` is, so that one process counts the second half
/// alone (the first has paid every one-time cost). Returns 0; the system calls keep the optimizer from removing
/// it or folding the two into one.
@inline(never) func benchMeasuredHalfStarts(_ index: Int) -> Int { Int(getpid()) &* 0 &+ (index &- index) }

/// Called once, after the last request of `requests` (see ``benchMeasuredHalfStarts(_:)``). Returns 0.
@inline(never) func benchMeasuredHalfEnds(_ count: Int) -> Int { Int(getppid()) &* 0 &+ (count &- count) }

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "requests" {
    let scenarios = loadScenarios()
    guard let scenario = scenarios[arguments[2]], let count = Int(arguments[3]) else {
        print("usage: smarttext-bench requests \(scenarios.keys.sorted().joined(separator: "|")) COUNT")
        exit(2)
    }
    let responder = LocalResponder(registry: registry)
    // SMARTTEXT_BENCH_SHOW=N prints the first N requests and answers (to check a scenario).
    let show = getenv("SMARTTEXT_BENCH_SHOW").flatMap { Int(String(cString: $0)) } ?? 0
    var bytes = 0
    for index in 0..<count {
        if index == count / 2 { bytes &+= benchMeasuredHalfStarts(index) }
        let response = responder.respond(
            method: "POST", path: scenario.route, headers: scenario.headers, body: scenario.body(index))
        guard response.status == 200 else {
            print("status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
            exit(1)
        }
        bytes += response.body.count
        if index < show {
            print(String(decoding: scenario.body(index), as: UTF8.self))
            print("  " + String(decoding: response.body, as: UTF8.self))
        }
    }
    bytes &-= benchMeasuredHalfEnds(count)
    print("\(count) requests, \(bytes) bytes answered")
    exit(0)
}

/// `smarttext-bench phone-answers COUNT`: types COUNT numbers per region digit by digit through
/// the whole request path (one `/v1/edit` per digit, one more digit past the end, then a
/// Backspace in the middle), checks the number typed and the number with one more digit as
/// submitted values (`/v1/validate`), and prints every answer. `make phone-differential` runs it
/// with and without `SMARTTEXT_PHONE_NUMBERING=library` and compares the two outputs: the text,
/// caret, value, state, completeness, refusals, `meta` (region, type, E.164) and verdicts (with
/// their messages and the region of a number of another one) of every request. The numbers are
/// each region's example (from libphonenumber) with its end replaced by seeded random digits, and
/// random digit strings, in the `phone` field with the request's region, in a field bound to the
/// region (`phone_XX`, made here for every region), as international input, and some of another
/// region or with the region's own calling code in the bound fields; deterministic, so the two runs
/// type the same.
func phoneAnswers(count: Int) -> Never {
    let regions = PhoneRegions.all(in: "en")
    // A field bound to each region: its formatter and validator take the region.
    let bound = regions.map { region in
        #""phone_\#(region.code)": {"formatters": [{"phone": {"region": "\#(region.code)"}}], "validators": [{"phone": {"region": "\#(region.code)"}}]}"#
    }
    let fields = #"{"fields": {"# + bound.joined(separator: ", ") + "}}"
    let registry: Registry
    do {
        registry = try RegistryLoader.load(
            [.builtin, RegistrySource(name: "phone-regions.json", bytes: Array(fields.utf8))], catalog: .standard)
    } catch {
        print("cannot load the phone fields: \(error)")
        exit(1)
    }
    let responder = LocalResponder(registry: registry)
    // Regional fields, the request's region (a field without one) and international input.
    var cases: [(field: String, region: String?, example: String)] = []
    for (index, region) in regions.enumerated() {
        let digits = region.exampleNational.filter(\.isNumber)
        guard !digits.isEmpty else { continue }
        cases.append(("phone", region.code, String(digits)))
        cases.append(("phone_" + region.code, nil, String(digits)))
        let international = region.exampleInternational.filter { $0.isNumber || $0 == "+" }
        if index % 8 == 0 || ["CN", "US", "GB", "DE"].contains(region.code) {
            cases.append(("phone", nil, String(international)))
        }
        if index % 8 == 4 || ["AR", "GB", "US", "KR"].contains(region.code) {
            // The region's own number with its calling code, and another region's.
            cases.append(("phone_" + region.code, nil, String(international)))
            let other = regions[(index + 97) % regions.count].exampleInternational.filter { $0.isNumber || $0 == "+" }
            cases.append(("phone_" + region.code, nil, String(other)))
        }
    }
    cases.append(("phone_cn", nil, "13800138000"))
    cases.append(("phone_cn", nil, "01012345678"))
    cases.append(("phone_us", nil, "2015550123"))
    var lines = 0
    for (offset, entry) in cases.enumerated() {
        var state = UInt64(offset + 1) &* 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for variant in 0..<count {
            var number = Array(entry.example)
            let start = number.first == "+" ? 1 : 0
            if variant > 0 {
                // Keep a prefix of the example, the rest new digits (sometimes one more or fewer).
                let cut = start + 1 + random(max(1, number.count - start - 1))
                let length = max(cut, number.count + random(3) - 1)
                number = Array(number[..<cut]) + (cut..<length).map { _ in Character(String(random(10))) }
            }
            if variant % 7 == 6 {
                number = Array(number[..<start]) + (0..<(3 + random(12))).map { _ in Character(String(random(10))) }
            }
            var text = ""
            var caret = 0
            func send(_ start: Int, _ end: Int, _ replacement: String) {
                var body = #"{"field":"\#(entry.field)","text":"\#(text)","range":{"start":\#(start),"end":\#(end)},"#
                body += #""replacement":"\#(replacement)""#
                if let region = entry.region { body += #","region":"\#(region)""# }
                body += "}"
                let response = responder.respond(
                    method: "POST", path: "/v1/edit", headers: ["Content-Type": "application/json"],
                    body: Array(body.utf8))
                let answer = String(decoding: response.body, as: UTF8.self)
                print("\(entry.field) \(entry.region ?? "-") \(body)\n  \(response.status) \(answer)")
                lines += 1
                guard response.status == 200, case .object(let object)? = try? JSONParser.parse(response.body),
                    case .string(let newText)? = object["text"], case .integer(let newCaret)? = object["caret"]
                else { return }
                text = newText
                caret = Int(newCaret)
            }
            for character in number + [Character(String(random(10)))] { send(caret, caret, String(character)) }
            for value in [text, text + String(random(10))] {
                var body = #"{"values":{"\#(entry.field)":"\#(value)"}"#
                if let region = entry.region { body += #","region":"\#(region)""# }
                body += "}"
                let response = responder.respond(
                    method: "POST", path: "/v1/validate", headers: ["Content-Type": "application/json"],
                    body: Array(body.utf8))
                print(
                    "\(entry.field) \(entry.region ?? "-") \(body)\n  \(response.status) \(String(decoding: response.body, as: UTF8.self))"
                )
                lines += 1
            }
            let units = text.utf16.count
            if units > 2 {
                let position = 1 + random(units - 1)
                send(position - 1, position, "")
            }
        }
    }
    print("phone-answers: \(cases.count) fields and regions, \(lines) requests")
    exit(0)
}

if arguments.count == 3 && arguments[1] == "phone-answers", let count = Int(arguments[2]) {
    phoneAnswers(count: count)
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
    (
        "phone_cn fresh", "phone_cn", "139 + 8 new digits",
        { pass in "139" + String(decoding: freshDigits(pass, count: 8), as: UTF8.self) }
    ),
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
