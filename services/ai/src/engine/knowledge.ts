import {
  COUNTRIES, FREE_AI_DAILY_LIMIT, FREE_HOSTED_EVENTS_LIMIT, FREE_HUMIDOR_CAP, PREMIUM_PRICE_USD_CENTS, TRIAL_DAYS,
} from '@torcedor/shared/constants';
import type { WrapperTag } from './catalog.ts';
import type { StrengthLevel } from './types.ts';

/**
 * VitolAI's knowledge base: what the local engine says about cigars and about Torcedor itself. Plain text, short
 * paragraphs ('- ' lines are bullets), found by keywords. Numbers about the product come from shared/constants.
 */

export type KnowledgeCategory =
  | 'vitola' | 'wrapper' | 'leaf' | 'strength' | 'country' | 'storage' | 'technique' | 'etiquette' | 'pairing'
  | 'aging' | 'platform' | 'health';

/** What kind of catalog cigar illustrates an entry. */
export interface ExampleSpec {
  wrapper?: WrapperTag;
  vitolas?: string[];
  country?: string;
  strengths?: StrengthLevel[];
  minRing?: number;
  maxRing?: number;
}

export interface KnowledgeEntry {
  id: string;
  category: KnowledgeCategory;
  title: string;
  /** Phrases (normalised words) that make this entry the answer; 'a+b' needs both. */
  keywords: string[];
  /** Weaker hints. */
  related?: string[];
  /** How much one keyword counts (default 3; topics the catalog can also filter on count 2). */
  weight?: number;
  text: string;
  example?: ExampleSpec;
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const PREMIUM_PRICE = usd(PREMIUM_PRICE_USD_CENTS);
const usAge = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;
const otherAges = [...new Set(COUNTRIES.filter((c) => c.code !== 'US').map((c) => c.minimumAge))];
export const AGE_RULE = `${usAge} in the United States and ${otherAges.join(' or ')} in the other countries Torcedor serves`;

export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  // ---------------------------------------------------------------- vitolas
  {
    id: 'vitola-guide', category: 'vitola', title: 'Vitolas and ring gauge',
    keywords: ['vitola', 'ring gauge', 'cigar size', 'cigar shape', 'sizes', 'shapes', 'format'],
    text: [
      'A vitola is a cigar\'s size and shape: length in inches and ring gauge, the diameter in 64ths of an inch (a 50 ring is 50/64", about 2 cm).',
      '- Petit corona: about 4.5-5 x 40-42, 25-40 minutes\n- Corona: about 5.5-6 x 42-44, 40-50 minutes\n- Robusto: about 4.75-5.5 x 48-52, 45-60 minutes\n- Toro: about 6 x 50-54, 60-75 minutes\n- Churchill: about 7 x 47-50, 75-90 minutes\n- Lancero: about 7-7.5 x 38-40, 60-75 minutes\n- Gordo: 6 x 60 and up, 75-90 minutes\n- Torpedo/belicoso, perfecto: tapered heads or feet, sizes vary',
      'The shape changes the smoke, not just the time: a thin ring carries more wrapper for its filler, so it tastes more of the wrapper and burns a little hotter; a wide ring is cooler and more filler-driven. Same blend, different vitola, noticeably different cigar.',
    ].join('\n\n'),
  },
  {
    id: 'vitola-robusto', category: 'vitola', title: 'Robusto', weight: 2,
    keywords: ['robusto', 'robustos', 'petit robusto'],
    text: [
      'A robusto is short and thick: about 4.75-5.5 inches by a 48-52 ring (5 x 50 is the classic). It is the most popular size today.',
      'The wide ring gives an easy, cool draw and lets the filler blend speak, and the short length gets to the full flavour quickly. Expect 45-60 minutes at a relaxed pace, which makes it the default "one good cigar" size. A petit robusto (around 4 x 50) is the same idea in about 30-40 minutes.',
    ].join('\n\n'),
    example: { vitolas: ['Robusto'] },
  },
  {
    id: 'vitola-toro', category: 'vitola', title: 'Toro', weight: 2,
    keywords: ['toro', 'toros'],
    text: [
      'A toro is about 6 inches by a 50-54 ring: a robusto with an extra inch.',
      'The draw and balance are close to a robusto\'s, but the extra length gives the blend more time to evolve from the first third to the last and a little more cooling before the smoke reaches you. Plan on 60-75 minutes.',
    ].join('\n\n'),
    example: { vitolas: ['Toro'] },
  },
  {
    id: 'vitola-corona', category: 'vitola', title: 'Corona, corona gorda and lonsdale', weight: 2,
    keywords: ['corona', 'coronas', 'corona gorda', 'lonsdale', 'cervantes'],
    text: [
      'The corona is the classic Cuban reference size: about 5.5-6 inches by a 42-44 ring. A corona gorda is fatter (about 5.6 x 46) and a lonsdale longer and slim (about 6.5 x 42).',
      'The slimmer ring means more wrapper relative to filler, so coronas taste concentrated and wrapper-forward; many aficionados think the blend is at its most balanced in this size. Smoke it slowly, since a thin cigar heats up faster. Around 40-50 minutes for a corona, closer to an hour for a lonsdale.',
    ].join('\n\n'),
    example: { vitolas: ['Corona', 'Corona Gorda', 'Lonsdale'] },
  },
  {
    id: 'vitola-petit-corona', category: 'vitola', title: 'Petit corona', weight: 2,
    keywords: ['petit corona', 'petite corona', 'mareva', 'half corona', 'short smoke+size'],
    text: [
      'A petit corona (the Cuban "mareva") is about 4.5-5 inches by a 40-42 ring.',
      'It is the short, wrapper-forward smoke: intense for its size, done in 25-40 minutes, ideal for a coffee or a break. Keep the pace gentle, because a small cigar puffed quickly turns hot and bitter.',
    ].join('\n\n'),
    example: { vitolas: ['Petit Corona'] },
  },
  {
    id: 'vitola-lancero', category: 'vitola', title: 'Lancero and panatela', weight: 2,
    keywords: ['lancero', 'lanceros', 'panatela', 'panetela', 'laguito'],
    text: [
      'A lancero is long and slender: about 7-7.5 inches by a 38-40 ring (the Cuban "laguito No. 1", made famous by the Cohiba Lanceros). A panatela is the same idea, usually shorter.',
      'With so little filler per inch, the wrapper carries a large share of the flavour, and blenders treat the lancero as the purest expression of a wrapper. The draw can be firmer and the burn needs attention: puff slowly (about once a minute) so it does not overheat. Expect 60-75 minutes.',
    ].join('\n\n'),
    example: { vitolas: ['Lancero', 'Panatela'] },
  },
  {
    id: 'vitola-churchill', category: 'vitola', title: 'Churchill and double corona', weight: 2,
    keywords: ['churchill', 'churchills', 'double corona', 'julieta', 'prominente'],
    text: [
      'A churchill is about 7 inches by a 47-50 ring (the Cuban "julieta No. 2" is 7 x 47), named after Winston Churchill, who favoured the size. A double corona is bigger still, about 7.5-7.6 by 49-52.',
      'It is the long evening cigar: 75-90 minutes for a churchill and often more for a double corona, with room for the flavour to change clearly over the thirds. Save it for when you have time, after dinner or on a long terrace evening.',
    ].join('\n\n'),
    example: { vitolas: ['Churchill', 'Double Corona'] },
  },
  {
    id: 'vitola-torpedo', category: 'vitola', title: 'Torpedo, belicoso and piramide', weight: 2,
    keywords: ['torpedo', 'torpedoes', 'belicoso', 'belicosos', 'piramide', 'pyramid', 'tapered head', 'pointed'],
    text: [
      'These figurados have a tapered, pointed head. A torpedo is usually about 6-6.5 x 52 with a long taper, a belicoso shorter (about 5.5 x 52) with a short, rounded taper, and a piramide widens steadily from a narrow head to a wide foot (the Cuban No. 2 is 6.1 x 52).',
      'The taper concentrates the smoke on the palate, and you control the draw with the cut: clip a little of the tip for a firm, focused draw, more for an open one (a guillotine or V-cut, never a punch). They take the skill of a good roller, and smoke for about 60-75 minutes.',
    ].join('\n\n'),
    example: { vitolas: ['Torpedo', 'Belicoso', 'Piramide'] },
  },
  {
    id: 'vitola-gordo', category: 'vitola', title: 'Gordo', weight: 2,
    keywords: ['gordo', 'gordos', '60 ring', 'sixty ring', 'big ring', 'large ring', 'thick cigar'],
    text: [
      'A gordo is a wide cigar, 6 inches or so by a 60 ring or more.',
      'All that filler makes for a cool, airy draw and a long smoke (75-90 minutes or more), but the wrapper becomes a small share of the blend, so gordos often taste milder and less nuanced than the same blend in a robusto or corona, and the burn can wander. Many blenders see them as a concession to fashion; try the same line in a smaller ring to compare.',
    ].join('\n\n'),
    example: { vitolas: ['Gordo'], minRing: 56 },
  },
  {
    id: 'vitola-perfecto', category: 'vitola', title: 'Perfecto and figurado', weight: 2,
    keywords: ['perfecto', 'perfectos', 'figurado', 'figurados'],
    text: [
      'A perfecto tapers at both ends: a narrow, often closed foot, a bulge in the middle and a tapered head. "Figurado" is the umbrella word for every shaped cigar (perfectos, torpedoes, piramides).',
      'The small foot lights easily and the first puffs are wrapper-heavy and concentrated; as the burn reaches the widest part, more filler joins and the flavour broadens, then narrows again toward the head. Toast the small foot gently and patiently. The Arturo Fuente Hemingway line is the best-known family of perfectos.',
    ].join('\n\n'),
    example: { vitolas: ['Perfecto', 'Figurado'] },
  },
  {
    id: 'vitola-culebra', category: 'vitola', title: 'Culebra', weight: 2,
    keywords: ['culebra', 'culebras', 'braided cigar', 'twisted cigar'],
    text: [
      'A culebra ("snake") is three thin panatelas, each about 5-6 inches by a 38-39 ring, braided together while still moist and tied with a ribbon. Partagás made the best-known Cuban version.',
      'You untie them and smoke each separately; the braid leaves them curved, which does not affect the draw. Legend says the shape was made so factory rollers\' daily ration cigars could not be resold. Culebras are rare today, and none are in Torcedor\'s catalog.',
    ].join('\n\n'),
  },
  {
    id: 'box-pressed', category: 'vitola', title: 'Box-pressed cigars', weight: 2,
    keywords: ['box pressed', 'box press', 'square cigar', 'pressed'],
    text: [
      'A box-pressed cigar has a rounded-square cross-section, made by pressing the rolled cigars in a box or press. Padrón, Alec Bradley Prensado and My Father Flor de las Antillas are famous examples.',
      'Pressing compacts the filler a little, so the burn tends to be slower and even and the smoke dense; the flat sides also sit comfortably in the mouth and do not roll off an ashtray.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- wrappers
  {
    id: 'wrapper-guide', category: 'wrapper', title: 'Wrappers',
    keywords: ['wrapper', 'capa', 'wrapper color', 'wrapper colour', 'wrapper shade'],
    text: [
      'The wrapper is the outer leaf: the most expensive leaf in the cigar, chosen for looks, elasticity and flavour. Though it is maybe a tenth of the tobacco, it touches your lips and burns all the way, so it shapes the first impression and much of the sweetness.',
      'Colours run from Candela (green) through Claro, Colorado Claro, Colorado (rosado), Colorado Maduro and Maduro to Oscuro (almost black). Darker usually means longer fermentation and more natural sugar, not necessarily more strength.',
      '- Connecticut shade: pale, silky, creamy and mild\n- Habano and Corojo: reddish-brown, spicy, peppery\n- Cameroon: thin and toothy, sweet, nutty, woody\n- Sumatra: spicy-sweet, earthy\n- Broadleaf and San Andrés maduro: dark, sweet, cocoa and coffee',
    ].join('\n\n'),
  },
  {
    id: 'wrapper-connecticut', category: 'wrapper', title: 'Connecticut shade and Ecuador Connecticut', weight: 2,
    keywords: ['connecticut', 'connecticut shade', 'shade grown', 'ecuador connecticut', 'ecuadorian connecticut'],
    text: [
      'Connecticut shade wrapper is grown in the Connecticut River Valley under cheesecloth tents, which diffuse the sun and keep the leaf thin, smooth and pale golden. It gives a mild, creamy smoke: cedar, cream, nuts, a little hay or white pepper.',
      'Ecuador Connecticut comes from the same seed grown in Ecuador, where near-permanent cloud cover does the tents\' job naturally; it is a touch more robust and very consistent, and most "Connecticut" cigars today use it. Either way, it is the classic wrapper for mild and morning cigars, though the filler decides how strong the cigar really is.',
    ].join('\n\n'),
    example: { wrapper: 'connecticut' },
  },
  {
    id: 'wrapper-habano', category: 'wrapper', title: 'Habano', weight: 2,
    keywords: ['habano', 'habano wrapper', 'ecuadorian habano', 'nicaraguan habano', 'havana seed'],
    text: [
      'Habano wrapper is grown from Cuban-seed ("Havana seed") tobacco outside Cuba, mostly in Ecuador and Nicaragua, sun-grown or shade-grown. It is reddish-brown to dark, oily, with a toothy sheen.',
      'Expect spice and pepper up front with leather, cedar and a natural sweetness; it usually sits in medium to full blends. (Not to be confused with "Habanos", the name for Cuban cigars themselves.)',
    ].join('\n\n'),
    example: { wrapper: 'habano' },
  },
  {
    id: 'wrapper-corojo', category: 'wrapper', title: 'Corojo', weight: 2,
    keywords: ['corojo', 'corojo 99', 'corojo wrapper'],
    text: [
      'Corojo is a Cuban tobacco variety developed in the 1940s at the El Corojo farm in the Vuelta Abajo and long used for Cuban wrappers. The original seed is now grown mostly in Honduras (the Jamastrán Valley) and Nicaragua; Corojo 99 is a later disease-resistant hybrid.',
      'It is known for spice: red pepper, cinnamon and cedar, with a rich, sometimes bold finish. Camacho made the Honduran Corojo wrapper famous.',
    ].join('\n\n'),
    example: { wrapper: 'corojo' },
  },
  {
    id: 'wrapper-cameroon', category: 'wrapper', title: 'Cameroon', weight: 2,
    keywords: ['cameroon', 'cameroon wrapper', 'african wrapper'],
    text: [
      'Cameroon wrapper is grown in Cameroon and the Central African Republic from seed of Sumatran origin. The leaf is thin and delicate with a "toothy" surface of small bumps, and it is hard to roll.',
      'It gives a sweet, nutty, woody smoke with gentle spice, usually in medium-bodied cigars. The Arturo Fuente Hemingway and Don Carlos lines are classic Cameroon cigars.',
    ].join('\n\n'),
    example: { wrapper: 'cameroon' },
  },
  {
    id: 'wrapper-sumatra', category: 'wrapper', title: 'Sumatra', weight: 2,
    keywords: ['sumatra', 'ecuadorian sumatra', 'sumatra wrapper'],
    text: [
      'Sumatra wrapper descends from seed of the Indonesian island of Sumatra; today most of it is grown in Ecuador. It is medium to dark brown, fine-veined and slightly oily.',
      'It brings a spicy-sweet, earthy character: cinnamon, cedar, a little leather, often with a long sweet finish. Blends using it are usually medium to medium-full.',
    ].join('\n\n'),
    example: { wrapper: 'sumatra' },
  },
  {
    id: 'wrapper-san-andres', category: 'wrapper', title: 'San Andrés (Mexican) maduro', weight: 2,
    keywords: ['san andres', 'mexican wrapper', 'mexican maduro', 'negro san andres'],
    text: [
      'San Andrés wrapper comes from the San Andrés Valley near the Gulf coast of Veracruz, Mexico, mostly from the local Negro San Andrés variety. The leaf is thick and coarse, which lets it survive the long, hot fermentation of a maduro.',
      'Expect earthy, dark-roast coffee and cocoa notes with a raw-sugar sweetness and a little spice. It is also used as a binder, and it is the wrapper of Drew Estate\'s Undercrown.',
    ].join('\n\n'),
    example: { wrapper: 'san-andres' },
  },
  {
    id: 'wrapper-broadleaf', category: 'wrapper', title: 'Connecticut Broadleaf maduro', weight: 2,
    keywords: ['broadleaf', 'connecticut broadleaf', 'broadleaf maduro'],
    text: [
      'Broadleaf is grown in the Connecticut River Valley in full sun (unlike Connecticut shade). The leaf is thick and veiny, so it is almost always fermented long and hot into a dark maduro.',
      'It is the benchmark maduro wrapper: dark chocolate, molasses, espresso and sweet earth, with a rustic look. Liga Privada No. 9 and E.P. Carrillo Pledge are well-known broadleaf cigars.',
    ].join('\n\n'),
    example: { wrapper: 'broadleaf' },
  },
  {
    id: 'wrapper-maduro', category: 'wrapper', title: 'Maduro', weight: 2,
    keywords: ['maduro', 'maduros', 'dark wrapper'],
    text: [
      'Maduro ("ripe") is a process, not a variety: thick, sturdy wrapper leaves (often from the top of the plant) are fermented longer and hotter than usual, which darkens them and develops their natural sugars.',
      'The result is a dark brown to nearly black wrapper with sweet, deep flavours: cocoa, coffee, molasses, dried fruit, earth. A maduro is not automatically strong: strength comes mostly from the filler, so mild-to-medium maduros exist. The classic maduro wrappers are Connecticut Broadleaf, Mexican San Andrés and Brazilian leaf.',
    ].join('\n\n'),
    example: { wrapper: 'maduro' },
  },
  {
    id: 'wrapper-candela', category: 'wrapper', title: 'Candela', weight: 2,
    keywords: ['candela', 'double claro', 'green wrapper', 'jade wrapper'],
    text: [
      'Candela (double claro) is a green wrapper: the leaves are picked slightly early and heat-cured quickly, which fixes the chlorophyll before it can break down into the usual brown.',
      'It tastes grassy, herbal and tea-like, mild and slightly sweet. Candela dominated the US market from the 1950s into the 1970s and is now a niche curiosity; there is none in Torcedor\'s catalog at the moment.',
    ].join('\n\n'),
  },
  {
    id: 'wrapper-oscuro', category: 'wrapper', title: 'Oscuro', weight: 2,
    keywords: ['oscuro', 'oscuros', 'double maduro', 'black wrapper'],
    text: [
      'Oscuro is the darkest wrapper shade, nearly black: leaves from the top of the plant left to mature longest and fermented longest, beyond a regular maduro.',
      'Expect intense sweetness with charred, earthy, espresso and dark-chocolate notes. Like any maduro, it is about colour and sweetness more than nicotine.',
    ].join('\n\n'),
    example: { wrapper: 'oscuro' },
  },
  {
    id: 'wrapper-rosado', category: 'wrapper', title: 'Rosado', weight: 2,
    keywords: ['rosado', 'colorado', 'reddish wrapper'],
    text: [
      'Rosado ("rose-coloured", close to Colorado) is a reddish-brown wrapper shade, most often Habano or Corojo-seed leaf.',
      'It tends to be spicy-sweet: cedar, red pepper, cinnamon and a rich aroma. Arturo Fuente\'s Opus X uses a Dominican rosado wrapper grown at Chateau de la Fuente.',
    ].join('\n\n'),
    example: { wrapper: 'rosado' },
  },
  {
    id: 'wrapper-sun-grown', category: 'wrapper', title: 'Sun-grown and shade-grown', weight: 2,
    keywords: ['sun grown', 'sungrown', 'shade grown vs sun grown'],
    text: [
      'Shade-grown wrapper grows under cloth, which keeps the leaf thin, elastic and pale. Sun-grown wrapper grows in full sun: the plant makes thicker leaves with more oil and sugar.',
      'Sun-grown wrappers are darker and richer, with more spice and sweetness; they are common in medium-full and full blends.',
    ].join('\n\n'),
    example: { wrapper: 'sun-grown' },
  },

  // ---------------------------------------------------------------- leaf, binder, filler, strength
  {
    id: 'leaf-filler', category: 'leaf', title: 'Filler: volado, seco, viso and ligero',
    keywords: ['filler', 'fillers', 'ligero', 'seco', 'viso', 'volado', 'medio tiempo', 'primings', 'priming', 'long filler', 'short filler'],
    text: [
      'The filler is the heart of the cigar and decides most of its strength and body. Leaves are graded by where they grow on the plant, and the higher the leaf, the more sun it gets and the stronger it is:',
      '- Volado (bottom): thin and light in flavour, burns easily, so it helps combustion\n- Seco (middle): the aromatic, flavourful leaf, medium strength\n- Viso: a grade between seco and ligero, with more oil and body than seco and less power than ligero\n- Ligero (top): thick, oily and strong, burns slowly, so blenders place it in the centre of the bunch\n- Medio tiempo: the rare top two leaves of some plants, stronger still (Cohiba Behike uses it)',
      'Premium cigars use long filler (whole leaves running the length of the cigar); short filler (chopped leaf) burns faster and hotter and belongs to machine-made cigars. A blender balances these grades, often from several countries, for flavour, strength and an even burn.',
    ].join('\n\n'),
  },
  {
    id: 'leaf-binder', category: 'leaf', title: 'Binder',
    keywords: ['binder', 'binders', 'capote'],
    text: [
      'The binder (capote) is the leaf that holds the filler bunch together under the wrapper. It is chosen for strength, elasticity and combustion, because it has to keep the bunch\'s shape and help an even burn.',
      'It adds flavour too, less than the filler but more than people think: a Mexican San Andrés or Connecticut Broadleaf binder adds sweetness and depth, an Indonesian one a neutral, even burn. Some blends use a double binder for more complexity (the original My Father blend does).',
    ].join('\n\n'),
  },
  {
    id: 'leaf-puro', category: 'leaf', title: 'Puro',
    keywords: ['puro'],
    text: [
      'In English cigar talk a "puro" is a cigar whose wrapper, binder and filler all come from one country, such as a Nicaraguan puro (in Spanish, puro simply means cigar).',
      'It expresses a single country\'s soil and climate: Nicaraguan puros tend to be peppery and rich, Cuban ones cedary and earthy. Padrón\'s cigars are Nicaraguan puros; Opus X was the first Dominican puro with a Dominican-grown wrapper.',
    ].join('\n\n'),
    example: { country: 'Nicaragua' },
  },
  {
    id: 'strength-body', category: 'strength', title: 'Strength and body',
    keywords: ['strength', 'body', 'full bodied+mean', 'strength vs body', 'nicotine', 'mild vs full', 'how strong', 'what is mild', 'what does mild mean', 'what is full bodied', 'what does full bodied mean', 'difference between mild and full'],
    text: [
      'Strength is the nicotine punch you feel; body is the weight and richness of the smoke on your palate; flavour is what you taste. They often travel together but not always: a rich, full-bodied cigar can be only medium in strength.',
      'Torcedor rates strength in five steps: mild, mild-medium, medium, medium-full and full. Strength comes mostly from ligero in the filler (Nicaraguan ligero especially), not from a dark wrapper.',
      'If you are new or a strong cigar makes you light-headed: eat first, smoke slowly, keep water or something sweet nearby, and start mild or mild-medium. Sugar helps if you feel "nicotine sick".',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- countries
  {
    id: 'country-cuba', category: 'country', title: 'Cuba', weight: 2,
    keywords: ['cuba', 'cuban', 'cubans', 'habanos', 'vuelta abajo', 'havana'],
    text: [
      'Cuba\'s finest tobacco grows in the Vuelta Abajo in Pinar del Río; wrapper also comes from the Partido region near Havana. Every Cuban cigar brand is a marque of Habanos S.A. and is made of Cuban leaf only.',
      'The classic Cuban profile is cedar, earth, leather, honey and a toasty sweetness, often lighter in body than modern Nicaraguan blends. Several famous names (Montecristo, Cohiba, Romeo y Julieta, Partagás, H. Upmann, Hoyo de Monterrey, Punch) also exist as different, non-Cuban cigars made in the Dominican Republic or Honduras, and the catalog lists both.',
    ].join('\n\n'),
    example: { country: 'Cuba' },
  },
  {
    id: 'country-dominican', category: 'country', title: 'Dominican Republic', weight: 2,
    keywords: ['dominican', 'dominican republic', 'cibao', 'santiago'],
    text: [
      'The Dominican Republic is the largest exporter of premium cigars. Tobacco grows in the Cibao Valley around Santiago, mostly Piloto Cubano (a Cuban-seed variety) and Olor, and Dominican factories blend it with wrappers from Ecuador, Connecticut, Cameroon and beyond.',
      'Dominican blends are known for elegance and balance: smooth, creamy, cedary. Think Arturo Fuente, Davidoff, Ashton and Macanudo, though La Flor Dominicana shows it can be strong too.',
    ].join('\n\n'),
    example: { country: 'Dominican Republic' },
  },
  {
    id: 'country-nicaragua', category: 'country', title: 'Nicaragua', weight: 2,
    keywords: ['nicaragua', 'nicaraguan', 'esteli', 'jalapa', 'condega', 'ometepe'],
    text: [
      'Nicaragua grows tobacco in volcanic soil in Estelí (bold, peppery, strong), Jalapa (finer, sweeter, good wrappers), Condega and the island of Ometepe. Estelí is home to many of the best-known factories.',
      'Nicaraguan tobacco is rich and spicy, with pepper, cocoa, coffee and earth, and its ligero is powerful. Padrón, Oliva, My Father and Joya de Nicaragua (the country\'s oldest factory, from 1968) are leading names.',
    ].join('\n\n'),
    example: { country: 'Nicaragua' },
  },
  {
    id: 'country-honduras', category: 'country', title: 'Honduras', weight: 2,
    keywords: ['honduras', 'honduran', 'danli', 'jamastran', 'copan'],
    text: [
      'Honduras grows tobacco around Danlí and the Jamastrán Valley and near Copán, much of it from Cuban seed, including the original Corojo.',
      'Honduran tobacco is earthy, robust and slightly peppery, with a meaty richness. Camacho, Rocky Patel, Alec Bradley and the Honduran Punch and Hoyo de Monterrey are made there.',
    ].join('\n\n'),
    example: { country: 'Honduras' },
  },
  {
    id: 'country-mexico', category: 'country', title: 'Mexico', weight: 2,
    keywords: ['mexico', 'mexican', 'veracruz'],
    text: [
      'Mexico\'s cigar tobacco comes from the San Andrés Valley in Veracruz. Its thick Negro San Andrés leaf makes one of the great maduro wrappers and a popular binder, adding earthy sweetness, cocoa and dark coffee to blends made elsewhere.',
    ].join('\n\n'),
    example: { wrapper: 'san-andres' },
  },
  {
    id: 'country-usa', category: 'country', title: 'United States', weight: 2,
    keywords: ['usa', 'united states', 'american tobacco', 'tampa', 'ybor', 'pennsylvania'],
    text: [
      'The United States grows two famous wrappers in the Connecticut River Valley: shade-grown Connecticut (pale and mild) and sun-grown Connecticut Broadleaf (dark, for maduros). Pennsylvania (Lancaster County) grows a sweet, sturdy filler used in some blends.',
      'Tampa\'s Ybor City was the cigar capital of the US for decades, and Arturo Fuente began there in 1912. Torcedor\'s catalog has no cigars made in the US, but American leaf is in many of them.',
    ].join('\n\n'),
    example: { wrapper: 'connecticut' },
  },
  {
    id: 'country-ecuador', category: 'country', title: 'Ecuador', weight: 2,
    keywords: ['ecuador', 'ecuadorian'],
    text: [
      'Ecuador is a wrapper country. Its constant cloud cover filters the sun like a natural shade tent, so wrapper grown in the open there is thin, silky and even-coloured. Ecuador grows Connecticut, Habano and Sumatra-seed wrappers for factories across the region.',
    ].join('\n\n'),
    example: { wrapper: 'habano' },
  },
  {
    id: 'country-brazil', category: 'country', title: 'Brazil', weight: 2,
    keywords: ['brazil', 'brazilian', 'mata fina', 'arapiraca', 'bahia'],
    text: [
      'Brazil grows dark, sweet tobacco: Mata Fina from Bahia\'s Recôncavo (a classic binder and wrapper with a natural sweetness) and Arapiraca from Alagoas, a dark, spicy-sweet wrapper often used as maduro.',
    ].join('\n\n'),
    example: { wrapper: 'brazilian' },
  },
  {
    id: 'country-africa-asia', category: 'country', title: 'Cameroon and Indonesia', weight: 2,
    keywords: ['africa', 'african', 'central african republic', 'indonesia', 'indonesian', 'java', 'besuki'],
    text: [
      'Cameroon and the Central African Republic grow the delicate, toothy Cameroon wrapper (sweet, nutty, woody). Indonesia (Sumatra, Java, Besuki) grows wrapper and binder leaf with a neutral, even burn, often used in milder blends.',
    ].join('\n\n'),
    example: { wrapper: 'cameroon' },
  },

  // ---------------------------------------------------------------- storage
  {
    id: 'storage-humidity', category: 'storage', title: 'Humidity and temperature',
    keywords: ['humidity', 'rh', 'relative humidity', 'temperature', 'how humid', 'what humidity', 'too dry', 'too wet', 'store+cigars', 'storing', 'storage', 'keep+cigars+fresh', 'hygrometer', '70 70', 'fridge', 'refrigerator'],
    related: ['humidor'],
    text: [
      'Keep cigars at 65-70% relative humidity and about 18-21 °C (65-70 °F). The old "70/70 rule" works, but many smokers prefer 65-68% for a better burn, especially with fuller cigars.',
      'Too dry (under about 60%) and cigars burn hot and fast, taste harsh and the wrapper cracks; too wet (over about 72%) and they draw tight, burn unevenly and risk mould. Keep the humidor away from sun, radiators and air conditioning vents, and never store cigars in a fridge: it is too dry and full of food odours (the freezer is only for killing beetles, sealed in bags).',
      'Trust a calibrated hygrometer: test it with the salt test (a capful of damp salt sealed in a bag with the hygrometer reads 75% after about 8-12 hours) and note the offset. Add a new box gradually, since a big batch of dry or wet cigars swings the whole humidor.',
    ].join('\n\n'),
  },
  {
    id: 'storage-choosing', category: 'storage', title: 'Choosing a humidor',
    keywords: ['buy+humidor', 'choose+humidor', 'choosing+humidor', 'which humidor', 'good humidor', 'best humidor', 'humidor size', 'desktop humidor', 'cabinet humidor', 'what+humidor+need', 'kind of humidor', 'type of humidor'],
    text: [
      'What matters in a humidor:',
      '- A tight seal: close the lid on a banknote; if it slides out easily, the box will not hold humidity\n- Spanish cedar lining: it buffers humidity, resists tobacco beetles and adds a gentle aroma\n- Size: buy bigger than you think, about twice the cigars you own now, and do not pack it full, because air needs to circulate\n- A hygrometer you can calibrate (digital is easiest) and a humidification source, such as two-way humidity packs\n- Placement: away from sun and heat, ideally at 18-21 °C',
      'For a large collection, an airtight container or cooler with humidity packs, or a cabinet humidor, keeps conditions steadier than many small boxes. Season any wooden humidor before the first cigars go in.',
    ].join('\n\n'),
  },
  {
    id: 'storage-seasoning', category: 'storage', title: 'Seasoning a humidor',
    keywords: ['season', 'seasoning', 'new humidor', 'prepare+humidor', 'set up+humidor', 'setup+humidor', 'first humidor'],
    text: [
      'A new wooden humidor\'s Spanish cedar is dry and will pull moisture out of your cigars, so season it before use:',
      '- Wipe the bare cedar interior lightly with a clean cloth dampened (not soaked) with distilled water, never tap water\n- Put a charged humidifier or a two-way humidity pack inside, with a small dish of distilled water or a damp sponge on a saucer if you like to speed it up\n- Close the lid and wait 3 days to 2 weeks, until the hygrometer holds steady at 65-70%\n- Remove the extra water, then add the cigars',
      'Do not spray the wood or leave puddles: the cedar can warp and the lid will stop sealing.',
    ].join('\n\n'),
  },
  {
    id: 'storage-humidification', category: 'storage', title: 'Humidity packs and humidifiers',
    keywords: ['humidity pack', 'humidity packs', 'two way', '2 way', 'humidifier', 'propylene glycol', 'pg solution', 'beads', 'distilled water', 'humidification'],
    text: [
      'Two-way humidity packs are the simplest choice: salt-and-water packs that release moisture when the air is dry and absorb it when it is damp, holding a set point (62, 65, 69 or 72%). Use about one 60 g pack per 25 cigars of capacity and replace them when they turn hard.',
      'Foam or bead humidifiers work well too: charge them with distilled water or the solution made for them, never tap water (minerals and mould). Whatever you use, watch the hygrometer for the first weeks.',
    ].join('\n\n'),
  },
  {
    id: 'storage-beetles', category: 'storage', title: 'Tobacco beetles and mould',
    keywords: ['beetle', 'beetles', 'bugs', 'holes+cigar', 'lasioderma', 'mold', 'mould', 'plume', 'bloom', 'white spots', 'fuzzy'],
    text: [
      'Tobacco beetles (Lasioderma serricorne) hatch from eggs already in the leaf when the humidor stays above about 24 °C (75 °F), especially with high humidity. Pin-sized holes and tobacco dust are the sign.',
      'If you find them, remove the damaged cigars, seal the rest in zip bags, freeze them for about 3 days, then thaw them slowly (a day in the fridge, a day at room temperature) before they go back. Clean the humidor and keep it below 21 °C.',
      'Fuzzy blue, green or white spots that smell musty are mould: throw those cigars away and check the humidity. A fine, even, crystalline white dust that brushes off ("plume" or "bloom") is harmless oils and sugars.',
    ].join('\n\n'),
  },
  {
    id: 'storage-rotation', category: 'storage', title: 'Rotating and organising',
    keywords: ['rotate', 'rotating', 'rotation', 'cellophane', 'cello', 'organize', 'organise', 'tupperdor', 'coolidor', 'travel humidor', 'dry cigar', 'rehydrate', 'revive'],
    text: [
      'Humidity is never perfectly even inside a box, so rotate cigars every month or two: move top to bottom and front to back. Cellophane can stay on (it slows exchange, handy for long ageing) or come off; either way keep brands with strong aromas (infused cigars especially) apart.',
      'A dried-out cigar can often be saved: raise its humidity slowly over 2-4 weeks (first at 60-62%, then 65-69%). Rushing it makes the wrapper swell and crack. For larger collections, an airtight plastic container with humidity packs (a "tupperdor") or a cooler ("coolidor") holds steady very cheaply.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- cutting, lighting, smoking
  {
    id: 'technique-cutting', category: 'technique', title: 'Cutting a cigar',
    keywords: ['cut', 'cutting', 'cutter', 'guillotine', 'v cut', 'v cutter', 'punch cut', 'punch cutter', 'clip', 'scissors', 'cap'],
    text: [
      'Cut only the cap, the small round of wrapper glued on the head. Leave the line where the cap meets the body (the shoulder) intact, or the wrapper can unravel.',
      '- Guillotine (single or double blade): the universal cut; take off about 1/16 to 1/8 of an inch in one quick, firm snap\n- V-cut: a wedge notch that opens a deep draw but keeps most of the cap; good for robustos and larger rings, less so for small cigars\n- Punch: bores a round hole in the cap; keeps it neat and concentrates the smoke; best for ring gauges of about 42-54, never on a pointed head',
      'On a torpedo or belicoso, clip the tip with a guillotine: a little for a firm, focused draw, more to open it up. A sharp cutter matters more than the style; a dull one crushes the head. Cut a little at first: you can always cut more.',
    ].join('\n\n'),
  },
  {
    id: 'technique-lighting', category: 'technique', title: 'Toasting and lighting',
    keywords: ['light', 'lighting', 'lighter', 'torch', 'butane', 'matches', 'cedar spill', 'cedar spills', 'toast', 'toasting', 'how+light'],
    text: [
      'Use a clean flame: a butane torch or soft-flame lighter, long wooden matches (let the sulphur burn off first) or a cedar spill (a thin strip of Spanish cedar lit from a match). Avoid petrol lighters and candles, whose fumes taint the tobacco.',
      '- Toast: hold the foot at a 45° angle just above the flame tip and rotate it until the whole surface glows evenly, without touching the flame\n- Light: put the cigar to your lips, draw gently and keep rotating with the flame just off the foot\n- Check: blow softly on the foot to see an even ember, and touch up any side that lags',
      'Then slow down: a puff about once a minute keeps the cigar cool. Cigar smoke is tasted, not inhaled; push some out through the nose ("retrohale") to pick up more aroma.',
    ].join('\n\n'),
  },
  {
    id: 'technique-relight', category: 'technique', title: 'Relighting and burn problems',
    keywords: ['relight', 'relighting', 'went out', 'goes out', 'stale', 'tunneling', 'tunnelling', 'canoeing', 'uneven burn', 'burn problem', 'plugged', 'tight draw', 'draw is tight', 'cracked wrapper', 'bitter'],
    text: [
      'A cigar that goes out can be relit within the next half hour or so: tap off the dead ash, blow gently through it to purge the stale smoke, then toast and relight as at the start. Do not relight one that has sat out for hours or overnight: the stale ash and tars make it acrid and bitter.',
      '- Canoeing (one side burns ahead): turn the cigar so the slow side is down, or touch up that side with the flame\n- Tunneling (the centre burns, the edge does not): often too much humidity; toast the edge back in and rest the rest of the box at 65%\n- Tight draw: gently massage the body, or use a draw tool; if a box runs tight, the humidity is probably too high\n- Harsh, hot taste: slow down, and purge',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- etiquette
  {
    id: 'etiquette', category: 'etiquette', title: 'Cigar etiquette',
    keywords: ['etiquette', 'manners', 'band', 'remove the band', 'band on', 'band off', 'ash', 'ashing', 'ashtray', 'lounge', 'lounges+manners', 'sharing', 'share a cigar', 'offer a cigar', 'polite', 'rude', 'put out', 'stub'],
    text: [
      '- The band: leave it on or take it off, both are correct. If you remove it, wait until the first third has warmed the glue, then slide it off gently so you do not tear the wrapper\n- Ashing: let the ash grow (an inch is fine) and roll it off against the ashtray rather than tapping constantly; never stub a cigar out, just lay it in the ashtray and it goes out on its own without the stench\n- In a lounge: ask before you light near others, respect the house\'s rules about bringing your own cigars, keep calls outside and the volume down, and do not leave a smouldering stub behind\n- Sharing: offering a cigar from your humidor is a generous gesture; accept graciously, and never ask for one',
      'The rest is common sense: do not light up where you are not welcome, and never hand a cigar to anyone under the legal smoking age.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- pairings
  {
    id: 'pairing', category: 'pairing', title: 'Pairings',
    keywords: ['pair', 'pairing', 'pairings', 'drink with', 'goes with', 'go with', 'what to drink', 'match+drink'],
    related: ['coffee', 'rum', 'whisky', 'whiskey', 'bourbon', 'scotch', 'port', 'cognac', 'beer', 'tea', 'wine'],
    text: [
      'Match weight with weight, so neither the drink nor the cigar drowns the other:',
      '- Mild and mild-medium: latte or cappuccino, green or jasmine tea, a crisp lager or wheat beer, Champagne, a light Speyside malt\n- Medium: black coffee, aged rum, a Highland or Speyside single malt, an amber ale, oolong tea\n- Medium-full: espresso, bourbon or rye, añejo rum, tawny port, a brown ale\n- Full: espresso or a cortado, a sherried or peated single malt, cask-strength bourbon, vintage or ruby port, XO cognac, a stout or porter',
      'Sweet meets sweet (a maduro with port or a milk stout), spice meets spice (a Corojo with rye), cream meets cream (a Connecticut with a cappuccino). Sip water in between to reset your palate.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- ageing
  {
    id: 'aging', category: 'aging', title: 'Resting and ageing',
    keywords: ['age', 'aging', 'ageing', 'aged', 'rest', 'resting', 'sick period', 'acclimate', 'acclimatise', 'acclimatize', 'how long+humidor', 'vintage', 'box date', 'ammonia'],
    text: [
      'Rest first: cigars that travelled or just arrived have been through temperature and humidity swings, so give them at least two to three weeks in your humidor before judging them (a month or two is better).',
      'Ageing is optional and slow: at 65-70% and 18-21 °C, a blend marries and mellows over months to years. Full-bodied, ligero-rich blends and maduros gain the most; delicate mild cigars can fade after a few years. Taste one every few months and keep notes: Torcedor\'s box date and your reviews make that easy.',
      'Fresh cigars, especially Cuban ones, can go through a "sick period": as the leaf keeps fermenting, they release ammonia and taste sharp or muted. It typically starts within months of rolling and fades over several months to about a year; the cure is simply time in the humidor.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- health (neutral)
  {
    id: 'health', category: 'health', title: 'Health',
    keywords: ['healthy', 'health', 'safe to smoke', 'cancer', 'is it bad for you', 'addictive'],
    text: [
      'Cigars are not safe: even without inhaling, smoke in the mouth exposes you to nicotine and carcinogens, and regular smoking raises the risk of mouth, throat and other cancers and of heart disease. Enjoying them occasionally and not inhaling lowers the exposure but does not remove it.',
      'For anything about your own health, ask a doctor. I am happy to help you enjoy the occasional cigar well.',
    ].join('\n\n'),
  },

  // ---------------------------------------------------------------- the platform
  {
    id: 'app-add-humidor', category: 'platform', title: 'Adding a cigar to your humidor',
    keywords: ['add+humidor', 'add+collection', 'put+humidor', 'log+humidor', 'track+cigars', 'add cigar', 'add a cigar', 'add to humidor', 'record+humidor', 'save+humidor'],
    text: [
      'Two ways to add a cigar to My Humidor:',
      '- From Search: find the cigar (brand, line or vitola), then press Add to Humidor on its card; My Humidor opens with the cigar already picked\n- From My Humidor: press Add Cigar, type in "Search the catalog" and pick the cigar from the list',
      'Then fill in the quantity (1 or more), and if you like the price paid per stick, a location (e.g. "Top tray"), the box date and notes, and press Add to Humidor. The box date is worth entering: I use it to tell you what is well rested. You can also bring a whole collection in with Import CSV.',
      `Free members keep up to ${FREE_HUMIDOR_CAP} cigars; at the cap the button reads Upgrade to Add More. Premium has no limit.`,
    ].join('\n\n'),
  },
  {
    id: 'app-edit-humidor', category: 'platform', title: 'Editing your humidor',
    keywords: ['edit+humidor', 'update+humidor', 'change+quantity', 'remove+humidor', 'delete+humidor', 'mark+smoked', 'status+humidor', 'edit+item', 'remove+item', 'humidor status'],
    text: [
      'On My Humidor, each cigar\'s card has Edit and Remove buttons. Edit changes the quantity, price paid, location, box date, notes and the status: owned, to-try, aged or smoked. Setting the quantity to 0 or the status to smoked keeps the record for your history; remove deletes it.',
      'The search box and the status filter (All Status) help you find items, and Export CSV downloads the whole list.',
    ].join('\n\n'),
  },
  {
    id: 'app-import', category: 'platform', title: 'Importing and exporting your humidor',
    keywords: ['import', 'csv', 'spreadsheet', 'export+humidor', 'bulk add'],
    text: [
      'On My Humidor, Import CSV takes a spreadsheet with columns for name, brand, quantity, price, location and date, shows a preview that checks every row, then imports the rows that pass. Export CSV downloads your humidor as a spreadsheet.',
      `The free plan keeps up to ${FREE_HUMIDOR_CAP} cigars however they are added; premium has no limit.`,
    ].join('\n\n'),
  },
  {
    id: 'app-wishlist', category: 'platform', title: 'Wishlist',
    keywords: ['wishlist', 'wish list', 'want to try list', 'save for later'],
    text: [
      '- Add: in Search, press Add to Wishlist on a cigar\'s card, set a priority and optional notes, and confirm\n- See it: on My Humidor, open the Wishlist tab (its count is shown on the tab)\n- Once you have the cigar: press Move to humidor on its wishlist card, or remove it from the list',
      'Your wishlist helps me too: cigars on it get a small boost in my suggestions.',
    ].join('\n\n'),
  },
  {
    id: 'app-reviews', category: 'platform', title: 'Reviews and ratings',
    keywords: ['write+review', 'post+review', 'leave+review', 'add+review', 'edit+review', 'delete+review', 'review+cigar', 'rate+cigar', 'rating', 'ratings', 'stars', 'how+review', 'my reviews', 'scores'],
    text: [
      'Open a cigar from Search (or its page) and press Write a Review. You score four things from 0 to 100: Draw, Burn, Flavor and Overall; add flavor tags (Cedar, Leather, Cocoa, Coffee, Pepper, Earth, Cream and so on, or type your own and press Enter) and notes, then Post Review.',
      'A cigar\'s rating is the mean of its overall scores, shown as stars (score / 20) with the number of reviews. Your reviews are your smoking history: the more you rate, the better my recommendations follow your taste. You can delete your own review from the cigar page.',
    ].join('\n\n'),
  },
  {
    id: 'app-events', category: 'platform', title: 'Events, RSVP and the waitlist',
    keywords: ['event', 'events', 'rsvp', 'waitlist', 'wait list', 'tasting', 'meetup', 'meet up', 'festival', 'host+event', 'create+event', 'attend', 'calendar'],
    text: [
      '- Browse: open Events (Cigar Events) and filter by type: Tasting, Meet-up, Festival or Masterclass\n- RSVP: open an event and choose Going, Maybe (interested) or Not going\n- Full events: a further Going puts you on the waitlist and tells you your number; when a seat frees up, the first member on the list gets it at once, premium members first\n- Calendar: each event has Add to calendar (.ics) and Add to Google Calendar',
      `To host, press Create Event: a title, type and start are required, capacity is optional. Free members host up to ${FREE_HOSTED_EVENTS_LIMIT} upcoming events at once; premium hosts freely. Every event is for adults of legal smoking age.`,
    ].join('\n\n'),
  },
  {
    id: 'app-premium', category: 'platform', title: 'Premium',
    keywords: ['premium', 'subscription', 'subscribe', 'upgrade', 'membership', 'plan', 'trial', 'free trial', 'cancel+subscription', 'cancel+premium', 'billing', 'member badge'],
    text: [
      `Premium is ${PREMIUM_PRICE} per month. It gives:`,
      '- An unlimited humidor and unlimited VitolAI\n- Advanced humidor analytics\n- Priority event access (first off a waitlist) and unlimited event hosting\n- No promotional panels\n- Exclusive content: the Learn masterclasses\n- The member badge next to your name\n- Priority support',
      `Upgrade from Subscription (Upgrade to Premium, then complete the payment form). The ${TRIAL_DAYS}-day trial gives the same until it ends. If you cancel, renewal stops and premium stays active until the end of the paid period.`,
    ].join('\n\n'),
  },
  {
    id: 'app-limits', category: 'platform', title: 'Free plan limits',
    keywords: ['limit', 'limits', 'cap', 'free tier', 'free plan', 'how many+recommendations', 'how many+cigars', 'how many+questions', 'upgrade to add more', 'daily limit', 'quota', 'reset'],
    text: [
      `- Humidor: free members keep up to ${FREE_HUMIDOR_CAP} cigars; then Add Cigar reads Upgrade to Add More\n- VitolAI: ${FREE_AI_DAILY_LIMIT} free AI recommendations per day, counted per UTC day, so they reset at midnight UTC; the recommendations page shows how many you have used\n- Events: free members host up to ${FREE_HOSTED_EVENTS_LIMIT} upcoming events at once`,
      `Premium (${PREMIUM_PRICE}/month) removes these limits.`,
    ].join('\n\n'),
  },
  {
    id: 'app-settings', category: 'platform', title: 'Settings and privacy',
    keywords: ['settings', 'privacy', 'private profile', 'public profile', 'followers only', 'hide+location', 'show location', 'notifications', 'notification', 'content filter', 'language', 'change+password', 'change+email', 'edit+profile', 'bio', 'profile picture', 'log out', 'logout'],
    text: [
      'Settings has five tabs:',
      '- Profile: name, bio (up to 500 characters) and location; your photo changes from your profile page\n- Privacy: profile visibility (Public, Followers only or Private), Allow follow requests, Show location on my profile, and who may send you direct messages\n- Notifications: email, new followers, reviews, events and marketing emails\n- Preferences: language and the content filter (Minimal, Standard or Strict)\n- Security: log out, download your data, and delete your account',
      'A followers-only or private profile shows only your name and picture to members who do not follow you.',
    ].join('\n\n'),
  },
  {
    id: 'app-delete-account', category: 'platform', title: 'Deleting your account',
    keywords: ['delete+account', 'close+account', 'remove+account', 'deactivate', 'cancel+account', 'delete my data', 'erase+data'],
    text: [
      'In Settings, open the Security tab and press Delete Account. Type DELETE to confirm (and your password, if your account has one), then press Delete permanently.',
      'It permanently deletes your account, profile, humidor, wishlist, posts, reviews and every other record of you, and cancels a premium subscription at once. It cannot be undone, so consider Request Download on the same tab first to keep a copy of your data.',
    ].join('\n\n'),
  },
  {
    id: 'app-export-data', category: 'platform', title: 'Downloading your data',
    keywords: ['export+data', 'download+data', 'my data', 'gdpr', 'copy of my data'],
    text: [
      'In Settings, open the Security tab and press Request Download under "Your data": you get everything Torcedor holds about you as one JSON file. For just your humidor, use Export CSV on My Humidor.',
    ].join('\n\n'),
  },
  {
    id: 'app-support', category: 'platform', title: 'Support',
    keywords: ['support', 'contact', 'help desk', 'bug', 'not working', 'broken', 'error', 'problem', 'issue', 'talk to+human', 'card declined', 'refund'],
    text: [
      'Go to the support page (/support), choose a topic (Account and sign-in, Billing and Premium, Humidor and wishlist, Events, Feed and community...), describe the problem and send it. You can follow your requests\' status on the same page.',
      'Every member can send requests; premium and trial members\' requests are flagged priority and answered first.',
    ].join('\n\n'),
  },
  {
    id: 'app-search', category: 'platform', title: 'Search and the catalog',
    keywords: ['search', 'catalog', 'find+cigar', 'look up', 'browse', 'discover', 'find+lounge', 'lounges'],
    text: [
      'Search looks through the curated catalog: type a brand, line or vitola and results are grouped into Cigars, Brands and Lounges (with Popular brands when the box is empty). Each cigar card shows its country, vitola, size, strength, wrapper, binder and filler, its rating, and buttons to Add to Wishlist, Add to Humidor, read Reviews or Write a Review.',
      'Lounges in the results link to their own websites for hours and what they offer.',
    ].join('\n\n'),
  },
  {
    id: 'app-social', category: 'platform', title: 'Feed, posts and following',
    keywords: ['feed', 'post', 'posts', 'follow', 'follower', 'followers', 'unfollow', 'comment', 'comments', 'share+photo', 'upload+photo', 'report+post', 'report+member'],
    text: [
      '- Post: write in the composer on the feed (up to 2,000 characters), optionally with one picture (JPEG, PNG or WebP, up to 5 MB); Cmd/Ctrl+Enter shares\n- Follow members from their profiles; private and followers-only profiles limit what non-followers see\n- Like and comment on posts; only the author can delete a post or comment\n- Report a post, comment, review or member with a reason, and the owners review it',
    ].join('\n\n'),
  },
  {
    id: 'app-learn', category: 'platform', title: 'Learn',
    keywords: ['learn page', 'learn', 'masterclass', 'masterclasses', 'videos', 'lessons', 'course'],
    text: [
      'The Learn page has video cards on nine topics (manufacturing, geography, technique, storage, tasting, pairing and more), each opening a search for that kind of video, plus written masterclasses that are exclusive to premium and trial members.',
    ].join('\n\n'),
  },
  {
    id: 'app-analytics', category: 'platform', title: 'Humidor stats and analytics',
    keywords: ['analytics', 'stats', 'statistics', 'valuation', 'origins', 'total sticks', 'unique cigars'],
    text: [
      'My Humidor shows Total Sticks, Unique Cigars and Aging (cigars boxed 2 or more years ago), plus your origins. Premium adds advanced analytics: collection stats, valuation (what you paid against current value) and charts.',
    ].join('\n\n'),
  },
  {
    id: 'app-age', category: 'platform', title: 'Age requirement',
    keywords: ['how old', 'age requirement', 'minimum age', 'age limit', 'age verification', 'age gate', 'old enough'],
    text: [
      `Torcedor is for adults of legal smoking age: ${AGE_RULE}. Local law may set a higher age, and it always applies.`,
    ].join('\n\n'),
  },
];

export const KNOWLEDGE_BY_ID: ReadonlyMap<string, KnowledgeEntry> = new Map(KNOWLEDGE.map((e) => [e.id, e]));

/** What to drink with each strength (a short phrase for a sentence). */
export const PAIRING_BY_STRENGTH: Record<StrengthLevel, string> = {
  mild: 'a latte or cappuccino, jasmine or green tea, or a glass of Champagne',
  'mild-medium': 'a flat white, a light Speyside single malt or a wheat beer',
  medium: 'a black coffee, an aged rum or a Highland single malt',
  'medium-full': 'an espresso, a bourbon or a tawny port',
  full: 'an espresso, a sherried or peated single malt, a ruby port or a stout',
};

export type Drink = 'coffee' | 'tea' | 'rum' | 'whisky' | 'port' | 'cognac' | 'beer' | 'wine' | 'champagne';

/** A drink's pairing advice and the strengths that suit it. */
export const DRINKS: Record<Drink, { label: string; strengths: StrengthLevel[]; advice: string }> = {
  coffee: {
    label: 'coffee', strengths: ['mild', 'mild-medium'],
    advice: 'With coffee, match the cup: a creamy Connecticut with a latte or cappuccino in the morning; an espresso stands up to a maduro or a full Nicaraguan after dinner.',
  },
  tea: {
    label: 'tea', strengths: ['mild', 'mild-medium'],
    advice: 'Tea is delicate: green, jasmine or white tea with a mild cigar, oolong or Earl Grey with a mild-medium one.',
  },
  rum: {
    label: 'rum', strengths: ['medium', 'medium-full'],
    advice: 'Aged rum\'s caramel and vanilla flatter medium to medium-full cigars, especially Cameroon, Sumatra and maduro wrappers; keep white rum for cocktails.',
  },
  whisky: {
    label: 'whisky', strengths: ['medium-full', 'full'],
    advice: 'Whisky wants weight: a sherried or peated single malt, or a bourbon\'s vanilla and oak, next to a medium-full or full cigar; a lighter Speyside or Irish whiskey suits a medium one.',
  },
  port: {
    label: 'port', strengths: ['medium-full', 'full'],
    advice: 'Port\'s sweetness loves a maduro: ruby or vintage port with a full cigar, tawny with a medium-full one.',
  },
  cognac: {
    label: 'cognac', strengths: ['medium', 'medium-full', 'full'],
    advice: 'Cognac (VSOP or XO) suits rich, elegant medium to full cigars; sip it, and skip the old habit of dipping the cigar in it.',
  },
  beer: {
    label: 'beer', strengths: ['mild-medium', 'medium', 'medium-full'],
    advice: 'With beer, match colour to colour: a lager or wheat beer with a Connecticut, an amber or brown ale with a Habano or Sumatra, a stout or porter with a maduro.',
  },
  wine: {
    label: 'wine', strengths: ['medium', 'medium-full'],
    advice: 'Wine is tricky with cigars; fortified and sweet wines work best, and a big red can handle a medium-full cigar.',
  },
  champagne: {
    label: 'Champagne', strengths: ['mild', 'mild-medium'],
    advice: 'Champagne\'s acidity and bubbles suit a mild, creamy cigar: a Connecticut-shade robusto or corona is the classic.',
  },
};

/** The answer to any question about buying, prices to order, shipping or selling tobacco. Names no shop. */
export const SALES_REFUSAL = [
  'I can\'t help with buying, ordering, shipping or selling cigars: Torcedor is a club, and it never sells tobacco or points members to sellers.',
  'If you want to visit a lounge, the lounges in Search link to their own websites, which are the place to ask about what they offer. Please follow your local laws on age and on buying and importing tobacco.',
  'I\'m glad to help with everything else: choosing a cigar to look out for, storage, or your humidor.',
].join('\n\n');

export const MINORS_REFUSAL = [
  `Cigars are only for adults of legal smoking age: ${AGE_RULE}, and local law may set a higher age. I can't help with getting, giving or choosing cigars for anyone under that age.`,
  'If you are an adult with a question about cigars or the club, I am happy to help.',
].join('\n\n');

/** For accessories: general advice, still no shops. */
export const NO_SHOPS_NOTE = 'I don\'t point to shops or sellers, but here is what to look for.';
