import SmartTextNativeRules
import Testing

@testable import SmartTextEngine

/// The built-in messages in every language, and how a request's languages pick one.
@Suite struct MessageCatalogTests {
    static let languages = ["en", "zh-Hans", "zh-Hant", "es", "fr", "de", "pt-BR", "ja", "ko", "ru", "ar"]

    @Test func theCatalogueSpeaksElevenLanguages() {
        #expect(MessageCatalog.tags == Self.languages)
        #expect(MessageCatalog.languages.first { $0.tag == "de" }?.name == "Deutsch")
    }

    /// Each rule module owns its messages: the native rules' catalogue holds the phone, postal code, regex and
    /// password texts, in every language the engine's lists, and the engine's holds none of them.
    @Test func theNativeRulesOwnTheirMessagesInTheServicesLanguages() {
        for key in ["phone", "phone.type", "phone.otherRegion", "regex", "passwordStrength", "postalCode"] {
            #expect(Set(MessageCatalog.nativeRules.text(key).entries.map(\.tag)) == Set(Self.languages), "\(key)")
            #expect(!MessageCatalog.engine.has(key), "\(key)")
        }
        #expect(MessageCatalog.nativeRules.term("phone.typeName.mobile").resolve(LocalePreference(tags: ["de"])) != "")
        #expect(!MessageCatalog.nativeRules.has("notEmpty"))
    }

    @Test func languagesAreNegotiatedWithFallbacks() {
        let cases: [(String, String)] = [
            ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("pt", "pt-BR"),
            ("pt-PT", "pt-BR"), ("de-CH", "de"), ("es-419", "es"), ("fr-CA,en", "fr"), ("it-IT", "en"),
            ("it-IT,de", "de"), ("ar-EG", "ar"), ("ja-JP", "ja"), ("ko", "ko"), ("ru-RU", "ru"),
            ("en-GB", "en"), ("", "en"),
            // An explicit script wins over the region.
            ("zh-Hans-HK", "zh-Hans"), ("zh-Hant-CN", "zh-Hant"), ("zh_Hans_TW", "zh-Hans"), ("zh-Hant", "zh-Hant"),
        ]
        for (tags, language) in cases {
            let preference = LocalePreference(tags: tags.split(separator: ",").map(String.init))
            #expect(MessageCatalog.language(for: preference) == language, "\(tags)")
        }
    }

    /// Every rule of the built-in registry, every variant it reports, in every language: a text whose
    /// placeholders the rule fills.
    @Test func everyBuiltinRuleHasAMessageInEveryLanguage() {
        let variants: [String: [String?]] = [
            "number": [nil, "min", "max"], "date": [nil, "min", "max"], "cardExpiry": [nil, "past"], "cvc": [nil, "4"],
            "cnResidentId": [nil, "birthDate"], "phone": [nil, "type"], "postalCode": [nil],
        ]
        for name in builtin.fieldNames {
            for rule in builtin.fields[name]!.rules {
                // Only the variants this rule can report (a `max` message needs a max).
                let possible = (variants[rule.validator.name] ?? [nil]).filter { variant in
                    guard let variant, variant == "min" || variant == "max" || variant == "type" else { return true }
                    let parameters = rule.validator.parameters
                    let localized = rule.validator.localizedParameters
                    return variant == "type"
                        ? localized["types"] != nil && parameters["types"] == nil
                            && rule.validator.localizedParameters["types"]?.resolve(.english).isEmpty == false
                        : parameters[variant] != nil
                }
                for variant in possible {
                    let check = RuleCheck(valid: false, variant: variant)
                    let message = rule.validator.message(for: check)
                    for tag in Self.languages {
                        let text = rule.message(for: check, label: "X", locale: LocalePreference(tags: [tag]))
                        #expect(!text.isEmpty && !text.contains("{"), "\(name) \(rule.validator.name) \(tag): \(text)")
                        #expect(message.entries.contains { $0.tag == tag }, "\(rule.validator.name) has no \(tag)")
                    }
                }
            }
        }
    }

    @Test func rightToLeftMessagesIsolateWhatIsPutIntoThem() {
        let arabic = LocalePreference(tags: ["ar"])
        let text = MessageCatalog.text("length.range").render(arabic, ["label": "Card number", "min": "3", "max": "4"])
        #expect(text.contains("\u{2068}Card number\u{2069}"))
        let opened = text.unicodeScalars.filter { $0 == "\u{2068}" }.count
        let closed = text.unicodeScalars.filter { $0 == "\u{2069}" }.count
        #expect(opened == 3 && closed == 3)
        // No other directional control, and none in a left-to-right language.
        let controls: Set<Unicode.Scalar> = [
            "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        ]
        #expect(!text.unicodeScalars.contains(where: controls.contains))
        let german = MessageCatalog.text("length.range").render(
            LocalePreference(tags: ["de"]), ["label": "Karte", "min": "3", "max": "4"])
        #expect(german == "Karte muss 3 bis 4 Zeichen lang sein")
    }

    @Test func passwordFeedbackFollowsTheLanguage() {
        let password = builtin.fields["password"]!
        for (tag, suggestion) in [
            ("en", "Add another word or two; uncommon words are better"), ("de", nil as String?), ("ja", nil),
        ] {
            let outcome = password.format("abc", event: .submit, locale: LocalePreference(tags: [tag]))
            let strength = outcome.validation.results.first { $0.rule == "passwordStrength" }!
            guard case .object(let feedback)? = strength.details["feedback"],
                case .array(let suggestions)? = feedback["suggestions"], case .string(let first)? = suggestions.first
            else {
                Issue.record("no feedback in \(tag)")
                continue
            }
            if let suggestion { #expect(first == suggestion) }
            #expect(
                first
                    == MessageCatalog.nativeRules.text("passwordStrength.suggestion.addWords").resolve(
                        LocalePreference(tags: [tag])))
        }
    }
}
