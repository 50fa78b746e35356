extension Duration {
    /// Seconds as a Double: for sample counts in the synthesizer and for the seconds the API sends.
    public var seconds: Double {
        let (whole, attoseconds) = components
        // Divided, not multiplied by 1e-18 (inexact): 150 ms is 0.15, not 0.15000000000000005.
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
