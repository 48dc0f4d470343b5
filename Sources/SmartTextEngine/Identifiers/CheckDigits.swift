/// Check-digit algorithms, written from their public definitions. Every function takes the identifier's
/// characters as upper-case ASCII bytes.
public enum CheckDigits {
    /// The value of a digit (0–9), nil for anything else.
    static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    /// 0–9 for digits, 10–35 for `A`–`Z`.
    static func alphanumeric(_ byte: UInt8) -> Int? {
        if let digit = digit(byte) { return digit }
        return byte >= 0x41 && byte <= 0x5A ? Int(byte - 0x41) + 10 : nil
    }

    /// The digits' values, nil when a character is not a digit.
    static func digits(_ bytes: some Collection<UInt8>) -> [Int]? {
        var values: [Int] = []
        values.reserveCapacity(bytes.count)
        for byte in bytes {
            guard let value = digit(byte) else { return nil }
            values.append(value)
        }
        return values
    }

    /// Σ value × weight (weights repeat when shorter than the values).
    static func weightedSum(_ values: [Int], _ weights: [Int]) -> Int {
        var sum = 0
        for (index, value) in values.enumerated() { sum += value * weights[index % weights.count] }
        return sum
    }

    // MARK: Luhn, Verhoeff, Damm

    /// ISO/IEC 7812-1 (Luhn): the last digit makes the doubled-alternately sum a multiple of 10.
    public static func luhn(_ bytes: some Collection<UInt8>) -> Bool {
        guard let values = digits(bytes), !values.isEmpty else { return false }
        return luhnSum(values) % 10 == 0
    }

    static func luhnSum(_ values: [Int]) -> Int {
        var sum = 0
        for (offset, value) in values.reversed().enumerated() {
            if offset % 2 == 1 {
                let doubled = value * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += value
            }
        }
        return sum
    }

    /// Luhn over the alphabet 0–9A–Z (the "Luhn mod N" algorithm with N = 36), as GSTIN uses it:
    /// true when the last character is the check character of the others.
    static func luhnMod36(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, let check = alphanumeric(bytes[bytes.count - 1]) else { return false }
        var sum = 0
        for (index, byte) in bytes.dropLast().enumerated() {
            guard let value = alphanumeric(byte) else { return false }
            let product = value * (index % 2 == 0 ? 1 : 2)
            sum += product / 36 + product % 36
        }
        return (36 - sum % 36) % 36 == check
    }

    private static let verhoeffMultiplication: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
        [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
        [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ]
    private static let verhoeffPermutation: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
        [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
        [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
    ]

    /// Verhoeff's dihedral-group check (1969): the check over all digits, the last one included, is 0.
    public static func verhoeff(_ bytes: some Collection<UInt8>) -> Bool {
        guard let values = digits(bytes), !values.isEmpty else { return false }
        var check = 0
        for (offset, value) in values.reversed().enumerated() {
            check = verhoeffMultiplication[check][verhoeffPermutation[offset % 8][value]]
        }
        return check == 0
    }

    private static let dammTable: [[Int]] = [
        [0, 3, 1, 7, 5, 9, 8, 6, 4, 2], [7, 0, 9, 2, 1, 5, 4, 8, 6, 3], [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
        [1, 7, 5, 0, 9, 8, 3, 4, 2, 6], [6, 1, 2, 3, 0, 4, 5, 9, 7, 8], [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
        [5, 8, 6, 9, 7, 2, 0, 1, 3, 4], [8, 9, 4, 5, 3, 6, 2, 0, 1, 7], [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
        [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
    ]

    /// Damm's quasigroup check (2004, the totally anti-symmetric quasigroup of order 10): the interim
    /// digit over all digits, the last one included, is 0.
    public static func damm(_ bytes: some Collection<UInt8>) -> Bool {
        guard let values = digits(bytes), !values.isEmpty else { return false }
        return values.reduce(0) { dammTable[$0][$1] } == 0
    }

    // MARK: ISO 7064

    /// ISO 7064 MOD 11-2 (pure, one check character `0`–`9` or `X`): Σ aᵢ·2ⁱ ≡ 1 (mod 11).
    public static func iso7064Mod11x2(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        var sum = 0
        for byte in bytes.dropLast() {
            guard let value = digit(byte) else { return false }
            sum = (sum + value) * 2 % 11
        }
        let check = (12 - sum % 11) % 11
        let last = bytes[bytes.count - 1]
        return check == 10 ? last == UInt8(ascii: "X") : digit(last) == check
    }

    /// ISO 7064 MOD 11,10 (hybrid): true when the last digit is the check digit of the others.
    public static func iso7064Mod11x10(_ bytes: [UInt8]) -> Bool {
        guard let values = digits(bytes), values.count >= 2 else { return false }
        var product = 10
        for value in values.dropLast() {
            var sum = (value + product) % 10
            if sum == 0 { sum = 10 }
            product = sum * 2 % 11
        }
        return (11 - product) % 10 == values[values.count - 1]
    }

    /// ISO 7064 MOD 37,36 (hybrid, alphanumeric): true when the last character checks the others.
    public static func iso7064Mod37x36(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        var product = 36
        for byte in bytes.dropLast() {
            guard let value = alphanumeric(byte) else { return false }
            var sum = (value + product) % 36
            if sum == 0 { sum = 36 }
            product = sum * 2 % 37
        }
        return alphanumeric(bytes[bytes.count - 1]) == (37 - product) % 36
    }

    /// ISO 7064 MOD 37-2 (pure): characters 0–9, A–Z valued 0–35, the check character also `*` (36).
    public static func iso7064Mod37x2(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        var sum = 0
        for byte in bytes {
            let value = byte == UInt8(ascii: "*") ? 36 : alphanumeric(byte)
            guard let value else { return false }
            sum = (sum * 2 + value) % 37
        }
        return sum == 1
    }

    /// ISO 7064 MOD 97-10 over letters and digits (letters as 10–35): the remainder is 1 (IBAN, LEI).
    public static func iso7064Mod97x10(_ bytes: some Collection<UInt8>) -> Bool {
        var remainder = 0
        for byte in bytes {
            guard let value = alphanumeric(byte) else { return false }
            remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
        }
        return remainder == 1
    }

    /// The number the digits spell, modulo `modulus` (for digit strings longer than an integer holds).
    static func remainder(_ values: some Collection<Int>, _ modulus: Int) -> Int {
        values.reduce(0) { ($0 * 10 + $1) % modulus }
    }
}
