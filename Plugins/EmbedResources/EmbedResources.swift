import PackagePlugin

/// Embeds text files in a target as Swift string constants, so that the
/// binary carries its OpenAPI document and built-in registry without a
/// resource bundle (which would need full Foundation at run time).
@main
struct EmbedResources: BuildToolPlugin {
    /// The files each target embeds: (Swift constant name, path from the package root).
    static let files: [String: [(name: String, path: String)]] = [
        "SmartTextEngine": [("messageCatalog", "Sources/SmartTextEngine/Messages/messages.json")],
        "SmartTextNativeRules": [
            ("builtinRegistry", "registry/builtin.json"),
            ("postalCodes", "Sources/SmartTextNativeRules/PostalCodes/postal-codes.json"),
            ("messageCatalog", "Sources/SmartTextNativeRules/Messages/messages.json"),
        ],
        "SmartTextServer": [
            ("version", "VERSION"), ("openAPIDocument", "openapi.yaml"), ("webClient", "clients/web/smarttext.js"),
            ("playgroundPage", "clients/web/playground.html"),
        ],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let files = Self.files[target.name] else { return [] }
        let tool = try context.tool(named: "EmbedResourcesTool")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let inputs = files.map { context.package.directoryURL.appending(path: $0.path) }
        var arguments = [output.path]
        for (file, input) in zip(files, inputs) {
            arguments += [file.name, input.path]
        }
        return [
            .buildCommand(
                displayName: "Embedding \(files.map(\.path).joined(separator: ", ")) in \(target.name)",
                executable: tool.url, arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }
}
