"""A year-spanning history of a million comparisons written in one SQL statement (seconds, where
a row at a time from Python took minutes): shared by the e2e guard and `scripts/bench.sh million`.
The database must already have Peach's schema (a server started on it once)."""
import datetime
import math
import sqlite3
import statistics

# The Φ model's chance of a correct answer at each multiple of the listener's threshold (2 % lapses,
# 75 % correct at the threshold): the answers cycle through these multiples, as a chain hovers.
FACTORS = (0.5, 0.75, 1.0, 1.5, 2.0)
_Z = statistics.NormalDist().inv_cdf((0.75 - 0.01) / 0.98)
P_CORRECT = tuple(0.01 + 0.98 * statistics.NormalDist().cdf(_Z * factor) for factor in FACTORS)


def threshold(day, days):
    """The listener's threshold on `day` of `days`: 30 ¢ falling towards 8 ¢."""
    return 8 + 22 * math.exp(-day / (days / 4))


def write_comparisons(path, count=1_000_000, per_day=1000):
    """`count` comparisons, `per_day` a day in one evening hour ending yesterday, of a listener whose
    threshold falls from 30 to 8 ¢; correct at random (SQLite's generator) at the model's rate."""
    days = max(1, count // per_day)
    first = datetime.datetime.now(datetime.timezone.utc).replace(hour=18, minute=0, second=0, microsecond=0) \
        - datetime.timedelta(days=days)
    with sqlite3.connect(path) as database:
        database.execute("CREATE TEMP TABLE listener (day INTEGER PRIMARY KEY, threshold REAL)")
        database.executemany("INSERT INTO listener VALUES (?, ?)", [(day, threshold(day, days)) for day in range(days)])
        database.execute("CREATE TEMP TABLE model (step INTEGER PRIMARY KEY, factor REAL, p REAL)")
        database.executemany("INSERT INTO model VALUES (?, ?, ?)", list(zip(range(len(FACTORS)), FACTORS, P_CORRECT)))
        database.execute(
            """WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < :count - 1)
               INSERT INTO comparison (note1, note2, note2CentOffset, isCorrect, timestamp)
               SELECT 60, 60, round(listener.threshold * model.factor, 1) * (CASE i % 2 WHEN 0 THEN 1 ELSE -1 END),
                      abs(random() % 1000000) < model.p * 1000000,
                      strftime('%Y-%m-%d %H:%M:%f', julianday(:first) + i / :perDay + (i % :perDay) * 3.6 / 86400.0)
               FROM n JOIN listener ON listener.day = i / :perDay JOIN model ON model.step = i % 5""",
            {"count": count, "perDay": per_day, "first": first.strftime("%Y-%m-%d %H:%M:%S")})
