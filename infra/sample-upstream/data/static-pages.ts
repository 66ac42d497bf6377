/**
 * Static pages of the sample site (spec 1 §2.1 route table, §2.3, §2.5, §3 "Static page";
 * docs/upstream-contract.md §5.2): one record for every special page, the legal pages, the cookie
 * demo page, the "On Air Personalities" shell and the Spanish edition's translation statement.
 * The text is original filler written for this dataset. `/go` carries one component of a kind
 * the site does not know, which must be logged and skipped.
 */
import { deepFreeze } from './frozen.js';
import type { StaticPageInput } from '../../../core/upstream/static-page-client.js';
import { CANONICAL_ORIGIN } from './articles.js';

/** The New Year the /newyears countdown counts down to, in the dataset's fixed year (after its newest story). */
export const NEW_YEAR_COUNTDOWN_END = '2026-01-01T00:00:00-05:00';

/** A static page record keyed by its page path (the `path` query of /api/staticpage). */
export type StaticPageRecord = StaticPageInput & { path: string };

type Component = StaticPageInput['components'] extends (infer C)[] | undefined ? C : never;

const p = (text: string): Component => ({ kind: 'paragraph', props: { text } });
const h2 = (text: string): Component => ({ kind: 'heading', props: { text, level: 2 } });
const list = (items: string[], ordered = false): Component => ({ kind: 'list', props: { ordered, items } });
const link = (url: string, title: string, description?: string): Component => ({
  kind: 'external-link',
  props: { url, title, newWindow: false, ...(description === undefined ? {} : { description }) },
});

function page(path: string, record: StaticPageInput): StaticPageRecord {
  return { ...record, path, canonical_url: `${CANONICAL_ORIGIN}${path}` };
}

export const STATIC_PAGES: StaticPageRecord[] = [
  page('/connect', {
    title: 'Connect With Us',
    meta_title: 'Connect With Fox News | Social, Apps and Alerts',
    meta_description: 'Follow our newsroom on social media, get the apps and sign up for breaking news alerts.',
    section: 'connect',
    components: [
      p('There is more than one way to keep up with the stories that matter to you. Pick the channels that fit your day.'),
      h2('Follow along'),
      list(['<b>Facebook</b>: live video and conversation with our correspondents', '<b>Instagram</b>: the day in pictures', '<b>X</b>: breaking headlines as they happen']),
      h2('Alerts and newsletters'),
      p('Choose from our free newsletters, or turn on push alerts in the app to hear about major stories first.'),
      link('/newsletters', 'Browse our newsletters'),
    ],
  }),
  page('/fnctv', {
    title: 'Fox Nation TV',
    meta_title: 'Stream Fox Nation TV | Shows, Specials and Documentaries',
    meta_description: 'Original shows, specials and documentaries from our streaming service.',
    section: 'fnctv',
    components: [
      p('Stream original series, long-form documentaries and live specials on any screen, at home or on the go.'),
      h2('What you can watch'),
      list(['History and true-crime documentaries', 'Lifestyle and cooking series', 'Live holiday and event specials']),
      p('New episodes arrive every week. Sign in with your account to pick up where you left off.'),
    ],
  }),
  page('/foxaroundtheworld', {
    title: 'Fox News Around the World',
    meta_title: 'Watch Fox News Around the World',
    meta_description: 'Find out how to watch our channel outside the United States.',
    section: 'foxaroundtheworld',
    components: [
      p('Our channel is carried by television providers in dozens of countries across Europe, Asia, Africa and the Americas.'),
      p('Availability and channel numbers differ from provider to provider. Search for your country to find the services that carry us.'),
      link('/foxaroundtheworld/search', 'Search by country'),
    ],
  }),
  page('/foxaroundtheworld/search', {
    title: 'Find a Provider Near You',
    meta_title: 'Find a Fox News Provider Near You',
    meta_description: 'Search our list of international television providers by country.',
    section: 'foxaroundtheworld',
    subSection: 'search',
    components: [
      p('Type the name of your country to see the providers that carry our channel there.'),
      p('Do not see your provider? Ask them to add us: many services take viewer requests into account.'),
    ],
  }),
  page('/go', {
    title: 'Fox News Go',
    meta_title: 'Fox News Go | Watch Live on Your Devices',
    meta_description: 'Watch our live channel on your phone, tablet, computer or TV with your provider account.',
    section: 'go',
    components: [
      p('Watch the live channel and full episodes on your phone, tablet, computer or connected TV.'),
      h2('How it works'),
      list(['Download the app or open it in your browser', 'Sign in with your TV provider', 'Start watching live or on demand'], true),
      // A component kind the site does not know: logged and skipped (spec 1 §2.5).
      { kind: 'app-store-badges', props: { stores: ['ios', 'android'] } },
    ],
  }),
  page('/gowatch', {
    title: 'Start Watching',
    meta_title: 'Start Watching | Subscribe and Stream',
    meta_description: 'Sign up and start streaming live news and shows.',
    section: 'gowatch',
    components: [
      p('You are one step away from streaming live news, opinion shows and weekend programming.'),
      list(['Choose a plan', 'Create your free account', 'Start streaming on any device'], true),
      p('Already a subscriber? Sign in from the app on your device.'),
    ],
  }),
  page('/newsletters', {
    title: 'Newsletters',
    meta_title: 'Newsletters | Sign Up for Free Email Updates',
    meta_description: 'Get the day’s headlines, opinion, lifestyle and more delivered to your inbox.',
    section: 'newsletters',
    components: [
      p('Our newsletters are free. Pick as many as you like and change your choices at any time.'),
      h2('Daily'),
      list(['<b>Morning Headlines</b>: the stories to know before your day begins', '<b>Evening Recap</b>: what happened today, in five minutes']),
      h2('Weekly'),
      list(['<b>Opinion Weekly</b>: the columns readers talked about most', '<b>Lifestyle</b>: food, travel and home ideas for the weekend']),
    ],
  }),
  page('/newyears', {
    title: "New Year's Eve",
    meta_title: "New Year's Eve Coverage | Countdown and Celebrations",
    meta_description: 'Ring in the new year with live coverage of celebrations around the country.',
    section: 'newyears',
    components: [
      p('Join our hosts for live coverage of celebrations from coast to coast, with performances, fireworks and the midnight countdown.'),
      // The countdown block (spec 1 §5): to midnight Eastern on New Year's Day. Started
      // with `now`, the sample moves this end by whole years to the coming New Year (sample-clock.ts).
      { kind: 'countdown', props: { title: 'Countdown to midnight', endDate: NEW_YEAR_COUNTDOWN_END, endText: 'Happy New Year!' } },
      h2('Where to watch'),
      p('Coverage airs on the channel and streams live in the app from 10 p.m. Eastern.'),
    ],
  }),
  page('/privacy-policy', {
    title: 'Privacy Policy',
    meta_description: 'How we collect, use and protect information about visitors to our sites and apps.',
    section: 'legal',
    components: [
      p('This policy explains what information we collect when you use our sites and apps, how we use it and the choices you have.'),
      h2('Information we collect'),
      list(['Information you give us, such as your email address when you sign up for a newsletter', 'Information collected automatically, such as device and usage data', 'Information from partners, such as measurement providers']),
      h2('Your choices'),
      p('You may unsubscribe from emails at any time, adjust your browser’s cookie settings, and contact us with questions about your information.'),
    ],
  }),
  page('/terms-of-use', {
    title: 'Terms of Use',
    meta_description: 'The terms that apply to your use of our sites and apps.',
    section: 'legal',
    components: [
      p('By using our sites and apps you agree to these terms. Please read them carefully.'),
      h2('Using our services'),
      list(['Use the services only for lawful purposes', 'Do not copy or redistribute our content without permission', 'Keep your account details secure']),
      h2('Changes'),
      p('We may update these terms from time to time. The version on this page is the one in effect.'),
    ],
  }),
  page('/cookie-demo', {
    title: 'Cookie Demo',
    meta_description: 'Set a test cookie in your browser.',
    section: 'demo',
    robots_noindex: true,
    robots_nofollow: true,
    components: [p('Set a cookie in this browser to test how the site reacts to it.')],
  }),
  page('/personalities', {
    title: 'On Air Personalities',
    meta_title: 'On Air Personalities | Hosts, Anchors and Correspondents',
    meta_description: 'Meet the hosts, anchors and correspondents you see on air.',
    section: 'personalities',
    components: [p('Meet the hosts, anchors, reporters and contributors behind our coverage.')],
  }),
  // The footer's legal and help links and the header's log-in link (no link in the sample leads nowhere).
  page('/privacy-choices', {
    title: 'Your Privacy Choices',
    meta_description: 'Choose how your information is used for advertising and measurement.',
    section: 'legal',
    components: [
      p('You can choose whether information about your visits is shared with advertising partners.'),
      h2('How to opt out'),
      list(['Use the cookie settings of your browser to block third-party cookies', 'Turn on the Global Privacy Control signal in a browser that supports it', 'Reset the advertising identifier on your phone or tablet']),
      link('/privacy-policy', 'Read the Privacy Policy'),
    ],
  }),
  page('/closed-captioning', {
    title: 'Closed Captioning Policy',
    meta_description: 'How we caption our programming, and how to reach us about captions.',
    section: 'legal',
    components: [
      p('Our programming is captioned for viewers who are deaf or hard of hearing, on the channel and in our apps.'),
      h2('Reporting a problem'),
      p('If captions are missing or hard to read, tell us the program, the date and time, and your provider, and we will look into it.'),
      link('/contact', 'Contact us'),
    ],
  }),
  page('/accessibility-statement', {
    title: 'Accessibility Statement',
    meta_description: 'Our commitment to making our sites and apps usable by everyone.',
    section: 'legal',
    components: [
      p('We want everyone to be able to read, watch and listen to our journalism, whatever device or assistive technology they use.'),
      h2('What we do'),
      list(['Text alternatives for images', 'Captions for video', 'Pages that work with a keyboard and a screen reader']),
      p('If something on the site is hard to use, please let us know.'),
      link('/contact', 'Contact us'),
    ],
  }),
  page('/help', {
    title: 'Help',
    meta_title: 'Help Center',
    meta_description: 'Answers to common questions about our sites, apps, video and newsletters.',
    section: 'help',
    components: [
      p('Find answers to the questions readers ask us most often.'),
      h2('Video and TV provider sign-in'),
      p('Some live streams and full episodes need a sign-in with your TV provider. Free clips play without one.'),
      h2('Newsletters'),
      p('Every newsletter has an unsubscribe link at the bottom. You can sign up again at any time.'),
      link('/newsletters', 'Browse our newsletters'),
      link('/contact', 'Still need help? Contact us'),
    ],
  }),
  page('/contact', {
    title: 'Contact Us',
    meta_description: 'Send a message to our newsroom.',
    section: 'contact',
    components: [p('Have a news tip, a correction or a question? Send us a message and our team will read it.')],
  }),
  page('/account/login', {
    title: 'Log In',
    meta_description: 'Log in to your account.',
    section: 'account',
    robots_noindex: true,
    robots_nofollow: true,
    components: [
      p('Accounts are not available on this site yet. Every article, video clip and newsletter is free to read without one.'),
      link('/newsletters', 'Sign up for our newsletters'),
      link('/help', 'Help'),
    ],
  }),
  page('/schedule', {
    title: 'TV Schedule',
    meta_title: 'TV Schedule | What Is On Today',
    meta_description: 'What is on the news channel and the business channel today.',
    section: 'schedule',
    components: [p('The next three hours on our channels. Times are US Eastern.')],
  }),
  page('/translation-statement', {
    title: 'Declaración de traducción',
    meta_title: 'Declaración de traducción',
    meta_description: 'Cómo traducimos automáticamente nuestras noticias al español.',
    section: 'legal',
    components: [
      p('Las páginas de esta edición se traducen automáticamente del inglés al español mediante un sistema de traducción automática.'),
      p('La traducción automática puede contener errores. Ante cualquier diferencia, la versión original en inglés es la de referencia.'),
      h2('Comentarios'),
      p('Si encuentra un error de traducción, escríbanos para que podamos corregirlo.'),
    ],
  }),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(STATIC_PAGES);
