-- Schema v8 added the open trials (handed out, not answered yet): this fixture holds the records
-- of v1–v7 and one open comparison trial (made from v7-sung-octave.sqlite with v8's one migration
-- step, then this file). Upgrades must keep the records; the open trial may stay or go.
INSERT INTO openTrial (id, issuedAt, trial)
VALUES ('trial-v8-fixture', 1800000000.0, '{"comparison":{"_0":{"discipline":"pitchComparison","note1":60,"interval":{"interval":"P1","direction":"up"},"tuningSystem":"equalTemperament","centOffset":12.5,"note2LevelOffset":0}}}');
