import Foundation
import Testing

@testable import PeachAudio

struct WAVFileTests {
    @Test func theHeaderDescribesMonoFloatSamplesAndTheDataFollows() {
        let samples: [Float] = [0, 0.5, -0.25, 1]
        let data = WAVFile(samples: samples, sampleRate: 44_100).data
        func u32(_ at: Int) -> UInt32 { data[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
        func u16(_ at: Int) -> UInt16 { UInt16(data[at]) | UInt16(data[at + 1]) << 8 }
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(Int(u32(4)) == data.count - 8)
        #expect(String(decoding: data[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(u16(20) == 3)
        #expect(u16(22) == 1)
        #expect(u32(24) == 44_100)
        #expect(u16(34) == 32)
        #expect(String(decoding: data[38..<42], as: UTF8.self) == "fact")
        #expect(u32(46) == 4)
        #expect(String(decoding: data[50..<54], as: UTF8.self) == "data")
        #expect(u32(54) == 16)
        let decoded = (0..<4).map { Float(bitPattern: u32(58 + 4 * $0)) }
        #expect(decoded == samples)
    }

    @Test func aWrittenFileReadsBackAndSixteenBitPCMReadsToo() throws {
        let samples: [Float] = [0, 0.5, -0.25, 1]
        let back = try WAVFile(decoding: WAVFile(samples: samples, sampleRate: 48_000).data)
        #expect(back.samples == samples && back.sampleRate == 48_000)
        var pcm = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WAVEfmt ".utf8)
        pcm += Data([16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xAC, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0])
        pcm += Data("data".utf8) + Data([4, 0, 0, 0, 0x00, 0x40, 0x00, 0xC0])
        let decoded = try WAVFile(decoding: pcm)
        #expect(decoded.samples == [0.5, -0.5] && decoded.sampleRate == 44_100)
        #expect(throws: WAVFile.DecodingError.self) { try WAVFile(decoding: Data("RIFF....WAVE".utf8)) }
    }
}
