/**
 * A campaign email's message for one recipient with its words in five languages (content/<language>/emails.json): the
 * entry of a module of marketing's layer (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), loaded on the first preview, test
 * or send of a function instance (`loadCampaignMail`, handlers/campaign-email.ts), so the functions' bundles carry
 * neither the words nor the kit's message parser (docs/marketing.md, "Campaign emails"); locally and in tests it is this
 * source.
 */
export { campaignMailContent } from '../domain/campaign-mail.ts';
