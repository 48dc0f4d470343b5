import SmartTextJSON
import SmartTextSupport

/// The first phase of loading: registry files into the typed model, every
/// mistake of shape, name or key reported (option values are read when rules
/// are built, in the second phase).
struct RegistryDecoder {
    let catalog: RuleCatalog
    var diagnostics = RegistryDiagnostics()

    static let topLevelKeys = ["version", "description", "fields", "forms"]
    static let fieldKeys = [
        "extends", "label", "description", "formatters", "validators", "report", "backspace", "hints",
    ]
    static let formKeys = ["label", "description", "fields"]
    static let formEntryKeys = ["name", "field", "required"] + fieldKeys.filter { $0 != "extends" }

    /// A definition found in a file, before its keys are read.
    private struct Found {
        var file: String
        var isBuiltin: Bool
        var object: JSONObject
    }

    /// The definitions of one kind, in order, with an index by name.
    private struct Collected {
        var definitions: [(name: String, found: Found)] = []
        var positions: [String: Int] = [:]
    }

    init(catalog: RuleCatalog) {
        self.catalog = catalog
    }

    /// Reads every source; the built-in one, when there, first.
    mutating func decode(_ sources: [RegistrySource]) -> RegistryDocument {
        var document = RegistryDocument()
        var fields = Collected()
        var forms = Collected()
        for source in sources {
            guard let top = topLevel(source, versions: &document.declaredVersions) else { continue }
            collect(top["fields"], kind: "field", from: source, into: &fields)
            collect(top["forms"], kind: "form", from: source, into: &forms)
        }
        // File-level problems come first (order 0), then fields, then forms, as defined.
        for (index, (name, found)) in fields.definitions.enumerated() {
            let place = ProblemPlace(file: found.file, subject: "field \"\(name)\"", order: 1 + index)
            document.fields.append(field(name, found.object, at: place))
        }
        for (index, (name, found)) in forms.definitions.enumerated() {
            let place = ProblemPlace(
                file: found.file, subject: "form \"\(name)\"", order: 1 + fields.definitions.count + index)
            document.forms.append(form(name, found.object, at: place))
        }
        return document
    }

    // MARK: Files

    /// The file's top-level object and its `version`.
    private mutating func topLevel(_ source: RegistrySource, versions: inout [String: String]) -> JSONObject? {
        let file = ProblemPlace(file: source.name, subject: nil, order: 0)
        let value: JSONValue
        do {
            value = try JSONParser.parse(source.bytes)
        } catch {
            let (line, column) = error.location(in: source.bytes)
            let place = ProblemPlace(file: "\(source.name):\(line):\(column)", subject: nil, order: 0)
            diagnostics.report(place, nil, "invalid JSON: \(error.message)")
            return nil
        }
        guard case .object(let top) = value else {
            diagnostics.report(file, nil, "the file must hold a JSON object with \"fields\" and/or \"forms\"")
            return nil
        }
        for key in top.keys where !Self.topLevelKeys.contains(key) {
            diagnostics.report(
                file, nil,
                "unknown top-level key \"\(key)\"; expected one of: \(Self.topLevelKeys.joined(separator: ", "))")
        }
        if let version = top["version"] {
            // It becomes an HTTP ETag ("…") and a metrics label: printable ASCII without quotes.
            if case .string(let text) = version, !text.isEmpty, text.utf8.count <= 100,
                text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            {
                versions[source.name] = text
            } else {
                diagnostics.report(
                    file, nil,
                    "\"version\" must be 1 to 100 printable ASCII characters without spaces, quotes or backslashes")
            }
        }
        return top
    }

    /// The named definitions of `fields` or `forms`. A user file may redefine a
    /// built-in name (in the built-in one's place); any other name defined twice is an error.
    private mutating func collect(
        _ value: JSONValue?, kind: String, from source: RegistrySource, into collected: inout Collected
    ) {
        guard let value else { return }
        let file = ProblemPlace(file: source.name, subject: nil, order: 0)
        guard case .object(let named) = value else {
            diagnostics.report(
                file, nil, "\"\(kind)s\" must be an object of \(kind) names, not \(value.typeDescription)")
            return
        }
        for member in named.members {
            let place = ProblemPlace(file: source.name, subject: "\(kind) \"\(member.key)\"", order: 0)
            guard Self.isValidName(member.key) else {
                diagnostics.report(place, nil, "a \(kind) name may only use letters, digits, '_', '-' and '.'")
                continue
            }
            guard case .object(let object) = member.value else {
                diagnostics.report(place, nil, "must be an object, not \(member.value.typeDescription)")
                continue
            }
            let found = Found(file: source.name, isBuiltin: source.isBuiltin, object: object)
            if let index = collected.positions[member.key] {
                let existing = collected.definitions[index].found
                if existing.isBuiltin && !source.isBuiltin {
                    collected.definitions[index].found = found
                } else {
                    diagnostics.report(place, nil, "is defined twice: in \(existing.file) and \(source.name)")
                }
                continue
            }
            collected.positions[member.key] = collected.definitions.count
            collected.definitions.append((name: member.key, found: found))
        }
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "_" || $0 == "-" || $0 == "." }
    }

    // MARK: Fields

    private mutating func field(_ name: String, _ object: JSONObject, at place: ProblemPlace) -> FieldDefinition {
        var extends: String? = nil
        var broken = false
        if let base = object["extends"] {
            if case .string(let baseName) = base {
                extends = baseName
            } else {
                diagnostics.report(place, "extends", "must be the name of a field (a string)")
                broken = true
            }
        }
        var spec = fieldSpec(object, at: place, allowedKeys: Self.fieldKeys, form: false)
        spec.isBroken = spec.isBroken || broken
        return FieldDefinition(name: name, place: place, extends: extends, spec: spec)
    }

    /// The field keys of `object` (a field, or a form entry's overrides).
    private mutating func fieldSpec(
        _ object: JSONObject, at place: ProblemPlace, allowedKeys: [String], form: Bool
    ) -> FieldSpec {
        let before = diagnostics.count
        var spec = FieldSpec()
        if !form {
            for key in object.keys where !allowedKeys.contains(key) {
                diagnostics.report(
                    place, nil, "unknown key \"\(key)\"; expected one of: \(allowedKeys.joined(separator: ", "))",
                    rank: .unknownKeys)
            }
        }
        for member in object.members where member.key != "extends" && Self.fieldKeys.contains(member.key) {
            spec.json[member.key] = member.value
        }
        spec.label = object["label"].flatMap { localized($0, at: place, rule: "label", rank: .key("label")) }
        spec.formatters = object["formatters"].map { rules($0, "formatters", at: place) }
        spec.validators = object["validators"].map { validators($0, at: place) }
        spec.report = object["report"].flatMap { choice($0, ReportMode.self, at: place, "report") }
        spec.backspace = object["backspace"].flatMap { choice($0, BackspaceMode.self, at: place, "backspace") }
        spec.hints = object["hints"].map { hints($0, at: place) }
        spec.isBroken = diagnostics.count != before
        return spec
    }

    /// The elements of a `formatters` or `validators` array: names known to
    /// the catalogue, options with its keys.
    private mutating func rules(_ value: JSONValue, _ key: String, at place: ProblemPlace) -> [RuleSpec] {
        guard case .array(let elements) = value else {
            diagnostics.report(place, key, "must be an array, not \(value.typeDescription)", rank: .key(key))
            return []
        }
        var specs: [RuleSpec] = []
        for (position, element) in elements.enumerated() {
            let rank = ProblemRank.key(key, position)
            let name: String
            var options = JSONObject()
            switch element {
            case .string(let bare):
                name = bare
            case .object(let object):
                guard object.members.count == 1, let member = object.members.first else {
                    diagnostics.report(
                        place, "\(key)[\(position)]",
                        "must be a name or an object with exactly one key (the name), found keys: "
                            + object.keys.joined(separator: ", "), rank: rank)
                    continue
                }
                guard case .object(let given) = member.value else {
                    diagnostics.report(
                        place, "\(key)[\(position)]",
                        "the options of \"\(member.key)\" must be an object, not \(member.value.typeDescription)",
                        rank: rank)
                    continue
                }
                name = member.key
                options = given
            default:
                diagnostics.report(
                    place, "\(key)[\(position)]",
                    "must be a name (a string) or {\"name\": {options}}, not \(element.typeDescription)", rank: rank)
                continue
            }
            let location = "\(key)[\(position)] (\(name))"
            let known: [String]?
            let shared: [String]
            if key == "formatters" {
                known = catalog.formatter(named: name)?.options
                shared = []
                if known == nil {
                    diagnostics.report(
                        place, location,
                        "unknown formatter \"\(name)\"; known formatters: \(catalog.formatterNames.joined(separator: ", "))",
                        rank: rank)
                }
            } else {
                known = catalog.validator(named: name)?.options
                shared = sharedValidatorOptions
                if known == nil {
                    diagnostics.report(
                        place, location,
                        "unknown validator \"\(name)\"; known validators: \(catalog.validatorNames.joined(separator: ", "))",
                        rank: rank)
                }
            }
            if let known {
                let expected = known + shared
                for optionKey in options.keys where !expected.contains(optionKey) {
                    diagnostics.report(
                        place, location,
                        expected.isEmpty
                            ? "\(name) takes no options, found \"\(optionKey)\""
                            : "unknown key \"\(optionKey)\"; expected one of: \(expected.joined(separator: ", "))",
                        rank: rank)
                }
            }
            specs.append(RuleSpec(name: name, options: options, location: location, rank: rank))
        }
        return specs
    }

    /// Validators, with `on` and `message` taken out of their options.
    private mutating func validators(_ value: JSONValue, at place: ProblemPlace) -> [ValidatorSpec] {
        rules(value, "validators", at: place).map { spec in
            var options = spec.options
            let on = options["on"]
            let message = options["message"]
            options["on"] = nil
            options["message"] = nil
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
                    diagnostics.report(
                        place, spec.location, "\"on\" must list events among: change, blur, submit", rank: spec.rank)
                }
            }
            return ValidatorSpec(
                rule: RuleSpec(name: spec.name, options: options, location: spec.location, rank: spec.rank),
                events: events,
                message: message.flatMap { localized($0, at: place, rule: spec.location, rank: spec.rank) })
        }
    }

    /// A string, or an object of language tag → string.
    private mutating func localized(
        _ value: JSONValue, at place: ProblemPlace, rule: String, rank: ProblemRank
    ) -> LocalizedText? {
        switch value {
        case .string(let text):
            return LocalizedText(text)
        case .object(let object) where !object.isEmpty:
            var entries: [(String, String)] = []
            for member in object.members {
                guard Self.isLanguageTag(member.key) else {
                    diagnostics.report(
                        place, rule, "\"\(member.key)\" is not a language tag (such as en, zh-Hans, zh-CN, pt-BR)",
                        rank: rank)
                    return nil
                }
                guard case .string(let text) = member.value else {
                    diagnostics.report(place, rule, "the \"\(member.key)\" text must be a string", rank: rank)
                    return nil
                }
                entries.append((member.key, text))
            }
            return LocalizedText(entries)
        default:
            diagnostics.report(
                place, rule, "must be a string or an object of language tag to string ({\"en\": …})", rank: rank)
            return nil
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

    private mutating func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue, _ type: T.Type, at place: ProblemPlace, _ key: String
    ) -> T? where T.RawValue == String {
        if case .string(let text) = value, let choice = T(rawValue: text) { return choice }
        diagnostics.report(
            place, key, "must be one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))", rank: .key(key))
        return nil
    }

    private mutating func hints(_ value: JSONValue, at place: ProblemPlace) -> FieldHints {
        var hints = FieldHints()
        guard case .object(let object) = value else {
            diagnostics.report(place, "hints", "must be an object", rank: .key("hints"))
            return hints
        }
        for member in object.members {
            guard FieldHints.keys.contains(member.key) else {
                diagnostics.report(
                    place, "hints",
                    "unknown hint \"\(member.key)\"; expected one of: \(FieldHints.keys.joined(separator: ", "))",
                    rank: .key("hints"))
                continue
            }
            if member.key == "secure" {
                guard case .bool(let flag) = member.value else {
                    diagnostics.report(place, "hints.secure", "must be true or false", rank: .key("hints"))
                    continue
                }
                hints.secure = flag
                continue
            }
            guard case .string(let text) = member.value else {
                diagnostics.report(place, "hints.\(member.key)", "must be a string", rank: .key("hints"))
                continue
            }
            if let path = FieldHints.textHints.first(where: { "\($0.key)" == member.key })?.path {
                hints[keyPath: path] = text
            } else {
                hints.example = text
            }
        }
        return hints
    }

    // MARK: Forms

    private mutating func form(_ name: String, _ object: JSONObject, at place: ProblemPlace) -> FormDefinition {
        let before = diagnostics.count
        for key in object.keys where !Self.formKeys.contains(key) {
            diagnostics.report(
                place, nil, "unknown key \"\(key)\"; expected one of: \(Self.formKeys.joined(separator: ", "))",
                rank: .unknownKeys)
        }
        let label = object["label"].flatMap { localized($0, at: place, rule: "label", rank: .key("label")) }
        guard case .array(let elements)? = object["fields"], !elements.isEmpty else {
            diagnostics.report(
                place, "fields", "must be a non-empty array of field names or {\"name\", \"field\"} objects",
                rank: .key("fields"))
            return FormDefinition(name: name, place: place, label: label, entries: [], isBroken: true)
        }
        var entries: [FormEntrySpec] = []
        for (position, element) in elements.enumerated() {
            if let entry = formEntry(element, position: position, form: place) { entries.append(entry) }
        }
        return FormDefinition(
            name: name, place: place, label: label, entries: entries, isBroken: diagnostics.count != before)
    }

    private mutating func formEntry(_ element: JSONValue, position: Int, form: ProblemPlace) -> FormEntrySpec? {
        let place = form.at(step: position + 1)
        let rule = "fields[\(position)]"
        switch element {
        case .string(let fieldName):
            return FormEntrySpec(
                position: position, name: fieldName, base: fieldName, required: true, overrides: FieldSpec(),
                place: place,
                overridesPlace: place)
        case .object(let object):
            for key in object.keys where !Self.formEntryKeys.contains(key) {
                diagnostics.report(
                    place, rule,
                    "unknown key \"\(key)\"; expected one of: \(Self.formEntryKeys.joined(separator: ", "))")
            }
            guard case .string(let entryName)? = object["name"], Self.isValidName(entryName) else {
                diagnostics.report(place, rule, "needs \"name\": the name of the value in the form")
                return nil
            }
            let base: String
            switch object["field"] {
            case .string(let text)?: base = text
            case nil: base = entryName
            default:
                diagnostics.report(place, rule, "\"field\" must be the name of a field")
                return nil
            }
            var required = true
            if let flag = object["required"] {
                guard case .bool(let value) = flag else {
                    diagnostics.report(place, "\(rule).required", "must be true or false")
                    return nil
                }
                required = value
            }
            let overridesPlace = place.at(step: position + 1, subject: "\(form.subject!), field \"\(entryName)\"")
            let overrides = fieldSpec(object, at: overridesPlace, allowedKeys: Self.formEntryKeys, form: true)
            return FormEntrySpec(
                position: position, name: entryName, base: base, required: required, overrides: overrides, place: place,
                overridesPlace: overridesPlace)
        default:
            diagnostics.report(place, rule, "must be a field name or an object with \"name\" and \"field\"")
            return nil
        }
    }
}
