import SmartTextJSON

// The typed model of registry files: what the first phase of loading
// (`RegistryDecoder`) reads from JSON, checked for shape, names and keys, and
// what the second phase (`RegistryBuilder`) resolves and builds fields and
// forms from. Every key of a field is optional here: `extends` and form
// entries replace some keys of another field.

/// One formatter or validator as written: its name and options, checked
/// against the catalogue's names and option keys (option values are read when
/// the rule is built).
struct RuleSpec {
    let name: String
    let options: JSONObject
    /// Where it is, for problems: `formatters[1] (mask)`.
    let location: String
    /// The same, for ordering problems.
    let rank: ProblemRank
}

/// A validator as written, with the keys every validator takes.
struct ValidatorSpec {
    let rule: RuleSpec
    let events: Set<ValidationEvent>
    let message: LocalizedText?
}

/// The keys of a field configuration as written in one place (a field, or a
/// form entry's overrides).
struct FieldSpec {
    var label: LocalizedText?
    var formatters: [RuleSpec]?
    var validators: [ValidatorSpec]?
    var report: ReportMode?
    var backspace: BackspaceMode?
    var hints: FieldHints?
    /// The keys as written (without `extends`), for discovery.
    var json = JSONObject()
    /// A mistake was reported in these keys: nothing is built from them.
    var isBroken = false
}

/// Where a definition's problems are reported, and in which order: problems
/// are listed by `order` (file-level ones first, then fields, then forms, in
/// the order they were defined), then `step` (a form's entries in turn).
struct ProblemPlace {
    let file: String
    let subject: String?
    let order: Int
    var step = 0

    /// The same place, at a form entry's position.
    func at(step: Int, subject: String? = nil) -> ProblemPlace {
        ProblemPlace(file: file, subject: subject ?? self.subject, order: order, step: step)
    }
}

/// A field as defined in a file.
struct FieldDefinition {
    let name: String
    let place: ProblemPlace
    /// The field it copies, when it has a well-formed `extends`.
    let extends: String?
    let spec: FieldSpec
}

/// One entry of a form's `fields`.
struct FormEntrySpec {
    /// Its position in the form's `fields`.
    let position: Int
    /// The name of the value in the form.
    let name: String
    /// The registry field it is based on.
    let base: String
    let required: Bool
    /// The keys it overrides (none for an entry that is only a field name).
    let overrides: FieldSpec
    /// Where its problems are reported: `form "f"` at its position; its
    /// overrides' problems with `form "f", field "name"`.
    let place: ProblemPlace
    let overridesPlace: ProblemPlace
}

/// A form as defined in a file.
struct FormDefinition {
    let name: String
    let place: ProblemPlace
    let label: LocalizedText?
    let entries: [FormEntrySpec]
    /// An entry could not be read (reported): the form is not built.
    let isBroken: Bool
}

/// Every definition of the registry's files, in the order they count.
struct RegistryDocument {
    var fields: [FieldDefinition] = []
    var forms: [FormDefinition] = []
    /// The `version` each file declares, by file name.
    var declaredVersions: [String: String] = [:]
}

/// Orders the problems of one definition the way its keys are written about:
/// `extends` first, then unknown keys, then each key in the order of
/// ``RegistryDecoder/fieldKeys``, a rule array by position.
struct ProblemRank: Comparable {
    let key: Int
    let index: Int

    /// `extends`, and problems about the definition as a whole.
    static let definition = ProblemRank(key: -1, index: 0)
    static let unknownKeys = ProblemRank(key: 0, index: 0)

    /// A key of a field (`label`), or the element at `index` of a rule array.
    static func key(_ name: String, _ index: Int = -1) -> ProblemRank {
        ProblemRank(
            key: 1 + (RegistryDecoder.fieldKeys.firstIndex(of: name) ?? RegistryDecoder.fieldKeys.count), index: index)
    }

    static func < (lhs: ProblemRank, rhs: ProblemRank) -> Bool {
        (lhs.key, lhs.index) < (rhs.key, rhs.index)
    }
}

/// Every problem found while loading, each with the place that orders it.
/// The two phases find a definition's problems at different times; they are
/// listed in the order of the definitions and keys they are about.
struct RegistryDiagnostics {
    private var found: [(place: ProblemPlace, rank: ProblemRank, problem: RegistryProblem)] = []

    var isEmpty: Bool { found.isEmpty }
    var count: Int { found.count }

    mutating func report(
        _ place: ProblemPlace, _ rule: String?, _ message: String, rank: ProblemRank = .definition
    ) {
        found.append(
            (place, rank, RegistryProblem(file: place.file, subject: place.subject, rule: rule, message: message)))
    }

    /// The problems in the order of the definitions, entries and keys they are about.
    var problems: [RegistryProblem] {
        found.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element.place, rhs.element.place)
            if a.order != b.order { return a.order < b.order }
            if a.step != b.step { return a.step < b.step }
            if lhs.element.rank != rhs.element.rank { return lhs.element.rank < rhs.element.rank }
            return lhs.offset < rhs.offset
        }.map(\.element.problem)
    }
}
