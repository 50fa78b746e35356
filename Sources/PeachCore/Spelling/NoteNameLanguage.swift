/// The conventions a musician reads note names in. German writes B♭ as B and B as H, and names
/// accidentals with a suffix (Fis, Es), so it is more than a translation of the English names.
public enum NoteNameLanguage: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case german = "de"
}
