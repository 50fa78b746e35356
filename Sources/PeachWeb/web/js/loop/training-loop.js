import { api } from '../api.js';
import { discipline as declared, disciplineName } from '../catalogue.js';
import { realtimeContext } from '../audio/audio.js';
import { audibleTime, untilAudible } from '../audio/clock.js';
import { onMidiNote } from '../input/midi.js';
import * as reserve from '../offline/reserve.js';

/** Head start for a trial's first sound, so that its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.05;

/** Offline with the reserve used up: training stops and the page says why. */
class ReserveEmpty extends Error {}

/**
 * The browser's one training loop. The server picks every trial, judges every answer and sends the
 * loop's timing with each trial (`session`); this loop plays one trial after another on the audio
 * clock, opens the answer when the trial says, posts it, shows the result for its time and goes on —
 * a choice's result at the tap, from the trial's `outcomes` (judged by the server when it drew the
 * trial), a kind's that judges from what its trial serves (`judge`) at the tap too, any other when
 * the server's response arrives; the next trial comes with that response —
 * and stops quietly (back to Start) when the audio stops, the server fails, or the screen is left.
 * An unfinished trial is dropped, never stored; an answer the server cannot take yet is kept by the
 * answer queue, and the loop trains on from trials reserved while the server was reachable
 * (reserve.js) — in a page opened offline too. When those run out it stops and says so.
 *
 * A `kind` says only what is its own:
 * - `screen`: the id of its screen element;
 * - `enter(discipline)`: the screen as training starts (cleared state); its title (the heading the
 *   screen is labelled by) is the discipline's name in the catalogue, as on Start and the Profile;
 * - `prepare(isCurrent)` (optional): what must be ready before the first trial (the microphone);
 *   resolves true, or false to stay on the screen without training (the kind shows why);
 *   `isCurrent()` turns false once the screen is left;
 * - `load(trial)`: what the trial's sound needs, fetched before the clock starts;
 * - `play(context, trial, start, loaded)`: schedules the trial at `start`; returns
 *   `{ stop(), marks }` (timing marks on the audio clock, kept on the screen for tests);
 * - `starts(trial, played)`: the trial is heard (the last result goes, its labels show);
 * - `opens(trial, played, answer)`: answers may be given now; the kind calls `answer(body)` once;
 * - `closes()`: no more answers (an answer was given, or the screen is left);
 * - `judge(trial, body)` (optional): the result the server will give `body`, built at the tap from
 *   what the trial serves for judging (its `judging`), in the response's shape (sent beside the
 *   answer as `shown`); null when the trial cannot tell (the result then waits for the response);
 * - `show(result, trial, body)`: the server's judgement, for the trial's `session.feedbackSeconds`;
 * - `hides()` (optional): the feedback time is over;
 * - `keys` (optional): a keydown handler for the kind's own keys; returns true when it took the key
 *   (the MIDI keys of a trial whose `session.midi.keys` names answers are the loop's own);
 * - `leave()` (optional): let go of what `prepare` took;
 * - `ends(trial)` (optional): true when the trial drawn after an answer says the training is over
 *   (a measurement run finished); the loop stops there and the kind shows what comes next.
 */
export function trainingLoop({ navigate, account, noTrialsOffline }, kind) {
  const element = document.getElementById(kind.screen);
  let session = 0; // bumped whenever training stops, so callbacks of a dropped trial do nothing
  let discipline = null;
  /** The assignment task trained (its trials drawn with its settings), or null for the user's own training. */
  let task = null;
  let current = null; // { trial, played }
  let watchedContext = null;
  let leaveKeys = () => {}; // stops the MIDI keys of the trial answered now, when the screen is left
  /** Whose reserve: trials drawn under one account are answered under it only. */
  const owner = () => account?.().user?.id ?? null;

  const title = document.getElementById(element.getAttribute('aria-labelledby'));
  const nameScreen = () => {
    const entry = declared(discipline);
    if (!entry || !title) return;
    delete title.dataset.i18n;
    title.textContent = disciplineName(entry);
  };
  document.addEventListener('languagechange', nameScreen);

  const isCurrent = (id) => id === session;
  const mark = (marks) => { for (const [name, time] of Object.entries(marks)) element.dataset[name] = String(time); };

  function stopQuietly(id, reason) {
    console.warn('training stopped:', reason);
    if (!isCurrent(id)) return;
    if (reason instanceof ReserveEmpty) noTrialsOffline?.();
    navigate('#/');
  }

  // A suspended or closed audio context means no sound: training stops.
  function onContextStateChange() {
    if (watchedContext.state !== 'running') stopQuietly(session, `audio context ${watchedContext.state}`);
  }

  async function runningContext() {
    const context = realtimeContext();
    if (context.state !== 'running') await context.resume();
    if (context.state !== 'running') throw new Error(`audio context ${context.state}`);
    if (watchedContext !== context) {
      watchedContext = context;
      context.addEventListener('statechange', onContextStateChange);
    }
    return context;
  }

  /**
   * The server's next trial (the reserve is topped up meanwhile when it runs low) or, while the
   * server cannot be reached (no HTTP status), the reserve's next. `answered`: the last answer's
   * delivery, whose response carries the next trial when it arrived at once.
   */
  async function nextTrial(answered = Promise.resolve(null)) {
    try {
      // A next trial drawn for another task than this one (the retry of an answer whose trial the
      // server no longer holds draws the user's own) is not played.
      const next = (await answered.catch(() => null))?.next;
      const trial = next && (next.task ?? null) === task ? next : await api.nextTrial(discipline, task);
      reserve.refill(owner(), discipline, task);
      return trial;
    } catch (error) {
      if (error.status !== undefined) throw error;
      const reserved = await reserve.take(owner(), discipline, task);
      if (!reserved) throw new ReserveEmpty('no reserved trials left');
      return reserved;
    }
  }

  /** Plays `trial` from `startAt` (or as soon as it can) until it is answered: resolves with the answer's body. */
  async function play(trial, id, startAt) {
    const context = await runningContext();
    const loaded = await kind.load(trial);
    if (!isCurrent(id)) return null;
    const start = Math.max(startAt, context.currentTime + LEAD_SECONDS);
    const played = kind.play(context, trial, start, loaded);
    current = { trial, played };
    mark(played.marks ?? {});
    const heard = () => !isCurrent(id);
    if (!(await untilAudible(context, start, heard))) return null;
    kind.starts(trial, played);
    if (!(await untilAudible(context, start + trial.session.answersOpenSeconds, heard))) return null;
    mark({ enabledAt: audibleTime(context) });
    return new Promise((resolve) => {
      let given = false;
      let stopKeys = () => {};
      const answer = (body) => {
        if (given || !isCurrent(id)) return;
        given = true;
        stopKeys();
        kind.closes();
        played.stop();
        resolve(body);
      };
      kind.opens(trial, played, answer);
      // A MIDI key answers what the server says it answers (session.midi.keys: the value of the
      // answer's `answer` field); a key that answers nothing is ignored.
      const keys = trial.session.midi?.keys;
      if (keys && !given) {
        stopKeys = onMidiNote(({ note }) => { if (keys[note]) answer({ answer: keys[note] }); });
        leaveKeys = stopKeys;
      }
    });
  }

  /** One trial after another, each starting when the last one's feedback time is over. */
  async function train(id) {
    let startAt = 0;
    let trial = await nextTrial();
    while (isCurrent(id)) {
      const body = await play(trial, id, startAt);
      if (body === null || !isCurrent(id)) return;
      // A choice's result came with the trial, judged by the server, and a kind that judges from
      // what its trial serves judges now: shown at the tap. Any other waits for the response
      // (which carries the next trial beside it).
      const judged = trial.outcomes?.find((outcome) => outcome.answer === body.answer)?.result
        ?? kind.judge?.(trial, body) ?? null;
      // Sent in the background, with what was shown: the server judges it again, stores its own
      // judgement and logs where the two differ, and draws the next trial only after its chain
      // took this answer.
      const answered = api.answerTrial(trial.id, judged ? { ...body, shown: judged } : body);
      answered.catch((error) => {
        // Refused by the server (the trial expired): nothing to keep, training goes on.
        console.warn('answer refused:', error);
      });
      const result = judged ?? (await answered.catch(() => null));
      if (!isCurrent(id)) return;
      const context = realtimeContext();
      // Null (an answer by value kept for delivery once the server is back, or refused): training
      // goes on without feedback. Counted from what is heard now, not from the clock, which runs
      // one output delay ahead: the next sound is heard when the feedback's time is over, not that
      // delay later (on Bluetooth headphones a fifth of a second).
      const feedbackEnd = audibleTime(context) + (result ? trial.session.feedbackSeconds : 0);
      if (result) kind.show(result, trial, body);
      mark({ feedbackEnd, answered: trial.id });
      trial = await nextTrial(answered);
      if (!isCurrent(id)) return;
      // The last answer's feedback goes at its time also when the training ends here.
      untilAudible(context, feedbackEnd, () => !isCurrent(id)).then((reached) => reached && kind.hides?.());
      if (kind.ends?.(trial)) return;
      mark({ nextReadyAt: context.currentTime });
      startAt = feedbackEnd;
    }
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') navigate('#/');
    else if (!kind.keys?.(event)) return;
    event.preventDefault();
  }

  return {
    element,
    /** `chosenTask`: an assignment task to train, from Start (null: the user's own training). */
    async show(chosen, chosenTask = null) {
      discipline = chosen;
      task = chosenTask;
      const id = ++session;
      document.addEventListener('keydown', onKey);
      kind.enter(discipline);
      nameScreen();
      try {
        // Resumed first, still close to the tap that opened the screen.
        await runningContext();
        if (kind.prepare && !(await kind.prepare(() => isCurrent(id)))) return;
        if (isCurrent(id)) await train(id);
      } catch (error) {
        stopQuietly(id, error);
      }
    },
    /** Leaving drops the unfinished trial: it was never answered, so nothing is stored. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      current?.played.stop();
      current = null;
      leaveKeys();
      kind.closes();
      kind.hides?.();
      kind.leave?.();
    },
  };
}
