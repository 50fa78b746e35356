"""The screen check's eyes: one script, run in the page, that lists what a new user would see wrong
on the screen as it is now, and the page-side helpers that hold a fleeting state (feedback) still
long enough to look at it. Used by test_screen_check.py.

What the script reports, each as one line:
  (a) a visible element reaching past the emulated width (under device emulation the page's own
      width grows with its content, so only the emulated width tells), and content hidden behind a
      sideways scroll no hint beside it marks (.swipe-hint) or cut off by an ancestor that clips (a
      table, a chart's label);
  (b) a control clipped by an ancestor, and a control or text outside the card (fieldset, dialog,
      any box with a background or a border all round) it belongs to;
  (c) an overlay (feedback, the "answers waiting" note, a chart's popup, anything fixed) over an
      enabled control, drawn without a backdrop across any control, or hiding a control's label —
      also with the page scrolled to the end, where a note fixed to the bottom lands on the last
      button;
  (d) on a German page: English text, from the English table or from the server, English words,
      and numbers with a decimal point;
  (e) a percentage outside 0–100 % (a signed change, "−18 %", only at −100 % or below);
  (f) a target smaller than 44 × 44 px; inside an element marked `data-narrow-targets="N"` (the
      piano of Play it Back: fifteen white keys must fit a phone) a target may be N px wide, never
      less, and is still 44 px tall;
  (g) a sparkline narrower than 60 px (a line squeezed to a few pixels says nothing);
  (h) a string key the page's tables do not have (data-i18n, data-i18n-aria-label).
And, with ERRORS (installed before the page loads) and the walk in test_screen_check.py:
  (i) an error in the page's console, an uncaught error or a rejected promise nobody handled;
  (j) an answer control that moves between a trial and its feedback.
"""

# English words that a German page never needs. Any that a German table string uses is dropped in
# the page, so a German loanword there cannot raise a false alarm.
ENGLISH_WORDS = sorted(set("""
the and with your you wrong password passwords not yet enough answer answers waiting saved save
correct incorrect higher lower sign signed leave left joined join teacher students classes class
profile settings back early late tap done sing compare timing fill gap threshold trials never last
activity days hours week hour please try again too many or of to is are this that what which here
there from for than when must cannot can't microphone allow denied sharp flat cents interval pitch
matching rhythm calibrate calibration listen now hold steady error failed unknown found by on at
mean spread hits change current new create summary time slider sine wave range lowest highest
duration loudness variation export import reset delete cancel close version developer
""".split()))

CHECK = r"""
const done = arguments[arguments.length - 1];
const [W, H, options] = arguments;
(async () => {
  const TOL = 1;
  const styles = new Map();
  const style = (e) => { let s = styles.get(e); if (!s) { s = getComputedStyle(e); styles.set(e, s); } return s; };
  const short = (text, n = 48) => { const t = String(text).replace(/\s+/g, ' ').trim(); return t.length > n ? t.slice(0, n - 1) + '…' : t; };
  const className = (e) => (typeof e.className === 'string' ? e.className : e.className?.baseVal ?? '').trim();
  const describe = (e) => {
    let d = e.tagName.toLowerCase();
    if (e.id) d += '#' + e.id;
    else if (className(e)) d += '.' + className(e).split(/\s+/).join('.');
    const words = short((isSvg(e) ? e.textContent : e.innerText) || e.getAttribute('aria-label') || '', 40);
    return words ? `${d} "${words}"` : d;
  };
  const px = (v) => Math.round(v);
  const alpha = (color) => {
    if (!color || color === 'transparent') return 0;
    const m = color.match(/^rgba?\(([^)]*)\)$/);
    if (!m) return 1;
    const parts = m[1].split(/[\s,\/]+/).filter(Boolean);
    return parts.length > 3 ? parseFloat(parts[3]) : 1;
  };
  const hiddenByClip = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      if ((s.position === 'absolute' || s.position === 'fixed') && s.clip && s.clip !== 'auto') return true;
      if (s.clipPath && s.clipPath !== 'none') return true;
    }
    return false;
  };
  const transparent = (e) => {
    for (let a = e; a; a = a.parentElement) if (parseFloat(style(a).opacity) === 0) return true;
    return false;
  };
  const rendered = (e) => {
    if (!e.getClientRects().length) return false;
    if (style(e).visibility !== 'visible' || transparent(e) || hiddenByClip(e)) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const CONTROL = 'button, a[href], input:not([type=hidden]), select, textarea, [role=slider]';
  const isControl = (e) => e.matches(CONTROL);
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'BR', 'OPTION', 'OPTGROUP', 'WBR']);
  const isSvg = (e) => e instanceof SVGElement;
  const elements = [...document.body.querySelectorAll('*')].filter((e) => !SKIP.has(e.tagName)
    && (!isSvg(e) || (e.tagName === 'svg' && !isSvg(e.parentElement)) || e.tagName === 'text'));
  const visible = elements.filter(rendered);
  const content = (e) => isControl(e) || ownText(e) || e.tagName === 'text' || e.tagName === 'IMG';
  const modal = document.querySelector('dialog[open]:modal');
  const problems = [];
  const union = (rects) => {
    const list = [...rects].filter((r) => r.width > 0 && r.height > 0);
    if (!list.length) return null;
    return { left: Math.min(...list.map((r) => r.left)), top: Math.min(...list.map((r) => r.top)),
      right: Math.max(...list.map((r) => r.right)), bottom: Math.max(...list.map((r) => r.bottom)) };
  };
  const ink = (e) => { const range = document.createRange(); range.selectNodeContents(e); return union(range.getClientRects()) ?? e.getBoundingClientRect(); };
  const textBox = (e) => {
    const rects = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange(); range.selectNodeContents(n); rects.push(...range.getClientRects());
    }
    return union(rects);
  };
  const limited = (list, describeOne, n = 5) =>
    list.slice(0, n).map(describeOne).join('; ') + (list.length > n ? `; and ${list.length - n} more` : '');

  // Boxes that cut what they hold: overflow other than visible (html and body scroll the page).
  const clipBox = (a) => {
    const r = a.getBoundingClientRect();
    const left = r.left + (a.clientLeft || 0), top = r.top + (a.clientTop || 0);
    return { left, top, right: left + (a.clientWidth || r.width), bottom: top + (a.clientHeight || r.height) };
  };
  const clippersOf = (e) => {
    const list = [];
    for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const s = style(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') list.push(a);
    }
    return list;
  };

  // (a) and (b): past the screen's edge, behind a scroll, cut off.
  const cut = new Map();
  const beyond = [];
  for (const e of visible) {
    const r = e.getBoundingClientRect();
    const clippers = clippersOf(e);
    let reported = false;
    if (content(e)) {
      for (const c of clippers) {
        const b = clipBox(c), s = style(c);
        const scrolls = ['auto', 'scroll'].includes(s.overflowX);
        const outX = r.left < b.left - TOL || r.right > b.right + TOL;
        const outY = ['hidden', 'clip'].includes(s.overflowY) && (r.top < b.top - TOL || r.bottom > b.bottom + TOL);
        if (!outX && !outY) continue;
        const fullyOut = r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom;
        // A chart moves its labels out of its view on purpose; one cut in half is a cut name.
        if (isSvg(c) && fullyOut) { reported = true; break; }
        if (!cut.has(c)) cut.set(c, { scrolls, box: b, items: [] });
        cut.get(c).items.push([e, r]);
        reported = true;
        break;
      }
    }
    if (reported) continue;
    let right = r.right, left = r.left;
    for (const c of clippers) { const b = clipBox(c); right = Math.min(right, b.right); left = Math.max(left, b.left); }
    if (right > W + TOL || left < -TOL) beyond.push([e, r]);
  }
  const beyondSet = new Set(beyond.map(([e]) => e));
  const outermost = beyond.filter(([e]) => !beyondSet.has(e.parentElement));
  if (outermost.length) {
    problems.push(`(a) past the ${W} px screen: ` + limited(outermost,
      ([e, r]) => `${describe(e)} spans x ${px(r.left)}–${px(r.right)}`));
  }
  // A sideways scroll is marked by a visible hint beside it (.swipe-hint): the user is told to swipe.
  const marked = (c) => [...(c.parentElement?.children ?? [])].some((e) => e.matches('.swipe-hint') && rendered(e));
  for (const [c, { scrolls, box, items }] of cut) {
    if (scrolls && marked(c)) continue;
    const controls = items.filter(([e]) => isControl(e));
    const what = scrolls
      ? `(a) hidden behind an unmarked sideways scroll in ${describe(c).split(' ')[0]} (x ${px(box.left)}–${px(box.right)})`
      : `(${controls.length ? 'b' : 'a'}) cut off by ${describe(c).split(' ')[0]} (box x ${px(box.left)}–${px(box.right)}, y ${px(box.top)}–${px(box.bottom)})`;
    problems.push(`${what}: ` + limited(items, ([e, r]) => `${describe(e)} at x ${px(r.left)}–${px(r.right)}, y ${px(r.top)}–${px(r.bottom)}`));
  }

  // (b) Outside its card: a fieldset, a dialog, or any box with a background or a full border.
  const isCard = (a) => a.tagName === 'FIELDSET' || a.tagName === 'DIALOG' || alpha(style(a).backgroundColor) > 0.05
    || ['Top', 'Right', 'Bottom', 'Left'].every((side) => parseFloat(style(a)[`border${side}Width`]) > 0
      && style(a)[`border${side}Style`] !== 'none' && alpha(style(a)[`border${side}Color`]) > 0.05);
  const cardOf = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a.matches('main, .screen')) return null;
      if (isCard(a)) return a;
    }
    return null;
  };
  const outside = [];
  const reportedCut = new Set([...cut.values()].flatMap(({ items }) => items.map(([e]) => e)));
  for (const e of visible) {
    if (!content(e) || reportedCut.has(e) || beyondSet.has(e)) continue;
    const card = cardOf(e);
    if (!card) continue;
    const r = e.getBoundingClientRect(), b = card.getBoundingClientRect();
    if (r.left < b.left - TOL || r.right > b.right + TOL || r.top < b.top - TOL || r.bottom > b.bottom + TOL) {
      outside.push([e, r, card, b]);
    }
  }
  // A control is the card of its own label: a label wider than its button spills out of it.
  const spilled = [];
  for (const c of visible.filter(isControl)) {
    if (reportedCut.has(c) || beyondSet.has(c) || c.tagName === 'SELECT' || c.tagName === 'INPUT') continue;
    const label = textBox(c);
    const b = c.getBoundingClientRect();
    if (label && (label.left < b.left - TOL || label.right > b.right + TOL || label.top < b.top - TOL || label.bottom > b.bottom + TOL)) {
      spilled.push([c, label, b]);
    }
  }
  if (spilled.length) {
    problems.push('(b) a label spills out of its control: ' + limited(spilled, ([c, r, b]) =>
      `${describe(c)} is x ${px(b.left)}–${px(b.right)}, y ${px(b.top)}–${px(b.bottom)}, its label x ${px(r.left)}–${px(r.right)}, y ${px(r.top)}–${px(r.bottom)}`));
  }
  if (outside.length) {
    problems.push('(b) outside its card: ' + limited(outside, ([e, r, card, b]) =>
      `${describe(e)} at x ${px(r.left)}–${px(r.right)}, y ${px(r.top)}–${px(r.bottom)} outside ${describe(card).split(' ')[0]} `
      + `(x ${px(b.left)}–${px(b.right)}, y ${px(b.top)}–${px(b.bottom)})`));
  }
  // And the page's own width, once: what a user pans sideways.
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > W + TOL) problems.push(`(a) the page is ${pageWidth} px wide on a ${W} px screen`);

  // (c) Overlays over controls.
  const enabled = (c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true' && !c.closest('[inert], fieldset:disabled')
    && style(c).pointerEvents !== 'none';
  const overlaps = (a, b) => a && b && Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const opaque = (e) => alpha(style(e).backgroundColor) >= 0.9 || (style(e).backdropFilter ?? 'none') !== 'none';
  const overlays = visible.filter((e) => !isSvg(e) && (e.matches('.feedback.visible, .pending-answers, .chart-popup')
    || (style(e).position === 'fixed' && e.tagName !== 'DIALOG' && !e.closest('dialog'))));
  const controls = visible.filter(isControl);
  const overlayProblems = new Set();
  const overlayPass = (where, only = overlays) => {
    for (const o of only) {
      if (!rendered(o)) continue;
      const drawn = opaque(o) ? o.getBoundingClientRect() : ink(o);
      for (const c of controls) {
        if (o.contains(c) || c.contains(o) || (modal && !modal.contains(c))) continue;
        const r = c.getBoundingClientRect();
        if (!overlaps(drawn, r)) continue;
        const label = textBox(c);
        let problem = null;
        if (enabled(c)) problem = `covers ${describe(c)}, which is enabled`;
        else if (!opaque(o)) problem = `has no backdrop and is drawn across ${describe(c)}`;
        else if (overlaps(drawn, label)) problem = `hides the label of ${describe(c)}`;
        if (problem) overlayProblems.add(`(c) ${describe(o)} ${problem}${where}`);
      }
    }
  };
  // A note that stays (not a moment's feedback) is looked at where the page opens and at its end:
  // fixed to the bottom, it lands on whatever control is there.
  const staying = overlays.filter((o) => style(o).position === 'fixed' && !o.matches('.feedback'));
  const scrolls = document.documentElement.scrollHeight > window.innerHeight + 1;
  overlayPass('', scrolls ? overlays.filter((o) => !staying.includes(o)) : overlays);
  if (staying.length && scrolls) {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    overlayPass(' (at the top of the page)', staying);
    window.scrollTo(0, document.documentElement.scrollHeight);
    overlayPass(' (page scrolled to the end)', staying);
    window.scrollTo(0, y);
  }
  problems.push(...overlayProblems);

  // Every text a reader meets: visible text nodes (chart labels too), names for screen readers,
  // a visible select's options.
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\s+/g, ' ').trim();
    const parent = n.parentElement;
    if (!text || !parent || SKIP.has(parent.tagName) || parent.closest('template, script, style, select')) continue;
    if (!rendered(parent)) continue;
    texts.push([text, 'text']);
  }
  for (const e of visible) {
    const label = e.getAttribute('aria-label');
    if (label) texts.push([label.replace(/\s+/g, ' ').trim(), 'aria-label']);
    if (e.tagName === 'SELECT') for (const option of e.options) texts.push([option.textContent.trim(), 'option']);
  }

  // (d) A German page in German.
  if (options.language === 'de') {
    const { _tables: tables } = await import('/js/i18n/i18n.js');
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const toPattern = (v) => new RegExp('^' + v.split(/\{\w+\}/).map(escape).join('.+') + '$', 's');
    const letters = (v) => v.replace(/\{\w+\}/g, '').replace(/[^A-Za-zÄÖÜäöüß]/g, '');
    const german = Object.values(tables.de).map(toPattern);
    const english = Object.entries(tables.en).filter(([k, v]) => v !== tables.de[k] && letters(v).length >= 3)
      .map(([k, v]) => [k, toPattern(v)]);
    const germanWords = new Set(Object.values(tables.de).flatMap((v) => v.toLowerCase().split(/[^a-zäöüß']+/)));
    const words = new Set(options.englishWords.filter((w) => !germanWords.has(w)));
    const names = new Set(options.names.map((n) => n.toLowerCase()));
    const found = new Map();
    for (const [text, where] of texts) {
      if (names.has(text.toLowerCase())) continue;
      const bare = text.replace(/^[↗↘→↑↓•]\s*/, '');
      const key = english.find(([, p]) => p.test(bare));
      if (key && !german.some((p) => p.test(bare))) { found.set(text, `"${short(text, 70)}" (${where}; English table: ${key[0]})`); continue; }
      // A word with a digit in it is a code ("3RV2-5GAP"), not English.
      const english_ = bare.toLowerCase().split(/[^a-z0-9']+/)
        .filter((w) => !/\d/.test(w) && words.has(w) && !names.has(w));
      if (english_.length) { found.set(text, `"${short(text, 70)}" (${where}; English: ${[...new Set(english_)].join(', ')})`); continue; }
      if (/(^|[^\d.,])\d+\.\d+\s?(¢|ms|%|Hz|dB|BPM|s\b)/.test(bare)) found.set(text, `"${short(text, 70)}" (${where}; a decimal point, German writes a comma)`);
    }
    if (found.size) problems.push('(d) English on a German page: ' + [...found.values()].slice(0, 8).join('; ')
      + (found.size > 8 ? `; and ${found.size - 8} more` : ''));
  }

  // (e) Percentages between 0 and 100. A change is written with its sign (formatPercent's "−18 %",
  // "+5 %": how far the threshold moved, issue 49): it may exceed 100 % upwards, never fall by 100 %.
  const percents = new Set();
  for (const [text] of texts) {
    for (const m of text.matchAll(/(?:^|[\s(])([−+-])?(\d+(?:[.,]\d+)?)\s?%/g)) {
      const value = parseFloat(m[2].replace(',', '.')) * (m[1] === '−' || m[1] === '-' ? -1 : 1);
      const change = m[1] === '−' || m[1] === '+';
      if (change ? value <= -100 : value < 0 || value > 100) percents.add(`"${short(text, 70)}"`);
    }
  }
  if (percents.size) problems.push('(e) a percentage outside 0–100 %: ' + [...percents].join('; '));

  // (f) Targets of at least 44 × 44 px.
  const small = visible.filter((e) => !isSvg(e) && e.matches(CONTROL + ', [tabindex]')).map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < Number(e.closest('[data-narrow-targets]')?.dataset.narrowTargets ?? 44) - 0.5 || r.height < 44 - 0.5);
  if (small.length) problems.push('(f) targets under 44 × 44 px: ' + limited(small, ([e, r]) => `${describe(e)} ${px(r.width)}×${px(r.height)}`, 8));

  // (g) Sparklines wide enough to read.
  const narrow = visible.filter((e) => e.tagName === 'svg' && e.classList.contains('sparkline'))
    .map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width < 60 - 0.5);
  if (narrow.length) problems.push('(g) sparklines under 60 px wide: ' + limited(narrow, ([e, r]) => `${describe(e.parentElement)} ${px(r.width)} px`));

  // (h) Every key the page asks for is in its tables.
  const { hasString } = await import('/js/i18n/i18n.js');
  const keys = new Set();
  for (const e of document.querySelectorAll('[data-i18n]')) keys.add(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-aria-label]')) keys.add(e.dataset.i18nAriaLabel);
  const missing = [...keys].filter((key) => !hasString(key));
  if (missing.length) problems.push('(h) string keys missing from the tables: ' + missing.slice(0, 8).join(', '));
  return problems;
})().then(done, (error) => done([`the check itself failed: ${error}`]));
"""

# The audio clock, held still: every trainer in the page times its steps on the shared AudioContext's
# currentTime (untilAudible), so a still clock keeps the feedback of the moment on screen, the buttons
# as they were, and the next trial waiting. `suspend` also stops the context (the microphone's
# detector runs on it), for Sing It while it listens.
HOLD = r"""
const done = arguments[arguments.length - 1];
const [what, id, value, suspend] = arguments;
import('/js/audio/audio.js').then(({ realtimeContext }) => {
  const context = realtimeContext();
  const holder = window.__screenCheckHold ??= {};
  holder.release?.();
  holder.held = false;
  const reached = () => {
    const element = document.getElementById(id);
    return what === 'class' ? element.classList.contains(value) : element.dataset[what] === value;
  };
  const hold = () => {
    if (holder.held) return;
    const now = context.currentTime;
    Object.defineProperty(context, 'currentTime', { configurable: true, get: () => now });
    if (suspend) context.suspend();
    holder.held = true;
    observer.disconnect();
  };
  const observer = new MutationObserver(() => { if (reached()) hold(); });
  observer.observe(document.getElementById(id), { attributes: true });
  holder.release = () => {
    observer.disconnect();
    if (Object.prototype.hasOwnProperty.call(context, 'currentTime')) delete context.currentTime;
    if (context.state === 'suspended' && holder.held) context.resume();
    holder.held = false;
  };
  if (reached()) hold();
  done(true);
});
"""

RELEASE = "window.__screenCheckHold?.release?.(); return true;"
HELD = "return window.__screenCheckHold?.held === true;"

# Answers that wait for the server: put straight into the answer queue's IndexedDB store (see
# js/offline/answer-queue.js); with the answer routes blocked they stay there and the page shows the note.
PENDING = r"""
const done = arguments[arguments.length - 1];
const [count] = arguments;
// No version: the page's own (js/offline/local-store.js) when it made the database, 1 when this makes it.
const request = indexedDB.open('peach');
request.onupgradeneeded = () => request.result.createObjectStore('pendingAnswers', { keyPath: 'key' });
request.onerror = () => done(String(request.error));
request.onsuccess = () => {
  const db = request.result;
  const transaction = db.transaction('pendingAnswers', 'readwrite');
  const store = transaction.objectStore('pendingAnswers');
  store.clear();
  for (let index = 0; index < count; index += 1) {
    store.put({ key: `screen-check-${index}`, path: `trials/screen-check-${index}/answer`, body: { answer: 'higher' },
      answeredAt: Date.now() - 60000 * (index + 1) });
  }
  transaction.oncomplete = () => { db.close(); done(true); };
  transaction.onerror = () => done(String(transaction.error));
};
"""


# (i) Errors in the page, kept from its first script on (added before every document): console.error,
# uncaught errors and unhandled rejections. READ_ERRORS returns them and starts a new list.
ERRORS = r"""
(() => {
  if (window.__screenCheckErrors) return;
  window.__screenCheckErrors = [];
  const keep = (text) => window.__screenCheckErrors.push(String(text).slice(0, 200));
  const error = console.error.bind(console);
  console.error = (...args) => { keep(args.map(String).join(' ')); error(...args); };
  window.addEventListener('error', (event) => keep(event.message || event.error));
  window.addEventListener('unhandledrejection', (event) => keep(`unhandled rejection: ${event.reason?.message ?? event.reason}`));
})();
"""
READ_ERRORS = "const errors = window.__screenCheckErrors ?? []; window.__screenCheckErrors = []; return errors;"

# (j) Where the answer controls are: compared between a trial and its feedback.
# In the page's coordinates: where the page is scrolled to is the user's, not the layout moving.
ANSWER_BOXES = r"""
return Object.fromEntries([...document.querySelectorAll('.screen:not([hidden]) .answer-buttons button')]
  .filter((b) => b.getClientRects().length).map((b) => {
    const r = b.getBoundingClientRect();
    return [b.id || b.textContent.trim(), [Math.round(r.left + scrollX), Math.round(r.top + scrollY), Math.round(r.width), Math.round(r.height)]];
  }));
"""
