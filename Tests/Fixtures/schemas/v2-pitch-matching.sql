-- Records added in the fixture of schema v2 (and every later fixture).
INSERT INTO pitchMatching (referenceNote, initialCentOffset, userCentError, timestamp) VALUES
  (69, 37.5, -4.25, '2026-01-07 12:00:00.001'),
  (45, -88.0, 12.0, '2026-01-07 12:00:05.000');
