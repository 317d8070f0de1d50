// swift-tools-version: 6.0
// Galley's libFuzzer harnesses: a package of its own beside the root package, so that the root
// Package.swift, `swift build` and `make test` never see the fuzzer flags. Each harness is an
// executable target (Swift: LLVMFuzzerTestOneInput through Galley's public API) plus a tiny C
// target that starts libFuzzer's driver from SwiftPM's renamed entry point. Build and run them
// with `make fuzz` / `make fuzz-check` in the root (see README.md here for the recipe).
import PackageDescription

/// The harnesses: each is `Sources/<name>/` (Swift) with its driver `Sources/<name>Driver/` (C).
let harnesses = [
    "MarkupRender", "AttributedPrograms", "Relayout", "FontLoading", "ImageDecoding", "BreakingStrategies",
    "VerticalRuby",
    "Writers", "AttributedStringBridge",
]

let package = Package(
    name: "GalleyFuzz",
    products: harnesses.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "Galley", path: "..")],
    targets: [
        // What the harnesses share: reading fuzz bytes as choices and numbers, hostile text
        // pieces, the checks that every number a layout gives back is finite, the layout
        // invariants (LayoutInvariants) and the writer checks.
        .target(name: "FuzzSupport", dependencies: [.product(name: "Galley", package: "Galley")])
    ]
        + harnesses.flatMap { name -> [Target] in
            [
                .target(name: "\(name)Driver", path: "Sources/\(name)Driver"),
                .executableTarget(
                    name: name,
                    dependencies: [
                        .target(name: "\(name)Driver"), "FuzzSupport", .product(name: "Galley", package: "Galley"),
                    ],
                    path: "Sources/\(name)"),
            ]
        },
    swiftLanguageModes: [.v6]
)
