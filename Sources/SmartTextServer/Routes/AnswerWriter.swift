import SmartTextEngine
import SmartTextJSON

/// Writes answers straight into bytes, in the member order of openapi.yaml.
enum AnswerWriter {
    /// The answer of `/v1/edit` and `/v1/format`; `map` for edits a client typed on its own text; `registry`
    /// the version of the registry that answered (a client re-formats its text when it changes).
    static func edit(_ outcome: EditOutcome, seq: Int64?, map: [Int]? = nil, registry: String) -> [UInt8] {
        // Room for a typical answer (a card keystroke's is about 560 bytes) without growing.
        var writer = JSONWriter(capacity: 1024 + outcome.text.utf8.count * 3)
        writer.beginObject()
        writer.key("text")
        writer.string(outcome.text)
        writer.key("caret")
        writer.integer(outcome.caret)
        writer.key("value")
        writer.string(outcome.value)
        writer.key("state")
        writer.string(outcome.validation.state.rawValue)
        writer.key("valid")
        writer.bool(outcome.validation.valid)
        writer.key("complete")
        writer.bool(outcome.complete)
        rules(outcome.validation, into: &writer)
        writer.key("rejected")
        writer.bool(outcome.rejected)
        writer.key("truncated")
        writer.bool(outcome.truncated)
        writer.key("deferred")
        writer.bool(outcome.deferred)
        writer.key("change")
        writer.beginObject()
        writer.key("start")
        writer.integer(outcome.change.start)
        writer.key("end")
        writer.integer(outcome.change.end)
        writer.key("text")
        writer.string(outcome.change.text)
        writer.endObject()
        writer.key("meta")
        writer.value(.object(outcome.meta))
        writer.key("registry")
        writer.string(registry)
        if let map {
            writer.key("map")
            writer.beginArray()
            for position in map { writer.integer(position) }
            writer.endArray()
        }
        if let seq {
            writer.key("seq")
            writer.integer(seq)
        }
        writer.endObject()
        return writer.bytes
    }

    /// `errors` and `results` as members of the current object.
    static func rules(_ report: ValidationReport, into writer: inout JSONWriter) {
        writer.key("errors")
        writer.beginArray()
        for error in report.errors {
            writer.beginObject()
            writer.key("rule")
            writer.string(error.rule)
            writer.key("message")
            writer.string(error.message)
            writer.endObject()
        }
        writer.endArray()
        writer.key("results")
        writer.beginArray()
        for result in report.results {
            writer.beginObject()
            writer.key("rule")
            writer.string(result.rule)
            writer.key("valid")
            writer.bool(result.valid)
            writer.key("message")
            writer.string(result.message)
            for member in result.details.members {
                writer.key(string: member.key)
                writer.value(member.value)
            }
            writer.endObject()
        }
        writer.endArray()
    }
}

// MARK: - Forms

extension AnswerWriter {
    /// The answer of `/v1/validate`; `registry` the version of the registry it validated against.
    static func form(_ check: FormCheck, formName: String?, registry: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 2048 + check.fields.count * 512)
        writer.beginObject()
        writer.key("valid")
        writer.bool(check.valid)
        if let formName {
            writer.key("form")
            writer.string(formName)
        }
        writer.key("fields")
        writer.beginObject()
        for field in check.fields {
            writer.key(string: field.name)
            writer.beginObject()
            writer.key("text")
            writer.string(field.outcome.text)
            writer.key("value")
            writer.string(field.outcome.value)
            writer.key("state")
            writer.string(field.outcome.validation.state.rawValue)
            writer.key("valid")
            writer.bool(field.outcome.validation.valid)
            rules(field.outcome.validation, into: &writer)
            writer.key("meta")
            writer.value(.object(field.outcome.meta))
            writer.endObject()
        }
        writer.endObject()
        writer.key("errors")
        writer.beginArray()
        for error in check.errors {
            writer.beginObject()
            writer.key("field")
            writer.string(error.field)
            writer.key("rule")
            writer.string(error.rule)
            writer.key("message")
            writer.string(error.message)
            writer.endObject()
        }
        writer.endArray()
        writer.key("registry")
        writer.string(registry)
        writer.endObject()
        return writer.bytes
    }
}

// MARK: - Discovery

extension AnswerWriter {
    /// `GET /v1/fields/{name}`: the configuration and the client hints.
    static func field(_ field: Field, locale: LocalePreference) -> [UInt8] {
        var writer = JSONWriter(capacity: 2048)
        writer.beginObject()
        writer.key("name")
        writer.string(field.name)
        writer.key("label")
        writer.string(field.label.resolve(locale))
        writer.key("labels")
        labels(field.label, into: &writer)
        writer.key("formatters")
        writer.value(field.definition["formatters"] ?? .array([]))
        writer.key("validators")
        writer.value(field.definition["validators"] ?? .array([]))
        writer.key("report")
        writer.string(field.report.rawValue)
        writer.key("backspace")
        writer.string(field.backspace.rawValue)
        writer.key("hints")
        hints(field, into: &writer)
        writer.key("accepts")
        accepts(field.formatter.acceptedCharacters, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// The characters typing can add to the field (a client drops the others at once).
    private static func accepts(_ accepted: AcceptedCharacters, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("digits")
        writer.bool(accepted.digits)
        writer.key("letters")
        writer.bool(accepted.letters)
        writer.key("whitespace")
        writer.bool(accepted.whitespace)
        writer.key("others")
        writer.bool(accepted.others)
        writer.key("characters")
        writer.string(String(String.UnicodeScalarView(accepted.characters)))
        writer.endObject()
    }

    /// `GET /v1/forms/{name}`: the fields in order, with focus navigation
    /// (previous, next, and the return key: `next`, or `done` on the last field).
    static func form(_ form: Form, locale: LocalePreference) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.beginObject()
        writer.key("name")
        writer.string(form.name)
        writer.key("label")
        writer.string(form.label?.resolve(locale) ?? form.name)
        writer.key("fields")
        writer.beginArray()
        for (position, formField) in form.fields.enumerated() {
            writer.beginObject()
            writer.key("name")
            writer.string(formField.name)
            writer.key("field")
            writer.string(formField.source)
            writer.key("label")
            writer.string(formField.field.label.resolve(locale))
            writer.key("required")
            writer.bool(formField.required)
            writer.key("previous")
            if position > 0 { writer.string(form.fields[position - 1].name) } else { writer.null() }
            writer.key("next")
            if position + 1 < form.fields.count { writer.string(form.fields[position + 1].name) } else { writer.null() }
            writer.key("returnKey")
            writer.string(position + 1 < form.fields.count ? "next" : "done")
            writer.key("hints")
            hints(formField.field, into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private static func labels(_ text: LocalizedText, into writer: inout JSONWriter) {
        writer.beginObject()
        for entry in text.entries {
            writer.key(string: entry.tag == "*" ? "en" : entry.tag)
            writer.string(entry.text)
        }
        writer.endObject()
    }

    /// Every hint key, `null` when the field does not set it; `secure` defaults to false.
    static func hints(_ field: Field, into writer: inout JSONWriter) {
        let hints = field.hints
        writer.beginObject()
        for (key, path) in FieldHints.textHints {
            writer.key(key)
            if let value = hints[keyPath: path] { writer.string(value) } else { writer.null() }
        }
        writer.key("secure")
        writer.bool(hints.secure ?? false)
        writer.key("maxLength")
        if let maximum = field.formatter.maximumLength { writer.integer(maximum) } else { writer.null() }
        writer.key("example")
        if let example = hints.example { writer.string(example) } else { writer.null() }
        writer.endObject()
    }
}
