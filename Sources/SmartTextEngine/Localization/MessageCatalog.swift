import SmartTextJSON

/// The built-in messages of every rule in every language the service speaks
/// (`Messages/messages.json`, embedded at build time): one place for the texts,
/// looked up by key (`notEmpty`, `length.range`, `passwordStrength.warning.dictionary`).
public enum MessageCatalog {
    /// The languages, in the catalogue's order: tag and name in the language itself.
    public static var languages: [(tag: String, name: String)] { catalog.languages }

    /// The language tags.
    public static var tags: [String] { catalog.languages.map(\.tag) }

    /// A message by key, in every language. A key the catalogue does not have is a programming mistake.
    public static func text(_ key: String) -> LocalizedText {
        guard let text = catalog.messages[key] else { preconditionFailure("no message \"\(key)\" in the catalogue") }
        return text
    }

    /// A word the code puts into messages (`phone.typeName.mobile`), in every language.
    public static func term(_ key: String) -> LocalizedText {
        guard let text = catalog.terms[key] else { preconditionFailure("no term \"\(key)\" in the catalogue") }
        return text
    }

    /// True when the catalogue has a message for `key`.
    public static func has(_ key: String) -> Bool { catalog.messages[key] != nil }

    /// The catalogue language that best serves `preference` (what answers say in `Content-Language`):
    /// the tag ``LocalizedText/resolve(_:)`` picks among the catalogue's languages.
    public static func language(for preference: LocalePreference) -> String {
        if preference.tags.first == "en" { return "en" }
        return catalog.index.entry(for: preference).tag
    }

    private struct Catalog {
        var languages: [(tag: String, name: String)] = []
        /// Each language's tag as its own text: resolving it negotiates a language.
        var index = LocalizedText([])
        var messages: [String: LocalizedText] = [:]
        var terms: [String: LocalizedText] = [:]
    }

    private static let catalog: Catalog = {
        guard case .object(let top) = try? JSONParser.parse(EmbeddedResources.messageCatalog) else {
            preconditionFailure("Messages/messages.json is not a JSON object")
        }
        var catalog = Catalog()
        if case .object(let languages)? = top["languages"] {
            for member in languages.members {
                if case .string(let name) = member.value { catalog.languages.append((member.key, name)) }
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
        catalog.index = LocalizedText(catalog.languages.map { ($0.tag, $0.tag) })
        catalog.messages = texts(top["messages"])
        catalog.terms = texts(top["terms"])
        return catalog
    }()
}
