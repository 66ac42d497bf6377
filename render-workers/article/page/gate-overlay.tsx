/**
 * The gate overlay of the gated layout (spec 1 §2.6 "Gated page"), with the spec's exact texts.
 * The email field is disabled and the form submits nothing ("Submit does nothing"): its method is
 * `dialog`, and a dialog-method form outside a `<dialog>` is a no-op when submitted, however the
 * submission comes (a button, Enter, a script's submit()), with no script of ours needed.
 */
export const GATE_TEXTS = {
  title: (site: string) => `Join ${site} for access to this content`,
  subtitle:
    'You have reached your maximum number of articles. Log in or create an account FREE of charge to continue reading.',
  placeholder: 'Enter your email',
  continue: 'Continue',
  error: 'Please enter a valid email address.',
  help: 'Having trouble? Click here.',
} as const;

export const GATE_LINKS = {
  terms: '/terms-of-use',
  privacy: '/privacy-policy',
  financialIncentive: '/privacy-policy#notice-of-financial-incentive',
  help: '/help',
} as const;

export function GateOverlay({ siteName }: { siteName: string }) {
  return (
    <section className="gate-overlay" aria-labelledby="gate-title">
      <h2 id="gate-title">{GATE_TEXTS.title(siteName)}</h2>
      <p className="gate-subtitle">{GATE_TEXTS.subtitle}</p>
      <form className="gate-form" method="dialog" noValidate>
        <label htmlFor="gate-email" className="visually-hidden">
          Email
        </label>
        <input id="gate-email" type="email" name="email" required disabled placeholder={GATE_TEXTS.placeholder} aria-describedby="gate-error" />
        <p id="gate-error" className="gate-error" hidden>
          {GATE_TEXTS.error}
        </p>
        <button type="submit" hidden>
          {GATE_TEXTS.continue}
        </button>
        <p className="gate-legal">
          By entering your email, you are agreeing to {siteName}&apos;s <a href={GATE_LINKS.terms}>Terms of Use</a>,{' '}
          <a href={GATE_LINKS.privacy}>Privacy Policy</a> and <a href={GATE_LINKS.financialIncentive}>Notice of Financial Incentive</a>.
        </p>
      </form>
      <p className="gate-help">
        <a href={GATE_LINKS.help}>{GATE_TEXTS.help}</a>
      </p>
    </section>
  );
}
