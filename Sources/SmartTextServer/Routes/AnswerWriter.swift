import SmartTextEngine

/// Writes answers straight into bytes, in the member order of openapi.yaml.
enum AnswerWriter {
    /// The answer of `/v1/edit` and `/v1/format`.
    static func edit(_ outcome: EditOutcome, seq: Int64?) -> [UInt8] {
        var writer = JSONWriter(capacity: 320 + outcome.text.utf8.count * 3)
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
                writer.key(member.key)
                writer.value(member.value)
            }
            writer.endObject()
        }
        writer.endArray()
    }
}
