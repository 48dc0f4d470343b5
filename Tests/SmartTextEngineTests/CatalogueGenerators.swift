import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// How the property tests make registry configurations for one formatter of the rule catalogue.
///
/// The property tests of rules 5 and 8 to 11 run over the fields every generator makes; a test fails when
/// the catalogue has a formatter without a generator here, or an option no generated field uses
/// (`CatalogueGeneratorTests`). So a new formatter or option is under the rules from the day it is added.
struct FormatterGenerator: Sendable {
    /// The catalogue's name of the formatter.
    let formatter: String
    /// A typical configuration of it, as registry JSON (for the chains of two formatters).
    let typical: [String]
    /// The fields it makes, in the locales given (for a formatter that follows the request's locale).
    let fields: @Sendable (_ locales: [String]) -> [GeneratedField]
}

/// Every formatter of `RuleCatalog.standard`, with its generator.
enum CatalogueGenerators {
    /// The locales the generated fields that follow the locale are pinned to: the eleven message languages
    /// in their main regions, and locales whose numbers, dates or scripts differ from those.
    static let locales = [
        "en-US", "zh-CN", "zh-TW", "es-ES", "fr-FR", "de-DE", "pt-BR", "ja-JP", "ko-KR", "ru-RU", "ar-EG",
        "en-IN", "hi-IN", "pl-PL", "de-CH", "fr-CH", "ar-SA", "en-GB", "it-IT", "nl-NL",
    ]

    /// Free text: the formatter alone, and after or before the others that keep every character.
    private static func freeText(_ name: String) -> FormatterGenerator {
        let me = #""\#(name)""#
        return FormatterGenerator(formatter: name, typical: [me]) { _ in
            [
                "[\(me)]", #"[\#(me), {"maxLength": {"max": 12}}]"#, #"["trim", \#(me)]"#,
                #"[\#(me), "collapseWhitespace"]"#,
            ].enumerated().map { number, chain in
                GeneratedField(name: "\(name)\(number)", formatters: chain, keepsClusters: true)
            }
        }
    }

    static let all: [FormatterGenerator] = [
        freeText("trim"), freeText("trimStart"), freeText("collapseWhitespace"), freeText("removeWhitespace"),
        freeText("lowercase"), freeText("uppercase"),
        FormatterGenerator(formatter: "digits", typical: [#""digits""#]) { _ in
            let digitsAlphabet = ["0", "1", "5", "7", "9", "+", "(", ")"]
            return [
                GeneratedField(name: "digits0", formatters: #"["digits"]"#, validators: #"["digits"]"#),
                GeneratedField(
                    name: "digits1", formatters: #"["digits", {"maxLength": {"max": 6}}]"#, validators: #"["digits"]"#),
                // A mask with a `+` prefix after `digits`: the field's own text is a valid submitted value.
                GeneratedField(
                    name: "digits2", formatters: #"["digits", {"mask": {"pattern": "+7 (###) ###-##-##"}}]"#,
                    extraAlphabet: digitsAlphabet),
                GeneratedField(
                    name: "digits3", formatters: #"["digits", "creditCard"]"#, validators: #"["luhn"]"#,
                    extraAlphabet: digitsAlphabet),
            ]
        },
        FormatterGenerator(formatter: "maxLength", typical: [#"{"maxLength": {"max": 5}}"#]) { _ in
            [1, 5, 12].map { max in
                GeneratedField(
                    name: "maxLength\(max)", formatters: #"["collapseWhitespace", {"maxLength": {"max": \#(max)}}]"#,
                    keepsClusters: true)
            }
        },
        FormatterGenerator(
            formatter: "mask",
            typical: [#"{"mask": {"pattern": "AA-###"}}"#, #"{"mask": {"pattern": "+7 (###) ###-##-##"}}"#]
        ) { _ in
            FieldGenerator.masks(count: 64, seed: 0x3A5C) + FieldGenerator.fixedMasks()
        },
        FormatterGenerator(formatter: "phone", typical: [#"{"phone": {"region": "CN"}}"#, #"{"phone": {}}"#]) {
            locales in FieldGenerator.phones() + FieldGenerator.localePhones(locales)
        },
        FormatterGenerator(formatter: "creditCard", typical: [#""creditCard""#]) { _ in
            [
                GeneratedField(
                    name: "card0", formatters: #"["creditCard"]"#,
                    validators: #"["luhn", {"cardBrand": {"allowed": ["visa", "mastercard", "amex"]}}]"#,
                    extraAlphabet: ["4", "5", "3", "6", "2", "1", "0"])
            ]
        },
        FormatterGenerator(formatter: "cardExpiry", typical: [#""cardExpiry""#]) { _ in
            [
                GeneratedField(
                    name: "expiry0", formatters: #"["cardExpiry"]"#, validators: #"["cardExpiry"]"#,
                    extraAlphabet: ["0", "1", "2", "/", "0", "1", "3", "9"])
            ]
        },
        FormatterGenerator(formatter: "iban", typical: [#""iban""#]) { _ in
            [
                GeneratedField(
                    name: "iban0", formatters: #"["iban"]"#, validators: #"["iban"]"#,
                    extraAlphabet: ["D", "E", "G", "B", "F", "R", "8", "9", "I", "W", "S", "T"])
            ]
        },
        FormatterGenerator(formatter: "email", typical: [#""email""#]) { _ in
            [
                GeneratedField(
                    name: "email0", formatters: #"["email"]"#, validators: #"["email"]"#,
                    extraAlphabet: ["@", ".", "a", "b", "c", "o", "m"], keepsClusters: true),
                GeneratedField(
                    name: "email1", formatters: #"["removeWhitespace", "lowercase", "email"]"#,
                    validators: #"["email"]"#, extraAlphabet: ["@", ".", "a", "c", "o", "m"], keepsClusters: true),
            ]
        },
        FormatterGenerator(
            formatter: "number",
            typical: [
                #"{"number": {}}"#, #"{"number": {"groupSeparator": ".", "decimalSeparator": ","}}"#,
                #"{"number": {"currency": "EUR", "allowNegative": true}}"#,
            ]
        ) { locales in
            FieldGenerator.numbers(seed: 0x2B1D) + FieldGenerator.numberStyles(seed: 0x5E7A)
                + FieldGenerator.localeNumbers(locales)
        },
        FormatterGenerator(formatter: "date", typical: [#"{"date": {"pattern": "DD.MM.YYYY"}}"#]) { locales in
            FieldGenerator.dates(locales)
        },
        FormatterGenerator(formatter: "time", typical: [#"{"time": {"clock": "12"}}"#]) { locales in
            FieldGenerator.times(locales)
        },
        FormatterGenerator(
            formatter: "identifier",
            typical: [#"{"identifier": {"kind": "br.cpf"}}"#, #"{"identifier": {"kinds": ["br.cpf", "br.cnpj"]}}"#]
        ) { _ in FieldGenerator.identifiers() },
        FormatterGenerator(formatter: "vat", typical: [#"{"vat": {"country": "DE"}}"#, #"{"vat": {}}"#]) { _ in
            FieldGenerator.vatNumbers()
        },
        FormatterGenerator(formatter: "postalCode", typical: [#"{"postalCode": {"region": "GB"}}"#]) { locales in
            FieldGenerator.postalCodes(locales)
        },
    ]

    /// Every generated field, in every locale.
    static let fields: [GeneratedField] = all.flatMap { $0.fields(locales) }

    /// The option keys the generated fields give `formatter`.
    static func optionsUsed(by formatter: String, in fields: [GeneratedField]) -> Set<String> {
        var used: Set<String> = []
        for field in fields {
            guard case .array(let chain)? = try? JSONParser.parse(Array(field.formatters.utf8)) else { continue }
            for entry in chain {
                guard case .object(let object) = entry, let options = object[formatter],
                    case .object(let keys) = options
                else { continue }
                used.formUnion(keys.members.map(\.key))
            }
        }
        return used
    }
}

/// The catalogue and the generators agree: every formatter has one, every option is used.
@Suite struct CatalogueGeneratorTests {
    @Test func everyFormatterOfTheCatalogueHasAGenerator() {
        let generated = Set(CatalogueGenerators.all.map(\.formatter))
        for name in RuleCatalog.standard.formatterNames {
            #expect(generated.contains(name), "the formatter \(name) has no generator in CatalogueGenerators")
        }
        for name in generated {
            #expect(RuleCatalog.standard.formatter(named: name) != nil, "\(name) is not in the catalogue")
        }
    }

    @Test func everyOptionOfEveryFormatterIsUsedByAGeneratedField() {
        for definition in RuleCatalog.standard.formatters {
            let used = CatalogueGenerators.optionsUsed(by: definition.name, in: CatalogueGenerators.fields)
            for option in definition.options {
                #expect(
                    used.contains(option),
                    "no generated field gives \(definition.name) the option \(option): add it to its generator")
            }
        }
    }

    /// Every generated field names the formatter of its generator, and the fields that follow the locale
    /// are made in every locale.
    @Test func fieldsThatFollowTheLocaleAreMadeInEveryLocale() {
        for generator in CatalogueGenerators.all {
            let fields = generator.fields(CatalogueGenerators.locales)
            #expect(!fields.isEmpty, "\(generator.formatter) makes no field")
            let locales = Set(fields.compactMap(\.locale))
            if !locales.isEmpty {
                #expect(
                    locales == Set(CatalogueGenerators.locales),
                    "\(generator.formatter): \(Set(CatalogueGenerators.locales).subtracting(locales)) missing")
            }
        }
        for formatter in ["number", "date", "time", "phone"] {
            let fields = CatalogueGenerators.all.first { $0.formatter == formatter }!.fields(
                CatalogueGenerators.locales)
            #expect(fields.contains { $0.locale != nil }, "\(formatter) has no field pinned to a locale")
        }
    }
}
