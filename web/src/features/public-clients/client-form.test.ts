import { clientRegistrationBody } from '@app/common/contracts/clients';
import { describe, expect, it } from 'vitest';
import { zodFormErrors } from '../../lib/form-errors';
import { clientBody, compactPhone, EMPTY_CLIENT, plausibleClientPhone, requiredFilled } from './client-form';

const countries = [{ id: 'CI', nom: "Côte d'Ivoire", indicatif: '+225' }];
const filled = { ...EMPTY_CLIENT, nom: 'Kone', prenom: 'Awa', email: 'awa@example.ci', telephone: '07 08 09 10 11' };

describe('client self-registration form (seed 000 §5)', () => {
  it('starts in Côte d’Ivoire and sends the country with its prefix', () => {
    expect(clientBody(filled, countries).country).toEqual({ id: 'CI', nom: "Côte d'Ivoire", indicatif: '+225' });
    expect(clientBody({ ...filled, countryId: 'SN' }, countries).country).toEqual({ id: 'SN' });
    expect(zodFormErrors(clientRegistrationBody, clientBody(filled, countries))).toEqual({});
  });

  it('enables submit only when every required field is filled; the address may stay blank', () => {
    expect(requiredFilled(filled)).toBe(true);
    expect(requiredFilled({ ...filled, adresse: '' })).toBe(true);
    for (const field of ['nom', 'prenom', 'email', 'telephone', 'countryId'] as const) {
      expect(requiredFilled({ ...filled, [field]: '  ' }), field).toBe(false);
    }
  });

  it('checks live only numbers long enough', () => {
    expect(compactPhone(' 07 08-09.10 ')).toBe('07080910');
    expect(plausibleClientPhone('07 08')).toBe(false);
    expect(plausibleClientPhone('07 08 09 10 11')).toBe(true);
  });
});
