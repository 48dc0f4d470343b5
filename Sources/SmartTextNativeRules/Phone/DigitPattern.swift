/// A regular expression of libphonenumber's metadata, compiled for strings of ASCII digits.
///
/// The metadata's patterns use a small part of the syntax: digits, classes (`[2-9]`, `\d`),
/// groups (capturing and `(?:…)`), alternation, `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` and `$`.
/// libphonenumber runs them through ICU, a backtracking engine with Perl's rules (the first
/// alternative that leads to a match wins, quantifiers are greedy). Two engines here give the
/// same answers:
///
/// - questions with a yes or no answer (does the whole number match, does a prefix match)
///   run on a deterministic automaton built once per pattern, one table lookup per digit;
/// - questions about what matched (the groups of a format, the part of a number a prefix
///   pattern consumes) run a backtracking matcher that tries alternatives in ICU's order,
///   remembering the (instruction, position) pairs that already failed, so it is linear in
///   the program's size times the number's length.
///
/// A pattern outside that syntax is refused (`init` returns nil) and the caller asks
/// libphonenumber instead. The differential tests (`PhoneNumberingDifferentialTests`) compare
/// the answers with libphonenumber's over every region.
final class DigitPattern: Sendable {
    enum Instruction: Sendable {
        /// One digit out of a set (bit `d` for digit `d`).
        case digit(UInt16)
        /// Try the first target, then the second.
        case split(Int, Int)
        case jump(Int)
        /// Record the position in capture slot `n` (group `n / 2`, start or end).
        case save(Int)
        /// `$`: the end of the input.
        case end
        case match
    }

    let program: [Instruction]
    /// Capturing groups (group 0, the whole match, not counted).
    let groupCount: Int
    /// nil when the pattern has `$` or the automaton would be too large.
    let automaton: DigitAutomaton?
    /// The fewest digits a match takes.
    private let minimumLength: Int

    /// Compiles `pattern`; nil when it uses syntax outside the metadata's subset. With `distances`,
    /// its automaton also says how many more digits can complete a match (``DigitAutomaton/distances(_:)``).
    init?(_ pattern: String, distances: Bool = false) {
        var parser = Parser(Array(pattern.utf8))
        guard let node = parser.parse() else { return nil }
        var compiler = Compiler()
        compiler.emit(node)
        compiler.program.append(.match)
        program = compiler.program
        groupCount = parser.groups
        automaton = DigitAutomaton(program, distances: distances)
        minimumLength = Self.minimumLength(node)
    }

    private static func minimumLength(_ node: Node) -> Int {
        switch node {
        case .digits: 1
        case .end: 0
        case .sequence(let items): items.reduce(0) { $0 + minimumLength($1) }
        case .alternatives(let branches): branches.map(minimumLength).min() ?? 0
        case .group(let inner, _): minimumLength(inner)
        case .repeated(let inner, let minimum, _): minimum * minimumLength(inner)
        }
    }

    /// A pattern that matches nothing: what libphonenumber's ICU adapter makes of a pattern
    /// ICU cannot compile.
    static let never = DigitPattern("[^0-9]", distances: true)!

    /// Whether `pattern` uses only the characters and escapes the metadata's syntax has (digits,
    /// `[]()|?:*+{},-.$^` and `\d` or an escaped punctuation character).
    static func usesKnownSyntax(_ pattern: String) -> Bool {
        var escaped = false
        for byte in pattern.utf8 {
            if escaped {
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                if letter && byte != UInt8(ascii: "d") { return false }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if !(byte >= 0x30 && byte <= 0x39) && !Self.syntax.contains(byte) {
                return false
            }
        }
        return !escaped
    }

    private static let syntax = Set("[]()|?:*+{},-.$".utf8)

    /// Whether the whole of `digits` (values 0 to 9) matches (ICU `matches()`).
    func matchesWhole(_ digits: [UInt8]) -> Bool {
        if let automaton { return automaton.matchesWhole(digits, from: 0) }
        return execute(digits, from: 0, whole: true) != nil
    }

    /// Whether a prefix of `digits` matches (ICU `lookingAt()`).
    func matchesPrefix(_ digits: [UInt8]) -> Bool {
        if let automaton { return automaton.matchesPrefix(digits, from: 0) }
        return execute(digits, from: 0, whole: false) != nil
    }

    /// The capture slots of the match that starts at `start` (ICU `lookingAt()` from there):
    /// slot `2n` and `2n + 1` are group `n`'s bounds, -1 when it did not take part.
    func match(_ digits: [UInt8], at start: Int = 0) -> [Int]? {
        execute(digits, from: start, whole: false)
    }

    /// The capture slots of a match of the whole of `digits` (ICU `matches()`), nil when there is none.
    func wholeMatch(_ digits: [UInt8]) -> [Int]? {
        execute(digits, from: 0, whole: true)
    }

    /// True when the pattern has `$` somewhere.
    var hasEnd: Bool {
        program.contains { if case .end = $0 { true } else { false } }
    }

    /// The first match at or after `start` (ICU `find()`).
    func find(_ digits: [UInt8], from start: Int) -> [Int]? {
        var position = start
        while position <= digits.count - minimumLength {
            if let slots = execute(digits, from: position, whole: false) { return slots }
            position += 1
        }
        return nil
    }

    /// The match from `start` (the whole rest when `whole`), as capture slots.
    private func execute(_ digits: [UInt8], from start: Int, whole: Bool) -> [Int]? {
        guard digits.count - start >= minimumLength else { return nil }
        // The automaton tells most failures in one pass, without backtracking.
        if let automaton {
            let matches =
                whole ? automaton.matchesWhole(digits, from: start) : automaton.matchesPrefix(digits, from: start)
            if !matches { return nil }
        }
        let width = digits.count + 1
        // Each (instruction, position) is visited once and pushes at most one entry.
        let capacity = program.count * width
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (capacity + 63) / 64) { visited in
            visited.initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: capacity + 1) { stack in
                backtrack(digits, from: start, whole: whole, visited: visited, stack: stack)
            }
        }
    }

    /// Backtracking in ICU's order of alternatives. A failed (instruction, position) pair
    /// fails again whatever the captures are (there are no back-references), so it is
    /// visited once.
    private func backtrack(
        _ digits: [UInt8], from start: Int, whole: Bool, visited: UnsafeMutableBufferPointer<UInt64>,
        stack: UnsafeMutableBufferPointer<(Int, Int)>
    ) -> [Int]? {
        let width = digits.count + 1
        var slots = [Int](repeating: -1, count: 2 * (groupCount + 1))
        // Alternatives to try (pc, position), and capture values to restore (-1 - slot, value).
        var depth = 1
        stack[0] = (0, start)
        while depth > 0 {
            depth -= 1
            let (first, second) = stack[depth]
            if first < 0 {
                slots[-1 - first] = second
                continue
            }
            var pc = first
            var position = second
            running: while true {
                let key = pc * width + position
                if visited[key >> 6] & (1 << UInt64(key & 63)) != 0 { break running }
                visited[key >> 6] |= 1 << UInt64(key & 63)
                switch program[pc] {
                case .digit(let set):
                    guard position < digits.count, set & (1 << UInt16(digits[position])) != 0 else { break running }
                    pc += 1
                    position += 1
                case .split(let preferred, let other):
                    stack[depth] = (other, position)
                    depth += 1
                    pc = preferred
                case .jump(let target):
                    pc = target
                case .save(let slot):
                    stack[depth] = (-1 - slot, slots[slot])
                    depth += 1
                    slots[slot] = position
                    pc += 1
                case .end:
                    guard position == digits.count else { break running }
                    pc += 1
                case .match:
                    guard !whole || position == digits.count else { break running }
                    slots[0] = start
                    slots[1] = position
                    return slots
                }
            }
        }
        return nil
    }

    // MARK: Parsing

    indirect enum Node {
        case digits(UInt16)
        case sequence([Node])
        case alternatives([Node])
        case group(Node, index: Int?)
        case repeated(Node, minimum: Int, maximum: Int?)
        case end
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var groups = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() -> Node? {
            guard let node = alternatives(), position == bytes.count else { return nil }
            return node
        }

        private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func alternatives() -> Node? {
            var branches: [Node] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard peek == UInt8(ascii: "|") else { break }
                position += 1
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        private mutating func sequence() -> Node? {
            var items: [Node] = []
            while let byte = peek, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
                guard var item = atom() else { return nil }
                while let quantifier = peek {
                    let bounds: (Int, Int?)
                    switch quantifier {
                    case UInt8(ascii: "?"):
                        position += 1
                        bounds = (0, 1)
                    case UInt8(ascii: "*"):
                        position += 1
                        bounds = (0, nil)
                    case UInt8(ascii: "+"):
                        position += 1
                        bounds = (1, nil)
                    case UInt8(ascii: "{"):
                        guard let counted = counted() else { return nil }
                        bounds = counted
                    default:
                        bounds = (-1, nil)
                    }
                    guard bounds.0 >= 0 else { break }
                    // Lazy and possessive quantifiers do not occur in the metadata.
                    if let next = peek, next == UInt8(ascii: "?") || next == UInt8(ascii: "+") { return nil }
                    if case .end = item { return nil }
                    item = .repeated(item, minimum: bounds.0, maximum: bounds.1)
                }
                items.append(item)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        /// `{n}`, `{n,}` or `{n,m}`; leaves the position on the closing brace.
        private mutating func counted() -> (Int, Int?)? {
            position += 1
            guard let minimum = number() else { return nil }
            var maximum: Int? = minimum
            if peek == UInt8(ascii: ",") {
                position += 1
                maximum = peek == UInt8(ascii: "}") ? nil : number()
                if maximum == nil && peek != UInt8(ascii: "}") { return nil }
            }
            guard peek == UInt8(ascii: "}"), maximum.map({ $0 >= minimum }) ?? true else { return nil }
            position += 1
            return (minimum, maximum)
        }

        private mutating func number() -> Int? {
            var value = 0
            var count = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 4 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                position += 1
            }
            return count > 0 ? value : nil
        }

        private mutating func atom() -> Node? {
            guard let byte = peek else { return nil }
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                var index: Int?
                if peek == UInt8(ascii: "?") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") else { return nil }
                    position += 2
                } else {
                    groups += 1
                    index = groups
                }
                guard let inner = alternatives(), peek == UInt8(ascii: ")") else { return nil }
                position += 1
                return .group(inner, index: index)
            case UInt8(ascii: "["):
                return characterClass()
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { return nil }
                position += 1
                if escaped == UInt8(ascii: "d") { return .digits(0x3FF) }
                // Other escapes of letters have meanings the metadata does not use.
                if (escaped | 0x20) >= UInt8(ascii: "a") && (escaped | 0x20) <= UInt8(ascii: "z") { return nil }
                return .digits(Self.set(of: escaped))
            case UInt8(ascii: "$"):
                return .end
            case UInt8(ascii: "."):
                return .digits(0x3FF)
            case UInt8(ascii: "^"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"),
                UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                return nil
            default:
                // Letters and other literals never match a digit string, except digits themselves.
                return .digits(Self.set(of: byte))
            }
        }

        private mutating func characterClass() -> Node? {
            var negated = false
            if peek == UInt8(ascii: "^") {
                negated = true
                position += 1
            }
            var set: UInt16 = 0
            var first = true
            while let byte = peek, byte != UInt8(ascii: "]") || first {
                first = false
                position += 1
                var low = byte
                if byte == UInt8(ascii: "\\") {
                    guard let escaped = peek else { return nil }
                    position += 1
                    if escaped == UInt8(ascii: "d") {
                        set |= 0x3FF
                        continue
                    }
                    if (escaped | 0x20) >= UInt8(ascii: "a") && (escaped | 0x20) <= UInt8(ascii: "z") { return nil }
                    low = escaped
                } else if byte == UInt8(ascii: "[") {
                    return nil  // nested classes and set operations
                }
                if peek == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
                    let high = bytes[position + 1]
                    guard high != UInt8(ascii: "\\"), high != UInt8(ascii: "["), high >= low else { return nil }
                    position += 2
                    for value in low...high { set |= Self.set(of: value) }
                } else {
                    set |= Self.set(of: low)
                }
            }
            guard peek == UInt8(ascii: "]") else { return nil }
            position += 1
            return .digits(negated ? ~set & 0x3FF : set)
        }

        private static func set(of byte: UInt8) -> UInt16 {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? 1 << UInt16(byte - UInt8(ascii: "0")) : 0
        }
    }

    // MARK: Compiling

    private struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) {
            switch node {
            case .digits(let set):
                program.append(.digit(set))
            case .end:
                program.append(.end)
            case .sequence(let items):
                for item in items { emit(item) }
            case .group(let inner, let index):
                if let index { program.append(.save(2 * index)) }
                emit(inner)
                if let index { program.append(.save(2 * index + 1)) }
            case .alternatives(let branches):
                var exits: [Int] = []
                for (offset, branch) in branches.enumerated() {
                    if offset == branches.count - 1 {
                        emit(branch)
                        break
                    }
                    let split = program.count
                    program.append(.match)  // patched below
                    emit(branch)
                    exits.append(program.count)
                    program.append(.match)  // patched below
                    program[split] = .split(split + 1, program.count)
                }
                for exit in exits { program[exit] = .jump(program.count) }
            case .repeated(let inner, let minimum, let maximum):
                for _ in 0..<minimum { emit(inner) }
                if let maximum {
                    // Greedy optional copies: each one may be skipped to the end.
                    var splits: [Int] = []
                    for _ in 0..<(maximum - minimum) {
                        splits.append(program.count)
                        program.append(.match)  // patched below
                        emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    program.append(.match)  // patched below
                    emit(inner)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}

/// A deterministic automaton over the digits 0 to 9, built from a ``DigitPattern`` program by
/// the subset construction. Answers yes-or-no questions only (no captures). Immutable, and a class:
/// the continuation question walks the automata of every type of every region of a calling code
/// (25 regions for +1), and copying a struct of three arrays retained each of them.
final class DigitAutomaton: Sendable {
    /// `transitions[state * 10 + digit]`: the next state, -1 for none.
    private let transitions: [Int32]
    private let accepting: [Bool]
    /// By state, bit `d` set when some `d` more digits (d < 32) lead to an accepting state; empty
    /// unless asked for (``init(_:end:distances:)``).
    private let distances: [UInt32]

    /// States beyond which a pattern keeps the backtracking matcher (none of the metadata's
    /// patterns comes close; this bounds the memory a pattern can take).
    static let maximumStates = 20_000

    /// What `$` means to an automaton: it answers no question about patterns with one (`refuse`:
    /// no automaton), or it reads matches that end before the end of the input (`dead`: the branch
    /// with `$` never matches), or matches of the whole input (`epsilon`: `$` is always true, as at
    /// the end of the input; the metadata has `$` only at the end of an alternative).
    enum End: Sendable {
        case refuse, dead, epsilon
    }

    /// nil when the program has `$` (and `end` is `refuse`) or needs more than ``maximumStates``
    /// states. With `distances`, it also works out how far each state is from a match.
    init?(_ program: [DigitPattern.Instruction], end: End = .refuse, distances wanted: Bool = false) {
        if end == .refuse {
            for instruction in program {
                if case .end = instruction { return nil }
            }
        }
        var marks = [Int](repeating: -1, count: program.count)
        var generation = 0
        // The instructions that read a digit, reachable without reading one, and whether the match is.
        func closure(_ seeds: [Int]) -> [Int32] {
            generation += 1
            var reading: [Int32] = []
            var accepts = false
            var pending = seeds
            while let pc = pending.popLast() {
                guard marks[pc] != generation else { continue }
                marks[pc] = generation
                switch program[pc] {
                case .digit: reading.append(Int32(pc))
                case .split(let a, let b):
                    pending.append(b)
                    pending.append(a)
                case .jump(let target): pending.append(target)
                case .save: pending.append(pc + 1)
                case .match: accepts = true
                case .end: if end == .epsilon { pending.append(pc + 1) }
                }
            }
            reading.sort()
            if accepts { reading.append(-1) }
            return reading
        }
        var states: [[Int32]] = [closure([0])]
        var index: [[Int32]: Int32] = [states[0]: 0]
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        var next = 0
        while next < states.count {
            let state = states[next]
            next += 1
            accepting.append(state.last == -1)
            for digit in 0..<10 {
                var seeds: [Int] = []
                for pc in state where pc >= 0 {
                    if case .digit(let set) = program[Int(pc)], set & (1 << UInt16(digit)) != 0 {
                        seeds.append(Int(pc) + 1)
                    }
                }
                guard !seeds.isEmpty else {
                    transitions.append(-1)
                    continue
                }
                let target = closure(seeds)
                if let known = index[target] {
                    transitions.append(known)
                } else {
                    guard states.count < Self.maximumStates else { return nil }
                    index[target] = Int32(states.count)
                    transitions.append(Int32(states.count))
                    states.append(target)
                }
            }
        }
        self.transitions = transitions
        self.accepting = accepting
        self.distances = wanted ? Self.distances(transitions, accepting) : []
    }

    /// Bit `d` of a state's mask: an accepting state is `d` digits away. The masks only grow, and a
    /// round that changes none is the last: at most 32 rounds.
    private static func distances(_ transitions: [Int32], _ accepting: [Bool]) -> [UInt32] {
        var masks = accepting.map { $0 ? UInt32(1) : 0 }
        var changed = true
        while changed {
            changed = false
            for state in masks.indices.reversed() {
                var mask: UInt32 = accepting[state] ? 1 : 0
                for digit in 0..<10 {
                    let next = Int(transitions[state &* 10 &+ digit])
                    if next >= 0 { mask |= masks[next] << 1 }
                }
                if mask != masks[state] {
                    masks[state] = mask
                    changed = true
                }
            }
        }
        return masks
    }

    var stateCount: Int { accepting.count }

    /// The start state.
    static let start = 0

    /// The state after `digit` from `state`, -1 for none (from -1, -1).
    func next(_ state: Int, _ digit: UInt8) -> Int {
        state < 0 ? -1 : Int(transitions[state &* 10 &+ Int(digit)])
    }

    /// True when `state` is accepting (false for -1).
    func accepts(_ state: Int) -> Bool { state >= 0 && accepting[state] }

    /// The state after `digits` from the start, -1 for none.
    func state(after digits: ArraySlice<UInt8>) -> Int {
        var state = Self.start
        for digit in digits {
            state = Int(transitions[state &* 10 &+ Int(digit)])
            if state < 0 { return -1 }
        }
        return state
    }

    /// Bit `d` set when some `d` more digits after `state` lead to a match (`distances` asked for;
    /// 0 for -1).
    func distances(_ state: Int) -> UInt32 { state < 0 ? 0 : distances[state] }

    func matchesWhole(_ digits: [UInt8], from start: Int) -> Bool {
        var state = 0
        for digit in digits[start...] {
            state = Int(transitions[state &* 10 &+ Int(digit)])
            if state < 0 { return false }
        }
        return accepting[state]
    }

    func matchesPrefix(_ digits: [UInt8], from start: Int) -> Bool {
        var state = 0
        if accepting[0] { return true }
        for digit in digits[start...] {
            state = Int(transitions[state &* 10 &+ Int(digit)])
            if state < 0 { return false }
            if accepting[state] { return true }
        }
        return false
    }
}
