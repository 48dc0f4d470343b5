// swift-tools-version:6.0
import PackageDescription

// The fuzz targets, kept out of the main package: libFuzzer supplies `main`,
// so a fuzz target cannot be a SwiftPM executable. Each target is built as a
// dynamic library exporting `LLVMFuzzerTestOneInput`, and `scripts/fuzz`
// links it into an executable with `-sanitize=fuzzer,address`.
let package = Package(
    name: "SmartTextFuzz",
    products: [
        .library(name: "RequestFuzzer", type: .dynamic, targets: ["RequestFuzzer"]),
        .library(name: "RegistryFuzzer", type: .dynamic, targets: ["RegistryFuzzer"]),
    ],
    dependencies: [.package(name: "SmartText", path: "..")],
    targets: [
        .target(
            name: "RequestFuzzer",
            dependencies: [
                .product(name: "SmartTextServer", package: "SmartText"),
                .product(name: "SmartTextEngine", package: "SmartText"),
                .product(name: "SmartTextNativeRules", package: "SmartText"),
            ]),
        .target(
            name: "RegistryFuzzer",
            dependencies: [
                .product(name: "SmartTextServer", package: "SmartText"),
                .product(name: "SmartTextEngine", package: "SmartText"),
                .product(name: "SmartTextNativeRules", package: "SmartText"),
            ]),
    ]
)
