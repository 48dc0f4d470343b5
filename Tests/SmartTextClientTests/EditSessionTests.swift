import Foundation
import SmartTextTestSupport
import Testing

@testable import SmartTextClient

/// A key a user presses in a text field.
enum Key: CustomStringConvertible {
    case type(String)
    case backspace, home, end, all

    var description: String {
        switch self {
        case .type(let text): "type(\(text.debugDescription))"
        case .backspace: "backspace"
        case .home: "home"
        case .end: "end"
        case .all: "all"
        }
    }
}

/// `EditSession` driven the way a `UITextFieldDelegate` drives it, against a live service, with
/// the round trip delayed so that keys come faster than answers.
@Suite @MainActor struct EditSessionTests {
    /// Presses `key` in the session, as UIKit reports it; returns whether it was an edit.
    static func press(_ key: Key, in session: EditSession) {
        let selection = session.selection
        let length = session.text.utf16.count
        switch key {
        case .home: session.select(NSRange(location: 0, length: 0), anchor: .start)
        case .end: session.select(NSRange(location: length, length: 0), anchor: .end)
        case .all: session.select(NSRange(location: 0, length: length), anchor: .all)
        case .type(let text): session.edit(shouldChangeCharactersIn: selection, replacementString: text)
        case .backspace:
            var range = selection
            if range.length == 0 {
                let before = String(decoding: Array(session.text.utf16)[..<range.location], as: UTF16.self)
                let width = before.last.map { $0.utf16.count } ?? 0
                range = NSRange(location: range.location - width, length: width)
            }
            session.edit(shouldChangeCharactersIn: range, replacementString: "")
        }
    }

    /// The keys sent one request each, every one on the previous answer (no latency).
    static func oneAtATime(_ field: String, _ keys: [Key], _ client: SmartTextClient) async throws -> (String, Int) {
        var text = ""
        var selection = NSRange(location: 0, length: 0)
        for key in keys {
            let length = text.utf16.count
            var range = selection
            var replacement = ""
            switch key {
            case .home:
                selection = NSRange(location: 0, length: 0)
                continue
            case .end:
                selection = NSRange(location: length, length: 0)
                continue
            case .all:
                selection = NSRange(location: 0, length: length)
                continue
            case .type(let typed): replacement = typed
            case .backspace:
                if range.length == 0 {
                    let before = String(decoding: Array(text.utf16)[..<range.location], as: UTF16.self)
                    let width = before.last.map { $0.utf16.count } ?? 0
                    range = NSRange(location: range.location - width, length: width)
                }
            }
            if range.length == 0 && replacement.isEmpty { continue }
            let answer = try await client.edit(
                SmartTextEdit(
                    field: FieldNames(stringLiteral: field), text: text, range: TextRange(range),
                    replacement: replacement, inputType: replacement.isEmpty ? .deleteContentBackward : .insertText))
            text = answer.text
            selection = NSRange(location: answer.caret, length: 0)
        }
        return (text, selection.location + selection.length)
    }

    /// The keys pressed `interval` apart while every request takes `delay`.
    static func typed(
        _ field: String, _ keys: [Key], _ client: SmartTextClient, interval: Duration, delay: Duration
    ) async throws -> (String, Int, Int) {
        let session = EditSession(field: FieldNames(stringLiteral: field))
        session.accepts = try await client.field(field).accepts
        var requests = 0
        var syncs: [Task<Void, Error>] = []
        for key in keys {
            press(key, in: session)
            syncs.append(
                Task {
                    try await session.sync { request in
                        requests += 1
                        try await Task.sleep(for: delay)
                        return try await client.edit(request)
                    }
                })
            try await Task.sleep(for: interval)
        }
        for sync in syncs { try await sync.value }
        #expect(!session.isBusy)
        return (session.text, session.selection.location + session.selection.length, requests)
    }

    @Test func keysFasterThanTheNetworkShowAtOnceAndEndAsWithNoLatency() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            var shown: [String] = []
            session.onChange = { text, _ in shown.append(text) }
            var syncs: [Task<Void, Error>] = []
            for digit in "4242424242424242" {
                // Every key shows at once, before any answer.
                let now = session.edit(shouldChangeCharactersIn: session.selection, replacementString: String(digit))
                #expect(now.text.hasSuffix(String(digit)))
                syncs.append(
                    Task {
                        try await session.sync { request in
                            try await Task.sleep(for: .milliseconds(40))
                            return try await client.edit(request)
                        }
                    })
            }
            for sync in syncs { try await sync.value }
            #expect(session.text == "4242 4242 4242 4242")
            #expect(session.selection == NSRange(location: 19, length: 0))
            #expect(session.answer?.value == "4242424242424242")
            #expect(session.seq < 16, "keys typed while waiting go together")
            #expect(shown.last == "4242 4242 4242 4242")
        }
    }

    @Test func theIssueExampleAHomeKeyDuringARequest() async throws {
        try await withClient { client in
            let keys: [Key] = "42424242".map { .type(String($0)) } + [.home, .type("1")]
            let got = try await Self.typed(
                "credit_card", keys, client, interval: .milliseconds(5), delay: .milliseconds(150))
            #expect(got.0 == "1424 2424 2")
            #expect(got.1 == 1)
        }
    }

    @Test(arguments: ["credit_card", "phone_cn", "amount", "card_expiry", "iban", "date"])
    func randomKeysWithADelayedServiceEndAsWithNoLatency(field: String) async throws {
        try await withClient { client in
            let typed: [String] = ["4", "2", "1", "3", "8", "0", "x", " ", ".", "/", "-", "D", "E"]
            var generator = SplitMix64(state: UInt64(field.utf8.count) &* 7919)
            for _ in 0..<6 {
                let keys: [Key] = (0..<Int.random(in: 3...12, using: &generator)).map { _ in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0..<6: .type(typed.randomElement(using: &generator)!)
                    case 6, 7: .backspace
                    default: [Key.home, .end, .all].randomElement(using: &generator)!
                    }
                }
                let expected = try await Self.oneAtATime(field, keys, client)
                let got = try await Self.typed(
                    field, keys, client, interval: .milliseconds(3), delay: .milliseconds(25))
                #expect(got.0 == expected.0 && got.1 == expected.1, "\(field): \(keys)")
            }
        }
    }

    /// Fields whose layout changes with what is typed (issue 28): the 12th digit re-lays a CPF as a CNPJ,
    /// the 11th a Brazilian phone's 8-digit layout as the 9-digit one. Keys typed while an answer re-lays
    /// the text land where they would with no latency, across the switch and back (Backspace).
    @Test(arguments: ["tax_id_br", "phone_br"], [Duration.milliseconds(25), .milliseconds(150)])
    func keysPendingWhileTheLayoutSwitchesEndAsWithNoLatency(field: String, delay: Duration) async throws {
        try await withClient { client in
            let digits = field == "tax_id_br" ? "11222333000181" : "11987654321"
            let laidOut = field == "tax_id_br" ? "11.222.333/0001-81" : "(11) 98765-4321"
            var generator = SplitMix64(state: UInt64(field.utf8.count) &* 104_729)
            for round in 0..<5 {
                // Up to the switch and past it, then Backspace back over it, with a key in the middle.
                var keys: [Key] = digits.map { .type(String($0)) }
                let back = Int.random(in: 2...5, using: &generator)
                keys += Array(repeating: .backspace, count: back)
                if round % 2 == 1 { keys += [.home, .type("9"), .end] }
                keys += digits.suffix(back).map { .type(String($0)) }
                let expected = try await Self.oneAtATime(field, keys, client)
                // Without the key in the middle, the digits end in the longer layout.
                #expect(round % 2 == 1 || expected.0 == laidOut, "\(field): \(expected.0)")
                let got = try await Self.typed(field, keys, client, interval: .milliseconds(4), delay: delay)
                #expect(got.0 == expected.0 && got.1 == expected.1, "\(field) at \(delay): \(keys)")
            }
        }
    }

    @Test func aLetterInADigitsFieldNeverShows() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            session.accepts = try await client.field("credit_card").accepts
            let shown = session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "x")
            #expect(shown.text == "")
            #expect(!session.isBusy)
            session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4a2")
            #expect(session.text == "42")
        }
    }

    @Test func noAnswerKeepsEverythingTypedAndTheNextAnswerFormatsTheWholeText() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4242")
            await #expect(throws: URLError.self) {
                try await session.sync { _ in throw URLError(.notConnectedToInternet) }
            }
            #expect(session.text == "4242")
            session.edit(shouldChangeCharactersIn: session.selection, replacementString: "4")
            try await session.sync(using: client)
            #expect(session.text == "4242 4")
        }
    }

    /// Issue 31: a request without an answer goes again at once, twice at most (behind a balancer, to
    /// another replica).
    @Test func aRequestWithoutAnAnswerGoesAgainTwiceAtMost() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "42424")
            var attempts = 0
            try await session.sync { request in
                attempts += 1
                if attempts < 3 { throw SmartTextError.transport(URLError(.networkConnectionLost)) }
                return try await client.edit(request)
            }
            #expect(attempts == 3)
            #expect(session.text == "4242 4")
        }
    }

    /// Issue 31: during a registry roll-out, an answer of the version the session left is not taken and its
    /// edits go again; after three in a row the session takes it (the pool went back).
    @Test func anAnswerOfTheRegistryVersionTheSessionLeftIsNotTaken() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            var versions = ["v1", "v2", "v1", "v2"]
            var texts: [String] = []
            func send(_ request: TypedEditsRequest) async throws -> EditAnswer {
                texts.append(request.text)
                var answer = try await client.edit(request)
                answer.registry = versions.removeFirst()
                return answer
            }
            for digit in ["4", "2", "4"] {
                session.edit(shouldChangeCharactersIn: session.selection, replacementString: digit)
                try await session.sync(sending: send)
            }
            #expect(session.text == "424")
            #expect(texts == ["", "4", "42", "42"], "the key answered by the replica left behind went again")
            #expect(session.answer?.registry == "v2")
            versions = ["v1", "v1", "v1", "v1"]
            session.edit(shouldChangeCharactersIn: session.selection, replacementString: "2")
            try await session.sync(sending: send)
            #expect(session.text == "4242")
            #expect(session.answer?.registry == "v1")
        }
    }

    @Test func aRefusedBatchPutsBackTheLastAnswer() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4242")
            try await session.sync(using: client)
            session.edit(shouldChangeCharactersIn: session.selection, replacementString: "5")
            await #expect(throws: SmartTextError.self) {
                try await session.sync { _ in
                    throw SmartTextError.problem(status: 422, type: "x", title: "refused", detail: "refused")
                }
            }
            #expect(session.text == "4242")
            #expect(session.selection == NSRange(location: 4, length: 0))
        }
    }

    @Test func checkOnBlurReportsWhatTypingKeptQuiet() async throws {
        try await withClient { client in
            let session = EditSession(field: "email", text: "jane@example")
            let shown = try await session.check(.blur, using: client)
            #expect(shown?.text == "jane@example")
            #expect(session.answer?.errors.map(\.rule) == ["email"])
        }
    }

    @Test func resetDropsAnswersToEarlierRequests() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            session.edit(shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4")
            try await session.sync { request in
                let answer = try await client.edit(request)
                session.reset(text: "5555")
                return answer
            }
            #expect(session.text == "5555")
            #expect(session.selection == NSRange(location: 4, length: 0))
        }
    }
}

/// Moving edits made on a text onto the answer for it.
@Suite struct RebaseTests {
    @Test func aRangeMovesThroughTheMapWhichGrowsOverEachEdit() {
        // "42424" shown, answered "4242 4": the fifth digit is after the space.
        let (moved, map) = EditSession.rebase(
            [
                TypedEdit(range: TextRange(start: 5, end: 5), replacement: "2", anchor: .caret),
                TypedEdit(range: TextRange(start: 0, end: 0), replacement: "1"),
            ], through: [0, 1, 2, 3, 4, 6])
        #expect(moved.map(\.range) == [TextRange(start: 6, end: 6), TextRange(start: 0, end: 0)])
        #expect(moved[0].anchor == .caret)
        #expect(map == [0, 1, 2, 3, 4, 5, 7, 8])
    }

    @Test func acceptedCharactersClassifyAsTheServiceDoes() {
        let digits = AcceptedCharacters(digits: true, letters: false, whitespace: false, others: false, characters: " ")
        #expect(digits.filter("4a2 b") == "42 ")
        #expect(digits.filter("４２") == "４２")
        let letters = AcceptedCharacters(
            digits: false, letters: true, whitespace: false, others: false, characters: "-")
        #expect(letters.filter("Ab-1 ß") == "Ab-ß")
    }
}
