import SmartTextJSON
import SmartTextSupport

/// The text of one registry file.
public struct RegistrySource: Sendable {
    /// The file's path, as shown in error messages.
    public var name: String
    public var bytes: [UInt8]
    /// The built-in registry: user files may redefine its names.
    public var isBuiltin: Bool

    public init(name: String, bytes: [UInt8], isBuiltin: Bool = false) {
        self.name = name
        self.bytes = bytes
        self.isBuiltin = isBuiltin
    }
}

/// One mistake in a registry, located by file, field or form, and rule.
public struct RegistryProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file (with `:line:column` for a syntax error).
    public var file: String
    /// `field "phone_de"` or `form "signup"`, when the mistake is inside one.
    public var subject: String?
    /// `validators[1] (phone)`, when the mistake is inside one rule or key.
    public var rule: String?
    public var message: String

    public init(file: String, subject: String? = nil, rule: String? = nil, message: String) {
        self.file = file
        self.subject = subject
        self.rule = rule
        self.message = message
    }

    /// One line: `file: field "x", validators[1] (phone): message`.
    public var description: String {
        var place = file
        if let subject { place += ": \(subject)" }
        if let rule { place += subject == nil ? ": \(rule)" : ", \(rule)" }
        return "\(place): \(message)"
    }
}

/// A registry that cannot be used, with every problem found (not only the first).
public struct RegistryError: Error, Sendable, CustomStringConvertible {
    public var problems: [RegistryProblem]

    public init(problems: [RegistryProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Builds a ``Registry`` from registry files: strict decoding, `extends`,
/// forms, and every problem collected with its place.
public enum RegistryLoader {
    /// Loads and validates sources (the built-in one, when wanted, first),
    /// building their rules from `catalog`.
    public static func load(_ sources: [RegistrySource], catalog: RuleCatalog) throws(RegistryError) -> Registry {
        var builder = Builder(catalog: catalog)
        for source in sources { builder.collect(source) }
        let registry = builder.build(version: version(of: sources, declared: builder.declaredVersions))
        guard builder.problems.isEmpty, let registry else {
            throw RegistryError(problems: builder.problems)
        }
        return registry
    }

    /// The registry version: the files' own `version`s when every user file
    /// has one, else a hash of their content; the built-in version is appended
    /// when the built-in registry is part of it.
    static func version(of sources: [RegistrySource], declared: [String: String]) -> String {
        let user = sources.filter { !$0.isBuiltin }
        let builtin = sources.first(where: \.isBuiltin).map { declared[$0.name] ?? "builtin" }
        guard !user.isEmpty else { return builtin ?? "empty" }
        var userVersion: String
        let versions = user.compactMap { declared[$0.name] }
        if versions.count == user.count {
            userVersion = versions.joined(separator: "+")
        } else {
            var hash = FNV1a()
            for source in user {
                hash.add(Array(source.name.utf8))
                hash.add(source.bytes)
            }
            userVersion = "sha-\(hash.hex)"
        }
        if let builtin { userVersion += "+builtin.\(builtin)" }
        return userVersion
    }
}

// MARK: - Building

private struct Definition {
    var source: RegistrySource
    var object: JSONObject
}

private struct Builder {
    let catalog: RuleCatalog
    var problems: [RegistryProblem] = []
    var declaredVersions: [String: String] = [:]
    var fieldDefinitions: [String: Definition] = [:]
    var formDefinitions: [String: Definition] = [:]
    var fieldOrder: [String] = []
    var formOrder: [String] = []
    var unresolvable: Set<String> = []

    static let topLevelKeys = ["version", "description", "fields", "forms"]
    static let fieldKeys = [
        "extends", "label", "description", "formatters", "validators", "report", "backspace", "hints",
    ]
    static let formKeys = ["label", "description", "fields"]
    static let formFieldKeys = ["name", "field", "required"] + fieldKeys.filter { $0 != "extends" }

    mutating func problem(_ file: String, _ subject: String?, _ rule: String?, _ message: String) {
        problems.append(RegistryProblem(file: file, subject: subject, rule: rule, message: message))
    }

    // MARK: Collecting definitions

    mutating func collect(_ source: RegistrySource) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(source.bytes)
        } catch {
            let (line, column) = error.location(in: source.bytes)
            problem("\(source.name):\(line):\(column)", nil, nil, "invalid JSON: \(error.message)")
            return
        }
        guard case .object(let top) = value else {
            problem(source.name, nil, nil, "the file must hold a JSON object with \"fields\" and/or \"forms\"")
            return
        }
        for key in top.keys where !Self.topLevelKeys.contains(key) {
            problem(
                source.name, nil, nil,
                "unknown top-level key \"\(key)\"; expected one of: \(Self.topLevelKeys.joined(separator: ", "))")
        }
        if let version = top["version"] {
            // It becomes an HTTP ETag ("…") and a metrics label: printable ASCII without quotes.
            if case .string(let text) = version, !text.isEmpty, text.utf8.count <= 100,
                text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            {
                declaredVersions[source.name] = text
            } else {
                problem(
                    source.name, nil, nil,
                    "\"version\" must be 1 to 100 printable ASCII characters without spaces, quotes or backslashes")
            }
        }
        var (fields, fieldNames) = (fieldDefinitions, fieldOrder)
        var (forms, formNames) = (formDefinitions, formOrder)
        collectNamed(top["fields"], kind: "field", from: source, into: &fields, order: &fieldNames)
        collectNamed(top["forms"], kind: "form", from: source, into: &forms, order: &formNames)
        (fieldDefinitions, fieldOrder) = (fields, fieldNames)
        (formDefinitions, formOrder) = (forms, formNames)
    }

    private mutating func collectNamed(
        _ value: JSONValue?, kind: String, from source: RegistrySource, into definitions: inout [String: Definition],
        order: inout [String]
    ) {
        guard let value else { return }
        guard case .object(let named) = value else {
            problem(
                source.name, nil, nil, "\"\(kind)s\" must be an object of \(kind) names, not \(value.typeDescription)")
            return
        }
        for member in named.members {
            let subject = "\(kind) \"\(member.key)\""
            guard Self.isValidName(member.key) else {
                problem(source.name, subject, nil, "a \(kind) name may only use letters, digits, '_', '-' and '.'")
                continue
            }
            guard case .object(let object) = member.value else {
                problem(source.name, subject, nil, "must be an object, not \(member.value.typeDescription)")
                continue
            }
            if let existing = definitions[member.key] {
                if existing.source.isBuiltin && !source.isBuiltin {
                    definitions[member.key] = Definition(source: source, object: object)
                } else {
                    problem(
                        source.name, subject, nil, "is defined twice: in \(existing.source.name) and \(source.name)")
                }
                continue
            }
            definitions[member.key] = Definition(source: source, object: object)
            order.append(member.key)
        }
    }

    /// A BCP 47 shaped tag: a 2–8 letter language, then subtags of letters and digits.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.unicodeScalars.allSatisfy({ $0.isASCIIAlphanumeric && $0.asciiDigit == nil })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy(\.isASCIIAlphanumeric)
        }
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "_" || $0 == "-" || $0 == "." }
    }

    // MARK: Resolving and building

    mutating func build(version: String) -> Registry? {
        var resolved: [String: JSONObject] = [:]
        var fields: [String: Field] = [:]
        for name in fieldOrder {
            guard let definition = resolve(name, resolved: &resolved, chain: []) else { continue }
            let file = fieldDefinitions[name]!.source.name
            if let field = buildField(
                name: name, definition: definition, file: file, subject: "field \"\(name)\"",
                formFields: nil)
            {
                fields[name] = field
            }
        }
        var forms: [String: Form] = [:]
        for name in formOrder {
            if let form = buildForm(name: name, definition: formDefinitions[name]!, fields: fields, resolved: resolved)
            {
                forms[name] = form
            }
        }
        return problems.isEmpty ? Registry(version: version, fields: fields, forms: forms) : nil
    }

    /// The definition of a field with its `extends` chain applied.
    mutating func resolve(_ name: String, resolved: inout [String: JSONObject], chain: [String]) -> JSONObject? {
        if let done = resolved[name] { return done }
        // A field whose chain already failed was reported once; stay quiet.
        guard !unresolvable.contains(name), let definition = fieldDefinitions[name] else { return nil }
        defer { if resolved[name] == nil { unresolvable.insert(name) } }
        let subject = "field \"\(name)\""
        guard let base = definition.object["extends"] else {
            resolved[name] = definition.object
            return definition.object
        }
        guard case .string(let baseName) = base else {
            problem(definition.source.name, subject, "extends", "must be the name of a field (a string)")
            return nil
        }
        if chain.contains(baseName) || baseName == name {
            // The fields in the loop, starting and ending with this one.
            let loop = Array((chain + [name]).drop { $0 != baseName })
            let cycle = [name] + loop.dropLast() + [name]
            problem(definition.source.name, subject, "extends", "extends cycle: \(cycle.joined(separator: " → "))")
            return nil
        }
        guard fieldDefinitions[baseName] != nil else {
            problem(definition.source.name, subject, "extends", "extends the unknown field \"\(baseName)\"")
            return nil
        }
        guard var merged = resolve(baseName, resolved: &resolved, chain: chain + [name]) else { return nil }
        merged["extends"] = nil
        for member in definition.object.members where member.key != "extends" {
            merged[member.key] = member.value
        }
        resolved[name] = merged
        return merged
    }

    mutating func buildField(
        name: String, definition: JSONObject, file: String, subject: String, formFields: [String: LocalizedText]?,
        allowedKeys: [String] = fieldKeys
    ) -> Field? {
        let before = problems.count
        for key in definition.keys where !allowedKeys.contains(key) {
            problem(
                file, subject, nil, "unknown key \"\(key)\"; expected one of: \(allowedKeys.joined(separator: ", "))")
        }
        let label = localized(definition["label"], file: file, subject: subject, rule: "label") ?? LocalizedText(name)
        var formatters: [any TextFormatter] = []
        for (position, options) in rules(definition["formatters"], "formatters", file, subject) {
            let rule = "formatters[\(position)] (\(options.name))"
            let catalog = catalog
            if let formatter = build(options, file: file, subject: subject, rule: rule, catalog.formatter) {
                formatters.append(formatter)
            }
        }
        var validators: [ValidatorRule] = []
        for (position, options) in rules(definition["validators"], "validators", file, subject) {
            let rule = "validators[\(position)] (\(options.name))"
            if let built = validatorRule(options, file: file, subject: subject, rule: rule, formFields: formFields) {
                validators.append(built)
            }
        }
        let report = choice(definition["report"], ReportMode.self, file, subject, "report") ?? .first
        let backspace =
            choice(definition["backspace"], BackspaceMode.self, file, subject, "backspace") ?? .deletePrevious
        let hints = fieldHints(definition["hints"], file: file, subject: subject)
        guard problems.count == before else { return nil }
        return Field(
            name: name, label: label, formatters: formatters, rules: validators, report: report,
            backspace: backspace, hints: hints, definition: definition)
    }

    /// Builds one formatter or validator and reports every mistake in its options:
    /// those recorded while reading them, then the one that stopped the build.
    private mutating func build<Built>(
        _ options: RuleOptions, file: String, subject: String, rule: String,
        _ make: (RuleOptions) throws(ConfigError) -> Built
    ) -> Built? {
        var built: Built? = nil
        var stopped: ConfigError? = nil
        do {
            built = try make(options)
        } catch {
            stopped = error
        }
        let recorded = options.problems
        for message in recorded { problem(file, subject, rule, message) }
        if let stopped, !stopped.isRecorded { problem(file, subject, rule, stopped.message) }
        return recorded.isEmpty ? built : nil
    }

    /// The elements of a `formatters` or `validators` array, parsed.
    private mutating func rules(
        _ value: JSONValue?, _ key: String, _ file: String, _ subject: String
    ) -> [(Int, RuleOptions)] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            problem(file, subject, key, "must be an array, not \(value.typeDescription)")
            return []
        }
        var result: [(Int, RuleOptions)] = []
        for (position, element) in elements.enumerated() {
            do {
                result.append((position, try RuleOptions.parse(element)))
            } catch {
                problem(file, subject, "\(key)[\(position)]", error.message)
            }
        }
        return result
    }

    private mutating func validatorRule(
        _ options: RuleOptions, file: String, subject: String, rule: String, formFields: [String: LocalizedText]?
    ) -> ValidatorRule? {
        var own = options.reader.object
        let on = own["on"]
        let message = own["message"]
        own["on"] = nil
        own["message"] = nil
        let stripped = RuleOptions(
            name: options.name, options: options.bare ? nil : own, sharedKeys: ["message", "on"])
        let catalog = catalog
        let validator = build(stripped, file: file, subject: subject, rule: rule) { options throws(ConfigError) in
            try catalog.validator(options, form: formFields)
        }
        var events = Set(ValidationEvent.allCases)
        if let on {
            var names: [String] = []
            var wellFormed = true
            switch on {
            case .string(let single): names = [single]
            case .array(let elements):
                for element in elements {
                    if case .string(let name) = element { names.append(name) } else { wellFormed = false }
                }
            default: wellFormed = false
            }
            let parsed = names.compactMap(ValidationEvent.init(rawValue:))
            if wellFormed && !names.isEmpty && parsed.count == names.count {
                events = Set(parsed)
            } else {
                problem(file, subject, rule, "\"on\" must list events among: change, blur, submit")
            }
        }
        let text = localized(message, file: file, subject: subject, rule: rule)
        guard let validator else { return nil }
        return ValidatorRule(validator, events: events, message: text)
    }

    /// A label without reporting problems (they are reported where the label is built).
    private func labelText(_ value: JSONValue?) -> LocalizedText? {
        switch value {
        case .string(let text)?: return LocalizedText(text)
        case .object(let object)?:
            let entries = object.members.compactMap { member -> (String, String)? in
                if case .string(let text) = member.value { (member.key, text) } else { nil }
            }
            return entries.isEmpty ? nil : LocalizedText(entries)
        default: return nil
        }
    }

    /// A string, or an object of language tag → string.
    private mutating func localized(_ value: JSONValue?, file: String, subject: String, rule: String)
        -> LocalizedText?
    {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            return LocalizedText(text)
        case .object(let object) where !object.isEmpty:
            var entries: [(String, String)] = []
            for member in object.members {
                guard Self.isLanguageTag(member.key) else {
                    problem(
                        file, subject, rule,
                        "\"\(member.key)\" is not a language tag (such as en, zh-Hans, zh-CN, pt-BR)")
                    return nil
                }
                guard case .string(let text) = member.value else {
                    problem(file, subject, rule, "the \"\(member.key)\" text must be a string")
                    return nil
                }
                entries.append((member.key, text))
            }
            return LocalizedText(entries)
        default:
            problem(file, subject, rule, "must be a string or an object of language tag to string ({\"en\": …})")
            return nil
        }
    }

    private mutating func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, _ type: T.Type, _ file: String, _ subject: String, _ key: String
    ) -> T? where T.RawValue == String {
        guard let value else { return nil }
        if case .string(let text) = value, let choice = T(rawValue: text) { return choice }
        problem(file, subject, key, "must be one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        return nil
    }

    private mutating func fieldHints(_ value: JSONValue?, file: String, subject: String) -> FieldHints {
        var hints = FieldHints()
        guard let value else { return hints }
        guard case .object(let object) = value else {
            problem(file, subject, "hints", "must be an object")
            return hints
        }
        for member in object.members {
            guard FieldHints.keys.contains(member.key) else {
                problem(
                    file, subject, "hints",
                    "unknown hint \"\(member.key)\"; expected one of: \(FieldHints.keys.joined(separator: ", "))")
                continue
            }
            if member.key == "secure" {
                guard case .bool(let flag) = member.value else {
                    problem(file, subject, "hints.secure", "must be true or false")
                    continue
                }
                hints.secure = flag
                continue
            }
            guard case .string(let text) = member.value else {
                problem(file, subject, "hints.\(member.key)", "must be a string")
                continue
            }
            switch member.key {
            case "placeholder": hints.placeholder = text
            case "inputmode": hints.inputmode = text
            case "autocomplete": hints.autocomplete = text
            case "keyboard": hints.keyboard = text
            case "textContentType": hints.textContentType = text
            case "androidInputType": hints.androidInputType = text
            default: hints.example = text
            }
        }
        return hints
    }

    // MARK: Forms

    mutating func buildForm(
        name: String, definition: Definition, fields: [String: Field], resolved: [String: JSONObject]
    ) -> Form? {
        let file = definition.source.name
        let subject = "form \"\(name)\""
        let before = problems.count
        for key in definition.object.keys where !Self.formKeys.contains(key) {
            problem(
                file, subject, nil, "unknown key \"\(key)\"; expected one of: \(Self.formKeys.joined(separator: ", "))")
        }
        let label = localized(definition.object["label"], file: file, subject: subject, rule: "label")
        guard case .array(let entries)? = definition.object["fields"], !entries.isEmpty else {
            problem(
                file, subject, "fields", "must be a non-empty array of field names or {\"name\", \"field\"} objects")
            return nil
        }
        // Names and labels first, so that matchesField can refer to any field of the form.
        var names: [String: LocalizedText] = [:]
        for entry in entries {
            switch entry {
            case .string(let fieldName):
                names[fieldName] = fields[fieldName]?.label ?? LocalizedText(fieldName)
            case .object(let object):
                guard case .string(let entryName)? = object["name"] else { continue }
                let base: String = if case .string(let text)? = object["field"] { text } else { entryName }
                names[entryName] =
                    labelText(object["label"]) ?? labelText(resolved[base]?["label"]) ?? LocalizedText(entryName)
            default: break
            }
        }
        var formFields: [FormField] = []
        var failedEntries = 0
        for (position, entry) in entries.enumerated() {
            let rule = "fields[\(position)]"
            if case .object(let object) = entry {
                for key in object.keys where !Self.formFieldKeys.contains(key) {
                    problem(
                        file, subject, rule,
                        "unknown key \"\(key)\"; expected one of: \(Self.formFieldKeys.joined(separator: ", "))")
                }
            }
            switch entry {
            case .string(let fieldName):
                guard let field = fields[fieldName] else {
                    if fieldDefinitions[fieldName] == nil {
                        problem(file, subject, rule, "uses the unknown field \"\(fieldName)\"")
                    }
                    continue
                }
                formFields.append(FormField(name: fieldName, field: field, source: fieldName, required: true))
            case .object(let object):
                guard case .string(let entryName)? = object["name"], Self.isValidName(entryName) else {
                    problem(file, subject, rule, "needs \"name\": the name of the value in the form")
                    continue
                }
                let baseName: String
                switch object["field"] {
                case .string(let text)?: baseName = text
                case nil: baseName = entryName
                default:
                    problem(file, subject, rule, "\"field\" must be the name of a field")
                    continue
                }
                guard let base = resolved[baseName] else {
                    if fieldDefinitions[baseName] == nil {
                        problem(file, subject, rule, "uses the unknown field \"\(baseName)\"")
                    }
                    continue
                }
                var required = true
                if let flag = object["required"] {
                    guard case .bool(let value) = flag else {
                        problem(file, subject, "\(rule).required", "must be true or false")
                        continue
                    }
                    required = value
                }
                var merged = base
                merged["extends"] = nil
                var overridden: Set<String> = []
                for member in object.members where Self.fieldKeys.contains(member.key) {
                    merged[member.key] = member.value
                    overridden.insert(member.key)
                }
                let mark = problems.count
                let field = buildField(
                    name: entryName, definition: merged, file: file, subject: "\(subject), field \"\(entryName)\"",
                    formFields: names, allowedKeys: Self.fieldKeys)
                // Mistakes in keys this entry does not set come from its field and were reported with it.
                let own = problems[mark...].filter {
                    $0.rule.map { overridden.contains(Self.key(ofRule: $0)) } ?? false
                }
                problems.replaceSubrange(mark..., with: own)
                if let field {
                    formFields.append(FormField(name: entryName, field: field, source: baseName, required: required))
                } else {
                    failedEntries += 1
                }
            default:
                problem(file, subject, rule, "must be a field name or an object with \"name\" and \"field\"")
            }
        }
        var seen: Set<String> = []
        for formField in formFields where !seen.insert(formField.name).inserted {
            problem(file, subject, "fields", "the name \"\(formField.name)\" appears twice")
        }
        guard problems.count == before && failedEntries == 0 else { return nil }
        return Form(name: name, label: label, fields: formFields)
    }

    /// The field key a problem's rule is about: `hints` for `hints.secure`, `validators` for `validators[0] (length)`.
    static func key(ofRule rule: String) -> String {
        String(rule.prefix { $0 != "." && $0 != "[" && $0 != " " })
    }
}

/// FNV-1a, 64 bits: a content hash for registry versions (not for security).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
