import { describe, expect, it } from 'vitest';
import {
  type AccessTarget,
  resolveOrganization,
  resolveResource,
  type UserFacts,
} from '../../../../src/emulator/access.js';
import type { GrantRecord, ResourceRef } from '../../../../src/emulator/store/grants.js';
import { collectDecisions, type Decision } from '../../../../src/emulator/ui/decisions.js';

const org = { id: 'acme', name: 'Acme', disabled: false };
const doc: ResourceRef = { kind: 'document', id: 'welcome' };
const handbook: ResourceRef = { kind: 'folder', id: 'handbook' };
const policies: ResourceRef = { kind: 'folder', id: 'policies' };

/** A document inside policies, inside handbook, both inheriting: handbook decides. */
const inherited: AccessTarget = {
  ref: doc,
  chain: [doc, policies, handbook],
  accessType: 'restricted',
  disabled: false,
};

function grant(resource: ResourceRef, role: 'editor' | 'viewer' = 'viewer'): GrantRecord {
  return {
    organizationId: 'acme',
    userId: 'alice',
    resource,
    role,
    expiresAt: null,
    accessFields: [],
  };
}

function user(grants: GrantRecord[], member = false): UserFacts {
  return { userId: 'alice', member, grants };
}

function decided(fn: () => unknown): Decision[] {
  const decisions: Decision[] = [];
  collectDecisions(decisions, fn);
  return decisions;
}

describe('permission checks report their decision and its reason', () => {
  it('names the grant a resource inherits, and where its access type comes from', () => {
    expect(decided(() => resolveResource(inherited, org, user([grant(handbook)])))).toEqual([
      {
        check: 'permission',
        subject: 'User alice → Document welcome',
        allowed: true,
        reason:
          'viewer grant on Folder handbook, inherited by Document welcome; access type restricted inherited from Folder handbook',
      },
    ]);
  });

  it('names a grant on the resource itself, before one further up', () => {
    const [decision] = decided(() =>
      resolveResource(inherited, org, user([grant(handbook), grant(doc, 'editor')])),
    );
    expect(decision?.reason).toMatch(/^editor grant on Document welcome; /);
  });

  it('gives a denial the reason the answer gives', () => {
    expect(decided(() => resolveResource(inherited, org, user([])))).toEqual([
      expect.objectContaining({
        allowed: false,
        reason: 'Document welcome is restricted, and user alice has not been granted access.',
      }),
    ]);
    const disabled = { ...inherited, disabled: true };
    expect(decided(() => resolveResource(disabled, org, user([grant(doc)])))[0]).toMatchObject({
      allowed: false,
      reason: 'Document welcome is disabled.',
    });
  });

  it('says membership let a user into the organization', () => {
    expect(decided(() => resolveOrganization(org, 'acme', user([], true)))[0]).toMatchObject({
      subject: 'User alice → Organization acme',
      allowed: true,
      reason: 'user alice is a member of the organization',
    });
  });

  it('reports nothing, and answers the same, when nobody collects', () => {
    const entry = resolveResource(inherited, org, user([grant(handbook)]));
    expect(entry).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
  });
});
