extension Duration {
    /// Seconds as a Double: for sample counts in the synthesizer and for the seconds the API sends.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
