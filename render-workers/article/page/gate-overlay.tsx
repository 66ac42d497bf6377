/**
 * The gate overlay of the gated layout (spec 1 §2.6 "Gated page"), with the spec's exact texts on
 * the news edition and their Spanish on es (GATE_TEXTS_BY_SITE).
 * The email field is disabled and the form submits nothing ("Submit does nothing"): its method is
 * `dialog`, and a dialog-method form outside a `<dialog>` is a no-op when submitted, however the
 * submission comes (a button, Enter, a script's submit()), with no script of ours needed.
 */
import type { ReactNode } from 'react';
import type { SiteId } from '../../../core/isomorphic/sites.js';

/** What the gate says, per edition; the news edition's are the spec's exact texts. */
export interface GateTexts {
  title: (site: string) => string;
  subtitle: string;
  /** The email field's accessible name. */
  emailLabel: string;
  placeholder: string;
  continue: string;
  error: string;
  help: string;
  /** The legal line around its three links (their words differ in order between languages). */
  legal: (site: string, links: { terms: ReactNode; privacy: ReactNode; financialIncentive: ReactNode }) => ReactNode;
  terms: string;
  privacy: string;
  financialIncentive: string;
}

export const GATE_TEXTS_BY_SITE: Readonly<Record<SiteId, GateTexts>> = {
  news: {
    title: (site) => `Join ${site} for access to this content`,
    subtitle: 'You have reached your maximum number of articles. Log in or create an account FREE of charge to continue reading.',
    emailLabel: 'Email',
    placeholder: 'Enter your email',
    continue: 'Continue',
    error: 'Please enter a valid email address.',
    help: 'Having trouble? Click here.',
    legal: (site, links) => (
      <>
        By entering your email, you are agreeing to {site}&apos;s {links.terms}, {links.privacy} and {links.financialIncentive}.
      </>
    ),
    terms: 'Terms of Use',
    privacy: 'Privacy Policy',
    financialIncentive: 'Notice of Financial Incentive',
  },
  es: {
    title: (site) => `Únase a ${site} para acceder a este contenido`,
    subtitle: 'Alcanzó el número máximo de artículos. Inicie sesión o cree una cuenta GRATIS para seguir leyendo.',
    emailLabel: 'Correo electrónico',
    placeholder: 'Ingrese su correo electrónico',
    continue: 'Continuar',
    error: 'Ingrese una dirección de correo electrónico válida.',
    help: '¿Tiene problemas? Haga clic aquí.',
    legal: (site, links) => (
      <>
        Al ingresar su correo electrónico, acepta los {links.terms}, la {links.privacy} y el {links.financialIncentive} de {site}.
      </>
    ),
    terms: 'Términos de uso',
    privacy: 'Política de privacidad',
    financialIncentive: 'Aviso de incentivo financiero',
  },
};

/** The news edition's texts (spec 1 §2.6). */
export const GATE_TEXTS: GateTexts = GATE_TEXTS_BY_SITE.news;

export const GATE_LINKS = {
  terms: '/terms-of-use',
  privacy: '/privacy-policy',
  financialIncentive: '/privacy-policy#notice-of-financial-incentive',
  help: '/help',
} as const;

export function GateOverlay({ siteName, site = 'news' }: { siteName: string; site?: SiteId }) {
  const text = GATE_TEXTS_BY_SITE[site];
  return (
    <section className="gate-overlay" aria-labelledby="gate-title">
      <h2 id="gate-title">{text.title(siteName)}</h2>
      <p className="gate-subtitle">{text.subtitle}</p>
      <form className="gate-form" method="dialog" noValidate>
        <label htmlFor="gate-email" className="visually-hidden">
          {text.emailLabel}
        </label>
        <input id="gate-email" type="email" name="email" required disabled placeholder={text.placeholder} aria-describedby="gate-error" />
        <p id="gate-error" className="gate-error" hidden>
          {text.error}
        </p>
        <button type="submit" hidden>
          {text.continue}
        </button>
        <p className="gate-legal">
          {text.legal(siteName, {
            terms: <a href={GATE_LINKS.terms}>{text.terms}</a>,
            privacy: <a href={GATE_LINKS.privacy}>{text.privacy}</a>,
            financialIncentive: <a href={GATE_LINKS.financialIncentive}>{text.financialIncentive}</a>,
          })}
        </p>
      </form>
      <p className="gate-help">
        <a href={GATE_LINKS.help}>{text.help}</a>
      </p>
    </section>
  );
}
