import SmartTextJSON

/// The second phase of loading: `extends` resolved, rules built from their
/// options, fields and forms assembled from the typed model.
struct RegistryBuilder {
    let catalog: RuleCatalog
    var diagnostics: RegistryDiagnostics

    /// A field's keys with its `extends` chain applied, and the rules built
    /// where each key was defined (a copied key shares the rules built for it).
    private struct Resolved {
        var spec: FieldSpec
        var formatters: [any TextFormatter]?
        var validators: [ValidatorRule]?
        /// The `extends` steps from the field to the root of its chain.
        var depth = 0
    }

    /// The longest `extends` chain: a field may be this many steps from a field
    /// that extends nothing. Real registries use two or three.
    static let maxExtendsDepth = 32

    /// The rules a definition's own keys build to (nil for a key it does not
    /// set), and whether one of them failed (reported).
    private struct BuiltRules {
        var formatters: [any TextFormatter]?
        var validators: [ValidatorRule]?
        var failed = false
    }

    mutating func build(_ document: RegistryDocument, version: String) -> Registry? {
        let definitions = Dictionary(document.fields.map { ($0.name, $0) }) { first, _ in first }
        var built: [String: BuiltRules] = [:]
        for definition in document.fields {
            built[definition.name] = rules(of: definition.spec, at: definition.place, form: nil)
        }
        let resolved = resolveExtends(document.fields, definitions: definitions, built: built)
        var fields: [String: Field] = [:]
        for definition in document.fields {
            guard let field = resolved[definition.name].flatMap({ Self.field(definition.name, $0) }) else { continue }
            if let rules = resolved[definition.name], !checkRules(rules, at: definition.place) { continue }
            fields[definition.name] = field
        }
        var forms: [String: Form] = [:]
        for definition in document.forms {
            if let form = form(definition, fields: fields, resolved: resolved, defined: definitions) {
                forms[definition.name] = form
            }
        }
        return diagnostics.isEmpty ? Registry(version: version, fields: fields, forms: forms) : nil
    }

    // MARK: extends

    /// Every field's keys with its chain applied, for the fields whose chain is
    /// sound. Chains are followed with a loop, not recursion, so a chain of any
    /// length is resolved in constant stack and each field is visited once; an
    /// unknown target, a cycle or a chain deeper than ``maxExtendsDepth`` is
    /// reported once, on the field where it shows, and every field on that chain
    /// stays unresolved.
    private mutating func resolveExtends(
        _ fields: [FieldDefinition], definitions: [String: FieldDefinition], built: [String: BuiltRules]
    ) -> [String: Resolved] {
        var resolved: [String: Resolved] = [:]
        var unresolvable: Set<String> = []
        for start in fields where resolved[start.name] == nil && !unresolvable.contains(start.name) {
            // Walk up to a resolved field, a field without `extends`, or a mistake.
            var chain: [FieldDefinition] = [start]
            var positions = [start.name: 0]
            var failed = false
            while let current = chain.last, let baseName = current.extends, resolved[baseName] == nil {
                if unresolvable.contains(baseName) {
                    failed = true
                    break
                }
                guard let base = definitions[baseName] else {
                    diagnostics.report(
                        current.place, "extends", "extends the unknown field \"\(Echo.cleaned(baseName))\"")
                    failed = true
                    break
                }
                if let loopStart = positions[baseName] {
                    // The fields in the loop, starting and ending with the one that closes it.
                    let loop = chain[loopStart...].map(\.name)
                    let cycle = [current.name] + loop.dropLast() + [current.name]
                    diagnostics.report(current.place, "extends", "extends cycle: \(Self.describe(cycle))")
                    failed = true
                    break
                }
                positions[baseName] = chain.count
                chain.append(base)
            }
            // Apply the chain from its root down, until it is too deep.
            for definition in chain.reversed() where !failed {
                let own = built[definition.name] ?? BuiltRules()
                if let baseName = definition.extends, let base = resolved[baseName] {
                    guard base.depth < Self.maxExtendsDepth else {
                        let path = [definition.name] + Self.rootward(of: baseName, in: definitions)
                        diagnostics.report(
                            definition.place, "extends",
                            "the extends chain is longer than \(Self.maxExtendsDepth) steps: \(Self.describe(path))")
                        failed = true
                        break
                    }
                    resolved[definition.name] = Self.merge(base, definition.spec, own)
                } else {
                    var root = Resolved(spec: definition.spec, formatters: own.formatters, validators: own.validators)
                    root.spec.isBroken = root.spec.isBroken || own.failed
                    resolved[definition.name] = root
                }
            }
            if failed {
                for definition in chain where resolved[definition.name] == nil { unresolvable.insert(definition.name) }
            }
        }
        return resolved
    }

    /// The names from `name` up to the root of its chain (the chain is sound: it was resolved).
    private static func rootward(of name: String, in definitions: [String: FieldDefinition]) -> [String] {
        var names = [name]
        while let base = definitions[names[names.count - 1]]?.extends { names.append(base) }
        return names
    }

    /// A chain of field names for a message: all of a short one; the ends of a long one, and its length.
    static func describe(_ names: [String]) -> String {
        guard names.count > 8 else { return names.map { Echo.cleaned($0) }.joined(separator: " → ") }
        let ends = names.prefix(4).map { Echo.cleaned($0) } + ["…"] + names.suffix(3).map { Echo.cleaned($0) }
        return ends.joined(separator: " → ") + " (\(names.count) names)"
    }

    /// `base` with the keys of `spec` (and the rules built from them) replacing its own.
    private static func merge(_ base: Resolved, _ spec: FieldSpec, _ own: BuiltRules) -> Resolved {
        var merged = base
        merged.depth = base.depth + 1
        merged.spec.isBroken = base.spec.isBroken || spec.isBroken || own.failed
        if let label = spec.label { merged.spec.label = label }
        if spec.formatters != nil {
            merged.spec.formatters = spec.formatters
            merged.formatters = own.formatters
        }
        if spec.validators != nil {
            merged.spec.validators = spec.validators
            merged.validators = own.validators
        }
        if let report = spec.report { merged.spec.report = report }
        if let backspace = spec.backspace { merged.spec.backspace = backspace }
        if let hints = spec.hints { merged.spec.hints = hints }
        for member in spec.json.members { merged.spec.json[member.key] = member.value }
        return merged
    }

    // MARK: Rules

    /// Builds the rules `spec` itself defines; `form` holds the labels of the
    /// form's fields when the keys are a form entry's.
    private mutating func rules(
        of spec: FieldSpec, at place: ProblemPlace, form: [String: LocalizedText]?
    ) -> BuiltRules {
        var result = BuiltRules()
        if let specs = spec.formatters {
            var formatters: [any TextFormatter] = []
            for rule in specs {
                guard let definition = catalog.formatter(named: rule.name) else { continue }  // reported when decoded
                var options = RuleOptions(name: rule.name, object: rule.options)
                let formatter = definition.build(&options)
                if let formatter = report(options, formatter, rule, at: place) { formatters.append(formatter) }
            }
            result.formatters = formatters
            result.failed = result.failed || formatters.count != specs.count
            if formatters.count == specs.count && !checkChain(formatters, specs, at: place) { result.failed = true }
        }
        if let specs = spec.validators {
            var validators: [ValidatorRule] = []
            for validator in specs {
                let rule = validator.rule
                guard let definition = catalog.validator(named: rule.name) else { continue }
                var options = RuleOptions(name: rule.name, object: rule.options)
                let built = definition.build(&options, form)
                if let built = report(options, built, rule, at: place) {
                    validators.append(ValidatorRule(built, events: validator.events, message: validator.message))
                }
            }
            result.validators = validators
            result.failed = result.failed || validators.count != specs.count
        }
        return result
    }

    /// Reports a chain of formatters the edit rules cannot hold for (typing would not equal pasting, or
    /// formatting would not be stable): a formatter after `maxLength` (which would count characters it
    /// then changes) or after one that lays the whole text out (which would see that layout as input);
    /// and a chain into which no character can be typed. True when the chain can be served.
    private mutating func checkChain(
        _ formatters: [any TextFormatter], _ specs: [RuleSpec], at place: ProblemPlace
    ) -> Bool {
        var sound = true
        var limiting: (position: Int, name: String)? = nil
        for (position, formatter) in formatters.enumerated() {
            let isLimit = formatter is MaxLengthFormatter
            if let limiting, !isLimit {
                let reason =
                    formatters[limiting.position] is MaxLengthFormatter
                    ? "which would count characters \(formatter.name) then changes; put maxLength last"
                    : "which lays the whole text out; only maxLength may follow it (put \(formatter.name) before it)"
                diagnostics.report(
                    place, specs[position].location,
                    "comes after \(limiting.name) (formatters[\(limiting.position)]), \(reason)",
                    rank: specs[position].rank)
                sound = false
            }
            if limiting == nil && (isLimit || formatter.laysOutWholeText) {
                limiting = (position, formatter.name)
            }
        }
        let accepted = FormatterPipeline(formatters).acceptedCharacters
        if sound && !accepted.digits && !accepted.letters && !accepted.others && !accepted.whitespace
            && accepted.characters.isEmpty
        {
            diagnostics.report(
                place, "formatters",
                "no character can be typed into this field: each formatter drops what another needs")
            sound = false
        }
        return sound
    }

    /// Reports each validator that cannot work with the field's formatters (``Validator/conflict(with:)``),
    /// with the extends chain applied. True when there is none.
    private mutating func checkRules(_ resolved: Resolved, at place: ProblemPlace) -> Bool {
        let formatters = resolved.formatters ?? []
        var sound = true
        for (position, rule) in (resolved.validators ?? []).enumerated() {
            guard let conflict = rule.validator.conflict(with: formatters) else { continue }
            diagnostics.report(place, "validators[\(position)] (\(rule.validator.name))", conflict)
            sound = false
        }
        return sound
    }

    /// The built rule when its options had no mistake; else its mistakes, reported.
    private mutating func report<Built>(
        _ options: RuleOptions, _ built: Built?, _ rule: RuleSpec, at place: ProblemPlace
    ) -> Built? {
        for message in options.problems { diagnostics.report(place, rule.location, message, rank: rule.rank) }
        if built == nil && options.problems.isEmpty {
            diagnostics.report(place, rule.location, "\(rule.name) cannot be built from these options", rank: rule.rank)
        }
        return options.problems.isEmpty ? built : nil
    }

    /// A field from resolved keys and rules, unless something on its chain was wrong (and reported).
    private static func field(_ name: String, _ resolved: Resolved) -> Field? {
        guard !resolved.spec.isBroken else { return nil }
        let spec = resolved.spec
        let formatters = resolved.formatters ?? []
        return Field(
            name: name, label: spec.label ?? LocalizedText(name), formatters: formatters,
            rules: (resolved.validators ?? []).map { $0.adapted(to: formatters) }, report: spec.report ?? .first,
            backspace: spec.backspace ?? .deletePrevious, hints: spec.hints ?? FieldHints(), definition: spec.json)
    }

    // MARK: Forms

    private mutating func form(
        _ definition: FormDefinition, fields: [String: Field], resolved: [String: Resolved],
        defined: [String: FieldDefinition]
    ) -> Form? {
        let before = diagnostics.count
        // Names and labels first, so that matchesField can refer to any field of the form.
        var labels: [String: LocalizedText] = [:]
        for entry in definition.entries {
            labels[entry.name] =
                entry.overrides.label ?? resolved[entry.base]?.spec.label ?? LocalizedText(entry.name)
        }
        var formFields: [FormField] = []
        var failedEntries = 0
        for entry in definition.entries {
            guard let base = resolved[entry.base] else {
                if defined[entry.base] == nil {
                    diagnostics.report(
                        entry.place, "fields[\(entry.position)]", "uses the unknown field \"\(entry.base)\"")
                }
                failedEntries += 1
                continue
            }
            let own = rules(of: entry.overrides, at: entry.overridesPlace, form: labels)
            let merged = Self.merge(base, entry.overrides, own)
            guard let field = Self.field(entry.name, merged), checkRules(merged, at: entry.overridesPlace) else {
                failedEntries += 1
                continue
            }
            formFields.append(FormField(name: entry.name, field: field, source: entry.base, required: entry.required))
        }
        var seen: Set<String> = []
        let afterEntries = definition.place.at(step: (definition.entries.last?.position ?? 0) + 2)
        for formField in formFields where !seen.insert(formField.name).inserted {
            diagnostics.report(afterEntries, "fields", "the name \"\(formField.name)\" appears twice")
        }
        guard !definition.isBroken && diagnostics.count == before && failedEntries == 0 else { return nil }
        return Form(name: definition.name, label: definition.label, fields: formFields)
    }
}
