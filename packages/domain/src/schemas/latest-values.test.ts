import { describe, expect, it } from 'vitest';
import { limitStateOf, valueClassOf } from './latest-values.js';

describe('limitStateOf', () => {
  it('judges a value against its limits, bounds inclusive', () => {
    expect(limitStateOf(81, 20, 80)).toBe('over');
    expect(limitStateOf(80, 20, 80)).toBe('within');
    expect(limitStateOf(20, 20, 80)).toBe('within');
    expect(limitStateOf(19.9, 20, 80)).toBe('under');
  });
  it('judges by one limit alone, and not at all without limits', () => {
    expect(limitStateOf(-5, null, 0)).toBe('within');
    expect(limitStateOf(5, null, 0)).toBe('over');
    expect(limitStateOf(5, 10, null)).toBe('under');
    expect(limitStateOf(5, null, null)).toBeNull();
  });
});

describe('valueClassOf', () => {
  it('classes CO2 and temperature by Sisäilmastoluokitus 2018, outside when no class is met', () => {
    expect(valueClassOf('co2', 700)).toBe('S1');
    expect(valueClassOf('co2', 900)).toBe('S2');
    expect(valueClassOf('co2', 1200)).toBe('S3');
    expect(valueClassOf('co2', 1201)).toBe('outside');
    expect(valueClassOf('temperature', 21.5)).toBe('S1');
    expect(valueClassOf('temperature', 19)).toBe('outside');
  });
  it('has no class for other quantities', () => {
    expect(valueClassOf('humidity', 40)).toBeNull();
    expect(valueClassOf('other', 1)).toBeNull();
  });
});
