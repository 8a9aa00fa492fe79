// swift-tools-version: 6.1
// Tribune: a kiosk daemon for venue touch displays. The target graph follows DESIGN.md's module
// map; an arrow there ("may import") is a dependency here, and nothing depends upward.
import PackageDescription

/// Hot modules (per-pixel, per-seat loops) are compiled without exclusivity checks in release;
/// bounds are checked explicitly outside the loops instead.
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Tribune",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tribune", targets: ["tribune"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Raster", targets: ["Raster"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        // System libraries: pkg-config names and the Debian packages that provide them.
        .systemLibrary(name: "CDRM", path: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CInput", path: "CInput", pkgConfig: "libinput libudev",
                       providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(name: "CZlib", path: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFontStack", path: "CFontStack", pkgConfig: "freetype2 harfbuzz",
                       providers: [.apt(["libfreetype-dev", "libharfbuzz-dev"])]),

        // Pipeline stages.
        .target(name: "Geometry", swiftSettings: hotPathSettings),
        .target(name: "Raster", dependencies: ["Geometry", "CZlib"], swiftSettings: hotPathSettings),
        .target(name: "Text", dependencies: ["Geometry", "Raster", "CFontStack"], swiftSettings: hotPathSettings),
        .target(name: "Animation", dependencies: ["Geometry"], swiftSettings: hotPathSettings),
        .target(name: "Gestures", dependencies: ["Geometry"], swiftSettings: hotPathSettings),
        .target(name: "Seating", dependencies: ["Geometry"], swiftSettings: hotPathSettings),
        .target(name: "DRMDisplay", dependencies: [
            "Raster", "CDRM", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "TouchInput", dependencies: [
            "CInput", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "Kiosk", dependencies: [
            "Geometry", "Raster", "Animation", "Seating", "Gestures", "DRMDisplay", "TouchInput",
            .product(name: "SystemPackage", package: "swift-system"),
        ]),

        // Executables: argument parsing only, then hand over.
        .executableTarget(name: "gestures-bench", dependencies: ["Gestures", "Geometry"],
                          path: "Benchmarks/GesturesBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "tribune", dependencies: [
            "Kiosk", "Raster", "Text", "Seating", "Gestures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .executableTarget(name: "raster-bench", dependencies: ["Raster", "Geometry"], path: "Benchmarks/RasterBench",
                          swiftSettings: hotPathSettings),
        .executableTarget(name: "text-bench", dependencies: ["Text", "Raster", "Geometry"],
                          path: "Benchmarks/TextBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "animation-bench", dependencies: ["Animation", "Geometry"],
                          path: "Benchmarks/AnimationBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "seating-bench", dependencies: ["Seating", "Geometry"], path: "Benchmarks/SeatingBench",
                          swiftSettings: hotPathSettings),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry"],
                    resources: [.copy("Corpus")]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "Geometry", "CFontStack"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry"]),
        .testTarget(name: "SeatingTests", dependencies: ["Seating", "Geometry"]),
        .testTarget(name: "DRMDisplayTests", dependencies: [
            "DRMDisplay", "CDRM", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput", "CInput"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk"]),
    ],
    swiftLanguageModes: [.v6]
)
