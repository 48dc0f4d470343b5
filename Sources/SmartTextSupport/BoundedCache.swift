/// A thread-safe cache holding at most about `2 × limit` entries, in two
/// generations: a hit in the older one is promoted, and when the newer one is
/// full the older one is dropped. Recently used entries survive, like an LRU,
/// without per-entry bookkeeping.
///
/// Bounded in bytes too: an entry whose key costs more than `maxKeyCost` (its
/// UTF-8 length, for a string) is computed every time and never stored, so the
/// keys held cost at most `2 × limit × maxKeyCost` whatever clients send.
///
/// Public and `@inlinable` (see ``Locked``; BENCHMARKS.md item 10), so that the native rules'
/// caches (phone numbers, zxcvbn) are specialized for their key and value
/// types: a generic dictionary lookup across a module boundary costs several
/// times more.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Generations {
        @usableFromInline var current: [Key: Value] = [:]
        @usableFromInline var previous: [Key: Value] = [:]

        @inlinable init() {}
    }

    @usableFromInline let limit: Int
    @usableFromInline let maxKeyCost: Int
    @usableFromInline let keyCost: @Sendable (Key) -> Int
    @usableFromInline let generations: Locked<Generations>

    /// A cache of at most about `2 × limit` entries, each key costing at most `maxKeyCost` by `keyCost`.
    @inlinable public init(limit: Int, maxKeyCost: Int = .max, keyCost: @escaping @Sendable (Key) -> Int = { _ in 0 }) {
        self.limit = limit
        self.maxKeyCost = maxKeyCost
        self.keyCost = keyCost
        self.generations = Locked(Generations())
    }

    /// The cached value, or `compute()`'s (computed outside the lock, then stored).
    @inlinable public func value(for key: Key, compute: () -> Value) -> Value {
        guard maxKeyCost == .max || keyCost(key) <= maxKeyCost else { return compute() }
        let found: Value? = generations.withLock { generations in
            if let value = generations.current[key] { return value }
            if let value = generations.previous[key] {
                store(key, value, in: &generations)
                return value
            }
            return nil
        }
        if let found { return found }
        let value = compute()
        generations.withLock { store(key, value, in: &$0) }
        return value
    }

    @inlinable func store(_ key: Key, _ value: Value, in generations: inout Generations) {
        if generations.current.count >= limit {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = value
    }
}

extension BoundedCache where Key == String {
    /// A cache of at most about `2 × limit` entries whose keys are at most `maxKeyBytes` bytes of UTF-8
    /// (longer ones are not stored): at most `2 × limit × maxKeyBytes` bytes of keys.
    @inlinable public convenience init(limit: Int, maxKeyBytes: Int) {
        self.init(limit: limit, maxKeyCost: maxKeyBytes, keyCost: { $0.utf8.count })
    }
}
