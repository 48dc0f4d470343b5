/// A thread-safe cache holding at most about `2 × limit` entries, in two
/// generations: a hit in the older one is promoted, and when the newer one is
/// full the older one is dropped. Recently used entries survive, like an LRU,
/// without per-entry bookkeeping.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations {
        var current: [Key: Value] = [:]
        var previous: [Key: Value] = [:]
    }

    private let limit: Int
    private let generations = Locked(Generations())

    package init(limit: Int) {
        self.limit = limit
    }

    /// The cached value, or `compute()`'s (computed outside the lock, then stored).
    package func value(for key: Key, compute: () -> Value) -> Value {
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

    private func store(_ key: Key, _ value: Value, in generations: inout Generations) {
        if generations.current.count >= limit {
            generations.previous = generations.current
            generations.current = [:]
        }
        generations.current[key] = value
    }
}
