/// The formatters and validators a registry can name, each built from its
/// options by a factory.
///
/// ``core`` holds the rules written in Swift. Rules backed by C and C++
/// libraries (`phone`, `regex`, `passwordStrength`) live in the
/// `SmartTextNativeRules` module, which adds them to make its `standard`
/// catalog; an application can add its own rules the same way.
public struct RuleCatalog: Sendable {
    /// Builds a formatter from its options; throws when they are wrong.
    public typealias FormatterFactory = @Sendable (RuleOptions) throws(ConfigError) -> any TextFormatter
    /// Builds a validator from its options and, when the field is part of a
    /// form, the labels of the form's fields by name (nil outside a form).
    public typealias ValidatorFactory =
        @Sendable (RuleOptions, _ form: [String: LocalizedText]?) throws(ConfigError) -> any Validator

    /// The formatter names in the order they are documented.
    public private(set) var formatterNames: [String] = []
    /// The validator names in the order they are documented.
    public private(set) var validatorNames: [String] = []
    private var formatters: [String: FormatterFactory] = [:]
    private var validators: [String: ValidatorFactory] = [:]

    /// An empty catalog: a registry can name nothing.
    public init() {}

    /// The rules written in Swift: every formatter and validator of the
    /// registry format except `phone`, `regex` and `passwordStrength`.
    public static let core: RuleCatalog = {
        var catalog = RuleCatalog()
        for name in CoreFormatters.names {
            catalog.addFormatter(name) { options throws(ConfigError) in try CoreFormatters.make(options) }
        }
        for name in CoreValidators.names {
            catalog.addValidator(name) { options, form throws(ConfigError) in
                try CoreValidators.make(options, form: form)
            }
        }
        return catalog
    }()

    /// Adds a formatter, or replaces the one of that name.
    public mutating func addFormatter(_ name: String, _ factory: @escaping FormatterFactory) {
        if formatters.updateValue(factory, forKey: name) == nil { formatterNames.append(name) }
    }

    /// Adds a validator, or replaces the one of that name.
    public mutating func addValidator(_ name: String, _ factory: @escaping ValidatorFactory) {
        if validators.updateValue(factory, forKey: name) == nil { validatorNames.append(name) }
    }

    /// Builds the formatter `options` names.
    public func formatter(_ options: RuleOptions) throws(ConfigError) -> any TextFormatter {
        guard let factory = formatters[options.name] else {
            throw ConfigError(
                "unknown formatter \"\(options.name)\"; known formatters: \(formatterNames.joined(separator: ", "))")
        }
        return try factory(options)
    }

    /// Builds the validator `options` names (`on` and `message` are the loader's).
    public func validator(_ options: RuleOptions, form: [String: LocalizedText]?) throws(ConfigError) -> any Validator {
        guard let factory = validators[options.name] else {
            throw ConfigError(
                "unknown validator \"\(options.name)\"; known validators: \(validatorNames.joined(separator: ", "))")
        }
        return try factory(options, form)
    }
}
