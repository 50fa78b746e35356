/// How a chord-quality trial sounds its chord: all notes at once, or one after another from the
/// bass up and then held, which is easier to hear into.
public enum ChordVoicing: String, Hashable, RecordEnumeration {
    case block, arpeggio
}
