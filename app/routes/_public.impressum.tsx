import { styleLinks, type StylesHandle } from "~/components/document/inline-styles";
import { PAGE_STYLES } from "~/components/document/page-styles";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/pages/page-header";
import { PostalLines } from "~/components/shell/footer";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  EXTERNAL_COOKIE,
  THEME_COOKIE,
  THEME_MAX_AGE_DAYS,
  SEEN_ALERTS_COOKIE,
  SEEN_ALERTS_STORAGE_KEY,
} from "~/lib/preferences";
import { pageMeta } from "~/lib/seo";
import { postalAddress } from "~/lib/business";
import { telHref } from "~/lib/phone";
import { usePageBusiness } from "~/components/shell/business";
import { ENQUIRY_LIMIT_WINDOW_MS } from "~/server/entities/job/enquiry-spam.server";
import { ENQUIRY_RETENTION_MONTHS, SPAM_RETENTION_DAYS } from "~/server/entities/job/enquiries.server";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, THROTTLE_WINDOW_MS } from "~/server/entities/staff-accounts.server";
import { sessionCookieName } from "~/server/web/staff-session.server";
import { hostOnlyName } from "~/server/web/cookies.server";
import { DEVICE_COOKIE, DEVICE_MAX_AGE_DAYS } from "~/server/web/known-devices.server";
import { TOAST_COOKIE, TOAST_MAX_AGE_SECONDS } from "~/server/web/toast.server";
import { PATHS } from "~/lib/site-areas";

// An error in this page's loader shows inside the shell (navigation and footer stay).
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/error-boundary";

export const handle: StylesHandle = { styles: [PAGE_STYLES.pages] };
export const links = styleLinks(handle.styles);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, (business) => ({
    title: "Impressum & Datenschutz",
    description: `Impressum nach § 5 DDG und Datenschutzerklärung von ${business.name}, ${business.city}.`,
    path: "/impressum",
  }));

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cookies' names as the deployed site (HTTPS) gives them; the host does not matter. */
const DEPLOYED = new Request("https://deployed.invalid/");

/** The privacy text states the staff session cookie and limits the code enforces, so the two cannot drift apart. */
export function loader() {
  return {
    // As the site names them where it is deployed (HTTPS): `__Host-sitzung`, `__Host-geraet`.
    sessionCookie: sessionCookieName(DEPLOYED),
    deviceCookie: hostOnlyName(DEPLOYED, DEVICE_COOKIE),
    deviceDays: DEVICE_MAX_AGE_DAYS,
    toastCookie: TOAST_COOKIE,
    toastSeconds: TOAST_MAX_AGE_SECONDS,
    sessionDays: SESSION_ABSOLUTE_MS / DAY_MS,
    idleDays: SESSION_IDLE_MS / DAY_MS,
    throttleMinutes: THROTTLE_WINDOW_MS / 60_000,
    enquiryMonths: ENQUIRY_RETENTION_MONTHS,
    spamDays: SPAM_RETENTION_DAYS,
    enquiryLimitMinutes: ENQUIRY_LIMIT_WINDOW_MS / 60_000,
  };
}

const days = (count: number) => (count === 1 ? "1 Tag" : `${count} Tage`);

function Contact() {
  const { phone, email } = usePageBusiness();
  return (
    <>
      Telefon: <a href={telHref(phone)}>{phone}</a>
      <br />
      E-Mail: <a href={`mailto:${email}`}>{email}</a>
    </>
  );
}

/** § 5 DDG and § 18 MStV from the business record; a line whose field is empty (no register entry, no USt-IdNr) is left out. */
function LegalNotice() {
  const business = usePageBusiness();
  return (
    <section id="impressum" aria-labelledby="impressum-title">
      <h2 id="impressum-title">Impressum</h2>

      <h3>Angaben gemäß § 5 DDG</h3>
      <p>
        <PostalLines business={business} />
        <br />
        Deutschland
      </p>
      <p>
        Rechtsform: {business.legalForm}
        <br />
        Vertretungsberechtigt: {business.representative}
      </p>

      <h3>Kontakt</h3>
      <p>
        <Contact />
      </p>

      {business.registerCourt && business.registerNumber ? (
        <>
          <h3>Registereintrag</h3>
          <p>
            Registergericht: {business.registerCourt}
            <br />
            Registernummer: {business.registerNumber}
          </p>
        </>
      ) : null}

      {business.vatId ? (
        <>
          <h3>Umsatzsteuer-Identifikationsnummer</h3>
          <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {business.vatId}</p>
        </>
      ) : null}

      <h3>Zuständige Kammer und Berufsbezeichnung</h3>
      <p>
        Eingetragen in die Handwerksrolle der {business.chamber}
        {business.chamberNumber ? `, Betriebsnummer ${business.chamberNumber}` : null}
        {business.guild ? (
          <>
            <br />
            Mitglied der {business.guild}
          </>
        ) : null}
        <br />
        Berufsbezeichnung von {business.owner}: {business.masterTitle}, verliehen in: {business.masterAwardedIn}
        <br />
        Berufsrechtliche Regelung: Gesetz zur Ordnung des Handwerks (Handwerksordnung), einsehbar unter{" "}
        <a href="https://www.gesetze-im-internet.de/hwo/" rel="noopener">
          www.gesetze-im-internet.de/hwo
        </a>
      </p>

      <h3>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h3>
      <p>{business.contentResponsible}</p>

      <h3>Verbraucherstreitbeilegung</h3>
      <p>
        Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
        Verbraucherschlichtungsstelle teilzunehmen.
      </p>
    </section>
  );
}

/** The privacy notice's controller (Art. 4 Nr. 7 DSGVO): the business, who represents it, where to reach it. */
function Controller() {
  const business = usePageBusiness();
  return (
    <p>
      {business.name}, vertreten durch {business.representative}
      <br />
      {postalAddress(business)}
      <br />
      <Contact />
    </p>
  );
}

export default function Impressum() {
  const {
    sessionCookie,
    sessionDays,
    idleDays,
    throttleMinutes,
    deviceCookie,
    deviceDays,
    toastCookie,
    toastSeconds,
    enquiryMonths,
    spamDays,
    enquiryLimitMinutes,
  } =
    useLoaderData<typeof loader>();
  return (
    <div className="page">
      <PageHeader title="Impressum & Datenschutz" />
      <div className="page__inner legal">
        <nav className="legal__toc" aria-label="Inhalt dieser Seite">
          <a href="#impressum">Impressum</a>
          <a href="#datenschutz">Datenschutzerklärung</a>
        </nav>

        <LegalNotice />

        <section id="datenschutz" aria-labelledby="datenschutz-title">
          <h2 id="datenschutz-title">Datenschutzerklärung</h2>

          <h3>1. Verantwortlicher</h3>
          <p>
            Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website im Sinne der
            Datenschutz-Grundverordnung (DSGVO) ist:
          </p>
          <Controller />

          <h3>2. Hosting und Server-Protokolle</h3>
          <p>
            Diese Website wird über das Netzwerk der Cloudflare, Inc., 101 Townsend St., San Francisco, CA 94107, USA,
            ausgeliefert („Edge“-Server in Ihrer Nähe). Cloudflare verarbeitet die Daten in unserem Auftrag auf
            Grundlage eines Vertrags zur Auftragsverarbeitung nach Art. 28 DSGVO. Eine Übermittlung in die USA ist
            möglich; sie stützt sich auf die Zertifizierung von Cloudflare nach dem EU-US Data Privacy Framework
            (Angemessenheitsbeschluss der EU-Kommission) sowie ergänzend auf Standardvertragsklauseln.
          </p>
          <p>
            Bei jedem Aufruf einer Seite werden technisch notwendige Daten verarbeitet und kurzzeitig protokolliert:
            Ihre IP-Adresse, Datum und Uhrzeit des Aufrufs, die aufgerufene Adresse (URL) sowie die Kennung Ihres
            Browsers (User-Agent). Ohne diese Daten kann die Website nicht ausgeliefert und nicht gegen Angriffe
            geschützt werden. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im
            sicheren und stabilen Betrieb der Website. Die Protokolle werden höchstens sieben Tage aufbewahrt und danach
            gelöscht, sofern sie nicht zur Aufklärung eines konkreten Angriffs länger benötigt werden.
          </p>

          <h3>3. Cookies und Speicherung im Browser</h3>
          <p>
            Wir verwenden nur wenige Cookies und Einträge im Speicher Ihres Browsers. Die essenziellen sind für den
            Betrieb der Website erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG, Art. 6 Abs. 1 lit. f DSGVO); externe Inhalte
            laden wir nur mit Ihrer Einwilligung (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO).
          </p>
          <div className="legal__table-wrap">
            <table className="legal__table">
              <caption className="visually-hidden">Verwendete Cookies und Browser-Speicher</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Zweck</th>
                  <th scope="col">Speicherdauer</th>
                  <th scope="col">Art</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    <code>{CONSENT_COOKIE}</code>
                  </td>
                  <td>
                    Speichert Ihre Auswahl im Dialog „Datenschutz-Präferenz“ (auch im lokalen Speicher des Browsers).
                  </td>
                  <td>{days(CONSENT_MAX_AGE_DAYS)}</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{EXTERNAL_COOKIE}</code>
                  </td>
                  <td>Merkt sich, ob Sie externe Inhalte (die Karte) erlaubt haben.</td>
                  <td>{days(CONSENT_MAX_AGE_DAYS)}</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{THEME_COOKIE}</code>
                  </td>
                  <td>Speichert, ob Sie die helle oder dunkle Darstellung gewählt haben (auch im lokalen Speicher).</td>
                  <td>{days(THEME_MAX_AGE_DAYS)}</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{SEEN_ALERTS_COOKIE}</code>, <code>{SEEN_ALERTS_STORAGE_KEY}</code>
                  </td>
                  <td>
                    Merkt sich für die laufende Browser-Sitzung, dass Sie die „Wichtigen Informationen“ schon gesehen
                    haben.
                  </td>
                  <td>bis zum Schließen des Browsers</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{sessionCookie}</code>
                  </td>
                  <td>Anmeldung unserer Mitarbeiter im internen Bereich; wird nur nach einer Anmeldung gesetzt.</td>
                  <td>bis zur Abmeldung, höchstens {days(sessionDays)}</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{deviceCookie}</code>
                  </td>
                  <td>
                    Erkennt den Browser eines Mitarbeiters, der sich hier schon angemeldet hat, damit Fehlversuche anderer
                    ihn nicht aussperren; wird nur nach einer Anmeldung gesetzt.
                  </td>
                  <td>{days(deviceDays)}</td>
                  <td>essenziell</td>
                </tr>
                <tr>
                  <td>
                    <code>{toastCookie}</code>
                  </td>
                  <td>Zeigt Mitarbeitern nach einer Aktion im internen Bereich deren Ergebnis an.</td>
                  <td>{toastSeconds} Sekunden</td>
                  <td>essenziell</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>
            Keines dieser Cookies dient der Werbung oder der Analyse Ihres Verhaltens. Wir setzen keine Analyse- oder
            Tracking-Werkzeuge ein. Ihre Auswahl können Sie jederzeit über den Link „Cookie-Einstellungen“ am Ende jeder
            Seite ändern.
          </p>

          <h3>4. Karte (Google Maps)</h3>
          <p>
            Auf unserer Kontaktseite und am Seitenende können Sie eine Karte von Google Maps anzeigen lassen. Anbieter
            ist die Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland. Die Karte wird erst geladen,
            nachdem Sie externen Inhalten zugestimmt haben – vorher stellt Ihr Browser keine Verbindung zu Google her.
          </p>
          <p>
            Sobald die Karte geladen ist, erhält Google unter anderem Ihre IP-Adresse, die Adresse der aufgerufenen
            Seite und Angaben zu Ihrem Browser; Google kann dabei Cookies setzen. Die Daten können an die Google LLC in
            die USA übermittelt werden, die nach dem EU-US Data Privacy Framework zertifiziert ist. Rechtsgrundlage ist
            Ihre Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG. Sie können sie jederzeit mit
            Wirkung für die Zukunft widerrufen, indem Sie in den „Cookie-Einstellungen“ die externen Inhalte abwählen.
            Näheres regelt die Datenschutzerklärung von Google:{" "}
            <a href="https://policies.google.com/privacy?hl=de" rel="noopener">
              policies.google.com/privacy
            </a>
            .
          </p>

          <h3>5. Schriftarten</h3>
          <p>
            Alle Schriftarten werden von unserem eigenen Server geladen. Es besteht dabei keine Verbindung zu Google
            Fonts oder anderen Anbietern.
          </p>

          <h3>6. Kontaktaufnahme</h3>
          <p>
            Wenn Sie uns per E-Mail oder Telefon kontaktieren, verarbeiten wir Ihre Angaben, um Ihre Anfrage zu
            bearbeiten und gegebenenfalls einen Auftrag durchzuführen (Art. 6 Abs. 1 lit. b DSGVO). Wir löschen die
            Daten, sobald sie dafür nicht mehr erforderlich sind und keine gesetzlichen Aufbewahrungspflichten
            entgegenstehen.
          </p>
          <h4 id="datenschutz-anfragen">Anfrageformular mit Fotos</h4>
          <p>
            Wenn Sie uns über das <a href={PATHS.enquiry}>Anfrageformular</a> schreiben, speichern wir Ihre Angaben (worum es
            geht, Fahrzeug, Beschreibung, Wunschtermin, Name, E-Mail-Adresse und Telefonnummer) und Ihre Fotos, um Ihre
            Anfrage zu beantworten und Ihnen ein Angebot zu machen (Art. 6 Abs. 1 lit. b DSGVO, vorvertragliche
            Maßnahmen auf Ihre Anfrage). Die Fotos speichern wir ohne Standort- und Kameradaten und ohne den Dateinamen
            Ihres Geräts; sehen können sie nur unsere Mitarbeiter im internen Bereich. Über jede neue Anfrage
            benachrichtigen wir uns selbst per E-Mail (ohne Fotos) über Cloudflare (siehe Abschnitt 2).
          </p>
          <p>
            Wir löschen eine Anfrage mit ihren Fotos automatisch {enquiryMonths} Monate nach ihrer letzten Bearbeitung,
            sofern daraus kein Auftrag wird, für den gesetzliche Aufbewahrungspflichten gelten. Anfragen, die unsere
            Prüfung als unerwünschte Werbung (Spam) einordnet, löschen wir nach {days(spamDays)}. Um massenhafte
            Anfragen abzuwehren, speichern wir die IP-Adresse und den Zeitpunkt jeder Anfrage; nach{" "}
            {enquiryLimitMinutes} Minuten werden sie nicht mehr gebraucht und spätestens am folgenden Tag gelöscht (Art. 6
            Abs. 1 lit. f DSGVO). Wir setzen dafür keinen fremden Dienst ein.
          </p>
          <p>
            Ist Ihr Fahrzeug fertig, fragen wir Sie auf Ihrer persönlichen Statusseite, ob wir Ihre Fotos und, wenn Sie
            mögen, ein paar Worte von Ihnen unter dem von Ihnen gewählten Namen auf einer Projektseite unserer Website zeigen
            dürfen. Das geschieht nur mit Ihrer Einwilligung, jede Frage für sich (Art. 6 Abs. 1 lit. a DSGVO); wir speichern
            dazu, wann Sie zugestimmt haben und den Wortlaut, dem Sie zugestimmt haben. Sie können jede Einwilligung dort
            jederzeit mit „Nicht mehr zeigen“ widerrufen; dann nehmen wir Fotos und Text sofort von der Website.
          </p>

          <h3>7. Interner Bereich für Mitarbeiter</h3>
          <p>
            Der interne Bereich ist nur für unsere Mitarbeiter bestimmt. Bei der Anmeldung wird das Cookie{" "}
            <code>{sessionCookie}</code> gesetzt, das die Anmeldung bestätigt; es wird bei der Abmeldung gelöscht und verliert
            spätestens nach {days(sessionDays)} (nach {days(idleDays)} ohne Nutzung früher) seine Gültigkeit.
            Fehlgeschlagene Anmeldeversuche speichern wir mit Benutzername, IP-Adresse und Zeitpunkt für{" "}
            {throttleMinutes} Minuten, um das Erraten von Passwörtern zu verhindern (Art. 6 Abs. 1 lit. f DSGVO).
          </p>

          <h3>8. Ihre Rechte</h3>
          <p>Sie haben gegenüber uns folgende Rechte hinsichtlich der Sie betreffenden personenbezogenen Daten:</p>
          <ul>
            <li>Recht auf Auskunft (Art. 15 DSGVO)</li>
            <li>Recht auf Berichtigung (Art. 16 DSGVO)</li>
            <li>Recht auf Löschung (Art. 17 DSGVO)</li>
            <li>Recht auf Einschränkung der Verarbeitung (Art. 18 DSGVO)</li>
            <li>Recht auf Datenübertragbarkeit (Art. 20 DSGVO)</li>
            <li>
              Recht auf Widerspruch gegen Verarbeitungen auf Grundlage von Art. 6 Abs. 1 lit. f DSGVO (Art. 21 DSGVO)
            </li>
            <li>Recht, eine Einwilligung jederzeit mit Wirkung für die Zukunft zu widerrufen (Art. 7 Abs. 3 DSGVO)</li>
          </ul>
          <p>Wenden Sie sich dazu einfach an die oben genannten Kontaktdaten.</p>

          <h3>9. Beschwerderecht bei der Aufsichtsbehörde</h3>
          <p>
            Sie haben das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO). Für uns
            zuständig ist:
          </p>
          <p>
            Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen (LDI NRW)
            <br />
            Kavalleriestraße 2–4, 40213 Düsseldorf
            <br />
            Telefon: 0211 38424-0, E-Mail: <a href="mailto:poststelle@ldi.nrw.de">poststelle@ldi.nrw.de</a>
            <br />
            <a href="https://www.ldi.nrw.de" rel="noopener">
              www.ldi.nrw.de
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
