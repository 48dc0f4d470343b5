/// Work the engine can do before the first request needs it.
public enum EnginePreparation {
    /// Loads libphonenumber's metadata (about 10 ms), so that the first phone
    /// edit is not the one to pay for it.
    public static func warmUp() {
        PhoneLibrary.warmUp()
    }
}
