-- Records written into the fixture of schema v1 (and every later fixture).
INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp) VALUES
  (60, 60, 100.0, 1, '2026-01-05 18:00:00.000'),
  (60, 60, -95.0, 0, '2026-01-05 18:00:02.517'),
  (72, 72, 0.1, 1, '2026-01-06 07:30:59.999');
