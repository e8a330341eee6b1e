import type { FeatureSamples } from '../../test/feature-samples.js';

/** A report period for the route-table walk. */
export const samples: FeatureSamples = {
  setup: () => Promise.resolve({ startDate: '2026-01-01', endDate: '2026-01-31' }),
};
