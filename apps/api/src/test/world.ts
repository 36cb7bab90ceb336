import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createAnnouncement, createOffer, createUser } from '../db/factories';
import {
  announcements,
  contractImages,
  contracts,
  householdPeople,
  propertyImages,
  sessions,
  users,
} from '../db/schema/index';
import { createSession } from '../platform/auth';
import { sha256 } from '../platform/tokens';
import type { MatrixActor } from '../platform/access';
import { agentWithSession, userWithSession } from './auth-helpers';

/** The rows of owner A that a route may name: a validated property with a photo and a live rental. */
export interface OwnerRows {
  userId: string;
  propertyId: string;
  announcementId: string;
  /** Draft announcements of the other two kinds on the same property (their forms' PUT routes). */
  saleAnnouncementId: string;
  roomAnnouncementId: string;
  imageId: string;
  /** A sent offer of another candidate on A's live rental (the owner's offer routes). */
  offerId: string;
  /** A's own sent offer on another owner's live rental (the candidate's offer routes). */
  myOfferId: string;
  offeredAnnouncementId: string;
  /** A co-holder and a guarantor of A's tenant profile (the tenant profile's person routes). */
  coHolderId: string;
  guarantorId: string;
  /** A's contract as owner (with the candidate of `offerId`), with an inventory photo; and one as tenant. */
  contractId: string;
  contractImageId: string;
  myContractId: string;
}

/** Who calls, in the access matrix and the fuzzer: a bearer token, or none for the visitor. */
export interface Actors {
  ownerA: { id: string; token: string };
  tokens: Record<MatrixActor, string | null>;
}

export const matrixActors: readonly MatrixActor[] = [
  'visitor',
  'ownerA',
  'ownerB',
  'tenant',
  'blocked',
  'agent',
  'agentAsA',
];

/**
 * Owner A, owner B (with listings of their own), a tenant, a blocked user (whose token the API no
 * longer honours), a supervisor agent on their own session, and that agent acting as A.
 */
export async function createActors(db: Db): Promise<Actors> {
  const ownerA = await userWithSession(db, { name: 'Ana', surname: 'Propietaria' });
  const ownerB = await userWithSession(db, { name: 'Bruno', surname: 'Propietario' });
  await createAnnouncement(db, ownerB.user.id);
  const tenant = await userWithSession(db, { name: 'Teresa', surname: 'Inquilina' });
  const blocked = await userWithSession(db, { name: 'Blas', surname: 'Bloqueado' });
  await db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
  const agent = await agentWithSession(db, 'supervisor');
  const asA = await createSession(db, {
    userId: ownerA.user.id,
    kind: 'impersonation',
    agentId: agent.agent.id,
    reason: 'Matriz de acceso',
  });
  return {
    ownerA: { id: ownerA.user.id, token: ownerA.token },
    tokens: {
      visitor: null,
      ownerA: ownerA.token,
      ownerB: ownerB.token,
      tenant: tenant.token,
      blocked: blocked.token,
      agent: agent.token,
      agentAsA: asA.token,
    },
  };
}

/**
 * New sessions for every actor (a route such as log-out ends the one it is called with), keeping who
 * they are.
 */
export async function renewSessions(db: Db, actors: Actors): Promise<void> {
  for (const [actor, token] of Object.entries(actors.tokens) as [MatrixActor, string | null][]) {
    if (!token) continue;
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    if (!session) continue;
    const renewed = await createSession(db, {
      userId: session.userId,
      kind: session.kind,
      ...(session.agentId ? { agentId: session.agentId } : {}),
      ...(session.reason ? { reason: session.reason } : {}),
    });
    actors.tokens[actor] = renewed.token;
    if (actor === 'ownerA') actors.ownerA.token = renewed.token;
  }
}

/** A DNI with its right check letter, different on every call (as far as chance goes). */
const randomDni = (): string => {
  const number = randomInt(0, 100_000_000);
  return `${String(number).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23] ?? ''}`;
};

/** A fresh set of A's rows, so a call that changes or deletes them leaves the next call its own. */
export async function createOwnerRows(db: Db, ownerId: string): Promise<OwnerRows> {
  const { property, announcement } = await createAnnouncement(db, ownerId);
  const [image] = await db
    .insert(propertyImages)
    .values({
      propertyId: property.id,
      position: 0,
      storageKey: `matrix/${property.id}`,
      width: 1280,
      height: 960,
    })
    .returning({ id: propertyImages.id });
  if (!image) throw new Error('createOwnerRows: no image row');
  const drafts = await db
    .insert(announcements)
    .values(
      (['ATY003', 'ATY001'] as const).map((typeCode) => ({ propertyId: property.id, ownerId, typeCode })),
    )
    .returning({ id: announcements.id, typeCode: announcements.typeCode });
  const draftOf = (typeCode: string) => {
    const draft = drafts.find((row) => row.typeCode === typeCode);
    if (!draft) throw new Error(`createOwnerRows: no ${typeCode} draft`);
    return draft.id;
  };
  const candidate = await createUser(db, { name: 'Carla', surname: 'Candidata' });
  const offer = await createOffer(db, announcement.id, candidate.id);
  const otherOwner = await createUser(db, { name: 'Olga', surname: 'Otra' });
  const { announcement: offered } = await createAnnouncement(db, otherOwner.id);
  const myOffer = await createOffer(db, offered.id, ownerId);
  const people = await db
    .insert(householdPeople)
    .values(
      (['co_holder', 'guarantor'] as const).map((role) => ({
        id: randomUUID(),
        tenantId: ownerId,
        role,
        nif: randomDni(),
        typeContractCode: 'UTC001',
        salaryRangeCode: 'URS005',
        name: 'Marta',
        surname: 'Avalista Ruiz',
        birthDate: '1980-05-17',
        countryCode: 'ES',
        civilStatusCode: 'UCS001',
      })),
    )
    .returning({ id: householdPeople.id, role: householdPeople.role });
  const coHolder = people.find((person) => person.role === 'co_holder');
  const guarantor = people.find((person) => person.role === 'guarantor');
  if (!coHolder || !guarantor) throw new Error('createOwnerRows: no household people');
  const [contract, myContract] = await db
    .insert(contracts)
    .values([
      {
        announcementId: announcement.id,
        offerId: offer.id,
        ownerId,
        tenantId: candidate.id,
        typeCode: announcement.typeCode,
        amount: 1000,
      },
      {
        announcementId: offered.id,
        offerId: myOffer.id,
        ownerId: otherOwner.id,
        tenantId: ownerId,
        typeCode: offered.typeCode,
        amount: 1000,
      },
    ])
    .returning({ id: contracts.id });
  if (!contract || !myContract) throw new Error('createOwnerRows: no contracts');
  const [contractImage] = await db
    .insert(contractImages)
    .values({
      contractId: contract.id,
      uploadedBy: ownerId,
      storageKey: `matrix/${contract.id}`,
      width: 640,
      height: 480,
      byteSize: 1000,
    })
    .returning({ id: contractImages.id });
  if (!contractImage) throw new Error('createOwnerRows: no contract image');
  return {
    coHolderId: coHolder.id,
    guarantorId: guarantor.id,
    userId: ownerId,
    offerId: offer.id,
    myOfferId: myOffer.id,
    offeredAnnouncementId: offered.id,
    propertyId: property.id,
    announcementId: announcement.id,
    saleAnnouncementId: draftOf('ATY003'),
    roomAnnouncementId: draftOf('ATY001'),
    imageId: image.id,
    contractId: contract.id,
    contractImageId: contractImage.id,
    myContractId: myContract.id,
  };
}
