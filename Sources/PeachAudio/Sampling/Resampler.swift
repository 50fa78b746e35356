/// Reads a NoteSource at a variable rate: the read position advances by target ÷ source frequency
/// per output sample, in double precision, so the pitch ratio is exact whatever the source's own
/// pitch resolution. Four-point cubic Hermite interpolation, as FluidSynth's own default.
struct Resampler {
    let source: any NoteSource
    /// Input samples; `position` indexes into it. Kept short by discarding consumed samples.
    private var input: [Float]
    private var position: Double = 1
    private var block: [Float]

    init(source: any NoteSource) {
        self.source = source
        block = [Float](repeating: 0, count: 256)
        // One sample of silence before the first, for the interpolator's left neighbour.
        input = [0]
        input.reserveCapacity(1024)
    }

    /// The next output sample, `ratio` input samples after the previous one.
    mutating func next(ratio: Double) -> Double {
        while Int(position) + 2 >= input.count { refill() }
        let whole = Int(position)
        let fraction = position - Double(whole)
        let y0 = Double(input[whole - 1])
        let y1 = Double(input[whole])
        let y2 = Double(input[whole + 1])
        let y3 = Double(input[whole + 2])
        let c1 = 0.5 * (y2 - y0)
        let c2 = y0 - 2.5 * y1 + 2 * y2 - 0.5 * y3
        let c3 = 0.5 * (y3 - y0) + 1.5 * (y1 - y2)
        position += ratio
        return ((c3 * fraction + c2) * fraction + c1) * fraction + y1
    }

    private mutating func refill() {
        let consumed = Int(position) - 1
        if consumed > 512 {
            input.removeFirst(consumed)
            position -= Double(consumed)
        }
        block.withUnsafeMutableBufferPointer { source.render(into: $0) }
        input += block
    }
}
