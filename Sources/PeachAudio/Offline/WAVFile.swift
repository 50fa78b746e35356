import Foundation

/// A mono WAV file of 32-bit IEEE float samples: no quantisation, so the file holds exactly what
/// was synthesized. Reads back mono 16-bit PCM too (the pitch-detector fixtures, a microphone's take).
public struct WAVFile: Sendable {
    public let samples: [Float]
    public let sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public struct DecodingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A mono WAV of 16-bit PCM or 32-bit float samples.
    public init(decoding data: Data) throws(DecodingError) {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8)
        else {
            throw DecodingError(description: "not a RIFF WAVE file")
        }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count else { break }
            if bytes[offset..<offset + 4].elementsEqual("fmt ".utf8), size >= 16 {
                format = (u16(body), u16(body + 2), u32(body + 4), u16(body + 14))
            } else if bytes[offset..<offset + 4].elementsEqual("data".utf8), let format {
                guard format.channels == 1 else {
                    throw DecodingError(description: "\(format.channels) channels; only mono is read")
                }
                switch (format.code, format.bits) {
                case (1, 16):
                    samples = stride(from: body, to: body + size - 1, by: 2).map {
                        Float(Int16(truncatingIfNeeded: u16($0))) / 32768
                    }
                case (3, 32):
                    samples = stride(from: body, to: body + size - 3, by: 4).map { Float(bitPattern: UInt32(u32($0))) }
                default:
                    throw DecodingError(
                        description:
                            "format \(format.code) at \(format.bits) bits; only 16-bit PCM and 32-bit float are read")
                }
                sampleRate = format.rate
                return
            }
            offset = body + size + size % 2
        }
        throw DecodingError(description: "no fmt and data chunks")
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
