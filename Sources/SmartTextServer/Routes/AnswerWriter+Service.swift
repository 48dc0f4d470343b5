import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules

/// The answers of the service's own routes: health, readiness, the languages and the regions.
extension AnswerWriter {
    /// `GET /healthz`.
    static let healthy = Array(#"{"status":"ok"}"#.utf8)

    /// What `/readyz` says of the registry served.
    enum Readiness: Equatable {
        /// The registry the files hold.
        case ready
        /// A reload reads the files now.
        case reloading
        /// The last reload refused the files, with this many problems: the registry served is older.
        case stale(problems: Int)
    }

    /// `GET /readyz`: the registry being served, and whether it is the one the files hold.
    static func readiness(_ registry: Registry, _ state: Readiness) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("status")
        switch state {
        case .ready: writer.string("ready")
        case .reloading: writer.string("reloading")
        case .stale(let problems):
            writer.string("stale")
            writer.key("reloadProblems")
            writer.integer(problems)
        }
        writer.key("registry")
        writer.beginObject()
        writer.key("version")
        writer.string(registry.version)
        writer.key("fields")
        writer.integer(registry.fields.count)
        writer.key("forms")
        writer.integer(registry.forms.count)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// `GET /v1/languages`: the languages of the built-in messages, each named in itself, and `negotiated`.
    static func languages(negotiated: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        writer.key("languages")
        writer.beginArray()
        for (tag, name) in MessageCatalog.languages {
            writer.beginObject()
            writer.key("tag")
            writer.string(tag)
            writer.key("name")
            writer.string(name)
            writer.endObject()
        }
        writer.endArray()
        writer.key("default")
        writer.string("en")
        writer.key("negotiated")
        writer.string(negotiated)
        writer.endObject()
        return writer.bytes
    }

    /// `GET /v1/regions`: the regions phone fields take, in the order given, and the negotiated one.
    static func regions(_ regions: [PhoneRegion], negotiated: String?) -> [UInt8] {
        var writer = JSONWriter(capacity: 32 * 1024)
        writer.beginObject()
        writer.key("regions")
        writer.beginArray()
        for region in regions {
            writer.beginObject()
            writer.key("region")
            writer.string(region.code)
            writer.key("name")
            writer.string(region.name)
            writer.key("callingCode")
            writer.integer(region.callingCode)
            writer.key("nationalPrefix")
            writer.string(region.nationalPrefix)
            writer.key("example")
            writer.beginObject()
            writer.key("national")
            writer.string(region.exampleNational)
            writer.key("international")
            writer.string(region.exampleInternational)
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.key("negotiated")
        if let negotiated {
            writer.string(negotiated)
        } else {
            writer.null()
        }
        writer.endObject()
        return writer.bytes
    }
}
