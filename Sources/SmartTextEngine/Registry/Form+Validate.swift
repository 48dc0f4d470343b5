import SmartTextJSON
import SmartTextSupport

/// One field's part of a form check.
public struct FieldCheck: Sendable {
    /// The name of the value in the form, or the field name.
    public var name: String
    /// The formatted text, the value and the validation.
    public var outcome: EditOutcome
}

/// A problem with the form as a whole (a value the form does not have).
public struct FormError: Sendable, Equatable {
    public var field: String
    public var rule: String
    public var message: String

    public init(field: String, rule: String, message: String) {
        self.field = field
        self.rule = rule
        self.message = message
    }
}

/// The answer to checking a whole form (or several loose fields).
public struct FormCheck: Sendable {
    /// Every field valid and no form error.
    public var valid: Bool
    /// The fields in order.
    public var fields: [FieldCheck]
    public var errors: [FormError]
}

extension Form {
    /// Checks submitted values: each field formatted and validated, missing
    /// required fields and keys the form does not have reported, cross-field
    /// rules (`matchesField`) given the other values.
    public func validate(
        _ values: [(name: String, text: String)], event: ValidationEvent = .submit, locale: LocalePreference = .english
    ) -> FormCheck {
        var errors: [FormError] = []
        // Forms are small: names are matched by a linear search over indices,
        // cheaper than hashing them and without copying the pairs (BENCHMARKS.md item 11).
        var texts = [String?](repeating: nil, count: fields.count)
        for valueIndex in values.indices {
            guard let fieldIndex = fields.indices.first(where: { fields[$0].name == values[valueIndex].name }) else {
                let name = Echo.cleaned(values[valueIndex].name)
                let message = MessageCatalog.text("form.unknownField").render(
                    locale, ["form": self.name, "name": name])
                errors.append(FormError(field: name, rule: "unknownField", message: message))
                continue
            }
            // A name given twice: the first text counts.
            if texts[fieldIndex] == nil { texts[fieldIndex] = values[valueIndex].text }
        }
        // Each field once; then the rules that compare with other fields see their formatted values.
        var checks: [FieldCheck] = []
        checks.reserveCapacity(fields.count)
        for (formField, text) in zip(fields, texts) {
            let outcome =
                if let text { formField.field.format(text, event: event, submitted: true, locale: locale) } else {
                    missing(formField, locale: locale)
                }
            checks.append(FieldCheck(name: formField.name, outcome: outcome))
        }
        let dependent = fields.indices.filter { texts[$0] != nil && fields[$0].field.usesFormValues }
        if !dependent.isEmpty {
            var formValues = [String: String](minimumCapacity: fields.count)
            for (index, formField) in fields.enumerated() where texts[index] != nil {
                formValues[formField.name] = checks[index].outcome.value
            }
            for index in dependent {
                let outcome = checks[index].outcome
                checks[index].outcome.validation = fields[index].field.validate(
                    text: outcome.text, value: TextUnits.scalars(outcome.value), complete: outcome.complete,
                    meta: outcome.meta, event: event, locale: locale, formValues: formValues,
                    unexpected: outcome.unexpected)
            }
        }
        let valid = errors.isEmpty && checks.allSatisfy(\.outcome.validation.valid)
        return FormCheck(valid: valid, fields: checks, errors: errors)
    }

    /// A field absent from the submission: an error when required, else nothing to check.
    private func missing(_ formField: FormField, locale: LocalePreference) -> EditOutcome {
        var outcome = formField.field.format("", event: .submit, locale: locale)
        guard formField.required else {
            outcome.validation = ValidationReport(state: .empty, valid: true, errors: [], results: [])
            return outcome
        }
        let label = formField.field.label.resolve(locale)
        let message = MessageCatalog.text("form.required").render(locale, ["label": label])
        outcome.validation = ValidationReport(
            state: .empty, valid: false, errors: [RuleError(rule: "required", message: message)],
            results: [
                RuleResult(rule: "required", valid: false, message: message, incomplete: false, details: JSONObject())
            ])
        return outcome
    }
}

extension Registry {
    /// Checks loose fields: each key is a field name.
    public func validate(
        _ values: [(name: String, text: String)], event: ValidationEvent = .submit, locale: LocalePreference = .english
    ) throws(UnknownNameError) -> FormCheck {
        var checks: [FieldCheck] = []
        for (name, text) in values {
            guard let field = fields[name] else { throw UnknownNameError(kind: "field", name: name) }
            checks.append(
                FieldCheck(name: name, outcome: field.format(text, event: event, submitted: true, locale: locale)))
        }
        return FormCheck(valid: checks.allSatisfy(\.outcome.validation.valid), fields: checks, errors: [])
    }
}
