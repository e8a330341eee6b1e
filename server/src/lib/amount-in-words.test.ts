import { describe, expect, it } from 'vitest';
import { closingSentence, fcfaInWords } from './amount-in-words.js';

describe('amount in words (French)', () => {
  it('writes FCFA amounts as the zone does', () => {
    expect(closingSentence('facture', 4500)).toBe('Arrêtée la présente facture à la somme de quatre mille cinq cents francs CFA');
    expect(fcfaInWords(0)).toBe('zéro franc CFA');
    expect(fcfaInWords(1)).toBe('un franc CFA');
    expect(fcfaInWords(2)).toBe('deux francs CFA');
    expect(fcfaInWords(21)).toBe('vingt et un francs CFA');
    expect(closingSentence('avoir', 0)).toBe('Arrêté le présent avoir à la somme de zéro franc CFA');
    expect(closingSentence('proforma', 1000)).toBe('Arrêtée la présente facture proforma à la somme de mille francs CFA');
    // « de » elides before « un »: « d'un franc », « d'un million », not before « onze » or « huit ».
    expect(closingSentence('facture', 1)).toBe("Arrêtée la présente facture à la somme d'un franc CFA");
    expect(closingSentence('facture', 1_000_000)).toBe("Arrêtée la présente facture à la somme d'un million de francs CFA");
    expect(closingSentence('avoir', 1_250_000)).toBe(
      "Arrêté le présent avoir à la somme d'un million deux cent cinquante mille francs CFA",
    );
    expect(closingSentence('facture', 11)).toBe('Arrêtée la présente facture à la somme de onze francs CFA');
    expect(closingSentence('facture', 8_000)).toBe('Arrêtée la présente facture à la somme de huit mille francs CFA');
    expect(fcfaInWords(80)).toBe('quatre-vingts francs CFA');
    expect(fcfaInWords(71)).toBe('soixante et onze francs CFA');
    expect(fcfaInWords(1_000_000)).toBe('un million de francs CFA');
    expect(fcfaInWords(2_000_100)).toBe('deux millions cent francs CFA');
    expect(fcfaInWords(3_000_000_000)).toBe('trois milliards de francs CFA');
    expect(fcfaInWords(1_000_000_000_000)).toBe('un billion de francs CFA');
    expect(fcfaInWords(2_000_000_000_000)).toBe('deux billions de francs CFA');
    expect(fcfaInWords(1_000_000_000_005)).toBe('un billion cinq francs CFA');
    expect(fcfaInWords(1_000_000_000_000_000)).toBe('un billiard de francs CFA');
    expect(closingSentence('avoir', 1200)).toBe('Arrêté le présent avoir à la somme de mille deux cents francs CFA');
  });
});
