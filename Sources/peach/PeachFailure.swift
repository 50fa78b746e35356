/// An error the user can act on: printed as one line ("Error: …") with a non-zero exit status,
/// without the usage text a ValidationError brings.
struct PeachFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
