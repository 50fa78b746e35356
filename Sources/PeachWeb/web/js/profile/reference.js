import { addStrings } from '../i18n/i18n.js';

/**
 * Where a pitch threshold stands among listeners, from the literature, so that "12 ¢" means
 * something: a short line beside a threshold (`reference.pitch`) and the full sources for Info.
 * The figures are each study's own: Arndt et al. measured at 528 Hz, so the line says so.
 */
addStrings({
  en: {
    'reference.pitch': 'For comparison: in one study near 528 Hz, musicians heard about 10 ¢ and listeners without musical training about 38 ¢ (Arndt et al. 2020; see Info).',
    'reference.sources': 'Sources',
    'reference.arndt': 'Arndt, Schlemmer & van der Meer (2020), Experimental Brain Research 238, 247–258. 50 musicians and 50 non-musicians at 528 Hz: thresholds of about 3.1 Hz (10 ¢) and 11.8 Hz (38 ¢).',
    'reference.micheyl': 'Micheyl, Delhommeau, Perrot & Oxenham (2006), Hearing Research 219, 36–47. Non-musicians’ thresholds were at first more than six times the musicians’; other non-musicians reached the musicians’ thresholds after 4 to 8 hours of practice.',
  },
  de: {
    'reference.pitch': 'Zum Vergleich: In einer Studie hörten Musiker um 528 Hz etwa 10 ¢, Hörer ohne musikalische Ausbildung etwa 38 ¢ (Arndt u.\u00a0a. 2020; siehe Info).',
    'reference.sources': 'Quellen',
    'reference.arndt': 'Arndt, Schlemmer & van der Meer (2020), Experimental Brain Research 238, 247–258. 50 Musiker und 50 Nichtmusiker bei 528 Hz: Schwellen von etwa 3,1 Hz (10 ¢) und 11,8 Hz (38 ¢).',
    'reference.micheyl': 'Micheyl, Delhommeau, Perrot & Oxenham (2006), Hearing Research 219, 36–47. Die Schwellen der Nichtmusiker waren anfangs mehr als sechsmal so groß wie die der Musiker; andere Nichtmusiker erreichten die Schwellen der Musiker nach 4 bis 8 Stunden Übung.',
  },
});

/** The key of the line that sets a pitch threshold beside the literature's. */
export const PITCH_REFERENCE = 'reference.pitch';
