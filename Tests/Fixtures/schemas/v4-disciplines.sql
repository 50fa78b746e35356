-- The interval records added in the fixture of schema v4 (disciplines, intervals, tunings).
INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp, discipline, interval, direction, tuningSystem) VALUES
  (60, 67, 4.5, 1, '2026-02-01 10:00:00.250', 'intervalComparison', 'P5', 'up', 'justIntonation'),
  (72, 68, -12.0, 0, '2026-02-01 10:00:03.000', 'intervalComparison', 'M3', 'down', 'equalTemperament');
INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp, discipline, interval, direction, tuningSystem) VALUES
  (57, -15.5, 2.25, '2026-02-01 10:01:00.000', 'intervalMatching', 'P8', 'up', 'justIntonation');
