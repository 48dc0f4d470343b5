// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SmartText",
    // Only SmartTextClient is built for Apple platforms (async URLSession: macOS 12, iOS 15).
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .executable(name: "smarttext-server", targets: ["smarttext-server"]),
        // The pure engine: edit model, caret mapping, the rules written in Swift, the registry loader
        // (Swift only: no C library, no HTTP), with the JSON model and the support types below it.
        .library(name: "SmartTextEngine", targets: ["SmartTextEngine", "SmartTextJSON", "SmartTextSupport"]),
        // The rules backed by C and C++ libraries (phone, regex, passwordStrength), the standard
        // catalogue and the built-in registry.
        .library(name: "SmartTextNativeRules", targets: ["SmartTextNativeRules"]),
        .library(name: "SmartTextServer", targets: ["SmartTextServer"]),
        .library(name: "SmartTextClient", targets: ["SmartTextClient"]),
        // SmartTextField (SwiftUI) and UISmartTextField (UIKit) over SmartTextClient; its UIKit layer is
        // built only where UIKit exists, the rest everywhere.
        .library(name: "SmartTextUI", targets: ["SmartTextUI"]),
    ],
    targets: [
        // MARK: C shims (one per C library; only their include/ header is visible to Swift)
        .target(
            name: "CMicroHTTPD",
            linkerSettings: [.linkedLibrary("microhttpd")]
        ),

        .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
        .target(name: "CPhoneNumber", linkerSettings: [.linkedLibrary("phonenumber")]),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),

        // MARK: Support below the engine: JSON, locks, caches, text offsets (no domain knowledge)
        .target(name: "SmartTextJSON"),
        .target(name: "SmartTextSupport"),

        // MARK: Engine: edit model, caret mapping, formatters, validators, registry (pure Swift: no C, no HTTP)
        .target(
            name: "SmartTextEngine", dependencies: ["SmartTextJSON", "SmartTextSupport"],
            exclude: ["Messages/messages.json"], plugins: ["EmbedResources"]),
        // Rules backed by C and C++ libraries (phone, regex, passwordStrength), the standard catalog, the built-in registry
        .target(
            name: "SmartTextNativeRules",
            dependencies: [
                "SmartTextEngine", "SmartTextJSON", "SmartTextSupport", "CRE2", "CZxcvbn", "CPhoneNumber", "CICU",
            ],
            exclude: ["PostalCodes/postal-codes.json", "Messages/messages.json"],
            plugins: ["EmbedResources"]
        ),

        // MARK: Server: HTTP, routing, JSON answers, metrics
        .target(
            name: "SmartTextServer",
            dependencies: [
                "SmartTextEngine", "SmartTextNativeRules", "SmartTextJSON", "SmartTextSupport", "CMicroHTTPD",
            ],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(name: "smarttext-server", dependencies: ["SmartTextServer"]),
        // Engine micro-benchmarks run by `make bench` (reported, never asserted).
        .executableTarget(
            name: "smarttext-bench",
            dependencies: ["SmartTextEngine", "SmartTextJSON", "SmartTextNativeRules", "SmartTextServer"]),

        // MARK: Client: for iOS and macOS apps; Foundation only (no engine, no server)
        .target(name: "SmartTextClient"),
        .target(name: "SmartTextUI", dependencies: ["SmartTextClient"]),

        // MARK: Build tooling: embeds openapi.yaml, the built-in registry and the messages in the binary
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),

        // MARK: Tests
        .target(name: "SmartTextTestSupport", path: "Tests/SmartTextTestSupport"),
        .testTarget(
            name: "SmartTextEngineTests",
            dependencies: [
                "SmartTextEngine", "SmartTextNativeRules", "SmartTextJSON", "SmartTextSupport", "SmartTextTestSupport",
            ]
        ),
        .testTarget(
            name: "SmartTextServerTests",
            dependencies: [
                "SmartTextServer", "SmartTextEngine", "SmartTextNativeRules", "SmartTextSupport",
                "SmartTextTestSupport",
                "smarttext-server",
            ]
        ),
        // The client against a live in-process server.
        .testTarget(
            name: "SmartTextClientTests",
            dependencies: ["SmartTextClient", "SmartTextUI", "SmartTextServer", "SmartTextTestSupport"]),
    ],
    // libphonenumber's and RE2's headers need C++17.
    cxxLanguageStandard: .cxx17
)
