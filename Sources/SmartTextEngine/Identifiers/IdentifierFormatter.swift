import SmartTextJSON
import SmartTextSupport

/// `identifier {kind}`, `identifier {kinds}` and `vat {country}`: an identifier laid out as it is typed, in
/// the layout of its kind (``IdentifierKind``): `123.456.789-09` for a CPF, `12.345.678/0001-95` for a CNPJ.
/// With several kinds (`["br.cpf", "br.cnpj"]`) the kind is chosen by what is typed: its length, and the
/// characters each kind takes where they land.
///
/// Letters are upper-cased; a character typed where none of the kinds takes it is refused, and one typed
/// past the longest layout overflows (see ``ShapeLayout``). `meta.kind` and `meta.country` name the kind
/// once what is typed fits only one; a valid identifier adds `meta.compact`, its value without separators.
public struct IdentifierFormatter: TextFormatter {
    public let name: String
    /// The kinds, the preferred first.
    public let kinds: [IdentifierKind]
    let layout: ShapeLayout

    public var laysOutWholeText: Bool { true }
    public var maximumLength: Int? {
        kinds.flatMap(\.shapes).map(\.textLength).max()
    }
    /// Letters and digits the kinds take (and both cases of the letters when only some are taken: `K` of a
    /// RUT), the symbols some position takes (`+`, `&`), and the separators.
    public var acceptedCharacters: AcceptedCharacters {
        layout.acceptedCharacters(separators: kinds.flatMap(\.shapes).flatMap { $0.separators.joined() })
    }

    public init(name: String = "identifier", kinds: [IdentifierKind]) {
        self.name = name
        self.kinds = kinds
        var shapes: [IdentifierShape] = []
        var owners: [Int] = []
        for (index, kind) in kinds.enumerated() {
            shapes += kind.shapes
            owners += Array(repeating: index, count: kind.shapes.count)
        }
        self.layout = ShapeLayout(shapes: shapes, owners: owners)
    }

    public func neverKeeps(_ scalar: Unicode.Scalar) -> Bool { Separators.contains(scalar) }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let result = layout.format(input, context: context)
        var output = result.formatted
        let owners = Set(result.candidates.map { layout.owners[$0] })
        let kind: IdentifierKind? =
            if owners.count == 1 { kinds[owners.first!] } else { result.chosen.map { kinds[layout.owners[$0]] } }
        if let kind, !result.value.isEmpty, owners.count == 1 || output.complete == true {
            output.meta["kind"] = .string(kind.id)
            if let country = kind.country { output.meta["country"] = .string(country) }
        }
        if result.misfits == 0, let valid = kinds.first(where: { $0.isValid(result.value) }) {
            output.meta["kind"] = .string(valid.id)
            if let country = valid.country { output.meta["country"] = .string(country) }
            output.meta["compact"] = .string(String(decoding: result.value, as: UTF8.self))
        }
        return output
    }
}

/// `identifier {kind}`, `identifier {kinds}` and `vat {country}`: a valid identifier of the kind (of one of
/// the kinds): a layout of it, and its check digits and structure (``IdentifierKind``). A start of a longer
/// layout is `incomplete`.
public struct IdentifierValidator: Validator {
    public let name: String
    public let kinds: [IdentifierKind]

    let layout: ShapeLayout

    public init(name: String = "identifier", kinds: [IdentifierKind]) {
        self.name = name
        self.kinds = kinds
        self.layout = IdentifierFormatter(kinds: kinds).layout
    }

    /// `{identifier}`: the kinds' own names (`CPF or CNPJ` is written `CPF / CNPJ` in every language).
    public var parameters: [String: String] {
        ["identifier": kinds.map(\.name).joined(separator: " / ")]
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        // The value as the kinds' layout reads it: what it cannot take makes the value invalid.
        let read = layout.format(input.valueScalars, context: FormatContext(final: true))
        guard read.formatted.unexpected.isEmpty else { return .fail }
        let value = read.value
        if kinds.contains(where: { $0.isValid(value) }) { return .pass }
        return kinds.contains(where: { $0.canGrow(value) }) ? .tooShortSoFar : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text(name == "vat" ? "vat" : "identifier")
    }
}
