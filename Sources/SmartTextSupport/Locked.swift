#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see its
/// lock (a trivially correct `Mutex<[Int]>` program is reported as racing),
/// so the test suite could not be checked for races. A pthread mutex is
/// intercepted by TSan and costs the same when uncontended.
///
/// `@unchecked Sendable`: every access to `value` goes through `withLock`.
///
/// Public with `@inlinable` members: the engine, the native rules and the
/// server use it with their own value types, and generic code from another
/// module is only specialized when it is `@inlinable` and public (`@inlinable
/// package` is called unspecialized, through witness tables, by this
/// toolchain; BENCHMARKS.md item 10).
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
