import SmartTextEngine

/// Why the service could not start.
public enum ServiceError: Error, CustomStringConvertible {
    case registry(RegistryError)
    case listen(String)

    public var description: String {
        switch self {
        case .registry(let error): error.description
        case .listen(let message): message
        }
    }
}
