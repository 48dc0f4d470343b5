/// More national and global checks, each from its public definition (see ``NationalChecks``).
enum MoreChecks {
    typealias Bytes = [UInt8]
    typealias C = NationalChecks

    static func d(_ value: Bytes) -> [Int] { CheckDigits.digits(value) ?? [] }

    /// Estonia's isikukood and Lithuania's asmens kodas: a century-and-sex digit, a date that exists, and
    /// the check of weights 1–9, 1 (then 3–9, 1–3 when that gives 10).
    static func baltic(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 else { return false }
        // 9: a code given without a birth date (Lithuania).
        if n[0] != 9 {
            let century = 1800 + (n[0] - 1) / 2 * 100
            guard C.isDate(century + n[1] * 10 + n[2], n[3] * 10 + n[4], n[5] * 10 + n[6]) else { return false }
        }
        var check = CheckDigits.weightedSum(Array(n[0..<10]), [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11
        if check == 10 { check = CheckDigits.weightedSum(Array(n[0..<10]), [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11 % 10 }
        return check == n[10]
    }

    /// Latvia's personas kods: a date that exists and the check `(1101 - Σ) mod 11`, or a new code from 32.
    static func latvianPersonal(_ value: Bytes) -> Bool {
        Global.latvia(Array("LV".utf8) + value) && d(value)[0] <= 3
    }

    /// Romania's CNP: a sex-and-century digit, a date that exists, a county, and the check of weights
    /// 2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9 modulo 11 (10 gives 1).
    static func cnp(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 else { return false }
        let century = [0: 0, 1: 1900, 2: 1900, 3: 1800, 4: 1800, 5: 2000, 6: 2000, 7: 1900, 8: 1900, 9: 1900][n[0]]!
        guard C.isDate(century + n[1] * 10 + n[2], n[3] * 10 + n[4], n[5] * 10 + n[6]) else { return false }
        let county = n[7] * 10 + n[8]
        guard (1...52).contains(county) || county == 70 || (80...83).contains(county) else { return false }
        let remainder = CheckDigits.weightedSum(Array(n[0..<12]), [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11
        return (remainder == 10 ? 1 : remainder) == n[12]
    }

    /// Bulgaria's EGN: a date that exists (the month plus 20 for 1800s, plus 40 for 2000s) and weights
    /// 2, 4, 8, 5, 10, 9, 7, 3, 6 modulo 11 (10 gives 0).
    static func egn(_ value: Bytes) -> Bool {
        let n = d(value)
        var month = n[2] * 10 + n[3]
        var year = 1900 + n[0] * 10 + n[1]
        if month > 40 {
            month -= 40
            year += 100
        } else if month > 20 {
            month -= 20
            year -= 100
        }
        guard C.isDate(year, month, n[4] * 10 + n[5]) else { return false }
        return CheckDigits.weightedSum(Array(n[0..<9]), [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11 % 10 == n[9]
    }

    /// Slovenia's EMŠO: a date that exists (DDMMYYY) and weights 7–2, 7–2 modulo 11.
    static func emso(_ value: Bytes) -> Bool {
        let n = d(value)
        let year = n[4] * 100 + n[5] * 10 + n[6]
        guard C.isDate(year < 800 ? 2000 + year : 1000 + year, n[2] * 10 + n[3], n[0] * 10 + n[1]) else {
            return false
        }
        // A remainder of 1 gives 10, written 0.
        return C.mod11Check(n[0..<12], [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2], ten: 0) == n[12]
    }

    /// Greece's AMKA: a date that exists (DDMMYY) and Luhn.
    static func amka(_ value: Bytes) -> Bool {
        let n = d(value)
        return C.isDate(2000, n[2] * 10 + n[3], n[0] * 10 + n[1]) && CheckDigits.luhn(value)
    }

    /// Ukraine's RNTRC (ІПН): weights −1, 5, 7, 9, 4, 6, 10, 5, 7 modulo 11, then 10.
    static func rntrc(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n[0..<9]), [-1, 5, 7, 9, 4, 6, 10, 5, 7])
        return ((sum % 11) + 11) % 11 % 10 == n[9]
    }

    /// Ecuador's cédula: a province 01–24 (30 abroad), a third digit below 6, and coefficients 2, 1
    /// modulo 10.
    static func ecuadorianCedula(_ value: Bytes) -> Bool {
        let n = d(value)
        let province = n[0] * 10 + n[1]
        guard (1...24).contains(province) || province == 30, n[2] < 6 else { return false }
        var sum = 0
        for index in 0..<9 {
            let product = n[index] * (index % 2 == 0 ? 2 : 1)
            sum += product > 9 ? product - 9 : product
        }
        return (10 - sum % 10) % 10 == n[9]
    }

    /// Uruguay's RUT: a registration office 01–21, a number, `00`, and weights 4, 3, 2, 9–2 modulo 11.
    static func uruguayanRUT(_ value: Bytes) -> Bool {
        let n = d(value)
        let office = n[0] * 10 + n[1]
        guard (1...21).contains(office), C.number(n[2..<8]) != 0, n[8] == 0, n[9] == 0 else { return false }
        return C.mod11Check(n[0..<11], [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) == n[11]
    }

    /// Venezuela's RIF: the type letter's weight (V 4, E 8, J 12, P 16, G 20) and weights 3, 2, 7–2
    /// modulo 11 (10 gives 0).
    static func rif(_ value: Bytes) -> Bool {
        let letters: [UInt8: Int] = [
            UInt8(ascii: "V"): 4, UInt8(ascii: "E"): 8, UInt8(ascii: "J"): 12, UInt8(ascii: "P"): 16,
            UInt8(ascii: "G"): 20,
        ]
        guard let letter = letters[value[0]] else { return false }
        let n = d(Array(value[1...]))
        let sum = letter + CheckDigits.weightedSum(Array(n[0..<8]), [3, 2, 7, 6, 5, 4, 3, 2])
        let check = 11 - sum % 11
        return (check >= 10 ? 0 : check) == n[8]
    }

    /// The Dominican Republic's RNC: weights 7, 9, 8, 6, 5, 4, 3, 2; `(10 - Σ mod 11) mod 9 + 1`.
    static func rnc(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n[0..<8]), [7, 9, 8, 6, 5, 4, 3, 2])
        return ((10 - sum % 11) % 9 + 9) % 9 + 1 == n[8]
    }

    /// Guatemala's NIT: weights 2, 3, … from the right, `(11 - Σ mod 11) mod 11`, `K` for 10.
    static func guatemalanNIT(_ value: Bytes) -> Bool {
        guard let body = CheckDigits.digits(value.dropLast()) else { return false }
        var sum = 0
        for (offset, digit) in body.reversed().enumerated() { sum += digit * (offset + 2) }
        let check = (11 - sum % 11) % 11
        return value.last == (check == 10 ? UInt8(ascii: "K") : UInt8(0x30 + check))
    }

    /// Thailand's PIN: the first digit not 0 or 9, weights 13–2, `(11 - Σ mod 11) mod 10`.
    static func thaiPIN(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] != 0 && n[0] != 9 else { return false }
        let sum = CheckDigits.weightedSum(Array(n[0..<12]), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
        return (11 - sum % 11) % 10 == n[12]
    }

    /// Viet Nam's MST: weights 31, 29, 23, 19, 17, 13, 7, 5, 3, `10 - Σ mod 11`; a branch's three digits
    /// after it.
    static func vietnameseMST(_ value: Bytes) -> Bool {
        let n = d(value)
        let sum = CheckDigits.weightedSum(Array(n[0..<9]), [31, 29, 23, 19, 17, 13, 7, 5, 3])
        guard 10 - sum % 11 == n[9] else { return false }
        return n.count == 10 || C.number(n[10..<13]) != 0
    }

    /// Norway's bank account number: weights 5, 4, 3, 2, 7–2 modulo 11 (10 invalid).
    static func norwegianAccount(_ value: Bytes) -> Bool {
        let n = d(value)
        return C.mod11Check(n[0..<10], [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) == n[10]
    }

    /// SEDOL: no vowels, weights 1, 3, 1, 7, 3, 9 over letters and digits, `(10 - Σ mod 10) mod 10`.
    static func sedol(_ value: Bytes) -> Bool {
        guard !value.contains(where: { "AEIOU".utf8.contains($0) }) else { return false }
        // A code that starts with a digit is all digits (the codes before 2004).
        if CheckDigits.digit(value[0]) != nil && CheckDigits.digits(value.prefix(6)) == nil { return false }
        var sum = 0
        for (index, byte) in value.prefix(6).enumerated() {
            guard let worth = CheckDigits.alphanumeric(byte) else { return false }
            sum += worth * [1, 3, 1, 7, 3, 9][index]
        }
        return CheckDigits.digit(value[6]) == (10 - sum % 10) % 10
    }

    /// CUSIP: letters 10–35, `*` 36, `@` 37, `#` 38; every second value doubled, its digits summed.
    static func cusip(_ value: Bytes) -> Bool {
        var sum = 0
        for (index, byte) in value.prefix(8).enumerated() {
            let worth: Int
            switch byte {
            case UInt8(ascii: "*"): worth = 36
            case UInt8(ascii: "@"): worth = 37
            case UInt8(ascii: "#"): worth = 38
            default:
                guard let value = CheckDigits.alphanumeric(byte) else { return false }
                worth = value
            }
            let product = index % 2 == 1 ? worth * 2 : worth
            sum += product / 10 + product % 10
        }
        return CheckDigits.digit(value[8]) == (10 - sum % 10) % 10
    }

    /// ISNI (ISO 27729): ISO 7064 MOD 11-2.
    static func isni(_ value: Bytes) -> Bool { CheckDigits.iso7064Mod11x2(value) }

    /// IMO ship number: weights 7–2, the last digit of the sum.
    static func imo(_ value: Bytes) -> Bool {
        let n = d(value)
        return CheckDigits.weightedSum(Array(n[0..<6]), [7, 6, 5, 4, 3, 2]) % 10 == n[6]
    }

    /// ISO 6346 container code: letters valued 10–38 skipping multiples of 11, weights 2ⁱ, Σ mod 11 mod 10.
    static func container(_ value: Bytes) -> Bool {
        var sum = 0
        for (index, byte) in value.prefix(10).enumerated() {
            // Letters are 10 to 38, skipping the multiples of 11 (11, 22, 33).
            let worth =
                CheckDigits.digit(byte)
                ?? [
                    10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37,
                    38,
                ][Int(byte) - 0x41]
            sum += worth << index
        }
        return CheckDigits.digit(value[10]) == sum % 11 % 10
    }

    /// EC number (the EU's list of chemical substances): weights 1–6, Σ mod 11 (a remainder of 10 is written 1).
    static func ecNumber(_ value: Bytes) -> Bool {
        let n = d(value)
        let remainder = CheckDigits.weightedSum(Array(n[0..<6]), [1, 2, 3, 4, 5, 6]) % 11
        return (remainder == 10 ? 1 : remainder) == n[6]
    }

    /// CAS Registry Number: the digits weighted 1, 2, … from the right, Σ mod 10.
    static func casRN(_ value: Bytes) -> Bool {
        let n = d(value)
        var sum = 0
        for (offset, digit) in n.dropLast().reversed().enumerated() { sum += digit * (offset + 1) }
        return sum % 10 == n.last
    }

    /// ISO 11649 creditor reference (`RF`): the reference, then `RF` and the check digits, MOD 97-10.
    static func creditorReference(_ value: Bytes) -> Bool {
        CheckDigits.iso7064Mod97x10(value[4...] + value[0..<4])
    }

    /// Portugal's Cartão de Cidadão number: Luhn over letters and digits (letters 10–35).
    static func cartaoCidadao(_ value: Bytes) -> Bool {
        var sum = 0
        for (offset, byte) in value.reversed().enumerated() {
            guard var worth = CheckDigits.alphanumeric(byte) else { return false }
            if offset % 2 == 1 {
                worth *= 2
                if worth > 9 { worth -= 9 }
            }
            sum += worth
        }
        return sum % 10 == 0
    }

    /// France's numéro fiscal (SPI): the first digit 0–3, the last three the first ten modulo 511.
    static func frenchTaxNumber(_ value: Bytes) -> Bool {
        let n = d(value)
        guard n[0] <= 3 else { return false }
        return C.number(n[0..<10]) % 511 == C.number(n[10..<13])
    }

    /// Moldova's IDNO: weights 7, 3, 1, the last digit of the sum.
    static func idno(_ value: Bytes) -> Bool {
        let n = d(value)
        return CheckDigits.weightedSum(Array(n[0..<12]), [7, 3, 1]) % 10 == n[12]
    }

    /// Cuba's número de identidad: a date that exists (the century from the seventh digit).
    static func cubanID(_ value: Bytes) -> Bool {
        let n = d(value)
        let century = n[6] == 9 ? 1800 : n[6] <= 5 ? 1900 : 2000
        return C.isDate(century + n[0] * 10 + n[1], n[2] * 10 + n[3], n[4] * 10 + n[5])
    }

    /// Paraguay's RUC: weights 2, 3, … from the right, `11 - Σ mod 11` (above 9 gives 0).
    static func paraguayanRUC(_ value: Bytes) -> Bool {
        let n = d(value)
        var sum = 0
        for (offset, digit) in n.dropLast().reversed().enumerated() { sum += digit * (offset + 2) }
        let check = 11 - sum % 11
        return (check > 9 ? 0 : check) == n.last
    }

    /// Pakistan's CNIC: a province digit 1–7 (no check digit).
    static func cnic(_ value: Bytes) -> Bool { (1...7).contains(d(value)[0]) }
}
