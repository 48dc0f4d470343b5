import Foundation
import SmartTextClient
import SmartTextUI
import Testing

/// SmartTextUI's platform-independent part against a live service, the round trip delayed: what a
/// `UITextFieldDelegate` hears, mapped onto `EditSession`, ends as typing with no latency; marked
/// text (an input method) is one edit when committed; the form's navigation and the style's
/// decisions follow the service's descriptions and answers.
@Suite @MainActor struct SmartTextUITests {
    /// A field model whose requests take `delay`, and the text and selection the field shows.
    @MainActor final class Field {
        let model: SmartTextFieldModel
        var text = ""
        var selection = NSRange(location: 0, length: 0)

        init(_ name: String, _ client: SmartTextClient, delay: Duration) {
            model = SmartTextFieldModel(field: name, client: client) { request in
                try await Task.sleep(for: delay)
                return try await client.edit(request)
            }
            model.onChange = { [unowned self] text, selection in
                self.text = text
                self.selection = selection
            }
        }

        /// A key, as UIKit asks about it: the change applied where the model says.
        func type(_ character: String) {
            let change = model.shouldChangeCharacters(in: selection, replacementString: character)
            guard case .apply(let text, let selection) = change else {
                Issue.record("a plain key was left to UIKit")
                return
            }
            self.text = text
            self.selection = selection
        }

        /// An input method's marked text: UIKit makes each change (the model allows it), then commits.
        func mark(_ steps: [String], replacing range: NSRange, commit: String) {
            var marked = range
            for step in steps {
                if case .apply = model.shouldChangeCharacters(in: marked, replacementString: step, hasMarkedText: true)
                {
                    Issue.record("marked text was not left to UIKit")
                }
                text = (text as NSString).replacingCharacters(in: marked, with: step)
                marked = NSRange(location: marked.location, length: step.utf16.count)
                #expect(
                    model.textDidChange(
                        text, selection: NSRange(location: NSMaxRange(marked), length: 0), hasMarkedText: true) == nil)
            }
            text = (text as NSString).replacingCharacters(in: marked, with: commit)
            selection = NSRange(location: marked.location + commit.utf16.count, length: 0)
            if let (shown, shownSelection) = model.textDidChange(text, selection: selection, hasMarkedText: false) {
                text = shown
                selection = shownSelection
            }
        }
    }

    @Test(arguments: [0, 150, 400])
    func digitsTypedFasterThanTheServiceEndAsWithNoLatency(delay: Int) async throws {
        try await withClient { client in
            let field = Field("credit_card", client, delay: .milliseconds(delay))
            try await field.model.configure()
            field.model.beginEditing()
            for digit in "4242424242424242" {
                field.type(String(digit))
                #expect(field.text.last == digit, "the key shows at once")
                try await Task.sleep(for: .milliseconds(20))
            }
            await field.model.settle()
            #expect(field.text == "4242 4242 4242 4242")
            #expect(field.selection == NSRange(location: 19, length: 0))
            #expect(field.model.value == "4242424242424242")
            #expect(field.model.state == .editing)
        }
    }

    @Test func markedTextIsOneEditWhenCommittedAndAWordItReplacesIsNotTypedTwice() async throws {
        try await withClient { client in
            // Full-width digits from an IME, committed: formatted as the same digits typed.
            let card = Field("credit_card", client, delay: .milliseconds(150))
            try await card.model.configure()
            card.mark(["４", "４２"], replacing: NSRange(location: 0, length: 0), commit: "４２４２５")
            await card.model.settle()
            #expect(card.text == "4242 5")
            #expect(card.selection == NSRange(location: 6, length: 0))
            // A keyboard recomposing the word before the caret ("jane" as "janes", then "janesm").
            let name = Field("full_name", client, delay: .milliseconds(150))
            for character in "jane" { name.type(String(character)) }
            await name.model.settle()
            name.mark(["janes", "janesm"], replacing: NSRange(location: 0, length: 4), commit: "janesmith")
            await name.model.settle()
            #expect(name.text == "janesmith")
            #expect(name.selection == NSRange(location: 9, length: 0))
        }
    }

    @Test func anAutofillIsFormattedAsAWhole() async throws {
        try await withClient { client in
            let card = Field("credit_card", client, delay: .milliseconds(150))
            try await card.model.configure()
            card.type("4")
            card.type("2")
            card.text = "4242424242424242"
            if let (text, selection) = card.model.textDidChange(
                card.text, selection: NSRange(location: 16, length: 0), hasMarkedText: false)
            {
                card.text = text
                card.selection = selection
            }
            await card.model.settle()
            #expect(card.text == "4242 4242 4242 4242")
            #expect(card.model.value == "4242424242424242")
        }
    }

    @Test func theConfigurationComesFromTheFieldsDescription() async throws {
        try await withClient { client in
            let card = try await SmartTextFieldModel(field: "credit_card", client: client).configure()
            #expect(card.placeholder == "1234 5678 9012 3456")
            #expect(card.keyboard == "numberPad")
            #expect(card.textContentType == "creditCardNumber")
            #expect(!card.isSecure)
            let password = try await SmartTextFieldModel(field: "password", client: client).configure()
            #expect(password.isSecure)
        }
    }

    @Test func theFormsNavigationFollowsItsDescription() async throws {
        try await withClient { client in
            let navigation = FormNavigation(try await client.form("signup"))
            let names = navigation.fields.map(\.name)
            #expect(names.first == "username")
            #expect(navigation.previous(before: names[0]) == nil)
            for (index, name) in names.enumerated().dropLast() {
                #expect(navigation.next(after: name) == names[index + 1])
                #expect(navigation.previous(before: names[index + 1]) == name)
                #expect(navigation.returnKey(for: name) == .next)
                #expect(navigation.returnAction(for: name) == .focus(names[index + 1]))
            }
            #expect(navigation.returnKey(for: names.last!) == .done)
            #expect(navigation.returnAction(for: names.last!) == .submit)
            let model = SmartTextFieldModel(field: "email", client: client)
            var returned = 0
            model.onReturn = { returned += 1 }
            #expect(model.returnPressed(in: navigation, name: names.last!) == .submit)
            #expect(returned == 1)
        }
    }

    @Test func theStyleIsEmptyEditingThenTheVerdictOnceLeft() async throws {
        try await withClient { client in
            let email = Field("email", client, delay: .milliseconds(50))
            var states: [SmartTextFieldState] = []
            var shownErrors: [[RuleFailure]] = []
            email.model.onStateChange = { states.append($0) }
            email.model.onErrorsChange = { shownErrors.append($0) }
            #expect(email.model.state == .empty)
            email.model.beginEditing()
            for character in "jane@@example.com" { email.type(String(character)) }
            await email.model.settle()
            #expect(email.model.state == .editing)
            #expect(email.model.errors.isEmpty, "no errors while typing")
            await email.model.endEditing()
            #expect(email.model.state == .invalid)
            #expect(email.model.errors.first?.message.contains("valid email address") == true)
            #expect(states == [.editing, .invalid])
            #expect(shownErrors.count == 1)
            #expect(SmartTextFieldStyle.standard.borderColor(for: .invalid) == SmartTextFieldStyle.standard.invalid)
            // Fixed: valid once left again.
            email.model.beginEditing()
            email.selection = NSRange(location: 5, length: 1)
            email.model.selectionDidChange(email.selection)
            email.type("")
            await email.model.endEditing()
            #expect(email.text == "jane@example.com")
            #expect(email.model.state == .valid)
            #expect(email.model.errors.isEmpty)
        }
    }
}
