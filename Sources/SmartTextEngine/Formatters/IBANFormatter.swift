import SmartTextJSON
import SmartTextSupport

/// `iban`: upper case, groups of four (`DE89 3704 0044 0532 0130 00`), at most
/// the country's length (34 while the country is not known). A character typed
/// where the country's BBAN structure (ISO 13616 registry, ``IBANCountry``) does
/// not allow it is refused: a letter where the check digits or a digit of the
/// BBAN go (`GB82 WEST 1…`), a digit in the country code or where the BBAN has a
/// letter. Characters an edit elsewhere moves there (deleting the `D` of
/// `DE89…`) stay, out of place, and the field is invalid until they are fixed.
/// A pasted `IBAN ` prefix is dropped.
///
/// A whole, valid IBAN adds `meta.country` and, where the registry defines
/// them, `meta.bankCode` and `meta.branchCode` (`GB82 WEST 1234 5698 7654 32`:
/// `WEST`, `123456`).
public struct IBANFormatter: TextFormatter {
    public let name = "iban"
    public var laysOutWholeText: Bool { true }
    /// 34 characters and eight spaces.
    public var maximumLength: Int? { 42 }
    /// Letters and digits, the group space, and a pasted `IBAN:` prefix's colon.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, letters: true, whitespace: true, characters: [":"])
    }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var significant: [Significant] = []
        significant.reserveCapacity(34)
        var unexpected: [Int] = []
        var normalized: [Int] = []
        var start = 0
        while start < input.count && input[start].isSpace { start += 1 }
        if Self.hasPastedPrefix(input, at: start) {
            normalized = Array(start..<(start + 4))
            start += 4
        }
        var country: IBANCountry? = nil
        var maxLength = 34
        var overflow = false
        var misfits = 0
        var index = start
        while index < input.count {
            defer { index += 1 }
            let scalar = input[index].halfWidth
            let character: Unicode.Scalar
            if let digit = scalar.asciiDigit {
                character = digit
            } else if scalar.isASCIIAlphanumeric {
                character = scalar.value >= 0x61 ? Unicode.Scalar(scalar.value - 32)! : scalar
            } else {
                if !Separators.contains(scalar) { unexpected.append(index) }
                continue
            }
            let position = significant.count
            let inPlace: Bool
            if let country, position < country.length {
                inPlace = country.kind(at: position).admits(character)
            } else {
                let isLetter = character.value >= 0x41
                inPlace = position < 2 ? isLetter : position < 4 ? !isLetter : true
            }
            let fresh = context.isFresh(index)
            if !inPlace && fresh {
                // Typed where it cannot go: refused.
                unexpected.append(index)
                continue
            }
            if position >= maxLength {
                if context.hasFresh {
                    overflow = true
                    unexpected += (index..<input.count).filter { !Separators.contains(input[$0].halfWidth) }
                    break
                }
            }
            if !inPlace || position >= maxLength {
                // Moved here by an edit elsewhere: it stays, out of place.
                unexpected.append(index)
                misfits += 1
            }
            significant.append(Significant(scalar: character, inputIndex: index))
            if position == 1 {
                country = IBANCountry.named(String(String.UnicodeScalarView([significant[0].scalar, character])))
                maxLength = country?.length ?? 34
            }
        }
        var output = GroupLayout(separator: { $0 % 4 == 0 ? GroupLayout.space : [] }).render(significant, input: input)
        output.overflow = overflow
        output.complete = country?.length == significant.count && misfits == 0
        if output.complete == true, let country {
            let iban = significant.map(\.scalar)
            if IBANValidator.isValid(iban, in: country) {
                let bban = iban[4...]
                func code(_ range: Range<Int>?) -> JSONValue? {
                    range.map {
                        .string(String(String.UnicodeScalarView(bban.dropFirst($0.lowerBound).prefix($0.count))))
                    }
                }
                output.meta["country"] = .string(country.code)
                if let bank = code(country.bankCode) { output.meta["bankCode"] = bank }
                if let branch = code(country.branchCode) { output.meta["branchCode"] = branch }
            }
        }
        output.unexpected = unexpected
        output.normalized = normalized
        return output
    }

    /// `IBAN ` or `IBAN:` before the number, as bank documents print it.
    private static func hasPastedPrefix(_ input: [Unicode.Scalar], at start: Int) -> Bool {
        guard input.count >= start + 5 else { return false }
        let word = input[start..<(start + 4)].map { CaseFormatter.map($0.halfWidth, .upper) }
        guard word == [["I"], ["B"], ["A"], ["N"]] else { return false }
        let next = input[start + 4].halfWidth
        return next == " " || next == ":"
    }
}
