import { TINY_PNG } from '../../test/uploads.js';
import type { FeatureSamples } from '../../test/feature-samples.js';

/** A valid legal identity for the route-table tests. */
export const samples: FeatureSamples = {
  bodies: {
    'PUT /api/boutiques/:idBoutique/identite': () => ({ raisonSociale: 'Awa SARL', pays: 'SN', assujettiTva: true }),
    'PUT /api/boutiques/:idBoutique/identite/logo': () => ({ file: TINY_PNG }),
  },
};
