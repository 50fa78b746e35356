-- Schema v7 added the sung octave of a pitch-matching record answered by voice: this fixture
-- holds the records of v1–v4 and one sung answer, an octave below its target and 7 ¢ flat
-- (made from v6-answer-keys.sqlite with v7's one migration step, then this file).
INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp, discipline, interval, direction, tuningSystem, sungOctave)
VALUES (64, 0.0, -7.0, '2026-03-01 09:15:00.500', 'pitchSinging', 'P1', 'up', 'equalTemperament', -1);
