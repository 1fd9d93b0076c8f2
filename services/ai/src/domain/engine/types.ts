import type { z } from 'zod';
import type { LanguageCode } from '@torcedor/shared/constants';
import type { Strength } from '@torcedor/shared/schemas/humidor';

/**
 * What VitolAI reasons over (docs/architecture.md, "VitolAI"): the ai service's own copies, kept from events — the
 * curated catalog (humidor's CatalogCigarsChanged) and each member's collection and reviews (CollectionItemChanged,
 * ReviewPublished). Both providers (the local engine and OpenAI) get the same grounding.
 */
export type StrengthLevel = z.infer<typeof Strength>;

/** A curated catalog cigar. */
export interface EngineCigar {
  id: string;
  brandId: string;
  brandName: string;
  brandCountry: string;
  name: string;
  vitola: string;
  /** Inches. */
  length: number;
  ringGauge: number;
  strength: StrengthLevel;
  wrapper: string;
  binder: string;
  filler: string;
  /** Where it is made. */
  country: string;
  description: string;
}

export interface MemberHumidorItem {
  itemId: string;
  cigarId: string;
  brandName: string;
  cigarName: string;
  cigarVitola: string | null;
  cigarStrength: StrengthLevel | null;
  quantity: number;
  /** 'aging', 'ready', ... as the humidor keeps it. */
  status: string | null;
  /** YYYY-MM-DD, or null when unknown. */
  boxDate: string | null;
  pricePaid: number | null;
  /** When it was added (ISO). */
  createdAt: string;
}

export interface MemberWishlistItem {
  itemId: string;
  cigarId: string;
  brandName: string;
  cigarName: string;
  priority: number;
}

export interface MemberReview {
  reviewId: string;
  cigarId: string;
  brandName: string;
  cigarName: string;
  /** Each 0-100 as social stores them (draw, burn, flavor, overall). */
  drawScore: number;
  burnScore: number;
  flavorScore: number;
  overallScore: number;
  flavorTags: string[];
  createdAt: string;
}

/** Everything the assistant knows of the member asking. */
export interface MemberContext {
  humidor: MemberHumidorItem[];
  wishlist: MemberWishlistItem[];
  reviews: MemberReview[];
  /** What the page says the member prefers (a hint; null when not given). */
  preferredStrength: StrengthLevel | null;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EngineRequest {
  message: string;
  /** Earlier turns of this chat, oldest first (at most AI_CONTEXT_TURNS). */
  history: ChatTurn[];
  /** 'recommendations' from the recommendations page; the feed's chat widget sends 'general'. */
  topic: 'general' | 'recommendations' | 'education' | 'support' | 'navigation';
  now: Date;
  /** The language the answer is written in (the request's, docs/i18n.md); English when not given. */
  language?: LanguageCode;
}

/** A cigar an answer names, with why. */
export interface Suggestion {
  cigarId: string;
  brandName: string;
  name: string;
  reason: string;
}

export interface EngineAnswer {
  /** Plain text (short paragraphs and '- ' bullet lines); never HTML. */
  text: string;
  suggestions: Suggestion[];
}
