import { describe, expect, it } from 'vitest';
import { printedName } from './person.js';

describe('printedName', () => {
  it('names a person by first name and name, the username only when both are blank', () => {
    expect(printedName({ prenom: 'Aïcha', nom: 'Koné', username: 'vendeur1' })).toBe('Aïcha Koné');
    expect(printedName({ prenom: ' Awa ', nom: '', username: 'awa' })).toBe('Awa');
    expect(printedName({ prenom: '', nom: ' ', username: 'caissier' })).toBe('caissier');
  });
});
