import { describe, expect, it } from 'vitest';
import { offlineLimitOf } from './device-types.service.js';

describe("a ChirpStack profile's uplink interval as the type's offline limit", () => {
  it('allows three missed uplinks, in whole minutes within the form’s range', () => {
    expect(offlineLimitOf(600)).toBe(30);
    expect(offlineLimitOf(3600)).toBe(180);
    expect(offlineLimitOf(50)).toBe(5);
    expect(offlineLimitOf(30 * 86_400)).toBe(43_200);
    expect(offlineLimitOf(0)).toBeNull();
    expect(offlineLimitOf(undefined)).toBeNull();
  });
});
