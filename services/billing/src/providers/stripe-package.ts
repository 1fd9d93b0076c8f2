/**
 * The `stripe` package, loaded on first use: it is a Lambda layer in AWS (docs/decisions.md, "Billing"), so no
 * bundle carries it and a cold start that never touches the provider never pays for its import.
 */
type StripeModule = typeof import('stripe');
export type StripeCtor = StripeModule['default'];

let loading: Promise<StripeCtor> | undefined;
export const loadStripe = (): Promise<StripeCtor> => (loading ??= import('stripe').then((m: StripeModule) => m.default));
