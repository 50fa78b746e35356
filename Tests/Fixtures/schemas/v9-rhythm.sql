-- Schema v9 added the rhythm disciplines, Compare Timing and Fill the Gap, whose hit rate was NOT NULL:
-- this fixture holds the records of v1–v8, two records of each rhythm discipline (one Fill the Gap
-- trial without a hit) and an answer key naming a Fill the Gap record; a third Fill the Gap record
-- was deleted (as a replace import deletes), so its id 3 is spent and must never come back (made from
-- v8-open-trials.sqlite with v9's one migration step, then this file).
INSERT INTO rhythmComparison (tempoBPM, offsetPercent, isCorrect, timestamp, discipline, interval, direction, tuningSystem)
VALUES (120, -7.5, 0, '2026-04-01 08:00:00.125', 'rhythmComparison', 'P1', 'up', 'equalTemperament'),
       (63, 12.25, 1, '2026-04-01 08:00:02.000', 'rhythmComparison', 'P1', 'up', 'equalTemperament');
INSERT INTO rhythmMatching (tempoBPM, meanOffsetMs, offsetSDMs, hitRate, meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2, meanOffsetMsPosition3, timestamp, discipline, interval, direction, tuningSystem)
VALUES (80, -3.25, 9.5, 0.875, -1.5, NULL, 4.0, -12.25, '2026-04-01 08:05:00.000', 'rhythmMatching', 'P1', 'up', 'equalTemperament'),
       (163, NULL, NULL, 0.0, NULL, NULL, NULL, NULL, '2026-04-01 08:06:00.500', 'rhythmMatching', 'P1', 'up', 'equalTemperament'),
       (90, 1.0, 0.5, 0.5, 1.0, NULL, NULL, NULL, '2026-04-01 08:07:00.000', 'rhythmMatching', 'P1', 'up', 'equalTemperament');
DELETE FROM rhythmMatching WHERE id = 3;
INSERT INTO answerKey (key, recordTable, recordID) VALUES ('fixture-v9-key-0001', 'rhythmMatching', 1);
