import { describe, expect, it } from 'vitest';
import { chosenItem, matchingOptions, pickerOptions, searchTermOf } from './entity-options';

type Depot = { idDepot: number; libelle: string };
const describe_ = { idOf: (depot: Depot) => depot.idDepot, labelOf: (depot: Depot) => depot.libelle };
const central = { idDepot: 1, libelle: 'Magasin central' };
const port = { idDepot: 2, libelle: 'Entrepôt du port' };
const created = { idDepot: 9, libelle: 'Dépôt Yopougon' };

describe('pickerOptions', () => {
  it('lists each item once, value as text', () => {
    expect(pickerOptions([central, port, { ...central, libelle: 'doublon' }], null, describe_)).toEqual([
      { value: '1', label: 'Magasin central' },
      { value: '2', label: 'Entrepôt du port' },
    ]);
  });

  it('keeps the chosen item first when the items do not hold it (quick add, other search)', () => {
    expect(pickerOptions([central], created, describe_).map((option) => option.value)).toEqual(['9', '1']);
    expect(pickerOptions([], created, describe_)).toEqual([{ value: '9', label: 'Dépôt Yopougon' }]);
  });

  it('does not repeat a chosen item that is among the items', () => {
    expect(pickerOptions([central, port], port, describe_).map((option) => option.value)).toEqual(['1', '2']);
  });
});

describe('matchingOptions', () => {
  type Driver = { id: number; nom: string; telephone: string };
  const drivers: Driver[] = [
    { id: 1, nom: 'Adama Traoré', telephone: '05 05 12 34 56' },
    { id: 2, nom: 'Koffi Yao', telephone: '07 08 09 10 11' },
  ];
  const options = pickerOptions(drivers, null, { idOf: (d) => d.id, labelOf: (d) => d.nom, detailOf: (d) => d.telephone });

  it("carries each item's second line", () => {
    expect(options).toEqual([
      { value: '1', label: 'Adama Traoré', detail: '05 05 12 34 56' },
      { value: '2', label: 'Koffi Yao', detail: '07 08 09 10 11' },
    ]);
  });

  it('finds a choice by its name (case ignored, trimmed) or by its second line', () => {
    expect(matchingOptions(options, ' adama ').map((o) => o.value)).toEqual(['1']);
    expect(matchingOptions(options, '07 08').map((o) => o.value)).toEqual(['2']);
    expect(matchingOptions(options, '').map((o) => o.value)).toEqual(['1', '2']);
    expect(matchingOptions(options, 'Moussa')).toEqual([]);
  });
});

describe('chosenItem', () => {
  it('finds the value among the items, else in the remembered item', () => {
    expect(chosenItem(2, [central, port], null, describe_.idOf)).toBe(port);
    expect(chosenItem(9, [central], created, describe_.idOf)).toBe(created);
    expect(chosenItem(7, [central], created, describe_.idOf)).toBeNull();
    expect(chosenItem(null, [central], created, describe_.idOf)).toBeNull();
  });
});

describe('searchTermOf', () => {
  it('searches what is typed, trimmed', () => {
    expect(searchTermOf('  mag ', null)).toBe('mag');
    expect(searchTermOf('Magasin', 'Magasin central')).toBe('Magasin');
  });

  it('searches nothing while the box shows the chosen name', () => {
    expect(searchTermOf('Magasin central', 'Magasin central')).toBe('');
    expect(searchTermOf('', null)).toBe('');
  });
});
