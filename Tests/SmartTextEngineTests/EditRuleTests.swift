import SmartTextEngine
import SmartTextSupport
import Testing

/// The caret and edit rules of the API contract, one suite per rule.
@Suite struct EditRuleTests {
    let card = builtinField("credit_card")
    let expiry = builtinField("card_expiry")
    /// A mask of the built-in date's layout (the built-in `date` field is a `date` formatter since 0.2).
    let date = field(try! MaskFormatter(pattern: "####-##-##"))
    let amount = builtinField("amount")
    let name = builtinField("full_name")

    // MARK: Rules 1 and 2: apply, reformat, caret by provenance

    @Test func typingAtTheEnd() throws {
        #expect(try result(card, "4242 4242 4242 424|", .type("2")) == "4242 4242 4242 4242|")
        #expect(try result(amount, "1,234|", .type("5")) == "12,345|")
        #expect(try result(name, "Jane|", .type(" ")) == "Jane |")
    }

    @Test func insertingInTheMiddleKeepsTheCaretAfterTheInsertedCharacter() throws {
        #expect(try result(card, "4242| 4242", .type("9")) == "4242 9|424 2")
        #expect(try result(card, "42|42 4242", .type("9")) == "429|4 2424 2")
        #expect(try result(amount, "1,2|34", .type("5")) == "12,5|34")
        #expect(try result(date, "20|26-11-2", .type("1")) == "201|2-61-12")
    }

    @Test func deletingInTheMiddle() throws {
        #expect(try result(card, "4242 4|242", .backspace) == "4242 |242")
        #expect(try result(card, "4242 |4242", .delete) == "4242 |242")
        #expect(try result(amount, "1,2|34", .backspace) == "1|34")
        #expect(try result(amount, "12,|345", .delete) == "1,2|45")
    }

    @Test func replacingASelection() throws {
        #expect(try result(card, "42[42 42]42", .type("1")) == "421|4 2")
        #expect(try result(card, "[4242 4242]", .paste("5555555555554444")) == "5555 5555 5555 4444|")
        #expect(try result(amount, "1,[234]", .type("9")) == "19|")
    }

    @Test func emptyText() throws {
        #expect(try result(card, "|", .backspace) == "|")
        #expect(try result(card, "|", .delete) == "|")
        #expect(try result(card, "|", .type("4")) == "4|")
        let outcome = card.format("")
        #expect(outcome.text.isEmpty)
        #expect(outcome.caret == 0)
        #expect(outcome.validation.state == .empty)
    }

    // MARK: Rule 3: literals the format appends come before the caret

    @Test func completingAGroupAtTheEnd() throws {
        #expect(try result(expiry, "1|", .type("2")) == "12/|")
        #expect(try result(expiry, "|", .type("4")) == "04/|")
        #expect(try result(date, "202|", .type("6")) == "2026-|")
        #expect(try result(date, "2026-1|", .type("1")) == "2026-11-|")
        #expect(try result(card, "424|", .type("2")) == "4242|")
    }

    @Test func literalsBeforeTheInsertionArePassed() throws {
        #expect(try result(card, "4242|", .type("5")) == "4242 5|")
        #expect(try result(amount, "123|", .type("4")) == "1,234|")
    }

    // MARK: Rule 4: backspace and delete at a separator

    @Test func backspaceAfterASeparatorDeletesTheDigitBeforeIt() throws {
        #expect(try result(card, "4242 |4242", .backspace) == "424|4 242")
        #expect(try result(expiry, "12/|", .backspace) == "1|")
        #expect(try result(amount, "1,|234", .backspace) == "|234")
        #expect(try result(date, "2026-|11", .backspace) == "202|1-1")
    }

    @Test func deleteBeforeASeparatorDeletesTheDigitAfterIt() throws {
        #expect(try result(card, "4242| 4242", .delete) == "4242| 242")
        #expect(try result(amount, "1|,234", .delete) == "1|34")
    }

    @Test func moveCaretModeOnlyMovesTheCaret() throws {
        let cardMoving = field(CreditCardFormatter(), backspace: .moveCaret)
        let backspace = try apply(cardMoving, "4242 |4242", .backspace)
        #expect(Marked(text: backspace.text, caret: backspace.caret).description == "4242| 4242")
        #expect(backspace.rejected == false)
        #expect(try result(cardMoving, "4242| 4242", .delete) == "4242 |4242")
        // Elsewhere it deletes as usual.
        #expect(try result(cardMoving, "4242 4|242", .backspace) == "4242 |242")
    }

    // MARK: Rule 5: rejected and truncated edits

    @Test func aRejectedCharacterLeavesTextAndCaret() throws {
        let outcome = try apply(card, "42|42", .type("a"))
        #expect(outcome.rejected)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == "42|42")
        #expect(outcome.change.text.isEmpty && outcome.change.start == outcome.change.end)
    }

    @Test func selectAllAndARejectedCharacterDoesNotCrashOrClear() throws {
        let outcome = try apply(card, "[4242 4242 4242 4242]", .type("x"))
        #expect(outcome.rejected)
        #expect(outcome.text == "4242 4242 4242 4242")
        #expect(outcome.caret == 0)
    }

    @Test func aCharacterTypedIntoAFullFieldIsRejected() throws {
        // Mastercard numbers have 16 digits (Visa's go on to 19).
        let atEnd = try apply(card, "5555 5555 5555 4444|", .type("1"))
        #expect(atEnd.rejected)
        #expect(atEnd.text == "5555 5555 5555 4444")
        let inMiddle = try apply(card, "5555 55|55 5555 4444", .type("1"))
        #expect(inMiddle.rejected)
        #expect(Marked(text: inMiddle.text, caret: inMiddle.caret).description == "5555 55|55 5555 4444")
        #expect(try apply(card, "4716 9895 8000 1715 211|", .type("1")).rejected)
        #expect(try apply(expiry, "12/30|", .type("1")).rejected)
        #expect(try apply(amount, "1.23|", .type("4")).rejected)
    }

    @Test func aPasteThatDoesNotFitKeepsTheTextAroundIt() throws {
        let outcome = try apply(card, "5555 5555 55|55", .paste("987654"))
        #expect(outcome.truncated)
        #expect(outcome.rejected == false)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == "5555 5555 5598 76|55")
        // A full field takes nothing: the paste is rejected.
        #expect(try apply(card, "5555 5555 55|55 4444", .paste("987654")).rejected)
        let fraction = try apply(amount, "12.|", .paste("3456"))
        #expect(fraction.truncated)
        #expect(Marked(text: fraction.text, caret: fraction.caret).description == "12.34|")
    }

    // MARK: Rule 6: literals consumed, formatted paste

    @Test func aTypedLiteralIsConsumedNotDuplicated() throws {
        let space = try apply(card, "4242| 4242", .type(" "))
        #expect(space.rejected == false)
        #expect(Marked(text: space.text, caret: space.caret).description == "4242 |4242")
        let slash = try apply(expiry, "12/|", .type("/"))
        #expect(slash.rejected == false)
        #expect(Marked(text: slash.text, caret: slash.caret).description == "12/|")
        #expect(try result(expiry, "1|", .type("/")) == "01/|")
        #expect(try result(date, "2026|-1", .type("-")) == "2026-|1")
        #expect(try result(amount, "1|,234", .type(",")) == "1,|234")
    }

    @Test func pastingFormattedTextEqualsTypingItsDigits() throws {
        for (field, formatted) in [
            (card, "4242 4242 4242 4242"), (card, "3782 822463 10005"), (expiry, "12/30"), (date, "2026-11-29"),
            (amount, "1,234,567.89"), (builtinField("iban"), "DE89 3704 0044 0532 0130 00"),
        ] {
            let pasted = try apply(field, "|", .paste(formatted))
            let significant = String(formatted.filter { $0.isLetter || $0.isNumber || $0 == "." })
            let typed = try typeEach(field, significant)
            #expect(pasted.text == formatted)
            #expect(typed.text == formatted)
            #expect(pasted.caret == typed.caret)
        }
        #expect(try result(card, "|", .paste("4242-4242-4242-4242")) == "4242 4242 4242 4242|")
    }

    // MARK: Rule 7: Unicode digits

    @Test func fullWidthAndOtherDecimalDigitsBecomeASCII() throws {
        #expect(try result(card, "|", .type("４２４２５")) == "4242 5|")
        #expect(try result(amount, "|", .paste("１２３４．５")) == "1,234.5|")
        #expect(try result(date, "|", .paste("٢٠٢٦١١٢٩")) == "2026-11-29|")
        #expect(try result(builtinField("card_cvc"), "|", .type("۱۲۳")) == "123|")
    }

    // MARK: Rule 8: surrogate pairs and grapheme clusters

    @Test func theCaretNeverSplitsACluster() throws {
        // A skin-tone modifier typed after an emoji joins its cluster.
        let outcome = try apply(name, "Hi 👍|", .type("🏽"))
        #expect(outcome.text == "Hi 👍🏽")
        #expect(outcome.caret == outcome.text.utf16.count)
        // Typing a combining accent after a letter.
        let accent = try apply(name, "e|x", .type("\u{301}"))
        #expect(accent.caret == 2)
    }

    @Test func rangesThatCannotApplyAreTypedErrors() {
        #expect(throws: EditError.splitsSurrogatePair(offset: 1)) {
            try name.edit(EditRequest(text: "😀", start: 1, end: 2, replacement: ""))
        }
        #expect(throws: EditError.rangeOutOfBounds(start: 0, end: 5, length: 4, units: .utf16)) {
            try name.edit(EditRequest(text: "abcd", start: 0, end: 5, replacement: ""))
        }
        #expect(throws: EditError.reversedRange(start: 3, end: 1)) {
            try name.edit(EditRequest(text: "abcd", start: 3, end: 1, replacement: ""))
        }
    }

    @Test func scalarOffsets() throws {
        let outcome = try name.edit(
            EditRequest(text: "😀 Jo", start: 2, end: 2, replacement: "x", units: .scalars))
        #expect(outcome.text == "😀 xJo")
        #expect(outcome.caret == 3)
        #expect(outcome.change == TextChange(start: 2, end: 2, text: "x"))
        // The same edit in UTF-16 units.
        let utf16 = try name.edit(EditRequest(text: "😀 Jo", start: 3, end: 3, replacement: "x"))
        #expect(utf16.caret == 4)
    }

    @Test func emojiAndCJKText() throws {
        #expect(try result(name, "张|三", .type("小")) == "张小|三")
        #expect(try result(name, "👨‍👩‍👧|", .backspace) == "|")
        #expect(try result(name, "a👍🏽|b", .backspace) == "a|b")
    }

    // MARK: Composition

    @Test func compositionIsAppliedUnformattedAndDeferred() throws {
        let outcome = try apply(card, "4242|", .compose("５"))
        #expect(outcome.deferred)
        #expect(outcome.text == "4242５")
        #expect(outcome.caret == 5)
        #expect(outcome.value == "42425")
        // When composition ends, the committed text is one ordinary edit.
        #expect(try result(card, "4242|", .type("５")) == "4242 5|")
    }

    // MARK: The minimal change

    @Test func changeIsTheSmallestReplacement() throws {
        let outcome = try apply(card, "4242| 4242", .type("9"))
        #expect(outcome.change == TextChange(start: 5, end: 8, text: "9424 "))
        let deletion = try apply(card, "4242 |4242", .backspace)
        #expect(deletion.change == TextChange(start: 3, end: 6, text: "4 "))
    }
}
