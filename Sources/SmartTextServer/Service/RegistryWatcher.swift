import Dispatch
import SmartTextEngine
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a registry file or folder and calls `onChange` when it changes on disk.
///
/// It polls once a second: Kubernetes updates a mounted ConfigMap by swapping a
/// symbolic link, which file-event APIs report unevenly, while `stat` through
/// the link always sees the new files. A change is acted on once the files have
/// stayed the same for one more poll, so a half-written file is not loaded.
///
/// `@unchecked Sendable`: the timer and its queue are set once in `init`, and
/// `stop()` (called once, by the service under its lock) only cancels the
/// timer and drains the queue, which Dispatch makes thread-safe.
final class RegistryWatcher: @unchecked Sendable {
    private let timer: DispatchSourceTimer
    private let queue: DispatchQueue

    init(path: String, interval: Double = 1.0, onChange: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "smarttext.registry-watcher")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let state = Locked((seen: RegistryWatcher.fingerprint(of: path), pending: false))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            let current = RegistryWatcher.fingerprint(of: path)
            let changed: Bool = state.withLock { state in
                if current != state.seen {
                    // Changed since the last poll: wait until it settles.
                    state.seen = current
                    state.pending = true
                    return false
                }
                defer { state.pending = false }
                return state.pending
            }
            if changed { onChange() }
        }
        self.timer = timer
        self.queue = queue
        timer.resume()
    }

    /// Stops watching; no callback runs after it returns.
    func stop() {
        timer.cancel()
        // Wait for a handler that may be running.
        queue.sync {}
    }

    /// Identity, size and modification time of the file, or of every `*.json` of the folder.
    static func fingerprint(of path: String) -> [UInt64] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [0] }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return describe(status) }
        guard let names = RegistryLoader.registryFileNames(inFolder: path) else { return [1] }
        var fingerprint: [UInt64] = []
        for name in names {
            var fileStatus = stat()
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            fingerprint += name.utf8.map(UInt64.init) + (stat(full, &fileStatus) == 0 ? describe(fileStatus) : [0])
        }
        return fingerprint
    }

    private static func describe(_ status: stat) -> [UInt64] {
        [
            UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
            UInt64(status.st_mtim.tv_sec), UInt64(status.st_mtim.tv_nsec),
        ]
    }
}
