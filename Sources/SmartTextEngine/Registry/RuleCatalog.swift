/// A rule a registry can name: its name, what it does, the option keys it
/// takes and how it is built from them.
public struct RuleDefinition<Build: Sendable>: Sendable {
    public let name: String
    /// One line for people; the README's list of rules is checked against it.
    public let summary: String
    /// The option keys it takes; any other key is a registry error.
    public let options: [String]
    public let build: Build

    public init(_ name: String, options: [String] = [], summary: String, build: Build) {
        self.name = name
        self.options = options
        self.summary = summary
        self.build = build
    }
}

/// A formatter: built from its options, or nil after recording why not.
public typealias FormatterDefinition = RuleDefinition<@Sendable (inout RuleOptions) -> (any TextFormatter)?>

/// A validator: built from its options and, when the field is part of a form,
/// the labels of the form's fields by name (nil outside a form); or nil after
/// recording why not. `message` and `on` are taken by every validator and
/// handled by the loader.
public typealias ValidatorDefinition = RuleDefinition<
    @Sendable (inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)?
>

/// The keys every validator takes besides its own.
let sharedValidatorOptions = ["message", "on"]

/// The formatters and validators a registry can name.
///
/// ``core`` holds the rules written in Swift. Rules backed by C and C++
/// libraries (`phone`, `regex`, `passwordStrength`) live in the
/// `SmartTextNativeRules` module, which adds them to make its `standard`
/// catalog; an application can add its own rules the same way.
public struct RuleCatalog: Sendable {
    /// The formatters in the order they are documented.
    public private(set) var formatters: [FormatterDefinition] = []
    /// The validators in the order they are documented.
    public private(set) var validators: [ValidatorDefinition] = []

    /// An empty catalog: a registry can name nothing.
    public init() {}

    /// The rules written in Swift: every formatter and validator of the
    /// registry format except `phone`, `regex` and `passwordStrength`.
    public static let core: RuleCatalog = {
        var catalog = RuleCatalog()
        for definition in CoreRules.formatters { catalog.add(definition) }
        for definition in CoreRules.validators { catalog.add(definition) }
        return catalog
    }()

    /// The formatter names in the order they are documented.
    public var formatterNames: [String] { formatters.map(\.name) }
    /// The validator names in the order they are documented.
    public var validatorNames: [String] { validators.map(\.name) }

    /// Adds a formatter, or replaces the one of that name.
    public mutating func add(_ definition: FormatterDefinition) { Self.add(definition, to: &formatters) }

    /// Adds a validator, or replaces the one of that name.
    public mutating func add(_ definition: ValidatorDefinition) { Self.add(definition, to: &validators) }

    private static func add<Build>(_ definition: RuleDefinition<Build>, to list: inout [RuleDefinition<Build>]) {
        if let index = list.firstIndex(where: { $0.name == definition.name }) {
            list[index] = definition
        } else {
            list.append(definition)
        }
    }

    /// The formatter called `name`.
    public func formatter(named name: String) -> FormatterDefinition? { formatters.first { $0.name == name } }

    /// The validator called `name`.
    public func validator(named name: String) -> ValidatorDefinition? { validators.first { $0.name == name } }
}

extension RuleCatalog {
    /// The catalogue as Markdown tables, formatters then validators: name,
    /// options and summary (the README's list of rules is this text; every
    /// validator also takes `message` and `on`).
    public var markdownTable: String {
        func table(_ title: String, _ rows: [(String, [String], String)]) -> String {
            var text = "| \(title) | options | what it does |\n|---|---|---|\n"
            for (name, options, summary) in rows {
                let keys = options.map { "`\($0)`" }.joined(separator: ", ")
                text += "| `\(name)` | \(keys.isEmpty ? "–" : keys) | \(summary) |\n"
            }
            return text
        }
        return table("formatter", formatters.map { ($0.name, $0.options, $0.summary) }) + "\n"
            + table("validator", validators.map { ($0.name, $0.options, $0.summary) })
    }
}
