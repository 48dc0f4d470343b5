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
        let initialized = pthread_mutex_init(mutex, nil)
        precondition(initialized == 0, "pthread_mutex_init failed (\(initialized))")
        self.value = value
    }

    deinit {
        let destroyed = pthread_mutex_destroy(mutex)
        assert(destroyed == 0, "pthread_mutex_destroy failed (\(destroyed)): the lock is still held")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. A lock or unlock that fails (a corrupt mutex, an
    /// unlock by another thread) stops the process: continuing would race.
    @inlinable public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed (\(locked))")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed (\(unlocked))")
        }
        return try body(&value)
    }
}
