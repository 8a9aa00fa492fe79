// swift-tools-version: 6.1
// Tribune: a kiosk daemon for venue touch displays. The target graph follows DESIGN.md's module
// map; an arrow there ("may import") is a dependency here, and nothing depends upward.
import PackageDescription

/// Hot modules (per-pixel, per-seat loops) are compiled without exclusivity checks in release;
/// bounds are checked explicitly outside the loops instead.
// The pixel and per-seat stages are optimized in debug builds too: unoptimized they draw a
// 1024×768 chart frame in about 0.6 s, too slow for the kiosk tests on a real kernel under QEMU
// (the kernel's per-client touch buffer overflows while a frame renders) and for the test suite.
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
    name: "Tribune",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tribune", targets: ["tribune"]),
        .executable(name: "tribune-headless", targets: ["tribune-headless"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Raster", targets: ["Raster"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
    ],
    targets: [
        // System libraries: pkg-config names and the Debian packages that provide them.
        .systemLibrary(name: "CDRM", path: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CInput", path: "CInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CUdev", path: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CZlib", path: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCacheLines", path: "CCacheLines"),
        .systemLibrary(name: "CFontStack", path: "CFontStack", pkgConfig: "freetype2 harfbuzz",
                       providers: [.apt(["libfreetype-dev", "libharfbuzz-dev"])]),
        // epoll, timerfd, eventfd, signalfd (glibc headers the Glibc module leaves out).
        .systemLibrary(name: "CLinux", path: "CLinux"),
        // posix_spawn's glibc extensions (closefrom, chdir) for the test suite's child processes.
        .systemLibrary(name: "CSpawn", path: "CSpawn"),
        // Streaming-store copies into scanout memory (header-only SSE2).
        .systemLibrary(name: "CScanout", path: "CScanout"),
        .systemLibrary(name: "CQRencode", path: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // glibc's libintl and per-thread locales (gettext message catalogs): part of glibc, nothing to link.
        .systemLibrary(name: "CIntl", path: "CIntl"),
        .systemLibrary(name: "CEspeakNG", path: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CALSA", path: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),

        // Pipeline stages.
        .target(name: "Geometry", swiftSettings: hotPathSettings),
        .target(name: "Raster", dependencies: ["Geometry", "CZlib", "CCacheLines", "CScanout"], swiftSettings: hotPathSettings),
        .target(name: "Text", dependencies: ["Geometry", "Raster", "CFontStack"], swiftSettings: hotPathSettings),
        // The JSON scene-file format (docs/scene-format.md): parsing and drawing, text ops included.
        .target(name: "SceneFile", dependencies: ["Geometry", "Raster", "Text"], swiftSettings: hotPathSettings),
        .target(name: "Animation", dependencies: ["Geometry"], swiftSettings: hotPathSettings),
        .target(name: "Gestures", dependencies: ["Geometry"], swiftSettings: hotPathSettings),
        // JSON reading (JSONScanner) and writing (JSONWriter, the one string escaper): the bottom
        // floor, imports nothing of ours.
        .target(name: "JSON", swiftSettings: hotPathSettings),
        .target(name: "Seating", dependencies: ["Geometry", "JSON"], swiftSettings: hotPathSettings),
        // QR code symbols through libqrencode (the receipt's order code): a module matrix, no drawing.
        .target(name: "QRCode", dependencies: ["CQRencode"]),
        // The kiosk's languages: gettext catalogs through libintl, per-thread locales, no env vars.
        .target(name: "Localization", dependencies: ["CIntl"]),
        // Speech: text to PCM through espeak-ng, WAV files, ALSA playback and the speaker that
        // plays utterances in order off the render loop's thread.
        .target(name: "Speech", dependencies: ["CEspeakNG", "CALSA"]),
        // The kernel's input vocabulary (events, device descriptions, codes): values shared by
        // recordings and the live devices, so Recording and TouchInput need not import each other.
        .target(name: "Evdev", dependencies: ["Geometry"]),
        .target(name: "Recording", dependencies: ["JSON", "Evdev", "Gestures", "Geometry", .product(name: "Yams", package: "Yams")]),
        // The one owner of libudev: device discovery and monitors for hotplug and touch.
        .target(name: "Udev", dependencies: ["CUdev", .product(name: "SystemPackage", package: "swift-system")]),
        // One owner per file descriptor (`OwnedDescriptor`), for every module that opens one.
        .target(name: "Descriptors", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "KioskUI", dependencies: ["JSON", "Geometry", "Raster", "Text", "Animation", "Seating", "Gestures", "Recording",
                                         "QRCode", "Localization", "CCacheLines"],
                swiftSettings: hotPathSettings),
        // The display seam: the `Display` protocol and a headless display, above Raster, below
        // both the DRM presenter and the kiosk runtime.
        .target(name: "Displays", dependencies: ["Geometry", "Raster"]),
        // The chart renderer's benchmark (timing and printing), for `tribune bench` and chart-bench.
        .target(name: "ChartBenchmark", dependencies: ["KioskUI", "Raster", "Seating", "Geometry", "Gestures", "Animation"],
                swiftSettings: hotPathSettings),
        .target(name: "DRMDisplay", dependencies: [
            "Displays", "Geometry", "Raster", "CDRM", "Udev", "Descriptors", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // TouchInput maps positions with Gestures' DisplayMapping, as replay does, so live and replayed frames agree.
        .target(name: "TouchInput", dependencies: [
            "JSON", "CInput", "Udev", "Evdev", "Gestures", "Geometry", "Descriptors",
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .target(name: "Kiosk", dependencies: [
            "JSON", "Geometry", "KioskUI", "Raster", "Text", "Animation", "Seating", "Gestures", "Recording", "Displays", "DRMDisplay",
            "TouchInput", "Evdev", "Udev", "Descriptors", "BoxOfficeClient", "CLinux", "Speech",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),

        // The kiosk without kiosk hardware: the demo (with the box-office server embedded) and
        // recording replays. The only module of ours that imports BoxOffice, so the daemon does not link it.
        .target(name: "Headless", dependencies: [
            "JSON", "Kiosk", "KioskUI", "BoxOffice", "BoxOfficeClient", "Seating", "Recording", "Evdev", "Gestures", "Geometry", "Raster",
            "Text", "Speech",
        ]),

        // Box office: the reference backend (imports nothing of ours but JSON) and the kiosk's purchase client.
        .target(name: "BoxOffice", dependencies: [
            "JSON", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ], resources: [.copy("openapi.json")]),
        .target(name: "BoxOfficeClient", dependencies: [
            "Seating",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),

        // Executables: argument parsing only, then hand over.
        .executableTarget(name: "tribune-boxoffice", dependencies: [
            "BoxOffice", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ]),
        // The kiosk's presenting path in a process of its own, for the resident-memory test.
        .executableTarget(name: "frame-memory-probe", dependencies: ["Kiosk", "Displays", "Raster"],
                          path: "Tests/FrameMemoryProbe"),
        // The soak (`make soak`; KioskTests runs a short one): `tribune run`'s kiosk on a virtual
        // clock, synthetic visitors, a real `tribune-boxoffice serve` behind a fault proxy.
        .executableTarget(name: "kiosk-soak", dependencies: [
            "Kiosk", "KioskUI", "Headless", "BoxOffice", "BoxOfficeClient", "Recording", "Gestures", "Geometry", "Displays", "Animation",
            "Seating", "TestFixtures", "BoxOfficeTestSupport", "Spawn", "CLinux", .product(name: "GRDB", package: "GRDB.swift"),
        ], path: "Tests/KioskSoak"),
        // A kiosk purchase loop in its own process, so tests can SIGKILL it mid-purchase.
        .executableTarget(name: "boxoffice-kiosk-sim", dependencies: [
            "BoxOfficeClient", "TestFixtures", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tests/BoxOfficeKioskSim"),
        .executableTarget(name: "boxoffice-bench", dependencies: [
            "BoxOffice", "BoxOfficeTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ], path: "Benchmarks/BoxOfficeBench"),
        .executableTarget(name: "gestures-bench", dependencies: ["Gestures", "Geometry"],
                          path: "Benchmarks/GesturesBench", swiftSettings: hotPathSettings),
        // `tribune-headless demo|replay`: apart from `tribune`, which must not link the box-office server.
        .executableTarget(name: "tribune-headless", dependencies: [
            "Headless", "Kiosk", "Geometry", "Recording", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "tribune", dependencies: [
            "Kiosk", "Raster", "Text", "SceneFile", "ChartBenchmark", "Seating", "Gestures", "Recording", "KioskUI", "TouchInput", "Evdev",
            "Geometry", "DRMDisplay", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .executableTarget(name: "raster-bench", dependencies: ["Raster", "Geometry"], path: "Benchmarks/RasterBench",
                          swiftSettings: hotPathSettings),
        .executableTarget(name: "replay-bench", dependencies: ["Recording", "KioskUI", "Seating", "Gestures", "Geometry", "Raster", "Animation"],
                          path: "Benchmarks/ReplayBench"),
        .executableTarget(name: "text-bench", dependencies: ["Text", "Raster", "Geometry"],
                          path: "Benchmarks/TextBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "animation-bench", dependencies: ["Animation", "Geometry"],
                          path: "Benchmarks/AnimationBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "present-bench", dependencies: ["Raster", "Geometry"], path: "Benchmarks/PresentBench",
                          swiftSettings: hotPathSettings),
        .executableTarget(name: "kiosk-startup-bench", dependencies: ["Kiosk", "Displays", "Seating"],
                          path: "Benchmarks/KioskStartupBench"),
        .executableTarget(name: "chart-bench", dependencies: ["ChartBenchmark"],
                          path: "Benchmarks/ChartBench", swiftSettings: hotPathSettings),
        .executableTarget(name: "seating-bench", dependencies: ["Seating", "Geometry"], path: "Benchmarks/SeatingBench",
                          swiftSettings: hotPathSettings),

        // The committed touch recordings and their locator, for the test targets that replay them.
        // Child processes for the tests (posix_spawn; Foundation's Process can crash in 6.3.1).
        .target(name: "Spawn", dependencies: ["CSpawn"], path: "Tests/Spawn"),
        .testTarget(name: "SpawnTests", dependencies: ["Spawn"]),
        .target(name: "TestFixtures", dependencies: ["Spawn"], path: "Tests/Fixtures", exclude: ["recordings"]),
        // A virtual clock for the box-office client's waits, for the tests that poll and retry.
        .target(name: "BoxOfficeTestSupport", dependencies: ["BoxOfficeClient", "BoxOffice", "Spawn", "TestFixtures"], path: "Tests/BoxOfficeTestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestFixtures"]),
        // The cairo-agreement corpus is scene files: its tests read them through SceneFile.
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "SceneFile", "TestFixtures", "Spawn"],
                    resources: [.copy("Corpus")]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "Geometry", "CFontStack", "TestFixtures"]),
        .testTarget(name: "SceneFileTests", dependencies: ["SceneFile", "Text", "Raster", "Geometry"]),
        .testTarget(name: "ChartBenchmarkTests", dependencies: ["ChartBenchmark", "SceneFile", "Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Geometry", "TestFixtures"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "Evdev", "Gestures", "Geometry", "TestFixtures"]),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "Recording", "Seating", "Gestures", "Raster", "Text", "Animation", "Geometry",
                                                 "TestFixtures", "Localization", "Spawn"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "CIntl", "TestFixtures"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech"]),
        // The command-line executables' help screens, rendered at 80 columns.
        .testTarget(name: "tribuneTests", dependencies: [
            "tribune", "tribune-boxoffice", "tribune-headless", "Spawn", "TestFixtures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "SeatingTests", dependencies: ["Seating", "Geometry"]),
        .testTarget(name: "DisplaysTests", dependencies: ["Displays", "Raster", "Geometry"]),
        .testTarget(name: "DRMDisplayTests", dependencies: [
            "DRMDisplay", "CDRM", "Raster", .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Recording only to check that live and replayed touches agree (the sources do not import it).
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput", "CInput", "Udev", "Evdev", "Gestures", "Geometry", "Recording"]),
        .testTarget(name: "UdevTests", dependencies: ["Udev"]),
        .testTarget(name: "DescriptorsTests", dependencies: ["Descriptors", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "EvdevTests", dependencies: ["Evdev", "Geometry"]),
        .testTarget(name: "KioskTests", dependencies: [
            "frame-memory-probe", "kiosk-soak",
            "Kiosk", "KioskUI", "BoxOffice", "BoxOfficeClient", "Seating", "Gestures", "Recording", "Evdev", "TouchInput", "Raster", "Geometry",
            "Animation", "Descriptors", "BoxOfficeTestSupport", "TestFixtures", "Spawn", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "HeadlessTests", dependencies: [
            "Headless", "Kiosk", "KioskUI", "BoxOfficeClient", "Seating", "Recording", "Raster", "Text", "Speech",
            "TestFixtures", "Localization", "BoxOffice", "BoxOfficeTestSupport", "Spawn",
        ], exclude: ["Golden"]),  // reviewed PNGs, read from the source tree
        .testTarget(name: "BoxOfficeTests", dependencies: [
            "BoxOffice", "BoxOfficeClient", "tribune-boxoffice", "BoxOfficeTestSupport", "TestFixtures", "Spawn", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .testTarget(name: "BoxOfficeClientTests", dependencies: [
            "BoxOfficeClient", "BoxOffice", "Seating", "boxoffice-kiosk-sim", "BoxOfficeTestSupport", "TestFixtures", "Spawn",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (Fuzz/, docs/fuzzing.md): libFuzzer executables, in the package only when TRIBUNE_FUZZ
// is set. scripts/fuzz.sh builds them with -sanitize=fuzzer,address in .build-fuzz; `swift build`
// neither sees them nor needs libFuzzer. Each harness exercises one parser of the module it imports.
if Context.environment["TRIBUNE_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-venue", ["Seating"]),
        ("fuzz-pretix", ["BoxOffice"]),
        ("fuzz-scene", ["SceneFile", "Raster"]),
        ("fuzz-recording", ["Recording", "Gestures", "Geometry"]),
        ("fuzz-toml", ["Kiosk"]),
        ("fuzz-request", ["BoxOffice"]),
        ("fuzz-png", ["Raster"]),
    ]
    // libFuzzer's driver entry point (LLVMFuzzerRunDriver), called from each target's main.
    package.targets.append(.systemLibrary(name: "CFuzzer", path: "Fuzz/CFuzzer"))
    package.targets += fuzzTargets.map { target in
        .executableTarget(name: target.name, dependencies: ["CFuzzer"] + target.dependencies, path: "Fuzz/\(target.name)")
    }
}
