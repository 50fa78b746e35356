-- Schema v15 added Chord Progressions, whose records did not say which chords were played inverted:
-- this fixture holds the records of v1–v14, a progression named chord by chord (just intonation, in
-- minor, one chord named wrong) and a common progression named as a whole (made from
-- v14-melodic-dictation.sqlite with v15's one migration step, then this file).
INSERT INTO chordProgression (tonicNote, mode, progression, answer, timestamp, discipline, interval, direction, tuningSystem)
VALUES (43, 'minor', 'i iv V i', 'i VI V i', '2026-12-01 09:00:00.250', 'chordProgression', 'P1', 'up', 'justIntonation'),
       (38, 'major', 'ii V I', 'ii V I', '2026-12-01 09:01:00.000', 'commonProgression', 'P1', 'up', 'equalTemperament');
