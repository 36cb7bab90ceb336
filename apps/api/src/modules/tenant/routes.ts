import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  coexistenceInput,
  householdPerson,
  newPersonInput,
  personalInput,
  personInput,
  presentationInput,
  profileInput,
  tenantProfile,
  workInput,
} from '@casaoferta/domain/schemas/tenant';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { access } from '../../platform/access';
import { deleteProfile } from './delete-profile';
import { readTenantProfile } from './dto';
import { addPerson, deletePerson, updatePerson, type PersonRole } from './people';
import { saveCoexistence, savePersonal, saveProfile, savePresentation, saveWorking } from './profile';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['tenant'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const deletedProfile = z.object({ withdrawnOffers: z.number().int() });

const workCodes =
  '`NIF_REQUIRED`, `NIF_INVALID`, `NIF_USED_BY_COTITULAR`, `NIF_USED_BY_GUARANTOR`, `UNKNOWN_OPTION`';
const personalCodes = '`BIRTH_DATE_IN_FUTURE`, `UNDER_AGE`, `BIRTH_DATE_TOO_OLD`, `UNKNOWN_OPTION`';
const coexistenceCodes = '`COHABITANTS_OUT_OF_RANGE`, `CHILDREN_OVER_COHABITANTS`';

/** The tenant's solvency profile (SPEC 3 "Tenant profile", 4.3, 5.4, 7.5), documents apart. */
export function tenantRoutes(db: Db, store: ObjectStore) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/tenant',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'My tenant profile, with my co-holders, guarantors and documents',
          description:
            'Always 200: an empty profile (fields null, `id` null) until something is saved. Co-holders and ' +
            'guarantors in the order they were added, each with their documents; `completeness` says what ' +
            'the offer dialog still has to ask for.',
          security,
          response: { 200: envelope(tenantProfile) },
        },
      },
      async (request) => ({ data: await readTenantProfile(db, requireUser(request).user.id) }),
    );

    /** What every PUT of the wizard declares but its body: it answers the whole profile. */
    const sectionSchema = (summary: string, codes: string) => ({
      tags,
      summary,
      description:
        'The first save creates the profile. Answers the whole profile; `has_profile_completed` of the ' +
        'session follows it in the same transaction. Bad input stores nothing' +
        (codes ? `: 422 ${codes}.` : '.'),
      security,
      response: { 200: envelope(tenantProfile) },
    });
    const config = { access: access.user };
    const caller = (request: FastifyRequest) => requireUser(request).user.id;

    app.put(
      '/api/tenant/profile',
      {
        config,
        schema: {
          ...sectionSchema(
            "Save the wizard's three steps (creates the profile or updates it)",
            `${workCodes}, ${personalCodes}, ${coexistenceCodes}`,
          ),
          body: profileInput,
        },
      },
      async (request) => ({ data: await saveProfile(db, caller(request), request.body) }),
    );
    app.put(
      '/api/tenant/profile/working',
      { config, schema: { ...sectionSchema('Save step 1, the work situation', workCodes), body: workInput } },
      async (request) => ({ data: await saveWorking(db, caller(request), request.body) }),
    );
    app.put(
      '/api/tenant/profile/personal',
      {
        config,
        schema: { ...sectionSchema('Save step 2, the personal data', personalCodes), body: personalInput },
      },
      async (request) => ({ data: await savePersonal(db, caller(request), request.body) }),
    );
    app.put(
      '/api/tenant/profile/coexistence',
      {
        config,
        schema: { ...sectionSchema('Save step 3, the household', coexistenceCodes), body: coexistenceInput },
      },
      async (request) => ({ data: await saveCoexistence(db, caller(request), request.body) }),
    );
    app.put(
      '/api/tenant/profile/presentation',
      {
        config,
        schema: {
          ...sectionSchema('Save the presentation owners read (an empty text clears it)', ''),
          body: presentationInput,
        },
      },
      async (request) => ({ data: await savePresentation(db, caller(request), request.body) }),
    );

    app.delete(
      '/api/tenant/profile',
      {
        // Deleting one's profile (and withdrawing one's offers) is the person's own act, never an agent's.
        config: { access: access.userOnly },
        schema: {
          tags,
          summary: 'Delete my profile, my co-holders, guarantors and documents; withdraw my sent offers',
          description:
            'One transaction: the profile, its people and every document go, `has_profile_completed` ' +
            'becomes false and my sent offers (OSC001) are withdrawn (OSC003) as if I withdrew each; a ' +
            'selected offer (OSC002) stays. The files are removed afterwards. Answers how many offers ' +
            "were withdrawn; with nothing stored it answers 0. Only on the person's own session: an agent " +
            'acting as them gets 403.',
          security,
          response: { 200: envelope(deletedProfile) },
        },
      },
      async (request) => ({ data: await deleteProfile(db, store, requireUser(request).user.id) }),
    );

    const people: readonly { path: string; role: PersonRole; label: string }[] = [
      { path: '/api/tenant/co-titular', role: HouseholdRole.CoHolder, label: 'co-holder' },
      { path: '/api/tenant/guarantor', role: HouseholdRole.Guarantor, label: 'guarantor' },
    ];

    for (const { path, role, label } of people) {
      app.post(
        path,
        {
          config: { access: access.user },
          schema: {
            tags,
            summary: `Add a ${label} (the id is generated by the client)`,
            description:
              'A new id adds the person (201); the same id again is a retry and answers the stored person ' +
              '(200), never a second row; an id that is not one of my ' +
              `${label}s is 404. Adding one before the profile exists creates the profile. 422 ` +
              '`TOO_MANY_PEOPLE` (4 per role), `NIF_REQUIRED`, `NIF_INVALID`, `NIF_USED_BY_TENANT`, ' +
              `\`NIF_USED_BY_COTITULAR\`, \`NIF_USED_BY_GUARANTOR\`, ${personalCodes}.`,
            security,
            body: newPersonInput,
            response: { 200: envelope(householdPerson), 201: envelope(householdPerson) },
          },
        },
        async (request, reply) => {
          const { person, created } = await addPerson(db, requireUser(request).user.id, role, request.body);
          return reply.status(created ? 201 : 200).send({ data: person });
        },
      );

      app.put(
        `${path}/:id`,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Update one of my ${label}s`,
            description:
              `404 unless the id is one of my ${label}s. 422 \`NIF_REQUIRED\`, \`NIF_INVALID\`, ` +
              `\`NIF_USED_BY_TENANT\`, \`NIF_USED_BY_COTITULAR\`, \`NIF_USED_BY_GUARANTOR\`, ${personalCodes}.`,
            security,
            params: idParams,
            body: personInput,
            response: { 200: envelope(householdPerson) },
          },
        },
        async (request) => ({
          data: await updatePerson(db, requireUser(request).user.id, role, request.params.id, request.body),
        }),
      );

      app.delete(
        `${path}/:id`,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: `Delete one of my ${label}s and their documents`,
            description: `204; 404 unless the id is one of my ${label}s. Their documents go with them.`,
            security,
            params: idParams,
            response: { 204: z.null().describe('No content') },
          },
        },
        async (request, reply) => {
          await deletePerson(db, store, requireUser(request).user.id, role, request.params.id);
          return reply.status(204).send(null);
        },
      );
    }
  };
}
