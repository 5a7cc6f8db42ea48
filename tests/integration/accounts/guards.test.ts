import { beforeAll, describe, expect, it } from "vitest";

import type { AccessRule } from "@/features/accounts/guarded-paths";
import { refusal, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { signIn, viewerOf } from "../../helpers/sign-in";

type Role = "anonymous" | "user" | "mechanic" | "owner" | "unpaidOwner" | "admin" | "adminWithoutMfa" | "blocked";
const viewers = {} as Record<Role, Viewer | null>;

async function viewerFor(email: string | null): Promise<Viewer | null> {
  if (!email) return null;
  return viewerOf(await signIn(email));
}

beforeAll(async () => {
  const [user, mechanic, owner, unpaidOwner, admin, adminWithoutMfa, blocked] = await Promise.all([
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser({ isAdmin: true }),
    makeUser({ isAdmin: true, mfa: false }),
    makeUser(),
  ]);
  await makeService({ ownerId: mechanic.id, role: "mechanic" });
  await makeService({ ownerId: owner.id, role: "sto" });
  await makeService({ ownerId: unpaidOwner.id, role: "sto", isPaid: false });
  Object.assign(viewers, {
    anonymous: null,
    user: await viewerFor(user.email),
    mechanic: await viewerFor(mechanic.email),
    owner: await viewerFor(owner.email),
    unpaidOwner: await viewerFor(unpaidOwner.email),
    admin: await viewerFor(admin.email),
    adminWithoutMfa: await viewerFor(adminWithoutMfa.email),
  });
  await viewerFor(blocked.email);
  await (await getPrisma()).user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
  viewers.blocked = null;
});

// Expected answer per rule and role: null = allowed, else the status and where the page sends them.
const TABLE: Record<AccessRule, Record<Role, [number, string] | null>> = {
  signedIn: {
    anonymous: [401, "/login"],
    user: null,
    mechanic: null,
    owner: null,
    unpaidOwner: null,
    admin: null,
    adminWithoutMfa: null,
    blocked: [401, "/login"],
  },
  noMechanic: {
    anonymous: [401, "/login"],
    user: null,
    mechanic: [403, "/"],
    owner: null,
    unpaidOwner: null,
    admin: null,
    adminWithoutMfa: null,
    blocked: [401, "/login"],
  },
  mechanic: {
    anonymous: [401, "/login"],
    user: [403, "/"],
    mechanic: null,
    owner: [403, "/"],
    unpaidOwner: [403, "/"],
    admin: [403, "/"],
    adminWithoutMfa: [403, "/"],
    blocked: [401, "/login"],
  },
  stationOwner: {
    anonymous: [401, "/login"],
    user: [403, "/"],
    mechanic: [403, "/"],
    owner: null,
    // /mystos lists the unpaid order too, to pay for or delete.
    unpaidOwner: null,
    admin: [403, "/"],
    adminWithoutMfa: [403, "/"],
    blocked: [401, "/login"],
  },
  admin: {
    anonymous: [401, "/login"],
    user: [403, "/login"],
    mechanic: [403, "/login"],
    owner: [403, "/login"],
    unpaidOwner: [403, "/login"],
    admin: null,
    // An admin by role without the second factor: no admin powers, sent to /profile to enrol.
    adminWithoutMfa: [403, "/profile"],
    blocked: [401, "/login"],
  },
};

describe("access rules (spec §2) for every role", () => {
  for (const [rule, row] of Object.entries(TABLE) as [AccessRule, Record<Role, [number, string] | null>][]) {
    it.each(Object.entries(row) as [Role, [number, string] | null][])(`${rule}: %s`, (role, expected) => {
      const viewer = viewers[role];
      const refused = refusal(viewer, rule);
      if (!expected) {
        expect(refused).toBeNull();
        expect(() => requireAccess(viewer, rule)).not.toThrow();
      } else {
        expect(refused).toMatchObject({ status: expected[0], redirectTo: expected[1] });
        expect(() => requireAccess(viewer, rule)).toThrow(expect.objectContaining({ status: expected[0] }));
      }
    });
  }

  it("sees the roles the database says, not what a token claims", () => {
    expect(viewers.mechanic).toMatchObject({ hasMechanicProfile: true, ownsStations: false });
    expect(viewers.owner).toMatchObject({ hasMechanicProfile: false, ownsStations: true });
    expect(viewers.unpaidOwner?.ownsStations).toBe(true);
    expect(viewers.blocked).toBeNull();
    expect(viewers.admin).toMatchObject({ isAdmin: true, mfaEnabled: true, adminAwaitingMfa: false });
    expect(viewers.adminWithoutMfa).toMatchObject({ isAdmin: false, mfaEnabled: false, adminAwaitingMfa: true });
    expect(refusal(viewers.adminWithoutMfa, "admin")?.key).toBe("Auth.mfaEnrolRequired");
  });
});
