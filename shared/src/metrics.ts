/**
 * Business metrics every service counts under one CloudWatch namespace (EMF through Powertools Metrics), so
 * an owner's dashboard and alarms name them the same way. Each service counts the events it owns.
 */
export const METRICS_NAMESPACE = 'Torcedor';

export const BUSINESS_METRICS = [
  'SignUps', 'TrialsStarted', 'Logins', 'HumidorAdds', 'WishlistAdds', 'HumidorImports',
  'PostsCreated', 'ReviewsCreated', 'RsvpsMade', 'AiAnswers', 'PaymentsSucceeded', 'EventsDelivered',
  // Pushes to an open socket that failed other than by the socket being gone (docs/architecture.md, "Live delivery").
  'LivePushesFailed',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/**
 * Operational metrics the services publish beside the business ones (same namespace, dimension `service`), which the
 * stack's alarms and dashboard read (infra/src/constructs/alarms.ts): the age of the oldest outbox event still
 * unpublished after a sweep (0 when the outbox is empty), in seconds.
 */
export const OPERATIONAL_METRICS = { outboxOldestAge: 'OutboxOldestAgeSeconds' } as const;
/** An outbox event older than this (the sweep runs every minute) means the bus has been refusing it: alarm. */
export const OUTBOX_AGE_ALARM_SECONDS = 5 * 60;
