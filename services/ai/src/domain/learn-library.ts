import type { z } from 'zod';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { LEARN_CATEGORIES, LEARN_LEVELS } from '@torcedor/shared/constants';
import type { LearnItem } from '@torcedor/shared/schemas/ai';
import type { Entitlement } from '@torcedor/shared/schemas/identity';

type Item = z.infer<typeof LearnItem>;
type Category = (typeof LEARN_CATEGORIES)[number];
type Level = (typeof LEARN_LEVELS)[number];

/**
 * A video card. We link to no single video, because we cannot vouch that a given video id exists or stays up:
 * each card opens a YouTube search for its topic, and `channel` says which kind of source it finds. `duration`
 * is the usual length of such videos (a range), not one video's length.
 */
export interface LearnVideo {
  id: string; title: string; channel: string; description: string; category: Category; duration: string; level: Level;
  /** What the card searches YouTube for. */
  query: string;
}

/** A written lesson, exclusive to premium (and trial) members. */
export interface Masterclass {
  id: string; title: string; description: string; category: Category; level: Level;
  /** Plain text, paragraphs separated by a blank line. */
  body: string;
}

/** The link a video card opens: YouTube's own search results, encoded as YouTube writes them. */
export const youtubeSearchUrl = (query: string) => `https://www.youtube.com/results?${new URLSearchParams({ search_query: query })}`;

/** Where an open masterclass reads: the Learn page with the lesson's dialog open (a shareable link in the app). */
export const masterclassUrl = (id: string) => `/learn?${new URLSearchParams({ lesson: id })}`;

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Reading time at about 200 words a minute. */
export const readingTime = (text: string) => `${Math.max(1, Math.round(wordCount(text) / 200))} min read`;

export const MASTERCLASS_CHANNEL = 'Torcedor Masterclass';

/** The 9 video cards, one per category, in the categories' order. */
export const LEARN_LIBRARY_VIDEOS: readonly LearnVideo[] = [
  {
    id: 'video-manufacturing', category: 'Manufacturing', level: 'Intermediate', duration: '15–30 min',
    title: 'From Seed to Band: How Premium Cigars Are Made',
    channel: 'YouTube search: factory tours',
    description: 'Factory tours from Estelí, Santiago and Havana: curing barns, fermentation piles and the rolling gallery where torcedores bunch, press and wrap each cigar by hand.',
    query: 'how premium cigars are made factory tour',
  },
  {
    id: 'video-geography', category: 'Geography', level: 'Intermediate', duration: '10–25 min',
    title: 'Where Great Tobacco Grows',
    channel: 'YouTube search: tobacco-region documentaries',
    description: "Cuba's Vuelta Abajo, the Dominican Cibao Valley, Nicaragua's Estelí and Jalapa, Honduras' Jamastrán: how soil and climate shape a leaf.",
    query: 'cigar tobacco growing regions Cuba Dominican Republic Nicaragua Honduras',
  },
  {
    id: 'video-technique', category: 'Technique', level: 'Beginner', duration: '5–10 min',
    title: 'Cutting, Toasting and Lighting a Cigar',
    channel: 'YouTube search: tobacconist how-tos',
    description: 'Straight, V and punch cuts, toasting the foot before the first draw, lighting with a soft flame or a cedar spill, and correcting an uneven burn.',
    query: 'how to cut toast and light a cigar',
  },
  {
    id: 'video-storage', category: 'Storage', level: 'Beginner', duration: '5–15 min',
    title: 'Setting Up and Seasoning a Humidor',
    channel: 'YouTube search: humidor care guides',
    description: 'Seasoning the cedar, counting humidity packs, calibrating a hygrometer and keeping cigars at a steady 65–70% relative humidity.',
    query: 'how to season a cigar humidor',
  },
  {
    id: 'video-tasting', category: 'Tasting', level: 'Intermediate', duration: '10–20 min',
    title: 'Tasting a Cigar: The Three Thirds and the Retrohale',
    channel: 'YouTube search: tasting sessions',
    description: 'How flavour develops from the first third to the last, how to retrohale smoke through the nose, and how to put a name to what you taste.',
    query: 'how to taste a cigar retrohale flavor notes',
  },
  {
    id: 'video-pairing', category: 'Pairing', level: 'Intermediate', duration: '10–20 min',
    title: 'Cigar and Drink Pairings',
    channel: 'YouTube search: pairing sessions',
    description: 'Rum, whisky, port and coffee alongside mild, medium and full-bodied cigars, matching a flavour or contrasting it.',
    query: 'cigar pairing whiskey rum coffee',
  },
  {
    id: 'video-education', category: 'Education', level: 'Beginner', duration: '5–15 min',
    title: 'Anatomy of a Cigar: Wrapper, Binder and Filler',
    channel: 'YouTube search: cigar basics',
    description: 'Wrapper, binder and filler, the cap and the foot, vitolas and ring gauges: the vocabulary every member needs.',
    query: 'cigar anatomy wrapper binder filler explained',
  },
  {
    id: 'video-etiquette', category: 'Etiquette', level: 'Beginner', duration: '5–10 min',
    title: 'Cigar Lounge Etiquette',
    channel: 'YouTube search: lounge etiquette',
    description: 'Offering and sharing cigars, where to leave the band, letting a cigar go out on its own and respecting the room and the people in it.',
    query: 'cigar lounge etiquette',
  },
  {
    id: 'video-vintage', category: 'Vintage', level: 'Advanced', duration: '15–30 min',
    title: 'Ageing Cigars: What the Years Change',
    channel: 'YouTube search: collector talks',
    description: 'What time does to the leaf, the sick period of fresh rolls, reading box codes and the conditions for keeping cigars for years.',
    query: 'aging cigars how long vintage cigars',
  },
];

/** The premium masterclasses: written lessons, 250-500 words each. */
export const LEARN_LIBRARY_MASTERCLASSES: readonly Masterclass[] = [
  {
    id: 'masterclass-wrapper-colours', category: 'Education', level: 'Intermediate',
    title: 'Reading a Wrapper: The Colour Grades',
    description: "From candela to oscuro: what a wrapper's colour says about how the leaf was grown and fermented, and what it does not say.",
    body: `The wrapper, or capa, is the single leaf wound around the outside of a cigar. It is the most expensive leaf in the blend, the first thing you see and the first thing your lips touch, and its colour tells you a good deal about how the leaf was grown, cured and fermented.

The trade describes wrapper colour on a scale from light to dark. Candela, or double claro, is green: the leaf is picked early and dried quickly with heat so that the chlorophyll is locked in, giving a grassy, slightly sweet smoke. Claro is a pale tan, typical of shade-grown leaf. Colorado claro is a light reddish brown, colorado a deeper reddish brown with the oily sheen of many Cuban and Nicaraguan wrappers, and colorado maduro a dark brown between the two families. Maduro is very dark brown, and oscuro, sometimes sold as maduro maduro, is close to black.

Colour comes from three things. Sun: shade-grown wrapper, such as Connecticut shade raised under cheesecloth tents or Ecuadorian leaf grown under the region's natural cloud cover, stays thin, light and silky, while sun-grown leaf is thicker and darker. Position on the plant: leaves higher on the stalk get more sun and turn out darker and richer. Fermentation: a maduro is usually a thick, sturdy leaf, such as Connecticut broadleaf, Mexican San Andrés or Brazilian leaf, fermented longer and hotter so that its sugars develop and its colour deepens.

What colour does not tell you reliably is strength. A dark wrapper often tastes sweeter and earthier, with notes of cocoa, coffee and dried fruit, but the strength of a cigar comes mostly from its filler, above all from the share of ligero. A maduro can be mild, and a pale Connecticut can wrap a surprisingly strong blend.

When you inspect a wrapper, look beyond colour. Even colour from head to foot shows careful sorting. Fine veins that lie flat mean a better leaf; thick, raised veins can burn unevenly. A light oily sheen is the mark of a well-fermented, well-kept leaf. Some wrappers, Cameroon and broadleaf especially, show tooth: small raised bumps, usually attributed to crystallised oils, which are perfectly normal. A dull, papery or cracked wrapper usually means a cigar kept too dry.

Practise this way: many makers offer the same blend in a natural and a maduro wrapper. Buy one of each, smoke them side by side and note what changes and what stays. Before long you will read a wrapper before you light it.`,
  },
  {
    id: 'masterclass-humidor-seasoning', category: 'Storage', level: 'Beginner',
    title: 'Seasoning a Humidor and the Boveda Maths',
    description: 'Bringing new cedar to equilibrium, counting humidity packs by capacity, choosing a humidity and calibrating your hygrometer.',
    body: `A new wooden humidor is dry. Its Spanish cedar lining is there to hold moisture and buffer changes, but until the wood has taken on water it will pull moisture out of your cigars, and the lid will not seal as it should. Seasoning is the slow work of bringing the wood to equilibrium before any cigar goes in.

The old method is to wipe the cedar with a cloth barely damp with distilled water and leave a dish of distilled water inside for a few days. It works, but wiping risks warping and uneven moisture, and tap water leaves minerals behind. The simplest modern method uses two-way humidity packs. Boveda's own guidance is to put 84% seasoning packs in the empty humidor, close the lid and leave it shut for 14 days whatever the hygrometer says, then throw the seasoning packs away. The air reading rises within hours; the wood takes far longer, and the wood is what you are waiting for.

Now the maths. Boveda's rule is one 60-gram pack for every 25 cigars the humidor can hold, counted by capacity, not by how many cigars are in it today. A 50-count humidor takes two packs, a 100-count takes four and a 150-count takes six. Use the same count for seasoning and afterwards. If you open the lid often, live in a dry climate or have a lid that does not fit tightly, add one more pack.

Then choose the humidity. Most cigars are happy between 62% and 70% relative humidity at around 18-21 °C (65-70 °F). A drier 62-65% suits dense, full-bodied cigars and helps them burn evenly; 69% is a common all-round choice; 72% and 75% suit a humidor that leaks or a smoker who likes a softer, moister smoke. Keep the temperature steady and below about 24 °C (75 °F): above it, the eggs of the tobacco beetle can hatch.

Check your hygrometer before trusting it. The salt test costs nothing: put a bottle cap of table salt, moistened with a few drops of water until it is damp but not dissolved, in a sealed bag with the hygrometer for 8 to 12 hours. A saturated salt slurry holds the air at 75%, so the difference from 75 is your correction.

Replace a pack when it turns hard and stiff: it has given up its water. Add new cigars gradually, because a box of dry cigars pulls a lot of moisture at once. Above all, stability matters more than any particular number: a humidor that holds 67% every day beats one that swings between 60% and 75%.`,
  },
  {
    id: 'masterclass-ring-gauge-draw', category: 'Technique', level: 'Intermediate',
    title: 'Ring Gauge, Length and the Draw',
    description: "How a cigar's diameter changes its blend, how the roller decides the draw, and how to test and rescue a tight one.",
    body: `Ring gauge is a cigar's diameter measured in sixty-fourths of an inch. A 64 ring gauge is one inch across; a 50 ring robusto is 50/64 of an inch, about 19.8 mm; a 38 to 40 ring lancero is barely 15 to 16 mm. Length is given in inches in most of the world and in millimetres on Cuban cigars.

Gauge changes the blend, not just the size. A thin cigar holds few filler leaves, so the wrapper makes up a larger share of the tobacco burning and its flavour comes through clearly. Lanceros and coronas are prized for that focus, but they are hard to roll well, burn hotter and ask for a slower pace. A fat cigar holds more filler, which gives the blender room to layer ligero and seco, burns cooler and slower, and tends to change less from third to third. Many smokers find that a blend has one size where it sings, and that the same tobacco in a 60 ring tastes more diluted than in a 48.

The draw is the resistance you feel as you pull air through the cigar, and the roller decides it. The filler leaves are bunched first, folded like a book or, in the Cuban entubado method, each rolled into its own tube so that smoke runs along the channels. The bunch is pressed in a mould, covered with binder and finally with the wrapper. Too much tobacco, or a leaf folded back on itself, makes a plug: the cigar is hard to draw, goes out, and tastes bitter because you pull too hard. Too little makes the draw loose, and a loose cigar burns hot and fast.

Test before you light. Cut the cap with a straight cut just above the line where the cap meets the shoulder, usually 1 to 2 mm, and take a cold draw. It should feel like drinking through a slightly narrow straw: some resistance, but no effort. If it is tight, a slightly deeper cut helps when the obstruction is near the head; gently rolling the cigar between your fingers can loosen a plug; and a draw tool, a thin needle pushed carefully through the centre of the filler, can open a channel. Punch and V cuts concentrate the draw and suit larger gauges; a straight cut gives the most open draw.

Pace matters as much as construction. A draw about once a minute keeps the cigar lit without overheating it, and a cigar smoked slowly tastes sweeter than the same cigar puffed hard.`,
  },
  {
    id: 'masterclass-ageing-sick-period', category: 'Vintage', level: 'Advanced',
    title: 'Ageing Cigars and the Sick Period',
    description: 'What happens to a cigar after rolling, why a new release can disappoint for a while, and how to age a box and judge its peak.',
    body: `Every premium cigar is already aged before it reaches you. The leaf is cured in barns for weeks, fermented in piles called pilones, aged in bales for months or years, and the rolled cigars usually rest in a cedar ageing room for weeks or months before they are banded and boxed. What happens in your humidor is the last and slowest stage.

Rolling adds a twist. The leaves are moistened so that they can be handled, so a cigar straight from the roller's table carries extra moisture and is still changing. Fresh-rolled cigars can be bright and pleasant, which is why they are enjoyed in Cuba straight from the table. Many smokers then describe a sick period: from roughly a month after rolling, the cigar tastes harsh, muted or ammoniac for a stretch usually put at several months, while the leaf settles and gives up the last of its moisture. The timings are anecdotal and vary with the blend and the factory, but the lesson holds: a cigar that disappoints soon after release may be very different half a year later.

In your humidor, time rounds a cigar off. Strength softens, sharp and peppery notes fade, and the flavours of wrapper, binder and filler meld into something smoother. Many full-bodied cigars, especially from Cuba, improve for years, and some collectors prize boxes of ten or twenty years. Mild cigars have less to gain and can fade if they are kept too long.

Good ageing needs stable conditions. Around 65% relative humidity and 16-18 °C is a classic cellar target, and steadiness matters more than precision. Age cigars in their box where you can, because the cedar box shields them from swings. Cellophane slows the exchange with the air, so cigars age more slowly inside it: a choice, not a rule.

Learn to tell plume from mould. Plume, or bloom, is a fine grey-white dust that brushes off and leaves no mark, traditionally attributed to oils crystallising on a long-kept cigar. Mould is fuzzy, often white, blue or green, grows in clumps and stains the leaf. Separate a mouldy cigar at once and check the whole humidor.

Keep a log. Cuban boxes carry a stamped code with the month and year of boxing, such as ABR 19 for April 2019; note it with the date you bought the box. Smoke one cigar every six months or a year and write down what changed. Your notes, not anyone's rule, will tell you when a box has reached its peak.`,
  },
  {
    id: 'masterclass-blending-primings', category: 'Manufacturing', level: 'Advanced',
    title: 'Blending: Ligero, Seco and Volado',
    description: 'How leaves are primed from the stalk, what each priming brings to a blend, and how a blender balances strength, flavour and burn.',
    body: `A cigar's character is decided long before it is rolled, by where each leaf grew on the plant. Tobacco for premium cigars is usually harvested by priming: two or three leaves are picked from the bottom of the stalk at a time, and the pickers come back every week or so, working upwards as the leaves ripen. Each level gives leaf of a different nature.

Volado comes from the lower leaves. They get the least sun, are thin and have little flavour or strength, but they burn very well. In the blend, volado is the fuel that keeps a cigar burning evenly.

Seco comes from the middle of the plant. It is thinner than the top leaves, aromatic and medium in body, and it carries much of a cigar's flavour and aroma.

Ligero comes from the upper leaves, which take the most sun. It is thick, oily and rich in nicotine and flavour, but it burns slowly. In Cuba, the very top leaves of some plants, called medio tiempo, are rarer and richer still.

The blender's craft is proportion. Because ligero burns slowly, rollers place it at the centre of the bunch, with seco around it and volado towards the outside, so that the cigar burns evenly. A mild cigar may contain little or no ligero; a full-bodied one uses more, often from a stronger region or a sunnier farm. Change the proportions and the same tobacco becomes a different cigar, which is why a blend is adjusted when it is made in a larger or smaller ring gauge.

Leaves are sorted by priming and fermented separately. Thick ligero needs a longer, more intense fermentation in the pilones to break down ammonia and develop its sugars; thin volado needs less. The leaf then rests in bales, sometimes for years, before it is blended.

Blenders also mix origins. A classic Dominican cigar may combine Dominican Piloto Cubano seco with Nicaraguan ligero for power and an Ecuadorian Connecticut wrapper for a creamy finish. Nicaragua's regions alone offer contrast: Estelí for strength and spice, Jalapa for refinement, Condega in between. The binder, or capote, holds the bunch together and adds its own note, often from yet another country.

Next time you smoke, read the maker's notes on origins and leaves, then ask where the strength, the aroma and the burn come from. You are tasting the blender's recipe.`,
  },
  {
    id: 'masterclass-pairing-strength', category: 'Pairing', level: 'Intermediate',
    title: 'Pairing by Strength',
    description: 'Matching the weight of a drink to the strength of a cigar, from a morning Connecticut with a latte to a maduro with port.',
    body: `The first rule of pairing is balance: neither the drink nor the cigar should drown the other. Start by judging the weight of each. A cigar's strength is the physical effect of its nicotine; its body is the richness and weight of the smoke. A drink's weight comes from alcohol, sugar, tannin and roast.

Mild cigars, such as those in Connecticut shade wrappers, are creamy, nutty and delicate. Pair them with equally gentle partners: a latte or cappuccino in the morning, a light rum, a Speyside malt with a splash of water, champagne or a crisp pilsner. A peated Islay whisky or a double espresso will bury them.

Medium cigars, the broad middle of the market, open the field. A bourbon's caramel and vanilla pick up the cedar and sweetness of the smoke, an aged rum brings molasses and spice, and an Americano or a cortado suits an afternoon smoke. A brown ale or a dark lager works as well.

Full-bodied cigars, heavy with ligero, in dark maduro wrappers or built on strong Nicaraguan leaf, need partners with weight and usually sweetness. Ruby or tawny port, Pedro Ximénez sherry, an old cognac or armagnac, a rich rum, an imperial stout or a strong espresso stand up to them. Sweetness also softens the edge of a strong cigar, which is why a maduro with port is a classic.

Within a strength, choose between matching and contrasting. Matching echoes a flavour: a cocoa-rich maduro with a chocolate stout, a cedar-and-spice cigar with a spicy rye. Contrasting cuts across it: the acidity and bubbles of champagne refresh the palate against a creamy cigar, and sparkling water resets it between thirds.

Some practical points. Taste the drink first, then the cigar, then the two together, and ask whether each is still clear. Keep water at hand, because smoke dries the palate and strong spirits numb it; a splash of water in a whisky opens it up and softens its bite. Eat before a strong cigar, since nicotine on an empty stomach can make you queasy, and a little sugar helps if it does. Mind the quantities too: a long cigar and a second pour of a cask-strength spirit add up.

Finally, treat every pairing as an experiment. Write down the cigar, the drink and what happened, because the pairing that works is the one that works on your palate.`,
  },
];

function videoItem(v: LearnVideo): Item {
  return {
    id: v.id, title: v.title, channel: v.channel, description: v.description, category: v.category, duration: v.duration, level: v.level,
    // No honest count exists for a search link: 0, and the page shows a view count only above 0.
    views: 0, premium: false, url: youtubeSearchUrl(v.query), body: null,
  };
}

function masterclassItem(m: Masterclass, open: boolean): Item {
  return {
    id: m.id, title: m.title, channel: MASTERCLASS_CHANNEL, description: m.description, category: m.category,
    duration: readingTime(m.body), level: m.level, views: 0, premium: true,
    url: open ? masterclassUrl(m.id) : null, body: open ? m.body : null,
  };
}

/**
 * The library as the member may see it: the videos for everyone; the masterclasses' lessons (and their links) only
 * with premium benefits (a paid plan or a running trial) at `now`. A free member sees them locked, title and summary only.
 */
export function learnLibrary(entitlement: Entitlement | null, now: Date): Item[] {
  const open = hasPremiumBenefits(entitlement, now);
  return [...LEARN_LIBRARY_VIDEOS.map(videoItem), ...LEARN_LIBRARY_MASTERCLASSES.map((m) => masterclassItem(m, open))];
}
