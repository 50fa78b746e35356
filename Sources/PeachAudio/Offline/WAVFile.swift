import Foundation

/// A mono WAV file of 32-bit IEEE float samples: no quantisation, so the file holds exactly what
/// was synthesized.
public struct WAVFile: Sendable {
    public let samples: [Float]
    public let sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The complete file: RIFF header, `fmt ` (format 3, IEEE float), `fact`, `data`.
    public var data: Data {
        let dataBytes = samples.count * 4
        var data = Data(capacity: 58 + dataBytes)
        data.append(ascii: "RIFF")
        data.append(littleEndian: UInt32(50 + dataBytes))
        data.append(ascii: "WAVE")
        data.append(ascii: "fmt ")
        data.append(littleEndian: UInt32(18))
        data.append(littleEndian: UInt16(3))
        data.append(littleEndian: UInt16(1))
        data.append(littleEndian: UInt32(sampleRate))
        data.append(littleEndian: UInt32(sampleRate * 4))
        data.append(littleEndian: UInt16(4))
        data.append(littleEndian: UInt16(32))
        data.append(littleEndian: UInt16(0))
        // Non-PCM formats carry a `fact` chunk with the frame count.
        data.append(ascii: "fact")
        data.append(littleEndian: UInt32(4))
        data.append(littleEndian: UInt32(samples.count))
        data.append(ascii: "data")
        data.append(littleEndian: UInt32(dataBytes))
        #if _endian(little)
        // The samples are already little-endian in memory: one copy (a server sends these per request).
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
        for sample in samples {
            data.append(littleEndian: sample.bitPattern)
        }
        #endif
        return data
    }
}

extension Data {
    fileprivate mutating func append(ascii: String) { append(contentsOf: Array(ascii.utf8)) }

    fileprivate mutating func append<Value: FixedWidthInteger>(littleEndian value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
