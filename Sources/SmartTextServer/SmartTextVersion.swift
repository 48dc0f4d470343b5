/// The service's version: the repository's `VERSION` file, embedded at build
/// time (`openapi.yaml` and the clients state the same; `Tests/release` checks).
public enum SmartTextVersion {
    public static let current: String = {
        var version = EmbeddedResources.version
        while let last = version.last, last.isWhitespace { version.removeLast() }
        return version
    }()
}
