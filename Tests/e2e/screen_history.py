"""Training histories as a user of some weeks would have them, as a Peach records file (format 4,
docs/data-format.md) for POST /api/import: every discipline, spread over `weeks`, with days off and
some days of only a few answers, and two "Measure my threshold" runs. Simulated listeners, so the fitted thresholds are real fits."""
import datetime
import math
import random

HEADER = ("discipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,"
          "referenceNote,initialCentOffset,userCentError,sungOctave,tempoBPM,offsetPercent,offsetMs,"
          "meanOffsetMs,offsetSDMs,hitRate,meanOffsetMsPosition0,meanOffsetMsPosition1,"
          "meanOffsetMsPosition2,meanOffsetMsPosition3,rootNote,triad,detunedVoice,detuneCents,answeredVoice,"
          "tonicNote,mode,degree,answeredDegree")
COLUMNS = HEADER.split(",")
SEMITONES = {"P1": 0, "m2": 1, "M2": 2, "m3": 3, "M3": 4, "P4": 5, "d5": 6, "P5": 7, "m6": 8, "M6": 9,
             "m7": 10, "M7": 11, "P8": 12}
# The intervals a user of the interval disciplines trains: (name, direction).
INTERVALS = [("P5", "up"), ("M3", "up"), ("P4", "down"), ("m6", "up")]


def number(value, digits=1):
    return repr(round(float(value), digits))


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def row(discipline, moment, interval=("P1", "up"), **cells):
    values = {"discipline": discipline, "timestamp": stamp(moment), "interval": interval[0],
              "direction": interval[1], "tuningSystem": "equalTemperament", **cells}
    return ",".join(str(values.get(column, "")) for column in COLUMNS)


class Listener:
    """A listener whose threshold (75 % correct) falls from `start` to `end` cents over the history,
    answering on a Weibull psychometric function; the Kazez chain picks each difference."""

    def __init__(self, rng, start, end, first_difference=60.0, choices=2):
        self.rng, self.start, self.end = rng, start, end
        self.difference = first_difference
        self.guess = 1 / choices

    def threshold(self, progress):
        return self.start * (self.end / self.start) ** progress

    def answer(self, progress):
        """One trial: the signed difference played and whether the answer was right."""
        difference = self.difference
        # 75 % correct at the threshold: the Weibull's rise from chance is (0.75 − g) / (1 − g) there.
        alpha = self.threshold(progress) / math.sqrt(-math.log(1 - (0.75 - self.guess) / (1 - self.guess)))
        correct = self.rng.random() < 1 - (1 - self.guess) * math.exp(-(difference / alpha) ** 2)
        factor = 1 - 0.05 * math.sqrt(difference) if correct else 1 + 0.09 * math.sqrt(difference)
        self.difference = min(100.0, max(0.1, difference * max(0.3, factor)))
        return difference * self.rng.choice((-1, 1)), correct


def history_csv(seed, weeks=8, scale=1.0, end=None, training_days=None):
    """A records file: `weeks` of history ending an hour before `end` (default now), about `scale`
    times a keen user's daily amount; `training_days` (a list of day indexes counted back from the
    last) trains on those days only."""
    rng = random.Random(seed)
    end = (end or datetime.datetime.now(datetime.timezone.utc)) - datetime.timedelta(hours=1)
    days = weeks * 7
    pitch = Listener(rng, 35.0, 11.0)
    intervals = {interval: Listener(rng, 45.0, 20.0) for interval in INTERVALS}
    timing = Listener(rng, 40.0, 15.0, first_difference=60.0)  # percent of a sixteenth
    # Which Voice draws from a generator of its own, so the other disciplines' history is as it was.
    chord_rng = random.Random(seed + 1)
    # Scale degrees: a listener who mixes up 4 and 6 more than the rest, less so as the weeks go by.
    degree_rng = random.Random(seed + 2)
    chords = Listener(chord_rng, 30.0, 9.0, choices=3)
    # Measurement runs draw from a generator of their own too, on two days (when trained on).
    measure_rng = random.Random(seed + 3)
    measured_days = {days // 2, 0}
    rows = []

    def amount(typical):
        return max(1, round(typical * scale * rng.uniform(0.6, 1.4)))

    for back in range(days - 1, -1, -1):
        if training_days is not None:
            if back not in training_days:
                continue
        elif back > 0 and rng.random() < 0.35:
            continue  # a day off; the last day is always a training day
        few = training_days is None and back > 0 and rng.random() < 0.12  # a busy day: only a handful
        progress = 1 - back / max(1, days - 1)
        moment = (end - datetime.timedelta(days=back)).replace(hour=rng.randint(8, 19), minute=rng.randint(0, 59))
        moment = min(moment, end - datetime.timedelta(minutes=30))

        def tick(seconds=3.0):
            nonlocal moment
            moment += datetime.timedelta(seconds=seconds * rng.uniform(0.6, 1.6), milliseconds=rng.randint(0, 999))
            return moment

        for _ in range(rng.randint(2, 3) if few else amount(45)):
            note = rng.randint(48, 72)
            offset, correct = pitch.answer(progress)
            rows.append(row("pitchComparison", tick(), note1=note, note2=note, note2CentOffset=number(offset),
                            isCorrect=str(correct).lower()))
        if back in measured_days:
            # A "Measure my threshold" run: 40 answers end it whatever the placement would have played
            # (the server folds any answers into runs), differences around the day's threshold.
            for _ in range(40):
                note = measure_rng.randint(48, 72)
                difference = round(pitch.threshold(progress) * 2 ** measure_rng.uniform(-1.5, 1.5), 1)
                alpha = pitch.threshold(progress) / math.sqrt(-math.log(0.5))
                correct = measure_rng.random() < 1 - 0.5 * math.exp(-(difference / alpha) ** 2)
                moment += datetime.timedelta(seconds=3 * measure_rng.uniform(0.6, 1.6))
                rows.append(row("pitchMeasurement", moment, note1=note, note2=note,
                                note2CentOffset=number(difference * measure_rng.choice((-1, 1))), isCorrect=str(correct).lower()))
        if few:
            continue
        for interval, listener in intervals.items():
            for _ in range(amount(12)):
                note = rng.randint(55, 67)
                offset, correct = listener.answer(progress)
                step = SEMITONES[interval[0]] * (1 if interval[1] == "up" else -1)
                rows.append(row("intervalComparison", tick(), interval, note1=note, note2=note + step,
                                note2CentOffset=number(offset), isCorrect=str(correct).lower()))
        spread = 22 - 10 * progress
        for _ in range(amount(10)):
            rows.append(row("pitchMatching", tick(6), referenceNote=rng.randint(48, 72),
                            initialCentOffset=number(rng.uniform(-100, 100)),
                            userCentError=number(rng.gauss(2, spread))))
        for interval in INTERVALS[:2]:
            for _ in range(amount(5)):
                rows.append(row("intervalMatching", tick(6), interval, referenceNote=rng.randint(55, 67),
                                initialCentOffset=number(rng.uniform(-50, 50)),
                                userCentError=number(rng.gauss(-3, spread + 6))))
        for _ in range(amount(8)):
            rows.append(row("pitchSinging", tick(8), referenceNote=57, initialCentOffset="0.0",
                            userCentError=number(rng.gauss(6, spread + 4)),
                            sungOctave=-1 if rng.random() < 0.1 else 0))
        for tempo in (80, 120):
            for _ in range(amount(10)):
                percent, correct = timing.answer(progress)
                percent = round(max(-100.0, min(100.0, percent)), 1)
                rows.append(row("rhythmComparison", tick(4), isCorrect=str(correct).lower(), tempoBPM=tempo,
                                offsetPercent=repr(percent), offsetMs=repr(round(percent * 150 / tempo, 6))))
        for _ in range(amount(2)):
            tempo = rng.choice((80, 120))
            hits = rng.randint(10, 16)
            positions = [number(rng.gauss(8 - 6 * progress, 6)) for _ in range(4)]
            rows.append(row("rhythmMatching", tick(15), tempoBPM=tempo, meanOffsetMs=number(rng.gauss(8 - 6 * progress, 4)),
                            offsetSDMs=number(rng.uniform(12, 30) - 6 * progress), hitRate=repr(hits / 16),
                            meanOffsetMsPosition0=positions[0], meanOffsetMsPosition1=positions[1],
                            meanOffsetMsPosition2=positions[2], meanOffsetMsPosition3=positions[3]))
        for _ in range(round(8 * scale) if not few else 0):
            offset, correct = chords.answer(progress)
            voices = ["lowest", "middle", "highest"]
            detuned = chord_rng.choice(voices)
            answered = detuned if correct else chord_rng.choice([v for v in voices if v != detuned])
            moment += datetime.timedelta(seconds=4 * chord_rng.uniform(0.6, 1.6), milliseconds=chord_rng.randint(0, 999))
            rows.append(row("chordIntonation", moment, tuningSystem="justIntonation", rootNote=chord_rng.randint(48, 65),
                            triad=chord_rng.choice(("major", "minor")), detunedVoice=detuned, detuneCents=number(offset),
                            answeredVoice=answered, isCorrect=str(correct).lower()))
        for _ in range(round(6 * scale) if not few else 0):
            degree = degree_rng.choice(("1", "2", "3", "4", "5", "6", "7"))
            confusable = {"4": "6", "6": "4"}.get(degree)
            wrong = degree_rng.random() < (0.5 if confusable else 0.15) * (1 - 0.6 * progress)
            answered = (confusable or degree_rng.choice([d for d in "1234567" if d != degree])) if wrong else degree
            moment += datetime.timedelta(seconds=5 * degree_rng.uniform(0.6, 1.6), milliseconds=degree_rng.randint(0, 999))
            rows.append(row("scaleDegree", moment, tonicNote=degree_rng.randint(48, 60), mode="major", degree=degree,
                            answeredDegree=answered, isCorrect=str(not wrong).lower()))
    return "# peach-records-format:5\n" + HEADER + "\n" + "\n".join(rows) + "\n"


def vague_csv(end=None):
    """20 pitch comparisons, ending an hour before `end` (default now), of a listener at chance at 20
    and 40 ¢ and always right at 160 ¢: the Profile places their threshold only within more than ×10,
    and says so instead of a threshold."""
    start = (end or datetime.datetime.now(datetime.timezone.utc)) - datetime.timedelta(hours=1, seconds=20)
    rows = []
    for index in range(20):
        offset = (20.0, 40.0, 160.0)[index % 3]
        rows.append(row("pitchComparison", start + datetime.timedelta(seconds=index), note1=60, note2=60,
                        note2CentOffset=number(offset if index % 2 else -offset),
                        isCorrect=str(offset > 100 or index % 2 == 0).lower()))
    return "# peach-records-format:5\n" + HEADER + "\n" + "\n".join(rows) + "\n"
