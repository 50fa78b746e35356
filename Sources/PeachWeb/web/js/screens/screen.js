import { translate } from '../i18n/i18n.js';

/**
 * Adds a screen's markup to the page and translates it: each screen module owns its DOM, and
 * index.html is only the shell (the status line, the announcer). The markup is one element, the
 * screen's `<section class="screen">`, and may be followed by what belongs to it outside the
 * section (Start's info dialog). Returns the section.
 */
export function addScreen(markup) {
  const template = document.createElement('template');
  template.innerHTML = markup.trim();
  const element = template.content.firstElementChild;
  translate(template.content);
  document.getElementById('app').append(template.content);
  return element;
}
