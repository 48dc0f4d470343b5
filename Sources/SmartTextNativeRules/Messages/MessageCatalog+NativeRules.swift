public import SmartTextEngine

extension MessageCatalog {
    /// The messages of the rules this module holds (`regex`, `phone`, `passwordStrength`, `postalCode`) and
    /// the words they put into them, in the engine's languages (`Messages/messages.json`, embedded).
    public static let nativeRules = MessageCatalog(
        json: EmbeddedResources.messageCatalog, source: "SmartTextNativeRules/Messages/messages.json")
}
