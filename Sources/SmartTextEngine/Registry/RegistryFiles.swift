#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RegistryLoader {
    /// Reads a registry file, or every `*.json` file of a folder (sorted by name).
    public static func sources(at path: String) throws(RegistryError) -> [RegistrySource] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw RegistryError(problems: [
                RegistryProblem(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
            ])
        }
        if (status.st_mode & S_IFMT) != S_IFDIR {
            return [RegistrySource(name: path, bytes: try readFile(path))]
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
            sources.append(RegistrySource(name: folder + name, bytes: try readFile(folder + name)))
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

    private static func readFile(_ path: String) throws(RegistryError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RegistryError(problems: [
                RegistryProblem(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
            ])
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw RegistryError(problems: [
                    RegistryProblem(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
                ])
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        // Tolerate a UTF-8 byte order mark written by some editors.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }
}
