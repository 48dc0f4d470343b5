import SmartTextEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RegistryLoader {
    /// The default of `maxBytes`: 64 MiB of registry files in all.
    public static let defaultMaxBytes = 64 << 20

    /// Reads a registry file, or every `*.json` file of a folder (sorted by name).
    ///
    /// Only regular files are read: a FIFO, a device (`/dev/zero`), a socket or a folder where a file is
    /// expected is refused with one problem naming the path, without reading from it (it is opened without
    /// blocking, and what it is comes from the open descriptor). The files together may hold at most
    /// `maxBytes` bytes: a file past what is left is refused from its size, and never read past it, so a
    /// file that grows while it is read is refused too.
    public static func sources(at path: String, maxBytes: Int = defaultMaxBytes) throws(RegistryError)
        -> [RegistrySource]
    {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw RegistryError(problems: [
                RegistryProblem(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
            ])
        }
        var budget = maxBytes
        if (status.st_mode & S_IFMT) != S_IFDIR {
            return [RegistrySource(name: path, bytes: try readFile(path, budget: &budget, maxBytes: maxBytes))]
        }
        guard let names = registryFileNames(inFolder: path) else {
            throw RegistryError(problems: [
                RegistryProblem(file: path, message: "cannot list the folder: \(String(cString: strerror(errno)))")
            ])
        }
        guard !names.isEmpty else {
            throw RegistryError(problems: [RegistryProblem(file: path, message: "the folder has no *.json file")])
        }
        let folder = path.hasSuffix("/") ? path : path + "/"
        var sources: [RegistrySource] = []
        for name in names {
            let file = folder + name
            sources.append(RegistrySource(name: file, bytes: try readFile(file, budget: &budget, maxBytes: maxBytes)))
        }
        return sources
    }

    /// The registry files of a folder: its `*.json` files, sorted by name, hidden
    /// ones left out (Kubernetes ConfigMap mounts hold hidden `..data` links and
    /// folders). Nil when the folder cannot be listed (`errno` says why).
    public static func registryFileNames(inFolder path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// What kind of file a mode says, for a problem's message.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// `67108864` → `67,108,864`.
    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value).utf8)
        var out: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads one regular file of at most `budget` bytes (and takes what it holds from `budget`).
    private static func readFile(_ path: String, budget: inout Int, maxBytes: Int) throws(RegistryError) -> [UInt8] {
        func problem(_ message: String) -> RegistryError {
            RegistryError(problems: [RegistryProblem(file: path, message: message)])
        }
        func tooLarge(_ size: String) -> RegistryError {
            let before = maxBytes - budget
            return problem(
                "is \(size) bytes\(before > 0 ? " (with \(grouped(before)) in the files before it)" : ""): the "
                    + "registry files may hold at most \(grouped(maxBytes)) bytes in all (--max-registry-bytes)")
        }
        // O_NONBLOCK: opening a FIFO nobody writes to would wait for a writer; what the file is comes from
        // the descriptor (fstat), so it cannot be swapped between a check and the open.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw problem("cannot read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw problem("cannot read: \(String(cString: strerror(errno)))") }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw problem("is \(kind(status.st_mode)), not a regular file: only regular files are read")
        }
        let size = Int(status.st_size)
        guard size <= budget else { throw tooLarge(grouped(size)) }
        // Read at most what is left of the budget, and one byte more to see a file that grew meanwhile.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let wanted = min(chunk.count, budget + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem("cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > budget { throw tooLarge("more than \(grouped(budget))") }
        }
        budget -= bytes.count
        // Tolerate a UTF-8 byte order mark written by some editors.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }
}
