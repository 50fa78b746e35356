import { api } from '../api.js';
import { addStrings, t } from '../i18n/i18n.js';
import { useStylesheet } from '../stylesheet.js';
import { addScreen } from './screen.js';

// The menu paths are the systems' own words in each language, so a user finds them as written.
// `peach phone` says the same steps in the terminal (Sources/peach/PhoneGuide.swift).
addStrings({
  en: {
    'phone.title': 'Use Peach on your phone',
    'phone.open': 'Use Peach on your phone',
    'phone.intro': 'Peach runs on this computer; a phone or tablet on the same network opens it in its browser, trains offline once added to its home screen, and its answers are kept here.',
    'phone.loopback': 'Peach serves this computer only, so a phone cannot reach it.',
    'phone.loopbackHow': 'To serve your network, stop Peach and start it again with:',
    'phone.loopbackThen': 'Then open this page again: it shows the address to open and a QR code to scan.',
    'phone.addressTitle': 'Open this address on the phone',
    'phone.scan': 'Scan the code with the phone’s camera, or type the address.',
    'phone.localName': 'Its name on your network: it stays the same when the address changes.',
    'phone.address': 'Its address now: it may change.',
    'phone.addressOnly': 'Its address now (no .local name is announced: Avahi does not run, so the address may change).',
    'phone.codeLabel': 'QR code of {url}',
    'phone.trustTitle': '1. Trust Peach once on each device',
    'phone.trustWhy': 'Peach is its own small certificate authority, valid only for local names (localhost, .local) and private addresses, so trusting it trusts nothing else. A phone needs it for Peach to open without a warning, to install and to train offline.',
    'phone.download': 'Download Peach’s certificate',
    'phone.fingerprint': 'Its SHA-256 fingerprint: {fingerprint}',
    'phone.warnOnce': 'The browser warns once when it downloads the certificate: it does not trust Peach yet.',
    'phone.iphone': 'iPhone, iPad',
    'phone.iphone1': 'Open {ca} in Safari and allow the configuration profile to be downloaded.',
    'phone.iphone2': 'Settings › General › VPN & Device Management › “{name}” › Install.',
    'phone.iphone3': 'Settings › General › About › Certificate Trust Settings: turn on full trust for “{name}”.',
    'phone.android': 'Android',
    'phone.android1': 'Open {ca} in Chrome: it downloads peach-ca.crt.',
    'phone.android2': 'Settings › Security › More security settings (or Encryption & credentials) › Install a certificate › CA certificate, then choose peach-ca.crt.',
    'phone.desktop': 'Computers',
    'phone.firefox': 'Firefox: Settings › Privacy & Security › Certificates › View Certificates › Authorities › Import, and tick “Trust this CA to identify websites”.',
    'phone.chrome': 'Chrome, Edge: Settings › Privacy and security › Security › Manage certificates: import it as a trusted certificate authority.',
    'phone.safari': 'Safari on a Mac: open peach-ca.crt in Keychain Access, then Trust › Always Trust.',
    'phone.homeTitle': '2. Add Peach to the home screen',
    'phone.homeWhy': 'Open the address (or scan the code): Peach opens with no warning. Added to the home screen, it opens like an app and trains offline too.',
    'phone.homeIphone': 'iPhone, iPad: Safari › Share › Add to Home Screen.',
    'phone.homeAndroid': 'Android: Chrome › ⋮ › Install app (or Add to Home screen).',
    'phone.unavailable': 'Peach could not say where it serves. Try again in a moment.',
  },
  de: {
    'phone.title': 'Peach auf dem Handy',
    'phone.open': 'Peach auf dem Handy nutzen',
    'phone.intro': 'Peach läuft auf diesem Computer; ein Handy oder Tablet im selben Netzwerk öffnet es im Browser, übt auch ohne Netz, sobald es auf dem Home-Bildschirm liegt, und seine Antworten werden hier gespeichert.',
    'phone.loopback': 'Peach ist nur auf diesem Computer erreichbar, ein Handy erreicht es nicht.',
    'phone.loopbackHow': 'Damit es im Netzwerk erreichbar ist, beende Peach und starte es so neu:',
    'phone.loopbackThen': 'Öffne dann diese Seite noch einmal: Sie zeigt die Adresse und einen QR-Code zum Scannen.',
    'phone.addressTitle': 'Diese Adresse auf dem Handy öffnen',
    'phone.scan': 'Scanne den Code mit der Kamera des Handys oder tippe die Adresse ein.',
    'phone.localName': 'Sein Name im Netzwerk: Er bleibt gleich, wenn sich die Adresse ändert.',
    'phone.address': 'Seine Adresse jetzt: Sie kann sich ändern.',
    'phone.addressOnly': 'Seine Adresse jetzt (kein .local-Name angekündigt: Avahi läuft nicht, die Adresse kann sich ändern).',
    'phone.codeLabel': 'QR-Code von {url}',
    'phone.trustTitle': '1. Peach einmal auf jedem Gerät vertrauen',
    'phone.trustWhy': 'Peach ist seine eigene kleine Zertifizierungsstelle, gültig nur für lokale Namen (localhost, .local) und private Adressen: Wer ihr vertraut, vertraut nichts anderem. Das Handy braucht sie, damit Peach ohne Warnung öffnet, sich installieren lässt und ohne Netz übt.',
    'phone.download': 'Zertifikat von Peach laden',
    'phone.fingerprint': 'Sein SHA-256-Fingerabdruck: {fingerprint}',
    'phone.warnOnce': 'Beim Laden des Zertifikats warnt der Browser einmal: Er vertraut Peach noch nicht.',
    'phone.iphone': 'iPhone, iPad',
    'phone.iphone1': 'Öffne {ca} in Safari und erlaube das Laden des Konfigurationsprofils.',
    'phone.iphone2': 'Einstellungen › Allgemein › VPN und Geräteverwaltung › „{name}“ › Installieren.',
    'phone.iphone3': 'Einstellungen › Allgemein › Info › Zertifikatsvertrauenseinstellungen: volles Vertrauen für „{name}“ einschalten.',
    'phone.android': 'Android',
    'phone.android1': 'Öffne {ca} in Chrome: Es lädt peach-ca.crt.',
    'phone.android2': 'Einstellungen › Sicherheit › Weitere Sicherheitseinstellungen (oder Verschlüsselung und Anmeldedaten) › Zertifikat installieren › CA-Zertifikat, dann peach-ca.crt wählen.',
    'phone.desktop': 'Computer',
    'phone.firefox': 'Firefox: Einstellungen › Datenschutz & Sicherheit › Zertifikate › Zertifikate anzeigen › Zertifizierungsstellen › Importieren, und „Dieser CA vertrauen, um Websites zu identifizieren“ ankreuzen.',
    'phone.chrome': 'Chrome, Edge: Einstellungen › Datenschutz und Sicherheit › Sicherheit › Zertifikate verwalten: als vertrauenswürdige Zertifizierungsstelle importieren.',
    'phone.safari': 'Safari auf dem Mac: peach-ca.crt in der Schlüsselbundverwaltung öffnen, dann Vertrauen › Immer vertrauen.',
    'phone.homeTitle': '2. Peach zum Home-Bildschirm hinzufügen',
    'phone.homeWhy': 'Öffne die Adresse (oder scanne den Code): Peach öffnet ohne Warnung. Auf dem Home-Bildschirm öffnet es wie eine App und übt auch ohne Netz.',
    'phone.homeIphone': 'iPhone, iPad: Safari › Teilen › Zum Home-Bildschirm.',
    'phone.homeAndroid': 'Android: Chrome › ⋮ › App installieren (oder Zum Startbildschirm hinzufügen).',
    'phone.unavailable': 'Peach konnte nicht sagen, wo es erreichbar ist. Versuche es gleich noch einmal.',
  },
});

await useStylesheet(new URL('./phone.css', import.meta.url));

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-phone" class="screen" aria-labelledby="phone-title" hidden>
  <header class="bar">
    <a href="#/" class="back" id="phone-back" data-i18n="nav.back"></a>
    <h1 id="phone-title" data-i18n="phone.title"></h1>
  </header>
  <div class="phone-guide">
    <p class="hint" data-i18n="phone.intro"></p>
    <p id="phone-status" class="status" role="status" hidden></p>
    <section id="phone-loopback" class="phone-card" aria-labelledby="phone-loopback-text" hidden>
      <p id="phone-loopback-text" class="phone-lead" data-i18n="phone.loopback"></p>
      <p data-i18n="phone.loopbackHow"></p>
      <pre class="phone-command"><code>peach serve --host 0.0.0.0</code></pre>
      <p data-i18n="phone.loopbackThen"></p>
    </section>
    <section id="phone-address" class="phone-card" aria-labelledby="phone-address-title" hidden>
      <h2 id="phone-address-title" data-i18n="phone.addressTitle"></h2>
      <div id="phone-code" class="phone-code"></div>
      <p class="hint" data-i18n="phone.scan"></p>
      <dl id="phone-addresses" class="phone-addresses"></dl>
    </section>
    <section id="phone-trust" class="phone-card" aria-labelledby="phone-trust-title" hidden>
      <h2 id="phone-trust-title" data-i18n="phone.trustTitle"></h2>
      <p data-i18n="phone.trustWhy"></p>
      <a id="phone-download" class="button-link" download="peach-ca.crt" data-i18n="phone.download"></a>
      <p id="phone-fingerprint" class="note"></p>
      <p class="note" data-i18n="phone.warnOnce"></p>
      <h3 data-i18n="phone.iphone"></h3>
      <ol>
        <li id="phone-iphone1"></li>
        <li id="phone-iphone2"></li>
        <li id="phone-iphone3"></li>
      </ol>
      <h3 data-i18n="phone.android"></h3>
      <ol>
        <li id="phone-android1"></li>
        <li data-i18n="phone.android2"></li>
      </ol>
      <h3 data-i18n="phone.desktop"></h3>
      <ul>
        <li data-i18n="phone.firefox"></li>
        <li data-i18n="phone.chrome"></li>
        <li data-i18n="phone.safari"></li>
      </ul>
    </section>
    <section id="phone-home" class="phone-card" aria-labelledby="phone-home-title" hidden>
      <h2 id="phone-home-title" data-i18n="phone.homeTitle"></h2>
      <p data-i18n="phone.homeWhy"></p>
      <ul>
        <li data-i18n="phone.homeIphone"></li>
        <li data-i18n="phone.homeAndroid"></li>
      </ul>
    </section>
  </div>
</section>`;

/** Where the page is opened from, with its back link's words; from anywhere else it returns to Start. */
const RETURNS = { '#/settings': 'nav.backToSettings' };

// "Use Peach on your phone", for the computer Peach runs on: the server says where it serves (its
// `.local` name first) and draws the QR code; this walks the user through trusting Peach's CA on
// the phone and adding the app to its home screen — or, on a Peach serving loopback only, says how
// to serve the network.
export function phoneScreen({ cameFrom }) {
  const element = addScreen(MARKUP);
  const back = document.getElementById('phone-back');
  const status = document.getElementById('phone-status');
  const parts = Object.fromEntries(['loopback', 'address', 'trust', 'home'].map((name) => [name, document.getElementById(`phone-${name}`)]));
  let shown = null;

  function draw(phone) {
    parts.loopback.hidden = phone.lan;
    parts.address.hidden = !phone.lan;
    parts.home.hidden = !phone.lan;
    parts.trust.hidden = !phone.lan || !phone.authority;
    if (!phone.lan) return;
    const code = document.getElementById('phone-code');
    code.innerHTML = phone.qrCode;
    code.querySelector('svg')?.setAttribute('aria-label', t('phone.codeLabel', { url: phone.url }));
    const onlyAddress = phone.addresses.length === 1;
    document.getElementById('phone-addresses').replaceChildren(...phone.addresses.flatMap(({ url, kind }) => {
      const address = document.createElement('dt');
      address.className = 'phone-url';
      address.textContent = url;
      const says = document.createElement('dd');
      says.textContent = t(kind === 'localName' ? 'phone.localName' : onlyAddress ? 'phone.addressOnly' : 'phone.address');
      return [address, says];
    }));
    const authority = phone.authority;
    if (!authority) return;
    document.getElementById('phone-download').href = authority.crt;
    document.getElementById('phone-fingerprint').textContent = t('phone.fingerprint', { fingerprint: authority.fingerprint });
    for (const [id, key] of [['iphone1', 'phone.iphone1'], ['iphone2', 'phone.iphone2'], ['iphone3', 'phone.iphone3'], ['android1', 'phone.android1']]) {
      document.getElementById(`phone-${id}`).textContent = t(key, { ca: authority.crt, name: authority.name });
    }
  }

  async function load() {
    status.textContent = '';
    status.hidden = true;
    try {
      shown = await api.phone();
      draw(shown);
    } catch (error) {
      console.warn('where Peach serves is unknown:', error);
      status.textContent = t('phone.unavailable');
      status.hidden = false;
    }
  }

  document.addEventListener('languagechange', () => { if (shown) draw(shown); });

  return {
    element,
    show() {
      const from = cameFrom();
      back.href = RETURNS[from] ? from : '#/';
      back.dataset.i18n = RETURNS[from] ?? 'nav.back';
      back.textContent = t(back.dataset.i18n);
      load();
    },
    hide() {},
  };
}
