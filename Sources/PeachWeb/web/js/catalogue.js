// The disciplines this server offers, as it declares them (GET /api/disciplines): Start, Settings
// and the training routes are drawn from this list, so a new kind of training needs no edit here.
// Imported as a JSON module, it is loaded with the scripts, before any screen is drawn.
import served from '/api/disciplines' with { type: 'json' };
import { language } from './i18n/i18n.js';

/** Every discipline the server knows, offered here or not. */
export function allDisciplines() {
  return served.disciplines;
}

/** Every discipline offered here, in the server's order. */
export function disciplines() {
  return served.disciplines.filter((entry) => entry.offered !== false);
}

export function discipline(id) {
  return disciplines().find((entry) => entry.id === id) ?? null;
}

/** Its name in the page's language (the server names each discipline in every language). */
export function disciplineName(entry) {
  return entry.names[language()] ?? entry.names.en;
}

/** The name of any discipline the server knows, by its id: an assignment's task may train one not offered here. */
export function nameOf(id) {
  const entry = allDisciplines().find((each) => each.id === id);
  return entry ? disciplineName(entry) : id;
}

/** The hash of a discipline's training screen. */
export function trainingHash(id) {
  return `#/train/${id}`;
}
