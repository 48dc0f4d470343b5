/// The checks of global codes and VAT numbers, from their public definitions (GS1, ISO 2108, ISO 3297,
/// ISO 6166, ISO 17442, ISO 9362, 3GPP TS 23.003, the member states' VAT number structures).
enum Global {
    typealias Bytes = [UInt8]

    /// GS1 (GTIN-8, -12, -13, -14): weights 3 and 1 from the right, the check digit included.
    static func gtinCheck(_ value: some Collection<UInt8>) -> Bool {
        guard let n = CheckDigits.digits(value) else { return false }
        var sum = 0
        for (offset, digit) in n.reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 1 : 3) }
        return sum % 10 == 0
    }

    /// ISBN-10 (weights 10–1 modulo 11, `X` for 10) or ISBN-13 (a GTIN starting 978 or 979).
    static func isbn(_ value: Bytes) -> Bool {
        if value.count == 13 {
            return (value.starts(with: Array("978".utf8)) || value.starts(with: Array("979".utf8))) && gtinCheck(value)
        }
        var sum = 0
        for (index, byte) in value.enumerated() {
            let worth = byte == UInt8(ascii: "X") && index == 9 ? 10 : CheckDigits.digit(byte)
            guard let worth else { return false }
            sum += worth * (10 - index)
        }
        return sum % 11 == 0
    }

    /// ISSN: weights 8–2 modulo 11, `X` for 10.
    static func issn(_ value: Bytes) -> Bool {
        guard let n = CheckDigits.digits(value.prefix(7)) else { return false }
        let check = (11 - CheckDigits.weightedSum(n, [8, 7, 6, 5, 4, 3, 2]) % 11) % 11
        return value[7] == (check == 10 ? UInt8(ascii: "X") : UInt8(0x30 + check))
    }

    /// ISIN: a country code, nine characters and a Luhn digit over the letters as two-digit numbers.
    static func isin(_ value: Bytes) -> Bool {
        var digits: [UInt8] = []
        for byte in value {
            guard let worth = CheckDigits.alphanumeric(byte) else { return false }
            digits += Array(String(worth).utf8)
        }
        return CheckDigits.luhn(digits)
    }

    /// BIC (ISO 9362): a bank code, an ISO 3166 country, a location whose second character is not `O`
    /// (`0` marks test codes, allowed), an optional branch.
    static func bic(_ value: Bytes) -> Bool {
        let country = String(decoding: value[4..<6], as: UTF8.self)
        return IBANCountry.named(country) != nil || countryCodes.contains(country)
    }

    /// Other ISO 3166 codes a BIC may carry besides the IBAN countries.
    static let countryCodes: Set<String> = [
        "US", "CA", "AU", "NZ", "JP", "CN", "HK", "SG", "IN", "KR", "TW", "MY", "TH", "ID", "PH", "VN", "ZA", "NG",
        "KE", "MA", "AR", "CL", "CO", "PE", "MX", "UY", "PY", "BO", "VE", "EC", "AO", "GH", "TZ", "UG", "BD", "PK",
        "LK", "NP", "KH", "LA", "MM", "MN", "KZ", "UZ", "TM", "KG", "TJ", "AM", "AF", "IR", "DZ", "ET", "ZM", "ZW",
        "BW", "NA", "MZ", "MW", "CM", "CI", "SN", "ML", "BF", "NE", "TG", "BJ", "GN", "SL", "LR", "GM", "CD", "CG",
        "GA", "GQ", "CF", "TD", "SD", "SS", "ER", "DJ", "SO", "RW", "BI", "MG", "MU", "SC", "KM", "CV", "ST", "BM",
        "BS", "BB", "JM", "TT", "HT", "CU", "PA", "HN", "NI", "GT", "SV", "CR", "BZ", "GY", "SR", "KY", "AG", "DM",
        "GD", "KN", "LC", "VC", "AI", "AW", "CW", "SX", "TC", "VG", "FJ", "PG", "WS", "TO", "VU", "SB", "KI", "NR",
        "TV", "FM", "MH", "PW", "BN", "BT", "MV", "MO", "KP", "YE", "OM", "LY", "AS", "GU", "MP", "PR", "VI", "NC",
        "PF", "WF", "RE", "YT", "GP", "MQ", "GF", "PM", "BL", "MF", "GG", "JE", "IM", "GI", "FO", "GL", "AX",
    ]

    /// IMEI (3GPP TS 23.003): 14 digits and a Luhn digit.
    static func imei(_ value: Bytes) -> Bool { CheckDigits.luhn(value) }

    // MARK: VAT numbers

    static func body(_ value: Bytes, from start: Int) -> [Int] { CheckDigits.digits(value[start...]) ?? [] }

    static func austria(_ value: Bytes) -> Bool {
        let n = body(value, from: 3)
        var sum = 0
        for index in 0..<7 {
            let product = n[index] * (index % 2 == 0 ? 1 : 2)
            sum += product / 10 + product % 10
        }
        return (10 - (sum + 4) % 10) % 10 == n[7]
    }

    static func belgium(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        return NationalChecks.belgianEnterprise(Array(value[2...])) && n.count == 10
    }

    static func bulgaria(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        if n.count == 9 {
            var check = CheckDigits.weightedSum(Array(n[0..<8]), [1, 2, 3, 4, 5, 6, 7, 8]) % 11
            if check == 10 { check = CheckDigits.weightedSum(Array(n[0..<8]), [3, 4, 5, 6, 7, 8, 9, 10]) % 11 % 10 }
            return check == n[8]
        }
        // Ten digits: a person's EGN, a foreigner's number, or another's.
        let egn = CheckDigits.weightedSum(Array(n[0..<9]), [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11 % 10
        let foreigner = (10 - CheckDigits.weightedSum(Array(n[0..<9]), [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10) % 10
        let other = NationalChecks.mod11Check(n[0..<9], [4, 3, 2, 7, 6, 5, 4, 3, 2])
        return egn == n[9] || foreigner == n[9] || other == n[9]
    }

    static func cyprus(_ value: Bytes) -> Bool {
        let n = body(value.dropLast(), from: 2)
        guard n.count == 8, n[0] != 2, !(n[0] == 1 && n[1] == 2) else { return false }
        let odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
        var sum = 0
        for (index, digit) in n.enumerated() { sum += index % 2 == 0 ? odd[digit] : digit }
        return value.last == UInt8(0x41 + sum % 26)
    }

    static func czechia(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        if n.count == 8 {
            guard n[0] != 9 else { return false }
            let check = (11 - CheckDigits.weightedSum(Array(n[0..<7]), [8, 7, 6, 5, 4, 3, 2]) % 11) % 10
            return check == n[7]
        }
        if n.count == 9 && n[0] == 6 {
            let check = (11 - CheckDigits.weightedSum(Array(n[1..<8]), [8, 7, 6, 5, 4, 3, 2]) % 11) % 11
            let map = [8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8]
            return map[check] == n[8]
        }
        // A birth number.
        return czechBirthNumber(Array(value[2...]))
    }

    /// The Czech and Slovak birth number: a date that exists (the month plus 50 for women, plus 20
    /// since 2004) and, for ten digits, the number a multiple of 11 (or remainder 10 with a last 0).
    static func czechBirthNumber(_ value: Bytes) -> Bool {
        guard let n = CheckDigits.digits(value) else { return false }
        var year = n[0] * 10 + n[1]
        var month = n[2] * 10 + n[3]
        if month > 70 { month -= 70 } else if month > 50 { month -= 50 } else if month > 20 { month -= 20 }
        if n.count == 9 {
            guard year < 54 else { return false }
            year += 1900
        } else {
            year += year < 54 ? 2000 : 1900
        }
        guard NationalChecks.isDate(year, month, n[4] * 10 + n[5]) else { return false }
        if n.count == 10 {
            let remainder = NationalChecks.number(n[0..<9]) % 11
            return remainder % 10 == n[9]
        }
        return true
    }

    static func germany(_ value: Bytes) -> Bool { CheckDigits.iso7064Mod11x10(Array(value[2...])) }

    static func denmark(_ value: Bytes) -> Bool { NationalChecks.cvr(Array(value[2...])) }

    static func estonia(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        return CheckDigits.weightedSum(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 == 0
    }

    static func greece(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        var sum = 0
        for index in 0..<8 { sum += n[index] << (8 - index) }
        return sum % 11 % 10 == n[8]
    }

    static func spain(_ value: Bytes) -> Bool { NationalChecks.nif(Array(value[2...])) }

    static func finland(_ value: Bytes) -> Bool { NationalChecks.ytunnus(Array(value[2...])) }

    static func france(_ value: Bytes) -> Bool {
        let siren = Array(value[4...])
        guard CheckDigits.luhn(siren) || siren == Array("356000000".utf8) else { return false }
        let number = NationalChecks.number(CheckDigits.digits(siren) ?? [])
        guard let key = CheckDigits.digits(value[2..<4]) else {
            // The keys with letters of the DGFiP: a number from the two characters of the alphabet without
            // I and O, its quotient by 11 added to the SIREN, and the remainder.
            let alphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ".utf8)
            guard let first = alphabet.firstIndex(of: value[2]), let second = alphabet.firstIndex(of: value[3]) else {
                return false
            }
            let check = first < 10 ? first * 24 + second - 10 : first * 34 + second - 100
            guard check >= 0 else { return false }
            return (number + check / 11 + 1) % 11 == check % 11
        }
        return (12 + 3 * (number % 97)) % 97 == key[0] * 10 + key[1]
    }

    static func croatia(_ value: Bytes) -> Bool { oib(Array(value[2...])) }

    /// Croatia's OIB: ISO 7064 MOD 11,10.
    static func oib(_ value: Bytes) -> Bool { CheckDigits.iso7064Mod11x10(value) }

    static func hungary(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        return CheckDigits.weightedSum(n, [9, 7, 3, 1]) % 10 == 0
    }

    static func ireland(_ value: Bytes) -> Bool {
        var rest = Array(value[2...])
        // The old form: a digit, a letter or + or *, five digits and the check letter.
        if CheckDigits.digit(rest[1]) == nil && rest.count == 8 {
            rest = [0x30] + Array(rest[2..<7]) + [rest[0], rest[7]]
        }
        let n = CheckDigits.digits(rest.prefix(7)) ?? []
        guard n.count == 7 else { return false }
        var sum = CheckDigits.weightedSum(n, [8, 7, 6, 5, 4, 3, 2])
        if rest.count == 9 { sum += (rest[8] == UInt8(ascii: "W") ? 0 : Int(rest[8]) - 0x40) * 9 }
        return Array("WABCDEFGHIJKLMNOPQRSTUV".utf8)[sum % 23] == rest[7]
    }

    static func italy(_ value: Bytes) -> Bool { NationalChecks.partitaIVA(Array(value[2...])) }

    static func lithuania(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        let count = n.count - 1
        guard n.count == 9 ? n[7] == 1 : n[10] == 1 else { return false }
        var check = (0..<count).reduce(0) { $0 + n[$1] * ($1 % 9 + 1) } % 11
        if check == 10 { check = (0..<count).reduce(0) { $0 + n[$1] * (($1 + 2) % 9 + 1) } % 11 }
        return check % 10 == n[count]
    }

    static func luxembourg(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        return NationalChecks.number(n[0..<6]) % 89 == n[6] * 10 + n[7]
    }

    static func latvia(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        if n[0] > 3 {
            let remainder = CheckDigits.weightedSum(n, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11
            return remainder == 3
        }
        // A personal code: a date that exists, or one of the codes issued since July 2017, which start 32
        // and hold no date; both end in the same check digit.
        let dated = !(n[0] == 3 && n[1] == 2)
        guard !dated || NationalChecks.isDate(1800 + n[6] * 100 + n[4] * 10 + n[5], n[2] * 10 + n[3], n[0] * 10 + n[1])
        else { return false }
        // 10 is written 0.
        let check = (1101 - CheckDigits.weightedSum(Array(n[0..<10]), [1, 6, 3, 7, 9, 10, 5, 8, 4, 2])) % 11 % 10
        return check == n[10]
    }

    static func malta(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        guard n[0] != 0 else { return false }
        return CheckDigits.weightedSum(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 == 0
    }

    static func netherlands(_ value: Bytes) -> Bool {
        let digits = Array(value[2..<11])
        if NationalChecks.elfproef(digits) { return true }
        // The sole-trader numbers since 2020: ISO 7064 MOD 97-10 over the whole number.
        return CheckDigits.iso7064Mod97x10(value)
    }

    static func poland(_ value: Bytes) -> Bool { NationalChecks.nip(Array(value[2...])) }

    static func portugal(_ value: Bytes) -> Bool { NationalChecks.portugueseNIF(Array(value[2...])) }

    static func romania(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        let padded = [Int](repeating: 0, count: 10 - n.count) + n
        let check = CheckDigits.weightedSum(Array(padded[0..<9]), [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10 % 11 % 10
        return check == padded[9]
    }

    static func sweden(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        return n[10] == 0 && n[11] == 1 && CheckDigits.luhn(value[2..<12])
    }

    static func slovenia(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        guard n[0] != 0 else { return false }
        let check = 11 - CheckDigits.weightedSum(Array(n[0..<7]), [8, 7, 6, 5, 4, 3, 2]) % 11
        return check != 10 && check % 11 == n[7]
    }

    static func slovakia(_ value: Bytes) -> Bool {
        let n = body(value, from: 2)
        guard n[0] != 0, [2, 3, 4, 7, 8, 9].contains(n[2]) else { return czechBirthNumber(Array(value[2...])) }
        return NationalChecks.number(n) % 11 == 0
    }

    static func unitedKingdom(_ value: Bytes) -> Bool {
        let rest = Array(value[2...])
        if rest.count == 5 {
            let n = CheckDigits.digits(rest[2...]).map(NationalChecks.number) ?? 0
            if rest.starts(with: Array("GD".utf8)) { return n < 500 }
            if rest.starts(with: Array("HA".utf8)) { return n >= 500 }
            return false
        }
        guard let n = CheckDigits.digits(rest.prefix(9)) else { return false }
        if rest.count == 12 { guard NationalChecks.number(n[0..<3]) != 0 else { return false } }
        // HMRC's two methods: the weighted sum with the check digits a multiple of 97 ("mod 97"), or that
        // sum plus 55 one ("9755", numbers issued since 2010: a remainder of 42); a remainder of 55 is
        // accepted too, as python-stdnum (this project's reference) accepts it.
        let sum = CheckDigits.weightedSum(Array(n[0..<7]), [8, 7, 6, 5, 4, 3, 2]) + n[7] * 10 + n[8]
        return [0, 42, 55].contains(sum % 97)
    }

    static func switzerland(_ value: Bytes) -> Bool { NationalChecks.swissUID(Array(value.prefix(12))) }

    static func norway(_ value: Bytes) -> Bool { NationalChecks.norwegianOrganisation(Array(value[2..<11])) }
}
