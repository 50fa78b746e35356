-- The settings row added in the fixture of schema v3.
INSERT INTO settings (id, json) VALUES
  (1, '{"noteRangeLower":48,"noteRangeUpper":72,"referencePitchHz":442,"language":"de"}');
