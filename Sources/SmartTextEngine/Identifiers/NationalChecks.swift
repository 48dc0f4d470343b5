/// The checks of national identifiers, each from the kind's public definition (the issuing authority's
/// specification, as published). Values are upper-case ASCII without separators, already of the
/// kind's length and character classes.
enum NationalChecks {
    typealias Bytes = [UInt8]

    static func d(_ value: Bytes) -> [Int] { CheckDigits.digits(value) ?? [] }

    static func number(_ values: some Collection<Int>) -> Int { values.reduce(0) { $0 * 10 + $1 } }

    /// A Gregorian date that exists.
    static func isDate(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        guard month >= 1 && month <= 12 && day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `11 - Σ mod 11`, where 11 gives 0 and 10 gives `ten` (nil: no valid digit).
    static func mod11Check(_ values: some Collection<Int>, _ weights: [Int], ten: Int? = nil) -> Int? {
        let remainder = CheckDigits.weightedSum(Array(values), weights) % 11
        let check = 11 - remainder
        if check == 11 { return 0 }
        if check == 10 { return ten }
        return check
    }

    /// Σ mod 11 as the check digit (10: no valid digit, or `ten`).
    static func remainder11(_ values: some Collection<Int>, _ weights: [Int], ten: Int? = nil) -> Int? {
        let remainder = CheckDigits.weightedSum(Array(values), weights) % 11
        return remainder == 10 ? ten : remainder
    }

    static func allSame(_ value: Bytes) -> Bool { value.allSatisfy { $0 == value[0] } }

    // MARK: Americas

    static func cpf(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n.count == 11, !allSame(value) else { return false }
        let first = CheckDigits.weightedSum(Array(n[0..<9]), [10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10 % 11 % 10
        let second = CheckDigits.weightedSum(Array(n[0..<10]), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10 % 11 % 10
        return first == n[9] && second == n[10]
    }

    /// CNPJ, numeric and the alphanumeric form of 2026 (a character's value is its ASCII code minus 48).
    static func cnpj(_ value: Bytes) -> Bool {
        guard value.count == 14, !allSame(value) else { return false }
        let values = value.map { Int($0) - 48 }
        func check(_ count: Int) -> Int {
            let weights = Array([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].suffix(count))
            let remainder = CheckDigits.weightedSum(Array(values[0..<count]), weights) % 11
            return remainder < 2 ? 0 : 11 - remainder
        }
        return check(12) == values[12] && check(13) == values[13]
    }

    static func cuit(_ value: Bytes) -> Bool {
        let n = d(value)
        let remainder = CheckDigits.weightedSum(Array(n[0..<10]), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11
        let check = remainder == 0 ? 0 : remainder == 1 ? 9 : 11 - remainder
        return check == n[10]
    }

    /// Chile's RUT/RUN: the modulo 11 check character (`K` for 10) over the body, weights 2–7 from the right.
    static func rut(_ value: Bytes) -> Bool {
        guard let body = CheckDigits.digits(value.dropLast()) else { return false }
        var sum = 0
        for (offset, digit) in body.reversed().enumerated() { sum += digit * (offset % 6 + 2) }
        let check = 11 - sum % 11
        let expected: UInt8 = check == 11 ? 0x30 : check == 10 ? UInt8(ascii: "K") : UInt8(0x30 + check)
        return value.last == expected
    }

    static func nit(_ value: Bytes) -> Bool {
        let n = d(value)
        let weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]
        var sum = 0
        for (offset, digit) in n.dropLast().reversed().enumerated() { sum += digit * weights[offset] }
        let remainder = sum % 11
        return (remainder < 2 ? remainder : 11 - remainder) == n.last
    }

    static func peruRUC(_ value: Bytes) -> Bool {
        let n = d(value)
        guard [10, 15, 16, 17, 20].contains(n[0] * 10 + n[1]) else { return false }
        let sum = CheckDigits.weightedSum(Array(n[0..<10]), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])
        return (11 - sum % 11) % 10 == n[10]
    }

    /// Mexico's RFC: the date part exists and the last character is the modulo 11 check over the others.
    static func rfc(_ value: Bytes) -> Bool {
        let name = value.count == 13 ? 4 : 3
        let date = d(Array(value[name..<(name + 6)]))
        guard date.count == 6, isDate(2000 + date[0] * 10 + date[1], date[2] * 10 + date[3], date[4] * 10 + date[5])
        else { return false }
        let alphabet = Array("0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ ".utf8)
        let padded = value.count == 12 ? [UInt8(ascii: " ")] + value : value
        var sum = 0
        for (index, byte) in padded.dropLast().enumerated() {
            guard let position = alphabet.firstIndex(of: byte) else { return false }
            sum += position * (13 - index)
        }
        let check = 11 - sum % 11
        let expected: UInt8 = check == 11 ? 0x30 : check == 10 ? UInt8(ascii: "A") : UInt8(0x30 + check)
        return value.last == expected
    }

    static let curpStates: Set<String> = [
        "AS", "BC", "BS", "CC", "CL", "CM", "CS", "CH", "DF", "DG", "GT", "GR", "HG", "JC", "MC", "MN", "MS", "NT",
        "NL", "OC", "PL", "QT", "QR", "SP", "SL", "SR", "TC", "TS", "TL", "VZ", "YN", "ZS", "NE",
    ]

    /// Mexico's CURP: a date that exists, a state code, and the modulo 10 check digit (RENAPO).
    static func curp(_ value: Bytes) -> Bool {
        let date = d(Array(value[4..<10]))
        let century = CheckDigits.digit(value[16]) != nil ? 1900 : 2000
        guard date.count == 6,
            isDate(century + date[0] * 10 + date[1], date[2] * 10 + date[3], date[4] * 10 + date[5]),
            curpStates.contains(String(decoding: value[11..<13], as: UTF8.self))
        else { return false }
        // 0–9, A–N, Ñ, O–Z: the letters after N count one more.
        func worth(_ byte: UInt8) -> Int? {
            guard let value = CheckDigits.alphanumeric(byte) else { return nil }
            return byte > UInt8(ascii: "N") ? value + 1 : value
        }
        var sum = 0
        for (index, byte) in value.prefix(17).enumerated() {
            guard let value = worth(byte) else { return false }
            sum += value * (18 - index)
        }
        return CheckDigits.digit(value[17]) == (10 - sum % 10) % 10
    }

    /// US Social Security Number: no area 000, 666 or 900–999, no group 00, no serial 0000 (SSA).
    static func ssn(_ value: Bytes) -> Bool {
        let n = d(value)
        let area = number(n[0..<3])
        let group = number(n[3..<5])
        let serial = number(n[5..<9])
        guard area != 0, area != 666, area < 900, group != 0, serial != 0 else { return false }
        // Numbers the SSA has voided after they were published as examples.
        return !["078051120", "219099999"].contains(String(decoding: value, as: UTF8.self))
    }

    /// US ITIN: 9, then a group from 50–65, 70–88, 90–92 or 94–99 (IRS).
    static func itin(_ value: Bytes) -> Bool {
        let n = d(value)
        let group = n[3] * 10 + n[4]
        return n[0] == 9
            && ((50...65).contains(group) || (70...88).contains(group) || (90...92).contains(group)
                || (94...99).contains(group))
    }

    /// The EIN prefixes the IRS assigns (campus and Internet prefixes).
    static let einPrefixes: Set<Int> = Set(
        [
            1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 20, 21, 22, 23, 24, 25, 26, 27, 30, 31, 32, 33, 34, 35, 36,
            37,
            38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65,
            66, 67, 68, 71, 72, 73, 74, 75, 76, 77, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90, 91, 92, 93, 94, 95, 98, 99,
        ])

    static func ein(_ value: Bytes) -> Bool {
        let n = d(value)
        return einPrefixes.contains(n[0] * 10 + n[1])
    }

    /// ABA routing transit number: weights 3, 7, 1 make a multiple of 10.
    static func abaRouting(_ value: Bytes) -> Bool {
        CheckDigits.weightedSum(d(value), [3, 7, 1]) % 10 == 0
    }

    static func sin(_ value: Bytes) -> Bool {
        let n = d(value)
        return n[0] != 8 && CheckDigits.luhn(value)
    }

    static func businessNumber(_ value: Bytes) -> Bool {
        CheckDigits.luhn(value.prefix(9))
    }

    // MARK: Europe

    static let dniLetters = Array("TRWAGMYFPDXBNJZSQVHLCKE".utf8)

    /// Spain's DNI and NIE: the letter of the number modulo 23 (a NIE's X, Y, Z count as 0, 1, 2).
    static func dniLetter(_ value: Bytes) -> Bool {
        var digits = Array(value.dropLast())
        switch digits.first {
        case UInt8(ascii: "X"), UInt8(ascii: "K"), UInt8(ascii: "L"), UInt8(ascii: "M"): digits[0] = 0x30
        case UInt8(ascii: "Y"): digits[0] = 0x31
        case UInt8(ascii: "Z"): digits[0] = 0x32
        default: break
        }
        guard let n = CheckDigits.digits(digits) else { return false }
        return dniLetters[number(n) % 23] == value.last
    }

    /// Spain's CIF: the control of the seven digits, a digit or a letter (`JABCDEFGHI`) by the entity type.
    static func cif(_ value: Bytes) -> Bool {
        let n = d(Array(value[1..<8]))
        guard n.count == 7 else { return false }
        var sum = 0
        for (index, digit) in n.enumerated() {
            if index % 2 == 0 {
                let doubled = digit * 2
                sum += doubled / 10 + doubled % 10
            } else {
                sum += digit
            }
        }
        let control = (10 - sum % 10) % 10
        let letter = Array("JABCDEFGHI".utf8)[control]
        let last = value[8]
        // Orden EHA/451/2008: a letter for public bodies, churches, associations and foreign and non-resident
        // entities (N, P, Q, R, S, W), a digit for companies (A, B), communities of property and owners (E, H),
        // either for the others.
        switch value[0] {
        case UInt8(ascii: "N"), UInt8(ascii: "P"), UInt8(ascii: "Q"), UInt8(ascii: "R"), UInt8(ascii: "S"),
            UInt8(ascii: "W"):
            return last == letter
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "E"), UInt8(ascii: "H"):
            return last == UInt8(0x30 + control)
        default:
            return last == letter || last == UInt8(0x30 + control)
        }
    }

    static func nif(_ value: Bytes) -> Bool {
        if CheckDigits.digit(value[0]) != nil || "XYZKLM".utf8.contains(value[0]) { return dniLetter(value) }
        return cif(value)
    }

    static let fiscalOdd: [Int] = [
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
    ]

    /// Italy's codice fiscale: the birth date part (letters replace digits in homonyms' codes) and the
    /// check letter of odd and even positions.
    static func codiceFiscale(_ value: Bytes) -> Bool {
        if value.count == 11 { return CheckDigits.luhn(value) }
        // Omocodia: L M N P Q R S T U V for 0–9.
        let substitutes = Array("LMNPQRSTUV".utf8)
        func digit(_ byte: UInt8) -> Int? {
            CheckDigits.digit(byte) ?? substitutes.firstIndex(of: byte)
        }
        guard let dayTens = digit(value[9]), let dayUnits = digit(value[10]),
            let month = Array("ABCDEHLMPRST".utf8).firstIndex(of: value[8]), digit(value[6]) != nil,
            digit(value[7]) != nil
        else { return false }
        var day = dayTens * 10 + dayUnits
        if day > 40 { day -= 40 }
        guard day >= 1 && day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] else { return false }
        for position in [12, 13, 14] where digit(value[position]) == nil { return false }
        var sum = 0
        for (index, byte) in value.prefix(15).enumerated() {
            let worth = CheckDigits.digit(byte) ?? Int(byte) - 0x41
            sum += index % 2 == 0 ? fiscalOdd[worth] : worth
        }
        return value[15] == UInt8(0x41 + sum % 26)
    }

    static func partitaIVA(_ value: Bytes) -> Bool {
        let office = number(d(Array(value[7..<10])))
        guard (1...100).contains(office) || [120, 121, 888, 999].contains(office) else { return false }
        return !allSame(value) && CheckDigits.luhn(value)
    }

    /// France's NIR (numéro de sécurité sociale): the key is 97 minus the number modulo 97 (Corsica's 2A
    /// and 2B counted as 19 and 18).
    static func nir(_ value: Bytes) -> Bool {
        var digits = Array(value.prefix(13))
        var offset = 0
        if digits[6] == UInt8(ascii: "A") {
            digits[6] = 0x30
            offset = 1_000_000
        } else if digits[6] == UInt8(ascii: "B") {
            digits[6] = 0x30
            offset = 2_000_000
        }
        guard let n = CheckDigits.digits(digits), let key = CheckDigits.digits(value.suffix(2)) else { return false }
        let body = (number(n) - offset) % 97
        return 97 - body == key[0] * 10 + key[1]
    }

    static func siret(_ value: Bytes) -> Bool {
        // La Poste's establishments: the sum of the digits is a multiple of 5.
        if value.starts(with: Array("356000000".utf8)) && value.count == 14 {
            return d(value).reduce(0, +) % 5 == 0
        }
        return CheckDigits.luhn(value)
    }

    /// Germany's Steuer-IdNr: the first digit is not 0, one digit of the first ten appears twice or three
    /// times (not three in a row) and every other at most once, and ISO 7064 MOD 11,10.
    static func steuerIdNr(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 else { return false }
        var counts = [Int](repeating: 0, count: 10)
        for digit in n.prefix(10) { counts[digit] += 1 }
        let repeated = counts.filter { $0 > 1 }
        guard repeated.count == 1, repeated[0] <= 3 else { return false }
        if repeated[0] == 3 {
            for index in 0..<8 where n[index] == n[index + 1] && n[index] == n[index + 2] { return false }
        }
        return CheckDigits.iso7064Mod11x10(value)
    }

    /// The Dutch "elfproef": weights 9–2 and −1 make a multiple of 11.
    static func elfproef(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n.dropLast()), [9, 8, 7, 6, 5, 4, 3, 2]) - n[8]
        return sum % 11 == 0 && !allSame(value)
    }

    /// Belgium's national register number: 97 minus the first nine digits modulo 97 (with a 2 in front
    /// for people born from 2000).
    static func belgianNational(_ value: Bytes) -> Bool {
        let n = d(value)
        let body = number(n[0..<9])
        let key = n[9] * 10 + n[10]
        return 97 - body % 97 == key || 97 - (2_000_000_000 + body) % 97 == key
    }

    /// Belgium's enterprise number: 97 minus the first eight digits modulo 97.
    static func belgianEnterprise(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] == 0 || n[0] == 1 else { return false }
        // The check is 97 minus the remainder; a check 97 apart (98 for 01, 00 for 97) counts the same.
        return (number(n[0..<8]) + n[8] * 10 + n[9]) % 97 == 0
    }

    /// Poland's PESEL: a date that exists (the century in the month) and weights 1, 3, 7, 9.
    static func pesel(_ value: Bytes) -> Bool {
        let n = d(value)
        var month = n[2] * 10 + n[3]
        let year = n[0] * 10 + n[1]
        let century: Int
        switch month {
        case 81...92: century = 1800
        case 1...12: century = 1900
        case 21...32: century = 2000
        case 41...52: century = 2100
        case 61...72: century = 2200
        default: return false
        }
        month = (month - 1) % 20 + 1
        guard isDate(century + year, month, n[4] * 10 + n[5]) else { return false }
        let sum = CheckDigits.weightedSum(Array(n[0..<10]), [1, 3, 7, 9])
        return (10 - sum % 10) % 10 == n[10]
    }

    static func nip(_ value: Bytes) -> Bool {
        let n = d(value)
        return remainder11(n[0..<9], [6, 5, 7, 2, 3, 4, 5, 6, 7]) == n[9]
    }

    static func regon(_ value: Bytes) -> Bool {
        let n = d(value)
        if n.count == 14 {
            let check = CheckDigits.weightedSum(Array(n[0..<13]), [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8]) % 11 % 10
            return check == n[13] && regon(Array(value.prefix(9)))
        }
        return CheckDigits.weightedSum(Array(n[0..<8]), [8, 9, 2, 3, 4, 5, 6, 7]) % 11 % 10 == n[8]
    }

    /// Portugal's NIF: weights 9–2, the check 11 minus the remainder (0 for 10 and 11).
    static func portugueseNIF(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 else { return false }
        let check = 11 - CheckDigits.weightedSum(Array(n[0..<8]), [9, 8, 7, 6, 5, 4, 3, 2]) % 11
        return (check >= 10 ? 0 : check) == n[8]
    }

    /// Sweden's personnummer (and samordningsnummer: the day plus 60): a date that exists and Luhn over
    /// the ten digits.
    static func personnummer(_ value: Bytes) -> Bool {
        let n = d(value)
        let ten = Array(n.suffix(10))
        let year = n.count == 12 ? number(n[0..<4]) : 2000 + ten[0] * 10 + ten[1]
        var day = ten[4] * 10 + ten[5]
        if day > 60 { day -= 60 }
        guard
            isDate(year, ten[2] * 10 + ten[3], day)
                || (n.count == 10 && isDate(1900 + ten[0] * 10 + ten[1], ten[2] * 10 + ten[3], day))
        else { return false }
        return CheckDigits.luhnSum(ten) % 10 == 0
    }

    static func swedishOrganisation(_ value: Bytes) -> Bool {
        let n = d(value)
        return n[2] >= 2 && CheckDigits.luhn(value)
    }

    /// Norway's fødselsnummer (and D and H numbers): a date that exists and two modulo 11 check digits.
    static func fodselsnummer(_ value: Bytes) -> Bool {
        let n = d(value)
        guard let k1 = mod11Check(n[0..<9], [3, 7, 6, 1, 8, 9, 4, 5, 2]), k1 == n[9],
            let k2 = mod11Check(n[0..<10], [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]), k2 == n[10]
        else { return false }
        var day = n[0] * 10 + n[1]
        var month = n[2] * 10 + n[3]
        if day > 40 { day -= 40 }
        if month > 40 { month -= 40 }
        if month > 60 { month -= 60 }
        return isDate(2000, month, day)
    }

    static func norwegianOrganisation(_ value: Bytes) -> Bool {
        let n = d(value)
        return mod11Check(n[0..<8], [3, 2, 7, 6, 5, 4, 3, 2]) == n[8]
    }

    /// Denmark's CPR number: a birth date that exists and is not in the future, its century from the
    /// seventh digit (CPR-kontoret's table); no check digit since 2007.
    static func cpr(_ value: Bytes) -> Bool {
        let n = d(value)
        let year = n[4] * 10 + n[5]
        let century: Int
        switch n[6] {
        case 0...3: century = 1900
        case 4, 9: century = year >= 37 ? 1900 : 2000
        default: century = year >= 58 ? 1800 : 2000
        }
        return isPastDate(century + year, n[2] * 10 + n[3], n[0] * 10 + n[1])
    }

    /// A date that exists and is not after today.
    static func isPastDate(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        guard isDate(year, month, day) else { return false }
        return !(CalendarDate.today() < CalendarDate(year: year, month: month, day: day))
    }

    static func cvr(_ value: Bytes) -> Bool {
        let n = d(value)
        return n[0] != 0 && CheckDigits.weightedSum(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 == 0
    }

    /// Finland's henkilötunnus: a date that exists, a century sign, and the check character of the nine
    /// digits modulo 31.
    static func hetu(_ value: Bytes) -> Bool {
        let n = d(Array(value[0..<6]) + Array(value[7..<10]))
        guard n.count == 9 else { return false }
        let century: Int
        switch value[6] {
        case UInt8(ascii: "+"): century = 1800
        case UInt8(ascii: "-"), UInt8(ascii: "Y"), UInt8(ascii: "X"), UInt8(ascii: "W"), UInt8(ascii: "V"),
            UInt8(ascii: "U"):
            century = 1900
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "D"), UInt8(ascii: "E"),
            UInt8(ascii: "F"):
            century = 2000
        default: return false
        }
        guard isDate(century + n[4] * 10 + n[5], n[2] * 10 + n[3], n[0] * 10 + n[1]) else { return false }
        let individual = number(n[6..<9])
        guard individual >= 2 && individual < 900 else { return false }
        return Array("0123456789ABCDEFHJKLMNPRSTUVWXY".utf8)[number(n) % 31] == value[10]
    }

    static func ytunnus(_ value: Bytes) -> Bool {
        let n = d(value)
        let remainder = CheckDigits.weightedSum(Array(n[0..<7]), [7, 9, 10, 5, 8, 4, 2]) % 11
        guard remainder != 1 else { return false }
        return (remainder == 0 ? 0 : 11 - remainder) == n[7]
    }

    /// Iceland's kennitala: a date that exists (the day plus 40 for companies), the century digit 9 or 0,
    /// and weights 3, 2, 7–2 modulo 11.
    static func kennitala(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[9] == 9 || n[9] == 0 else { return false }
        var day = n[0] * 10 + n[1]
        if day > 40 { day -= 40 }
        let year = (n[9] == 9 ? 1900 : 2000) + n[4] * 10 + n[5]
        // A person's birth date is not in the future; a company's number carries its founding date.
        guard n[0] * 10 + n[1] > 40 ? isDate(year, n[2] * 10 + n[3], day) : isPastDate(year, n[2] * 10 + n[3], day)
        else { return false }
        return mod11Check(n[0..<8], [3, 2, 7, 6, 5, 4, 3, 2]) == n[8]
    }

    /// The UK's National Insurance number: the prefixes HMRC never issues are refused.
    static func nino(_ value: Bytes) -> Bool {
        let first = value[0]
        let second = value[1]
        guard !"DFIQUV".utf8.contains(first), !"DFIOQUV".utf8.contains(second) else { return false }
        let prefix = String(decoding: value[0..<2], as: UTF8.self)
        return !["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"].contains(prefix)
    }

    /// The UK's Unique Taxpayer Reference: the first digit checks the other nine.
    static func utr(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n[1..<10]), [6, 7, 8, 9, 10, 5, 4, 3, 2])
        return Array("21987654321".utf8)[sum % 11] == value[0]
    }

    /// The NHS number: modulo 11, weights 10–2.
    static func nhs(_ value: Bytes) -> Bool {
        let n = d(value)
        return mod11Check(n[0..<9], [10, 9, 8, 7, 6, 5, 4, 3, 2]) == n[9]
    }

    /// Ireland's PPS number: the check letter of weights 8–2 (and 9 for a second letter) modulo 23.
    static func pps(_ value: Bytes) -> Bool {
        let n = d(Array(value[0..<7]))
        var sum = CheckDigits.weightedSum(n, [8, 7, 6, 5, 4, 3, 2])
        if value.count == 9 {
            guard value[8] != UInt8(ascii: "W") else {
                return Array("WABCDEFGHIJKLMNOPQRSTUV".utf8)[sum % 23] == value[7]
            }
            sum += (Int(value[8]) - 0x40) * 9
        }
        return Array("WABCDEFGHIJKLMNOPQRSTUV".utf8)[sum % 23] == value[7]
    }

    /// Switzerland's AHV/AVS number: 756 and the EAN-13 check digit.
    static func ahv(_ value: Bytes) -> Bool {
        value.starts(with: Array("756".utf8)) && Global.gtinCheck(value)
    }

    /// Switzerland's UID: weights 5, 4, 3, 2, 7, 6, 5, 4, modulo 11.
    static func swissUID(_ value: Bytes) -> Bool {
        let n = d(Array(value[3..<12]))
        return n.count == 9 && mod11Check(n[0..<8], [5, 4, 3, 2, 7, 6, 5, 4]) == n[8]
    }

    // MARK: Asia, Oceania, Africa

    static func tfn(_ value: Bytes) -> Bool {
        let n = d(value)
        let weights = n.count == 9 ? [1, 4, 3, 7, 5, 8, 6, 9, 10] : [10, 7, 8, 4, 6, 3, 5, 1]
        return CheckDigits.weightedSum(n, weights) % 11 == 0
    }

    /// Australia's ABN: 1 taken from the first digit, weights 10, 1, 3, …, 19, modulo 89.
    static func abn(_ value: Bytes) -> Bool {
        var n = d(value)
        guard n[0] != 0 else { return false }
        n[0] -= 1
        return CheckDigits.weightedSum(n, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 == 0
    }

    static func acn(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n[0..<8]), [8, 7, 6, 5, 4, 3, 2, 1])
        return (10 - sum % 10) % 10 == n[8]
    }

    /// New Zealand's IRD number: in 10,000,000–150,000,000; two weightings modulo 11.
    static func ird(_ value: Bytes) -> Bool {
        var n = d(value)
        if n.count == 8 { n.insert(0, at: 0) }
        let whole = number(n)
        guard whole > 10_000_000 && whole < 150_000_000 else { return false }
        func check(_ weights: [Int]) -> Int {
            let remainder = CheckDigits.weightedSum(Array(n[0..<8]), weights) % 11
            return remainder == 0 ? 0 : 11 - remainder
        }
        var digit = check([3, 2, 7, 6, 5, 4, 3, 2])
        if digit == 10 { digit = check([7, 4, 3, 2, 5, 2, 7, 6]) }
        return digit != 10 && digit == n[8]
    }

    /// South Africa's identity number: a date that exists, citizenship 0, 1 or 2, and Luhn.
    static func southAfricanID(_ value: Bytes) -> Bool {
        let n = d(value)
        guard
            isDate(2000, n[2] * 10 + n[3], n[4] * 10 + n[5])
                || isDate(1900 + n[0] * 10 + n[1], n[2] * 10 + n[3], n[4] * 10 + n[5]),
            n[10] <= 2
        else { return false }
        return CheckDigits.luhn(value)
    }

    static func southAfricanTIN(_ value: Bytes) -> Bool {
        [0, 1, 2, 3, 9].contains(d(value)[0]) && CheckDigits.luhn(value)
    }

    /// Turkey's T.C. Kimlik No: the first digit is not 0; the tenth and eleventh are sums modulo 10.
    static func tcKimlik(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 else { return false }
        let odd = n[0] + n[2] + n[4] + n[6] + n[8]
        let even = n[1] + n[3] + n[5] + n[7]
        return ((odd * 7 - even) % 10 + 10) % 10 == n[9] && n[0..<10].reduce(0, +) % 10 == n[10]
    }

    static func vkn(_ value: Bytes) -> Bool {
        let n = d(value)
        var sum = 0
        for index in 0..<9 {
            let term = (n[index] + 9 - index) % 10
            sum += term == 9 ? 9 : term * (1 << (9 - index)) % 9
        }
        return (10 - sum % 10) % 10 == n[9]
    }

    static func israeliCompany(_ value: Bytes) -> Bool {
        value[0] == UInt8(ascii: "5") && CheckDigits.luhn(value)
    }

    /// China's resident identity number (GB 11643): a birth date that exists and the MOD 11-2 character.
    static func chineseResident(_ value: Bytes) -> Bool {
        let n = d(Array(value[6..<14]))
        return n.count == 8 && isDate(number(n[0..<4]), n[4] * 10 + n[5], n[6] * 10 + n[7])
            && CheckDigits.iso7064Mod11x2(value)
    }

    /// China's unified social credit code (GB 32100): weights 3ⁱ mod 31 over its 31-character alphabet.
    static func unifiedSocialCredit(_ value: Bytes) -> Bool {
        let alphabet = Array("0123456789ABCDEFGHJKLMNPQRTUWXY".utf8)
        let weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]
        var sum = 0
        for (index, byte) in value.prefix(17).enumerated() {
            guard let worth = alphabet.firstIndex(of: byte) else { return false }
            sum += worth * weights[index]
        }
        guard let last = alphabet.firstIndex(of: value[17]) else { return false }
        return (31 - sum % 31) % 31 == last
    }

    /// Hong Kong's HKID: one or two letters, six digits, a check character (`A` for 10) modulo 11.
    static func hkid(_ value: Bytes) -> Bool {
        let letters = value.count == 9 ? Array(value[0..<2]) : [UInt8(ascii: " ")] + [value[0]]
        let digits = d(Array(value.suffix(7).prefix(6)))
        var sum = 0
        for (index, letter) in letters.enumerated() {
            sum += (letter == UInt8(ascii: " ") ? 36 : Int(letter) - 0x41 + 10) * (9 - index)
        }
        sum += CheckDigits.weightedSum(digits, [7, 6, 5, 4, 3, 2])
        let check = (11 - sum % 11) % 11
        return value.last == (check == 10 ? UInt8(ascii: "A") : UInt8(0x30 + check))
    }

    /// Taiwan's national identification number: the letter's two-digit code and weights 1, 9, 8, …, 1.
    static func taiwanID(_ value: Bytes) -> Bool {
        let codes = [
            10, 11, 12, 13, 14, 15, 16, 17, 34, 18, 19, 20, 21, 22, 35, 23, 24, 25, 26, 27, 28, 29, 32, 30, 31, 33,
        ]
        let code = codes[Int(value[0]) - 0x41]
        let n = d(Array(value[1...]))
        guard n.count == 9, n[0] == 1 || n[0] == 2 else { return false }
        let sum = code / 10 + code % 10 * 9 + CheckDigits.weightedSum(n, [8, 7, 6, 5, 4, 3, 2, 1, 1])
        return sum % 10 == 0
    }

    /// Taiwan's unified business number: weights 1, 2, 1, 2, 1, 2, 4, 1, digit sums, modulo 10 (or 5 since 2023),
    /// a 7 in the seventh place counting either way.
    static func taiwanUBN(_ value: Bytes) -> Bool {
        let n = d(value)
        let weights = [1, 2, 1, 2, 1, 2, 4, 1]
        var sum = 0
        for index in 0..<8 {
            let product = n[index] * weights[index]
            sum += product / 10 + product % 10
        }
        return sum % 5 == 0 || (n[6] == 7 && (sum + 1) % 5 == 0)
    }

    /// South Korea's resident registration number: a date that exists and the modulo 11 check.
    static func koreanResident(_ value: Bytes) -> Bool {
        let n = d(value)
        let century: Int
        switch n[6] {
        case 1, 2, 5, 6: century = 1900
        case 3, 4, 7, 8: century = 2000
        case 9, 0: century = 1800
        default: return false
        }
        guard isDate(century + n[0] * 10 + n[1], n[2] * 10 + n[3], n[4] * 10 + n[5]) else { return false }
        let sum = CheckDigits.weightedSum(Array(n[0..<12]), [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5])
        return (11 - sum % 11) % 10 == n[12]
    }

    static func koreanBusiness(_ value: Bytes) -> Bool {
        let n = d(value)
        guard number(n[0..<3]) >= 101, number(n[3..<5]) > 0, number(n[5..<9]) > 0 else { return false }
        var sum = CheckDigits.weightedSum(Array(n[0..<9]), [1, 3, 7, 1, 3, 7, 1, 3, 5])
        sum += n[8] * 5 / 10
        return (10 - sum % 10) % 10 == n[9]
    }

    /// Japan's individual number (My Number): weights 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2 from the left.
    static func myNumber(_ value: Bytes) -> Bool {
        let n = d(value)
        let remainder = CheckDigits.weightedSum(Array(n[0..<11]), [6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11
        return (remainder <= 1 ? 0 : 11 - remainder) == n[11]
    }

    /// Japan's corporate number: the leading check digit, 9 minus (weights 1, 2 from the right) modulo 9.
    static func japaneseCorporate(_ value: Bytes) -> Bool {
        let n = d(value)
        var sum = 0
        for (offset, digit) in n[1...].reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 1 : 2) }
        return 9 - sum % 9 == n[0]
    }

    /// Singapore's NRIC and FIN: weights 2, 7, 6, 5, 4, 3, 2, the letter series by the first letter.
    static func nric(_ value: Bytes) -> Bool {
        let n = d(Array(value[1..<8]))
        var sum = CheckDigits.weightedSum(n, [2, 7, 6, 5, 4, 3, 2])
        let first = value[0]
        if first == UInt8(ascii: "T") || first == UInt8(ascii: "G") { sum += 4 }
        if first == UInt8(ascii: "M") { sum += 3 }
        let letters: String
        switch first {
        case UInt8(ascii: "S"), UInt8(ascii: "T"): letters = "JZIHGFEDCBA"
        case UInt8(ascii: "F"), UInt8(ascii: "G"): letters = "XWUTRQPNMLK"
        case UInt8(ascii: "M"): letters = "XWUTRQPNJLK"
        default: return false
        }
        let index = first == UInt8(ascii: "M") ? 10 - sum % 11 : sum % 11
        return Array(letters.utf8)[index] == value[8]
    }

    /// Malaysia's MyKad number: a date that exists and a known state or country of birth code.
    static func myKad(_ value: Bytes) -> Bool {
        let n = d(value)
        guard isDate(2000, n[2] * 10 + n[3], n[4] * 10 + n[5]) else { return false }
        let place = n[6] * 10 + n[7]
        return (1...16).contains(place) || (21...59).contains(place) || (60...68).contains(place)
            || (71...72).contains(place) || (74...79).contains(place) || (82...93).contains(place)
            || place == 98 || place == 99
    }

    /// Indonesia's province codes (Kemendagri), the Papua provinces of 2022 and North Kalimantan included.
    static let indonesianProvinces: Set<Int> = [
        11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 31, 32, 33, 34, 35, 36, 51, 52, 53, 61, 62, 63, 64, 65, 71, 72, 73, 74,
        75, 76, 81, 82, 91, 92, 93, 94, 95, 96,
    ]

    /// Indonesia's NIK: a province, a date that exists (the day plus 40 for women), a serial from 0001.
    static func nik(_ value: Bytes) -> Bool {
        let n = d(value)
        guard indonesianProvinces.contains(n[0] * 10 + n[1]) else { return false }
        var day = n[6] * 10 + n[7]
        if day > 40 { day -= 40 }
        return isDate(2000, n[8] * 10 + n[9], day)
    }

    /// Russia's INN: one (organisations, 10 digits) or two (people, 12) check digits of weighted sums modulo 11.
    static func inn(_ value: Bytes) -> Bool {
        let n = d(value)
        func check(_ weights: [Int], _ count: Int) -> Int {
            CheckDigits.weightedSum(Array(n[0..<count]), weights) % 11 % 10
        }
        if n.count == 10 { return check([2, 4, 10, 3, 5, 9, 4, 6, 8], 9) == n[9] }
        return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8], 10) == n[10]
            && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8], 11) == n[11]
    }

    /// Russia's SNILS: weights 9–1 modulo 101 (100 and 101 give 00); numbers up to 001-001-998 have no check.
    static func snils(_ value: Bytes) -> Bool {
        let n = d(value)
        guard number(n[0..<9]) > 1_001_998 else { return true }
        var sum = CheckDigits.weightedSum(Array(n[0..<9]), [9, 8, 7, 6, 5, 4, 3, 2, 1])
        if sum >= 101 { sum %= 101 }
        return (sum == 100 || sum == 101 ? 0 : sum) == n[9] * 10 + n[10]
    }

    /// Russia's OGRN (13 digits) and OGRNIP (15): the body modulo 11 (or 13), the last digit of it.
    static func ogrn(_ value: Bytes) -> Bool {
        let n = d(value)
        let body = Array(n.dropLast())
        let modulus = n.count == 13 ? 11 : 13
        return CheckDigits.remainder(body, modulus) % 10 == n.last
    }
}
