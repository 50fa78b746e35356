/// One frame of what the microphone heard: when the frame began, in seconds on the capture's clock
/// (the clock `referenceEnded` is measured on), and its pitch, or nil for silence or noise.
public struct HeardPitch: Hashable, Sendable {
    public let time: Double
    public let frequency: Frequency?

    public init(time: Double, frequency: Frequency?) {
        self.time = time
        self.frequency = frequency
    }
}
