import { describe, expect, it } from 'vitest';
import { tokenPatternBody as tokenPattern } from '../../src/text/index.js';

describe('PostgreSQL token patterns', () => {
  it('token patterns: Kelvin sign, sigma by position, İ', () => {
    expect(tokenPattern('k')).toBe('[Kk\u212A]');
    expect(tokenPattern('ας')).toBe('[Αα][Σς]');
    expect(tokenPattern('σα')).toBe('[Σσ][Αα]');
    expect(tokenPattern('i\u0307')).toBe('(?:[Ii]\u0307|\u0130)');
  });
});
