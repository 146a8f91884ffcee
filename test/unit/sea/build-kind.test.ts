import { describe, expect, it } from 'vitest';
import { buildKind } from '../../../src/sea/build-kind.js';

describe('buildKind', () => {
  it('is npm when a node runs svc from its files', () => {
    expect(buildKind()).toBe('npm');
  });
});
