import type { DemoAccount } from './accounts.ts';

/**
 * The demo club of the local stack: six invented members (no real people) of the `*.demo@torcedor.test`
 * family, what they post and review about cigars of the curated catalog (services/humidor/catalog), whom they
 * follow, and what they like and comment on. Local only: nothing here reaches a deployed stage.
 */

export type DemoHandle = 'sofia' | 'james' | 'kenji' | 'amara' | 'lukas' | 'daan';

export interface DemoPost {
  /** Stable within the member: names the post in likes and comments and in its Idempotency-Key. */
  key: string;
  content: string;
}

export interface DemoReview {
  cigarId: string;
  drawScore: number;
  burnScore: number;
  flavorScore: number;
  overallScore: number;
  flavorTags: string[];
  notes: string;
}

export interface DemoMember {
  handle: DemoHandle;
  account: DemoAccount;
  displayName: string;
  location: string;
  bio: string;
  posts: DemoPost[];
  reviews: DemoReview[];
}

/** Every bio says what the account is, so nobody mistakes the demo club for real members. */
const DEMO_NOTE = ' (Demo member of the local club.)';

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    handle: 'sofia',
    account: { email: 'sofia.demo@torcedor.test', firstName: 'Sofía', lastName: 'Reyes', dateOfBirth: '1986-03-14', country: 'US', attribution: { utmSource: 'instagram', utmMedium: 'social' } },
    displayName: 'Sofía Reyes',
    location: 'Miami, FL',
    bio: 'Grew up two blocks from a rolling gallery on Calle Ocho. Maduro first, questions later. Always hunting a perfect 5x50.' + DEMO_NOTE,
    posts: [
      {
        key: 'padron-exclusivo',
        content: 'Padrón 1964 Anniversary Exclusivo in maduro with a cortadito this morning. Cocoa and espresso from the first puff, '
          + 'box-pressed and dead straight burn the whole way. Still the benchmark I measure every robusto against.',
      },
      {
        key: 'bijou-churchill',
        content: 'Finally lit the My Father Le Bijou 1922 Churchill I had been saving since spring. Black pepper up front, then dark '
          + 'cherry and leather. Nearly two hours on the porch. Worth every minute of the wait.',
      },
      {
        key: 'humidor-question',
        content: 'Question for the club: what humidity do you keep your Nicaraguan puros at? I run 65% and the Padróns love it, '
          + 'but my Connecticut wrappers feel a little soft.',
      },
    ],
    reviews: [
      {
        cigarId: 'padron-1964-anniversary-series-exclusivo', drawScore: 94, burnScore: 96, flavorScore: 95, overallScore: 95,
        flavorTags: ['cocoa', 'espresso', 'earth', 'sweet spice'],
        notes: 'Dense, rich and perfectly constructed. Cocoa and espresso throughout, a touch of sweet spice in the last third.',
      },
      {
        cigarId: 'my-father-le-bijou-1922-churchill', drawScore: 90, burnScore: 88, flavorScore: 93, overallScore: 91,
        flavorTags: ['black pepper', 'dark cherry', 'leather'],
        notes: 'Pepper heavy at the light, settles into cherry and leather. Needed one touch-up around the band.',
      },
    ],
  },
  {
    handle: 'james',
    account: { email: 'james.demo@torcedor.test', firstName: 'James', lastName: 'Whitcombe', dateOfBirth: '1972-11-02', country: 'GB', attribution: { referrer: 'https://www.google.com/' } },
    displayName: 'James Whitcombe',
    location: 'Edinburgh, Scotland',
    bio: 'Retired solicitor, single malt in one hand, a Churchill in the other. I log every cigar I smoke and have done since 1998.' + DEMO_NOTE,
    posts: [
      {
        key: 'romeo-churchill',
        content: 'Romeo y Julieta 1875 Churchill paired with a 12 year Speyside after a long walk on Arthur\'s Seat. Mild, creamy, '
          + 'a little cedar and nutmeg. Not a showstopper, but a fine companion for a grey afternoon.',
      },
      {
        key: 'davidoff-wsc',
        content: 'The Davidoff Winston Churchill Robusto is more interesting than its reputation suggests. Toasted bread, white pepper, '
          + 'a flash of citrus at the midpoint. Elegant and never harsh.',
      },
    ],
    reviews: [
      {
        cigarId: 'davidoff-winston-churchill-robusto', drawScore: 92, burnScore: 94, flavorScore: 88, overallScore: 90,
        flavorTags: ['toasted bread', 'white pepper', 'citrus', 'cedar'],
        notes: 'Refined and balanced. Razor burn, effortless draw. A cigar for conversation rather than contemplation.',
      },
      {
        cigarId: 'romeo-y-julieta-1875-churchill', drawScore: 85, burnScore: 82, flavorScore: 78, overallScore: 80,
        flavorTags: ['cream', 'cedar', 'nutmeg'],
        notes: 'Easy going and consistent. The second half flattens a little; best with a dram alongside.',
      },
    ],
  },
  {
    handle: 'kenji',
    account: { email: 'kenji.demo@torcedor.test', firstName: 'Kenji', lastName: 'Tanaka', dateOfBirth: '1990-07-21', country: 'CA', attribution: { referrer: 'https://www.reddit.com/r/cigars/' } },
    displayName: 'Kenji Tanaka',
    location: 'Vancouver, BC',
    bio: 'Chef by trade, so I smoke with my palate first. Into boutique blends, small batches and whatever Steve Saka releases next.' + DEMO_NOTE,
    posts: [
      {
        key: 'sobremesa',
        content: 'Dunbarton Sobremesa Robusto Largo after service tonight. Brown sugar, roasted nuts and a creaminess that reminds me '
          + 'of a good beurre noisette. Proof that medium body can still be deep.',
      },
      {
        key: 'four-kicks',
        content: 'Four Kicks Capa Especial on the balcony while it drizzles. Cinnamon and graham cracker, a faint floral note near the end. '
          + 'Great value for a weeknight smoke.',
      },
      {
        key: 'pairing-tip',
        content: 'Pairing tip from the kitchen: try a slightly salted dark chocolate (70%) with a full-bodied Nicaraguan. The salt pulls '
          + 'out sweetness you would otherwise miss. Worked wonders with a Liga Privada No. 9 last weekend.',
      },
    ],
    reviews: [
      {
        cigarId: 'dunbarton-tobacco-trust-sobremesa-robusto-largo', drawScore: 91, burnScore: 89, flavorScore: 94, overallScore: 92,
        flavorTags: ['brown sugar', 'roasted nuts', 'cream', 'baking spice'],
        notes: 'Layered and creamy with a long finish. One of the best medium-bodied blends I have had this year.',
      },
      {
        cigarId: 'crowned-heads-four-kicks-capa-especial', drawScore: 88, burnScore: 90, flavorScore: 86, overallScore: 87,
        flavorTags: ['cinnamon', 'graham cracker', 'floral'],
        notes: 'Sweet spice and bready notes, very consistent burn. Excellent everyday cigar.',
      },
    ],
  },
  {
    handle: 'amara',
    account: { email: 'amara.demo@torcedor.test', firstName: 'Amara', lastName: 'Osei', dateOfBirth: '1984-01-09', country: 'GB', attribution: { utmSource: 'newsletter', utmMedium: 'email' } },
    displayName: 'Amara Osei',
    location: 'London, UK',
    bio: 'Lounge regular in Mayfair, Habanos devotee, slowly converting my friends one petit corona at a time.' + DEMO_NOTE,
    posts: [
      {
        key: 'serie-d',
        content: 'Partagás Serie D No. 5 on the terrace. Short, punchy and unapologetically Cuban: earth, leather, that signature '
          + 'twang. Forty minutes of pure character.',
      },
      {
        key: 'connoisseur',
        content: 'H. Upmann Connoisseur No. 1 has quietly become my go-to robusto from Havana. Honey, light coffee, a touch of cedar. '
          + 'Gentle enough for a first-timer, interesting enough for me.',
      },
    ],
    reviews: [
      {
        cigarId: 'partagas-serie-d-serie-d-no-5', drawScore: 86, burnScore: 84, flavorScore: 90, overallScore: 88,
        flavorTags: ['earth', 'leather', 'spice', 'cocoa'],
        notes: 'Intense for its size. Classic Partagás profile; the draw was a touch firm at the start and opened up.',
      },
    ],
  },
  {
    handle: 'lukas',
    account: { email: 'lukas.demo@torcedor.test', firstName: 'Lukas', lastName: 'Brenner', dateOfBirth: '1979-05-30', country: 'DE', attribution: { utmSource: 'instagram', utmMedium: 'social' } },
    displayName: 'Lukas Brenner',
    location: 'Hamburg, Germany',
    bio: 'Engineer who treats every burn line like a tolerance spec. Full-bodied Nicaraguans and long Sunday afternoons.' + DEMO_NOTE,
    posts: [
      {
        key: 'melanio',
        content: 'Oliva Serie V Melanio figurado at the harbour. Rich, oily wrapper, dark chocolate and a hint of dried fruit. '
          + 'Ash held for almost two inches. Impressive construction.',
      },
      {
        key: 'chisel',
        content: 'La Flor Dominicana Double Ligero Chisel: do not smoke this one on an empty stomach. Big pepper, charred oak, '
          + 'and a surprising sweetness once it settles. Fun shape, serious cigar.',
      },
      {
        key: 'ring-gauge',
        content: 'Unpopular opinion: most blends taste better in a 48 to 50 ring gauge than in a 60. More wrapper per puff, better '
          + 'balance. What is your sweet spot?',
      },
    ],
    reviews: [
      {
        cigarId: 'oliva-serie-v-melanio', drawScore: 92, burnScore: 95, flavorScore: 91, overallScore: 93,
        flavorTags: ['dark chocolate', 'dried fruit', 'coffee', 'pepper'],
        notes: 'Flawless construction, full but smooth. The dried fruit in the final third is the highlight.',
      },
      {
        cigarId: 'la-flor-dominicana-double-ligero-chisel', drawScore: 84, burnScore: 86, flavorScore: 87, overallScore: 85,
        flavorTags: ['black pepper', 'charred oak', 'molasses'],
        notes: 'Powerful and peppery. The chisel head takes some getting used to but draws well.',
      },
    ],
  },
  {
    handle: 'daan',
    account: { email: 'daan.demo@torcedor.test', firstName: 'Daan', lastName: 'de Vries', dateOfBirth: '1993-09-17', country: 'NL' },
    displayName: 'Daan de Vries',
    location: 'Amsterdam, Netherlands',
    bio: 'Two years into the hobby and loving the learning curve. Connecticut shade in summer, Sumatra in winter.' + DEMO_NOTE,
    posts: [
      {
        key: 'wizard',
        content: 'Tried the Ashton Virgin Sun Grown Wizard on a friend\'s recommendation. Way more spice than I expected from Ashton: '
          + 'cedar, raisin, black pepper. I think I am hooked.',
      },
      {
        key: 'white-series',
        content: 'Montecristo White Series Rothschilde by the canal. Smooth and creamy with some almond. A good pick for anyone new '
          + 'to cigars, and for a lazy Sunday.',
      },
    ],
    reviews: [
      {
        cigarId: 'ashton-virgin-sun-grown-wizard', drawScore: 89, burnScore: 87, flavorScore: 90, overallScore: 89,
        flavorTags: ['cedar', 'raisin', 'black pepper'],
        notes: 'Complex and spicy, a step up from the milder cigars I usually smoke. Burned a little wavy in the wind.',
      },
      {
        cigarId: 'montecristo-white-series-rothschilde', drawScore: 87, burnScore: 85, flavorScore: 80, overallScore: 82,
        flavorTags: ['cream', 'almond', 'hay'],
        notes: 'Mild and pleasant. Nothing challenging, which is sometimes exactly the point.',
      },
    ],
  },
];

/** Who follows whom among the demo members: friends of friends, not everyone with everyone. */
export const DEMO_FOLLOWS: readonly (readonly [DemoHandle, DemoHandle])[] = [
  ['sofia', 'kenji'], ['sofia', 'lukas'], ['sofia', 'amara'],
  ['james', 'amara'], ['james', 'sofia'], ['james', 'lukas'],
  ['kenji', 'sofia'], ['kenji', 'daan'], ['kenji', 'lukas'],
  ['amara', 'james'], ['amara', 'sofia'],
  ['lukas', 'sofia'], ['lukas', 'kenji'], ['lukas', 'james'],
  ['daan', 'sofia'], ['daan', 'kenji'], ['daan', 'amara'], ['daan', 'lukas'],
];

/** A post of the plan: `<handle>:<post key>`. */
export type DemoPostRef = `${DemoHandle}:${string}`;

export const DEMO_LIKES: readonly { by: DemoHandle; post: DemoPostRef }[] = [
  { by: 'kenji', post: 'sofia:padron-exclusivo' }, { by: 'lukas', post: 'sofia:padron-exclusivo' },
  { by: 'james', post: 'sofia:padron-exclusivo' }, { by: 'daan', post: 'sofia:padron-exclusivo' },
  { by: 'amara', post: 'sofia:bijou-churchill' }, { by: 'lukas', post: 'sofia:bijou-churchill' },
  { by: 'kenji', post: 'sofia:humidor-question' },
  { by: 'amara', post: 'james:romeo-churchill' }, { by: 'lukas', post: 'james:davidoff-wsc' },
  { by: 'sofia', post: 'kenji:sobremesa' }, { by: 'daan', post: 'kenji:sobremesa' }, { by: 'lukas', post: 'kenji:sobremesa' },
  { by: 'daan', post: 'kenji:four-kicks' }, { by: 'sofia', post: 'kenji:pairing-tip' }, { by: 'lukas', post: 'kenji:pairing-tip' },
  { by: 'james', post: 'amara:serie-d' }, { by: 'sofia', post: 'amara:serie-d' }, { by: 'daan', post: 'amara:connoisseur' },
  { by: 'sofia', post: 'lukas:melanio' }, { by: 'kenji', post: 'lukas:melanio' }, { by: 'james', post: 'lukas:chisel' },
  { by: 'daan', post: 'lukas:ring-gauge' }, { by: 'kenji', post: 'lukas:ring-gauge' },
  { by: 'kenji', post: 'daan:wizard' }, { by: 'sofia', post: 'daan:white-series' },
];

export const DEMO_COMMENTS: readonly { by: DemoHandle; post: DemoPostRef; content: string }[] = [
  { by: 'kenji', post: 'sofia:padron-exclusivo', content: 'Cortadito and a 1964 is the correct breakfast. Natural or maduro for you?' },
  { by: 'sofia', post: 'sofia:padron-exclusivo', content: 'Maduro, always. The natural is great but the maduro has that extra chocolate.' },
  { by: 'lukas', post: 'sofia:humidor-question', content: '65% here too. My Connecticut wrappers are happier at 63%, I keep them in a separate tupperdor.' },
  { by: 'james', post: 'sofia:humidor-question', content: 'Sixty-five in winter, sixty-two in summer. Edinburgh does the rest.' },
  { by: 'amara', post: 'james:romeo-churchill', content: 'A Speyside is the right call for the 1875. Try it with a Highland Park next time.' },
  { by: 'sofia', post: 'kenji:pairing-tip', content: 'Salted dark chocolate and a Liga No. 9? Trying this tonight.' },
  { by: 'daan', post: 'kenji:sobremesa', content: 'Added this to my wishlist. Is it too much for someone who usually smokes mild?' },
  { by: 'kenji', post: 'kenji:sobremesa', content: 'Not at all, it is medium and very smooth. Give it a try with a coffee.' },
  { by: 'james', post: 'amara:serie-d', content: 'The D4 is the classic, but the D5 gets you there in half the time. Agreed.' },
  { by: 'sofia', post: 'lukas:ring-gauge', content: 'Fully agree. 5x50 is the sweet spot and nobody can convince me otherwise.' },
  { by: 'daan', post: 'lukas:ring-gauge', content: 'Still learning, but the 60s I have tried felt a bit muted. Makes sense.' },
  { by: 'lukas', post: 'daan:wizard', content: 'Welcome to the spicy side. Try the Oliva Serie V next.' },
];

/** The two demo accounts follow some of the club, so that their first feed has posts. */
export const DEMO_ACCOUNT_FOLLOWS: readonly { email: string; follows: readonly DemoHandle[] }[] = [
  { email: 'member@torcedor.test', follows: ['sofia', 'kenji', 'amara', 'lukas'] },
  { email: 'owner@torcedor.test', follows: ['james', 'daan'] },
];

/** Events the club hosts, days from the first start at 18:30 UTC; demo members and the member answer them. */
export interface DemoEvent {
  host: DemoHandle;
  title: string;
  description: string;
  eventType: 'tasting' | 'meetup' | 'festival' | 'masterclass';
  venueName: string;
  address: string;
  inDays: number;
  hours: number;
  capacity: number | null;
  going: readonly DemoHandle[];
  interested: readonly DemoHandle[];
}
export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    host: 'sofia', title: 'Nicaraguan Puros Night', eventType: 'tasting', inDays: 6, hours: 3, capacity: 12,
    description: 'Three Nicaraguan puros side by side, from a Connecticut-shade robusto to a maduro toro. Bring your notes; water and coffee provided.',
    venueName: 'The Humidor Room', address: '1420 Brickell Ave, Miami, FL', going: ['james', 'kenji', 'lukas'], interested: ['amara'],
  },
  {
    host: 'amara', title: 'Beginners Meet-up: Cutting, Lighting and Resting', eventType: 'meetup', inDays: 12, hours: 2, capacity: null,
    description: 'A relaxed evening for new smokers: how to cut, toast and light, how long to rest a stick, and which vitolas to start with.',
    venueName: 'Canal Side Lounge', address: 'Prinsengracht 300, Amsterdam', going: ['daan', 'sofia'], interested: ['kenji'],
  },
  {
    host: 'james', title: 'Masterclass: Wrappers from Connecticut to Maduro', eventType: 'masterclass', inDays: 20, hours: 2.5, capacity: 20,
    description: 'How wrapper leaf is grown, fermented and aged, with a guided comparison of the same blend in three wrappers.',
    venueName: 'Marylebone Cigar Club', address: '22 Marylebone High St, London', going: ['lukas', 'amara', 'daan'], interested: ['sofia'],
  },
];
/** The demo member is interested in the first event, so the feed's Upcoming Events block shows an answer. */
export const DEMO_ACCOUNT_EVENT_ANSWERS: readonly { email: string; event: number; status: 'going' | 'interested' }[] = [
  { email: 'member@torcedor.test', event: 0, status: 'interested' },
];
