// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Peach",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
        .library(name: "PeachCore", targets: ["PeachCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Without its default trait ConfigurationSupport: Peach reads no swift-configuration, and the
        // trait made every build compile that package (20,000 lines).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // The domain: music types, strategies, session reducers, profile statistics. No I/O.
        .target(name: "PeachCore"),
        // Sound synthesis: oscillators, envelopes, glides, the NotePlayer on top, WAV encoding. No I/O.
        .target(name: "PeachAudio", dependencies: ["PeachCore"]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // Installs a silent ALSA error handler (its type is variadic, so it is written in C).
        .target(name: "CALSASilence", dependencies: ["CALSA"]),
        // Native output: streams a PeachAudio Synthesizer to an ALSA PCM; lists the PCM devices.
        .target(name: "PeachALSA", dependencies: ["PeachAudio", "PeachCore", "CALSA", "CALSASilence"]),
        .systemLibrary(name: "CFluidSynth", pkgConfig: "fluidsynth", providers: [.apt(["libfluidsynth-dev"])]),
        // Instrument sounds: SoundFont presets played by libfluidsynth as PeachAudio instruments.
        .target(
            name: "PeachFluidSynth", dependencies: ["PeachAudio", "PeachCore", "CFluidSynth"],
            resources: [.copy("Calibration")]
        ),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // QR codes (libqrencode's encoder): the address a phone opens, for the terminal (`peach phone`)
        // and the page (`GET /api/phone` draws it as SVG).
        .target(name: "PeachQRCode", dependencies: ["CQRencode"]),
        // The application services, with no HTTP and no database: the profile and its charts,
        // password hashing, the CSV transfer format and the ports the stores implement for it.
        // The server and the executable both use them.
        .target(
            name: "PeachServices",
            dependencies: [
                "PeachCore", "PeachAudio", .product(name: "Logging", package: "swift-log"),
                // bcrypt for account passwords (class server); the library has no HTTP in it.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                // SHA-256 before bcrypt, so that every byte of a long password counts.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "PeachStore",
            dependencies: [
                "PeachCore", "PeachServices", .product(name: "GRDB", package: "GRDB.swift"),
                // The raw column text of a replayed row, compared in place (RecordLabelReader).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The same store ports on PostgreSQL (postgres-nio), for a server whose instances keep no state.
        .target(
            name: "PeachPostgres",
            dependencies: [
                "PeachCore", "PeachServices",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                // The pool as a service of a server's group.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The browser client: its files as a resource bundle, and where the server finds them.
        .target(name: "PeachWeb", exclude: ["README.md"], resources: [.copy("web")]),
        .target(
            name: "PeachServer",
            dependencies: [
                "PeachCore", "PeachServices", "PeachStore", "PeachAudio", "PeachWeb", "PeachQRCode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                // The connection limits' channel handlers (Connections/).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                // The shutdown deadline (App/ShutdownDeadline).
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "peach",
            dependencies: [
                "PeachCore", "PeachServices", "PeachStore", "PeachPostgres", "PeachServer", "PeachAudio", "PeachALSA",
                "PeachFluidSynth",
                "PeachQRCode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The Swift runtime is linked in, so the binary runs where Swift is not installed (the
            // Debian package). Only the link differs: the modules compile as for the tests, so the
            // binary the tests ran is the one scripts/test.sh packages. Foundation's static library
            // needs its C parts named, which the modules' own link entries (compiled for the
            // shared runtime) do not. No test target may depend on this one: the flags would
            // reach the test bundle, and the Testing library has no static build.
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                    "-l_FoundationCollections",
                ])
            ]
        ),
        .testTarget(
            name: "PeachCoreTests",
            dependencies: ["PeachCore"]
        ),
        .testTarget(name: "PeachAudioTests", dependencies: ["PeachAudio", "PeachCore"]),
        .testTarget(name: "PeachQRCodeTests", dependencies: ["PeachQRCode"]),
        .testTarget(name: "PeachFluidSynthTests", dependencies: ["PeachFluidSynth", "PeachAudio", "PeachCore"]),
        .testTarget(
            name: "PeachServicesTests",
            dependencies: [
                "PeachServices", "PeachCore", .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ]),
        .testTarget(
            name: "PeachStoreTests",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                "PeachStore", "PeachServices", "PeachPostgres", "PeachCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "PeachServerTests",
            dependencies: [
                "PeachServer", "PeachServices", "PeachStore", "PeachCore", "PeachAudio",
                // The tests' own client of a responder (RouterClient) runs it on a testing channel.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // A password hash from before pre-hashing (PasswordUpgradeTests).
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
    ]
)

// Every test runs against the debug build, and Peach's own modules are mostly loops over numbers
// (statistics, synthesis, pitch detection, CSV, the profile's fits) that ran 10–25 times slower
// unoptimised: the Swift suites took 350 CPU-s and the browser suite's server a fifth of its time
// (CI run 19). They compile optimised in debug too, for about the same build time; the
// dependencies and the tests themselves stay unoptimised.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
}
