#if canImport(UIKit)
    import SmartTextClient
    import SwiftUI
    import UIKit

    // The UIKit and SwiftUI layer: only the delegate's calls forwarded to SmartTextFieldModel and what
    // it decides applied. Built only where UIKit exists; not compiled on the Linux machines this
    // project is tested on (see the README).

    extension UIColor {
        fileprivate convenience init(_ color: SmartTextFieldStyle.Color) {
            self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }

    /// A `UITextField` for a SmartText field: configured by the field's name, formatted as typed,
    /// checked on leaving, styled per state, moving through a form with the return key.
    @MainActor
    open class UISmartTextField: UITextField, UITextFieldDelegate {
        /// The model that decides everything.
        public let model: SmartTextFieldModel
        /// The form the field belongs to and its name in it, for the return key.
        public var navigation: FormNavigation?
        public var formFieldName: String?
        /// Focuses another field of the form (`next`); the return key on the last field calls `onSubmit`.
        public var focusField: ((String) -> Void)?
        public var onSubmit: (() -> Void)?
        /// The border per state.
        public var style = SmartTextFieldStyle.standard { didSet { applyStyle() } }

        public init(field: String, client: SmartTextClient) {
            model = SmartTextFieldModel(field: field, client: client)
            super.init(frame: .zero)
            delegate = self
            layer.borderWidth = style.borderWidth
            addTarget(self, action: #selector(editingChanged), for: .editingChanged)
            model.onChange = { [weak self] text, selection in self?.show(text, selection) }
            model.onStateChange = { [weak self] _ in self?.applyStyle() }
            applyStyle()
            Task { [weak self] in
                guard let self, let configuration = try? await self.model.configure() else { return }
                self.placeholder = configuration.placeholder
                self.isSecureTextEntry = configuration.isSecure
                if let keyboard = configuration.keyboard { self.keyboardType = Self.keyboardType(keyboard) }
                if let type = configuration.textContentType { self.textContentType = UITextContentType(rawValue: type) }
            }
        }

        @available(*, unavailable)
        public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

        private static func keyboardType(_ name: String) -> UIKeyboardType {
            switch name {
            case "numberPad": .numberPad
            case "phonePad": .phonePad
            case "decimalPad": .decimalPad
            case "emailAddress": .emailAddress
            case "URL": .URL
            case "asciiCapable": .asciiCapable
            default: .default
            }
        }

        private func show(_ text: String, _ selection: NSRange) {
            if self.text != text { self.text = text }
            if let start = position(from: beginningOfDocument, offset: selection.location),
                let end = position(from: start, offset: selection.length)
            {
                selectedTextRange = textRange(from: start, to: end)
            }
        }

        private var selectionRange: NSRange {
            guard let range = selectedTextRange else { return NSRange(location: 0, length: 0) }
            return NSRange(
                location: offset(from: beginningOfDocument, to: range.start),
                length: offset(from: range.start, to: range.end))
        }

        private func applyStyle() {
            layer.borderColor = UIColor(style.borderColor(for: model.state)).cgColor
        }

        public func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            switch model.shouldChangeCharacters(
                in: range, replacementString: string, hasMarkedText: markedTextRange != nil)
            {
            case .allow: return true
            case .apply(let text, let selection):
                show(text, selection)
                return false
            }
        }

        @objc private func editingChanged() {
            if let (text, selection) = model.textDidChange(
                self.text ?? "", selection: selectionRange, hasMarkedText: markedTextRange != nil)
            {
                show(text, selection)
            }
        }

        public func textFieldDidChangeSelection(_ textField: UITextField) {
            model.selectionDidChange(selectionRange)
        }

        public func textFieldDidBeginEditing(_ textField: UITextField) { model.beginEditing() }

        public func textFieldDidEndEditing(_ textField: UITextField) {
            Task { await model.endEditing() }
        }

        public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            switch model.returnPressed(in: navigation, name: formFieldName ?? "") {
            case .focus(let name): focusField?(name)
            case .submit: onSubmit?() ?? { _ = resignFirstResponder() }()
            }
            return false
        }
    }

    /// The SwiftUI field: `SmartTextField(text: $card, errors: $errors, configuration: "credit_card", client: client)`.
    public struct SmartTextField: UIViewRepresentable {
        @Binding var text: String
        @Binding var errors: [RuleFailure]
        let field: String
        let client: SmartTextClient
        var value: Binding<String>?

        public init(
            text: Binding<String>, errors: Binding<[RuleFailure]>, configuration field: String,
            client: SmartTextClient, value: Binding<String>? = nil
        ) {
            _text = text
            _errors = errors
            self.field = field
            self.client = client
            self.value = value
        }

        public func makeUIView(context: Context) -> UISmartTextField {
            let view = UISmartTextField(field: field, client: client)
            view.text = text
            let errors = $errors
            let value = self.value
            let text = $text
            let previous = view.model.onChange
            view.model.onChange = { shown, selection in
                previous?(shown, selection)
                text.wrappedValue = shown
            }
            view.model.onErrorsChange = { errors.wrappedValue = $0 }
            view.model.onValueChange = { value?.wrappedValue = $0 }
            return view
        }

        public func updateUIView(_ view: UISmartTextField, context: Context) {}
    }
#endif
