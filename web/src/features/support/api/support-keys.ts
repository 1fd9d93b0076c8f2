/** The support queries' keys: the member's own requests and the owners' queue, under one prefix. */
export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  queue: ['support', 'queue'] as const,
};
