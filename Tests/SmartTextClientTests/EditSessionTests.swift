import Foundation
import Testing

@testable import SmartTextClient

/// `EditSession` driven the way a `UITextFieldDelegate` drives it, against a live service.
@Suite @MainActor struct EditSessionTests {
    @Test func typingACardNumberKeystrokeByKeystroke() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            for digit in "4242424242424242" {
                let edit = session.request(
                    shouldChangeCharactersIn: session.selection, replacementString: String(digit))
                #expect(edit.inputType == .insertText)
                #expect(edit.seq == session.seq)
                let shown = try #require(session.apply(try await client.edit(edit)))
                #expect(shown.text == session.text)
                #expect(shown.selection == session.selection)
            }
            #expect(session.text == "4242 4242 4242 4242")
            #expect(session.selection == NSRange(location: 19, length: 0))
            #expect(session.answer?.value == "4242424242424242")
            #expect(session.answer?.state == .valid)
            #expect(session.answer?.meta["brand"] == "visa")
        }
    }

    @Test func backspaceAtASeparatorDeletesTheDigitBeforeIt() async throws {
        try await withClient { client in
            let session = EditSession(
                field: "credit_card", text: "4242 4242", selection: NSRange(location: 5, length: 0))
            let edit = session.request(shouldChangeCharactersIn: NSRange(location: 4, length: 1), replacementString: "")
            #expect(edit.inputType == .deleteContentBackward)
            #expect(edit.range == TextRange(start: 4, end: 5))
            let shown = try #require(session.apply(try await client.edit(edit)))
            #expect(shown.text == "4244 242")
            #expect(shown.selection == NSRange(location: 3, length: 0))
            #expect(session.answer?.change == EditAnswer.Change(start: 3, end: 6, text: "4 "))
        }
    }

    @Test func anAnswerOlderThanTheNewestRequestIsDropped() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card", text: "4242")
            let first = session.request(
                shouldChangeCharactersIn: NSRange(location: 4, length: 0), replacementString: "4")
            let second = session.request(
                shouldChangeCharactersIn: NSRange(location: 4, length: 0), replacementString: "2")
            let firstAnswer = try await client.edit(first)
            let secondAnswer = try await client.edit(second)
            #expect(firstAnswer.seq == 1)
            #expect(secondAnswer.seq == 2)
            #expect(session.apply(secondAnswer)?.text == "4242 2")
            #expect(session.apply(firstAnswer) == nil)
            #expect(session.text == "4242 2")
            #expect(session.selection == NSRange(location: 6, length: 0))
        }
    }

    @Test func phoneCNTypedThroughTheRoundTrip() async throws {
        try await withClient { client in
            let session = EditSession(field: "phone_cn")
            for digit in "13800138000" {
                _ = try await session.edit(
                    shouldChangeCharactersIn: session.selection, replacementString: String(digit), using: client)
            }
            #expect(session.text == "138 0013 8000")
            #expect(session.selection == NSRange(location: 13, length: 0))
            #expect(session.answer?.value == "13800138000")
            #expect(session.answer?.complete == true)
        }
    }

    @Test func keystrokesFasterThanTheNetworkAreQueuedAndMoved() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            // Every keystroke arrives before any answer: all report the empty field's caret.
            let tasks = "4242424242424242".map { digit in
                let range = session.selection
                return Task {
                    try await session.edit(
                        shouldChangeCharactersIn: range, replacementString: String(digit), using: client)
                }
            }
            #expect(session.text == "")
            for task in tasks { _ = try await task.value }
            #expect(session.text == "4242 4242 4242 4242")
            #expect(session.selection == NSRange(location: 19, length: 0))
            #expect(session.seq == 16)
        }
    }

    @Test func aPasteIsSentAsInsertFromPaste() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card")
            let shown = try await session.edit(
                shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4242424242424242",
                using: client)
            #expect(shown?.text == "4242 4242 4242 4242")
            #expect(
                session.request(shouldChangeCharactersIn: session.selection, replacementString: "12").inputType
                    == .insertFromPaste)
        }
    }

    @Test func aRejectedKeystrokeKeepsTheText() async throws {
        try await withClient { client in
            let session = EditSession(field: "credit_card", text: "4242")
            let shown = try await session.edit(
                shouldChangeCharactersIn: NSRange(location: 4, length: 0), replacementString: "x", using: client)
            #expect(shown?.text == "4242")
            #expect(session.answer?.rejected == true)
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
            let edit = session.request(
                shouldChangeCharactersIn: NSRange(location: 0, length: 0), replacementString: "4")
            let answer = try await client.edit(edit)
            session.reset(text: "5555")
            #expect(session.apply(answer) == nil)
            #expect(session.text == "5555")
            #expect(session.selection == NSRange(location: 4, length: 0))
        }
    }
}

/// Moving an edit made on an older text onto the text an answer brought.
@Suite struct EditMoveTests {
    typealias Snapshot = EditSession.Snapshot

    @Test func anInsertionAtTheCaretFollowsTheCaret() {
        let moved = EditSession.move(
            NSRange(location: 4, length: 0),
            from: Snapshot(text: "4242", selection: NSRange(location: 4, length: 0)),
            to: Snapshot(text: "4242 4", selection: NSRange(location: 6, length: 0)))
        #expect(moved == NSRange(location: 6, length: 0))
    }

    @Test func backspaceTakesTheWholeCharacterBeforeTheNewCaret() {
        let moved = EditSession.move(
            NSRange(location: 1, length: 1),
            from: Snapshot(text: "ab", selection: NSRange(location: 2, length: 0)),
            to: Snapshot(text: "a👍🏽", selection: NSRange(location: 5, length: 0)))
        #expect(moved == NSRange(location: 1, length: 4))
        #expect(
            EditSession.move(
                NSRange(location: 0, length: 1),
                from: Snapshot(text: "a", selection: NSRange(location: 1, length: 0)),
                to: Snapshot(text: "", selection: NSRange(location: 0, length: 0))) == nil)
    }

    @Test func aRangeAwayFromTheCaretIsCarriedAcrossTheChange() {
        // "4242 4242" became "4242 4242 4" (a digit typed at the end): a selection of the first group stays.
        let moved = EditSession.move(
            NSRange(location: 0, length: 4),
            from: Snapshot(text: "4242 4242", selection: NSRange(location: 9, length: 0)),
            to: Snapshot(text: "4242 4242 4", selection: NSRange(location: 11, length: 0)))
        #expect(moved == NSRange(location: 0, length: 4))
        let after = EditSession.move(
            NSRange(location: 2, length: 0),
            from: Snapshot(text: "ab", selection: NSRange(location: 0, length: 0)),
            to: Snapshot(text: "xab", selection: NSRange(location: 1, length: 0)))
        #expect(after == NSRange(location: 3, length: 0))
    }

    @Test func unchangedCountsWholeScalars() {
        let (prefix, suffix) = EditSession.unchanged("a😀b", "a😃b")
        #expect(prefix == 1)
        #expect(suffix == 1)
    }
}
