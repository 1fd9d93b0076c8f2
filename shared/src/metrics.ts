/**
 * Business metrics every service counts under one CloudWatch namespace (EMF through Powertools Metrics), so
 * an owner's dashboard and alarms name them the same way. Each service counts the events it owns.
 */
export const METRICS_NAMESPACE = 'Torcedor';

export const BUSINESS_METRICS = [
  'SignUps', 'TrialsStarted', 'Logins', 'HumidorAdds', 'WishlistAdds', 'HumidorImports',
  'PostsCreated', 'ReviewsCreated', 'RsvpsMade', 'AiAnswers', 'PaymentsSucceeded', 'EventsDelivered',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];
