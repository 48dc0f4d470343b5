#if canImport(Glibc)
    import Glibc
#endif

/// Small files of the kernel's (`/proc`, `/sys`), read whole with plain system calls.
enum SystemFile {
    /// The file's text, or nil when it cannot be opened.
    static func text(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            text += chunk[..<count]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
