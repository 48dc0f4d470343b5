/// One kind of identifier: a national, tax or company number, a VAT number, a bank or trade code.
///
/// Table-driven: its layouts as people type them (``IdentifierShape``), its check (the check digits from
/// the kind's public definition, and the structure the definition fixes: a date that exists, a known
/// prefix), and an example. `meta` names a kind, its country and its compact value; what an identifier
/// encodes about a person (a birth date, a sex) is checked, never reported.
public struct IdentifierKind: Sendable {
    /// What a kind identifies, for a picker.
    public enum Category: String, Sendable, CaseIterable {
        /// A person's national or resident number.
        case person
        /// A tax number (of people, or of people and companies).
        case tax
        /// A company or organisation number.
        case company
        /// A VAT number.
        case vat
        /// A bank, payment or securities code.
        case finance
        /// A product or publication code.
        case product
        /// A device code.
        case device
    }

    /// The kind's name in the registry: `br.cpf`, `vat.de`, `isbn` (country code and name, lower case).
    public let id: String
    /// The ISO 3166 country (`BR`); nil for a global code.
    public let country: String?
    /// The identifier's own name, a proper name kept in every language (`CPF`, `Steuer-IdNr.`, `ISBN`).
    public let name: String
    public let category: Category
    /// Its layouts, the usual one first.
    public let shapes: [IdentifierShape]
    /// A valid example, laid out.
    public let example: String
    /// The check of a value that fills one of the shapes (upper-case ASCII, no separators).
    let check: @Sendable ([UInt8]) -> Bool

    init(
        _ id: String, _ country: String?, _ name: String, _ category: Category, _ patterns: [String],
        example: String, check: @escaping @Sendable ([UInt8]) -> Bool = { _ in true }
    ) {
        self.id = id
        self.country = country
        self.name = name
        self.category = category
        self.shapes = patterns.map(IdentifierShape.init)
        self.example = example
        self.check = check
    }

    /// True when `value` (upper-case ASCII, no separators) is a valid identifier of this kind.
    public func isValid(_ value: [UInt8]) -> Bool {
        shapes.contains { $0.matches(value) } && check(value)
    }

    /// True when `text` is valid, as typed or pasted (separators and case do not matter; anything the
    /// kind's layout cannot take makes it invalid).
    public func isValid(_ text: String) -> Bool {
        let read = ShapeLayout(shapes: shapes, owners: shapes.map { _ in 0 })
            .format(Array(text.unicodeScalars), context: FormatContext(final: true))
        return read.formatted.unexpected.isEmpty && read.misfits == 0 && isValid(read.value)
    }

    /// True when more characters could still make `value` valid: a shorter start of a longer shape.
    public func canGrow(_ value: [UInt8]) -> Bool {
        shapes.contains { $0.count > value.count && $0.admitsPrefix(value) }
    }

    /// The shortest and longest values.
    public var lengths: ClosedRange<Int> {
        (shapes.map(\.count).min() ?? 0)...(shapes.map(\.count).max() ?? 0)
    }
}
