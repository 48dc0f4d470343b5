/// The service's version.
public enum SmartTextVersion {
    public static let current = "0.1.0"
}
