import { HouseholdRole } from '@casaoferta/domain/codes';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import { profileCompleteness } from '@casaoferta/domain/rules/tenant-profile';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { householdPeople, tenantProfiles, users } from '../schema/index';

/** A DNI whose check letter is right (demo data only). */
export const demoNif = (n: number): string => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23] ?? 'T'}`;

interface DemoProfile {
  nif: number;
  typeContractCode: string;
  salaryRangeCode: string;
  birthDate: string;
  civilStatusCode: string;
  numberCohabitants: number;
  numberChildren: number;
  hasPets: boolean;
  presentation: string;
  coHolder?: { name: string; surname: string; nif: number; salaryRangeCode: string; birthDate: string };
  guarantor?: { name: string; surname: string; nif: number; salaryRangeCode: string; birthDate: string };
}

/**
 * Complete solvency profiles for the first demo candidates (the rest stay incomplete and declare their
 * salary with each offer), so the owner's offers show solvency from a household: one with a co-holder, one
 * with a guarantor, one tight, one short of income.
 */
const profiles: readonly DemoProfile[] = [
  {
    nif: 45_871_236,
    typeContractCode: 'UTC001',
    salaryRangeCode: 'URS006',
    birthDate: '1991-04-12',
    civilStatusCode: 'UCS001',
    numberCohabitants: 0,
    numberChildren: 0,
    hasPets: false,
    presentation: 'Trabajo como enfermera en un hospital público. Busco un piso tranquilo cerca del trabajo.',
  },
  {
    nif: 50_123_987,
    typeContractCode: 'UTC001',
    salaryRangeCode: 'URS005',
    birthDate: '1988-09-30',
    civilStatusCode: 'UCS003',
    numberCohabitants: 2,
    numberChildren: 1,
    hasPets: true,
    presentation: 'Somos una pareja con un hijo pequeño y un perro educado. Contratos indefinidos los dos.',
    coHolder: {
      name: 'Lucía',
      surname: 'Navarro Gil',
      nif: 50_987_321,
      salaryRangeCode: 'URS004',
      birthDate: '1990-02-14',
    },
  },
  {
    nif: 71_456_002,
    typeContractCode: 'UTC007',
    salaryRangeCode: 'URS001',
    birthDate: '2003-06-05',
    civilStatusCode: 'UCS001',
    numberCohabitants: 0,
    numberChildren: 0,
    hasPets: false,
    presentation: 'Estudio el máster de ingeniería y trabajo a media jornada. Mis padres me avalan.',
    guarantor: {
      name: 'Rosa',
      surname: 'Molina Vera',
      nif: 22_334_455,
      salaryRangeCode: 'URS008',
      birthDate: '1966-11-21',
    },
  },
  {
    nif: 33_221_100,
    typeContractCode: 'UTC004',
    salaryRangeCode: 'URS004',
    birthDate: '1985-01-19',
    civilStatusCode: 'UCS005',
    numberCohabitants: 1,
    numberChildren: 1,
    hasPets: false,
    presentation: 'Diseñador gráfico autónomo desde hace ocho años, con ingresos estables.',
  },
  {
    nif: 60_707_070,
    typeContractCode: 'UTC005',
    salaryRangeCode: 'URS007',
    birthDate: '1979-07-07',
    civilStatusCode: 'UCS002',
    numberCohabitants: 3,
    numberChildren: 2,
    hasPets: false,
    presentation: 'Funcionaria docente. Buscamos un hogar para quedarnos muchos años.',
  },
];

/** Gives the first candidates their profiles; answers the ids whose profile is complete for a rental offer. */
export async function seedDemoProfiles(db: Db, candidateIds: readonly string[]): Promise<Set<string>> {
  const named = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, [...candidateIds]));
  const byId = new Map(named.map((user) => [user.id, user]));
  const complete = new Set<string>();
  for (const [i, profile] of profiles.entries()) {
    const userId = candidateIds[i];
    const user = userId === undefined ? undefined : byId.get(userId);
    if (!userId || !user) break;
    const id = crypto.randomUUID();
    await db.insert(tenantProfiles).values({
      userId,
      id,
      numberCohabitants: profile.numberCohabitants,
      numberChildren: profile.numberChildren,
      hasPets: profile.hasPets,
      hasSmokers: false,
      presentation: profile.presentation,
    });
    const tenantRow = {
      nif: normalizeSpanishId(demoNif(profile.nif)),
      typeContractCode: profile.typeContractCode,
      salaryRangeCode: profile.salaryRangeCode,
      name: user.name,
      surname: user.surname,
      birthDate: profile.birthDate,
      countryCode: 'ES',
      civilStatusCode: profile.civilStatusCode,
    };
    const people: (typeof householdPeople.$inferInsert)[] = [
      { id, tenantId: userId, role: HouseholdRole.Tenant, ...tenantRow },
    ];
    for (const [role, person] of [
      [HouseholdRole.CoHolder, profile.coHolder],
      [HouseholdRole.Guarantor, profile.guarantor],
    ] as const) {
      if (!person) continue;
      people.push({
        id: crypto.randomUUID(),
        tenantId: userId,
        role,
        nif: demoNif(person.nif),
        typeContractCode: 'UTC001',
        salaryRangeCode: person.salaryRangeCode,
        name: person.name,
        surname: person.surname,
        birthDate: person.birthDate,
        countryCode: 'ES',
        civilStatusCode: 'UCS002',
      });
    }
    await db.insert(householdPeople).values(people);
    const flags = profileCompleteness({
      ...tenantRow,
      numberCohabitants: profile.numberCohabitants,
      numberChildren: profile.numberChildren,
      hasPets: profile.hasPets,
      hasSmokers: false,
    });
    if (flags.hasTenantProfileCompleted) {
      await db
        .update(users)
        .set({ hasProfileCompleted: true })
        .where(inArray(users.id, [userId]));
    }
    if (flags.hasTenantProfileCompletedToOffer) complete.add(userId);
  }
  return complete;
}
