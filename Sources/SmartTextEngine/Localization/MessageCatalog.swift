import SmartTextJSON

/// Built-in messages in every language the service speaks, looked up by key (`notEmpty`, `length.range`,
/// `passwordStrength.warning.dictionary`). Each rule module owns its catalogue: the engine's rules read
/// ``engine`` (`Messages/messages.json` of this module, which also lists the languages), the native rules
/// their own (`SmartTextNativeRules/Messages/messages.json`), each embedded at build time and checked by
/// `Tests/messages/check_messages.py` against the engine's languages.
public struct MessageCatalog: Sendable {
    /// Where the catalogue comes from, for the message a missing key stops with.
    private let source: String
    private let messages: [String: LocalizedText]
    private let terms: [String: LocalizedText]

    /// The catalogue in `json` (an object of `messages` and `terms`, each key → {language tag: text}); `source`
    /// names the file. A catalogue that does not parse is a build mistake: the process stops.
    public init(json: String, source: String) {
        let (messages, terms, _) = Self.parse(json, source: source)
        self.source = source
        self.messages = messages
        self.terms = terms
    }

    /// A message by key, in every language. A key the catalogue does not have is a programming mistake.
    public func text(_ key: String) -> LocalizedText {
        guard let text = messages[key] else { preconditionFailure("no message \"\(key)\" in \(source)") }
        return text
    }

    /// A word the code puts into messages (`phone.typeName.mobile`), in every language.
    public func term(_ key: String) -> LocalizedText {
        guard let text = terms[key] else { preconditionFailure("no term \"\(key)\" in \(source)") }
        return text
    }

    /// True when the catalogue has a message for `key`.
    public func has(_ key: String) -> Bool { messages[key] != nil }

    /// The engine's rules' messages and the service's languages.
    public static let engine = MessageCatalog(json: EmbeddedResources.messageCatalog, source: engineSource)

    /// A message of the engine's rules (``engine``).
    public static func text(_ key: String) -> LocalizedText { engine.text(key) }

    /// A term of the engine's catalogue (``engine``).
    public static func term(_ key: String) -> LocalizedText { engine.term(key) }

    /// True when the engine's catalogue has a message for `key`.
    public static func has(_ key: String) -> Bool { engine.has(key) }

    /// The languages, in the catalogue's order: tag and name in the language itself.
    public static var languages: [(tag: String, name: String)] { service.languages }

    /// The language tags.
    public static var tags: [String] { service.languages.map(\.tag) }

    /// The catalogue language that best serves `preference` (what answers say in `Content-Language`):
    /// the tag ``LocalizedText/resolve(_:)`` picks among the catalogue's languages.
    public static func language(for preference: LocalePreference) -> String {
        if preference.tags.first == "en" { return "en" }
        return service.index.entry(for: preference).tag
    }

    private static let engineSource = "SmartTextEngine/Messages/messages.json"

    /// The languages the engine's catalogue lists, and each tag as its own text: resolving it negotiates a
    /// language.
    private static let service: (languages: [(tag: String, name: String)], index: LocalizedText) = {
        let languages = parse(EmbeddedResources.messageCatalog, source: engineSource).languages
        return (languages, LocalizedText(languages.map { ($0.tag, $0.tag) }))
    }()

    private static func parse(_ json: String, source: String) -> (
        messages: [String: LocalizedText], terms: [String: LocalizedText], languages: [(tag: String, name: String)]
    ) {
        guard case .object(let top) = try? JSONParser.parse(json) else {
            preconditionFailure("\(source) is not a JSON object")
        }
        var languages: [(tag: String, name: String)] = []
        if case .object(let listed)? = top["languages"] {
            for member in listed.members {
                if case .string(let name) = member.value { languages.append((member.key, name)) }
            }
        }
        func texts(_ value: JSONValue?) -> [String: LocalizedText] {
            guard case .object(let object)? = value else { return [:] }
            var result: [String: LocalizedText] = [:]
            for member in object.members {
                guard case .object(let byLanguage) = member.value else { continue }
                result[member.key] = LocalizedText(
                    byLanguage.members.compactMap { entry in
                        if case .string(let text) = entry.value { (entry.key, text) } else { nil }
                    })
            }
            return result
        }
        return (texts(top["messages"]), texts(top["terms"]), languages)
    }
}
