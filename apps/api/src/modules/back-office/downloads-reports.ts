import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  HouseholdRole,
  isSale,
  type AnnouncementStatusCode,
  type AnnouncementTypeCode,
  type DocumentKindCode,
  type OfferPaymentTypeCode,
  type OfferStatusCode,
  type SolvencyStatusCode,
} from '@casaoferta/domain/codes';
import { formatEuros, formatPercent } from '@casaoferta/domain/format';
import { announcementStatusLabels, announcementTypeLabels } from '@casaoferta/domain/masters/announcement';
import { countries } from '@casaoferta/domain/masters/countries';
import type { MasterItem } from '@casaoferta/domain/masters/item';
import {
  offerAttributes,
  offerDecisionReasonLabels,
  offerPaymentTypeLabels,
  offerStatusLabels,
  solvencyStatusLabels,
} from '@casaoferta/domain/masters/offer-contract';
import { documentKindLabels, userAttributes } from '@casaoferta/domain/masters/user';
import { offerHousehold, offerSolvency } from '@casaoferta/domain/rules/offer-solvency';
import { householdTotals } from '@casaoferta/domain/rules/solvency';
import type { OfferSolvency } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { announcements, householdPeople, offers, tenantProfiles, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import {
  candidateProfileSql,
  completenessOf,
  householdIncomeOf,
  profileCompleteFor,
} from '../offers/candidate-profile';
import { announcementTitle, offerTimeline } from '../offers/views';
import { documentsOf } from './downloads-documents';
import { downloadsTexts as t } from './downloads-texts';
import type { Report, ReportBlock, ReportSection } from './report-pdf';

/**
 * The agents' PDF reports on an offer's candidate (issue 14, point 5; SPEC 2.3 "download the solvency
 * report", "download the candidate report"): the facts are read here, the verdict is the domain's
 * (rules/offer-solvency.ts, the texts the owner reads on the web), with every figure shown (agents see
 * the amounts whether or not the owner has paid).
 */

const owners = alias(users, 'report_owner');

const madrid = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const madridDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
export const dateTime = (date: Date): string => madrid.format(date);
const day = (date: Date): string => madridDay.format(date);
/** '1990-04-12' → '12/04/1990'. */
const isoDay = (value: string | null): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : t.none;
};
const yesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? t.none : value ? t.yes : t.no;
const labelIn = (list: readonly MasterItem[], code: string | null | undefined): string =>
  code ? (list.find((item) => item.code === code)?.label ?? code) : t.none;
const labelOf = <C extends string>(labels: Readonly<Record<C, string>>, code: string | null | undefined) =>
  code ? (labels[code as C] ?? code) : t.none;
const percent = (ratio: number | null): string | null => (ratio === null ? null : formatPercent(ratio));

/** A DNI/NIE as lists show it: every character hidden but the last four ('•••••678Z'). */
export function maskNif(nif: string | null | undefined): string {
  const id = (nif ?? '').trim();
  if (!id) return t.none;
  const shown = id.slice(-4);
  return `${'•'.repeat(Math.max(0, id.length - shown.length))}${shown}`;
}

const userLists = userAttributes();
const countryList = countries();
const reasonsPurchase = offerAttributes().reasonsPurchase;

/** Everything the two reports read of an offer, in four queries. */
export async function loadOfferFacts(db: Db, announcementId: string, offerId: string) {
  const [row] = await db
    .select({
      offer: offers,
      announcement: announcements,
      candidate: users,
      owner: { name: owners.name, surname: owners.surname },
      profile: candidateProfileSql(offers.candidateId),
    })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .innerJoin(users, eq(users.id, offers.candidateId))
    .innerJoin(owners, eq(owners.id, announcements.ownerId))
    .where(and(eq(offers.id, offerId), eq(offers.announcementId, announcementId)));
  if (!row) throw new DomainError('NOT_FOUND');
  const candidateId = row.offer.candidateId;
  const [household] = await db.select().from(tenantProfiles).where(eq(tenantProfiles.userId, candidateId));
  const people = await db
    .select()
    .from(householdPeople)
    .where(eq(householdPeople.tenantId, candidateId))
    .orderBy(
      sql`case when ${householdPeople.role} = ${HouseholdRole.Tenant} then 0 else 1 end`,
      asc(householdPeople.createdAt),
      asc(householdPeople.id),
    );
  const documents = await documentsOf(db, [candidateId]);
  const timeline = await offerTimeline(db, offerId);
  const { offer, announcement } = row;
  const solvency: OfferSolvency = offerSolvency(
    {
      typeCode: announcement.typeCode,
      isVisitRequest: offer.isVisitRequest,
      amount: offer.amount,
      price: announcement.price,
      salary: offer.salary,
      household: householdIncomeOf(row.profile),
      sale: offer.isVisitRequest
        ? null
        : {
            paymentType: offer.paymentType,
            mortgageAmount: offer.mortgageAmount,
            mortgagePreApproved: offer.mortgagePreApproved,
          },
    },
    { showFigures: true },
  );
  return { ...row, household: household ?? null, people, documents, timeline, solvency };
}

export type OfferFacts = Awaited<ReturnType<typeof loadOfferFacts>>;

const candidateName = (f: OfferFacts) => [f.candidate.name, f.candidate.surname].join(' ').trim();

/** What the file is called: 'informe-solvencia-laura-garcia-CO-T1.pdf' (ASCII only). */
export function reportFileName(prefix: string, f: OfferFacts): string {
  return `${[prefix, slug(candidateName(f)), slug(f.announcement.reference, false)].filter(Boolean).join('-')}.pdf`;
}

/** ASCII letters, digits and hyphens: 'Laura García' → 'laura-garcia'. */
export function slug(value: string, lower = true): string {
  const ascii = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return lower ? ascii.toLowerCase() : ascii;
}

const offeredAmount = (f: OfferFacts): string =>
  f.offer.isVisitRequest
    ? t.fields.visitRequest
    : formatEuros(f.offer.amount, !isSale(f.announcement.typeCode));

function announcementSection(f: OfferFacts): ReportSection {
  const a = f.announcement;
  const place = [a.municipalityName, a.provinceName ? `(${a.provinceName})` : null].filter(Boolean).join(' ');
  return {
    title: t.solvency.announcement,
    blocks: [
      {
        kind: 'fields',
        rows: [
          [t.fields.title, announcementTitle(a)],
          [t.fields.reference, a.reference || t.none],
          [t.fields.type, labelOf<AnnouncementTypeCode>(announcementTypeLabels, a.typeCode)],
          [t.fields.status, labelOf<AnnouncementStatusCode>(announcementStatusLabels, a.statusCode)],
          [t.fields.price, formatEuros(a.price, !isSale(a.typeCode))],
          [t.fields.place, place || t.none],
          [t.fields.owner, [f.owner.name, f.owner.surname].join(' ').trim()],
          [t.fields.paid, yesNo(a.isPaid)],
        ],
      },
    ],
  };
}

const tenantPerson = (f: OfferFacts) => f.people.find((p) => p.role === HouseholdRole.Tenant) ?? null;

function verdictBlocks(f: OfferFacts): ReportBlock[] {
  const label = labelOf<SolvencyStatusCode>(solvencyStatusLabels, f.solvency.statusCode);
  return [
    {
      kind: 'fields',
      rows: [
        [t.fields.verdict, label],
        ...(isSale(f.announcement.typeCode)
          ? []
          : [[t.fields.ratio, percent(f.solvency.ratio) ?? t.none] as const]),
      ],
    },
    { kind: 'paragraphs', lines: f.solvency.reasons, bullet: true },
  ];
}

/** "Informe de solvencia": profile, household, people, incomes, verdict with its reasons, documents. */
export function solvencyReport(f: OfferFacts, agentName: string, now: Date): Report {
  const me = tenantPerson(f);
  const h = f.household;
  // The household the verdict judged (domain rules/offer-solvency.ts): the same figures, added up once.
  const income = householdTotals(offerHousehold(householdIncomeOf(f.profile), f.offer.salary).income);
  const euros = (value: number) => (value > 0 ? formatEuros(value, true) : t.none);
  const sale = isSale(f.announcement.typeCode);
  const sections: ReportSection[] = [
    announcementSection(f),
    {
      title: t.solvency.candidate,
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t.fields.name, candidateName(f)],
            [t.fields.nif, maskNif(me?.nif ?? f.offer.nif)],
            [t.fields.birthDate, isoDay(me?.birthDate ?? null)],
            [t.fields.country, labelIn(countryList, me?.countryCode)],
            [t.fields.civilStatus, labelIn(userLists.userRenterCivilStatus, me?.civilStatusCode)],
            [
              t.fields.contract,
              labelIn(userLists.userRenterTypeContract, me?.typeContractCode ?? f.offer.typeContractCode),
            ],
            [t.fields.salaryRange, labelIn(userLists.userRenterSalaryRange, me?.salaryRangeCode)],
            [t.fields.verified, yesNo(f.candidate.isVerified)],
          ],
        },
      ],
    },
    {
      title: t.solvency.household,
      blocks: h
        ? [
            {
              kind: 'fields',
              rows: [
                [t.fields.cohabitants, h.numberCohabitants === null ? t.none : String(h.numberCohabitants)],
                [t.fields.children, h.numberChildren === null ? t.none : String(h.numberChildren)],
                [t.fields.pets, yesNo(h.hasPets)],
                [t.fields.smokers, yesNo(h.hasSmokers)],
              ],
            },
          ]
        : [{ kind: 'paragraphs', lines: [t.solvency.noProfile] }],
    },
    {
      title: t.solvency.people,
      blocks: [
        {
          kind: 'table',
          columns: [
            { title: t.fields.role, width: 0.16 },
            { title: t.fields.name, width: 0.28 },
            { title: t.fields.nif, width: 0.16 },
            { title: t.fields.contract, width: 0.16 },
            { title: t.fields.salaryRange, width: 0.24 },
          ],
          rows: f.people
            .filter((p) => p.role !== HouseholdRole.Tenant)
            .map((p) => [
              p.role === HouseholdRole.Guarantor ? t.roles.guarantor : t.roles.co_holder,
              [p.name, p.surname].filter(Boolean).join(' '),
              maskNif(p.nif),
              labelIn(userLists.userRenterTypeContract, p.typeContractCode),
              labelIn(userLists.userRenterSalaryRange, p.salaryRangeCode),
            ]),
          empty: t.solvency.noPeople,
        },
      ],
    },
    {
      title: t.solvency.income,
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t.fields.holdersIncome, euros(income.holders)],
            [t.fields.guarantorsIncome, euros(income.guarantors)],
            [t.fields.householdIncome, euros(income.total)],
            [t.fields.declaredSalary, f.offer.salary === null ? t.none : formatEuros(f.offer.salary, true)],
            [sale ? t.fields.saleAmount : t.fields.rent, offeredAmount(f)],
          ],
        },
      ],
    },
    { title: t.solvency.verdict, blocks: verdictBlocks(f) },
    {
      title: t.solvency.documents,
      blocks: [
        {
          kind: 'table',
          columns: [
            { title: t.fields.kind, width: 0.24 },
            { title: t.fields.file, width: 0.38 },
            { title: t.fields.person, width: 0.22 },
            { title: t.fields.date, width: 0.16 },
          ],
          rows: f.documents.map(({ document, person }) => [
            labelOf<DocumentKindCode>(documentKindLabels, document.kindCode),
            document.fileName,
            person
              ? `${person.role === HouseholdRole.Guarantor ? t.roles.guarantor : t.roles.co_holder}: ${[person.name, person.surname].filter(Boolean).join(' ')}`
              : t.roles.tenant,
            day(document.createdAt),
          ]),
          empty: t.solvency.noDocuments,
        },
      ],
    },
  ];
  return {
    title: t.solvency.title,
    subtitle: [
      t.solvency.about(candidateName(f), announcementTitle(f.announcement)),
      t.generatedAt(dateTime(now), agentName),
      t.confidential,
    ],
    sections,
    footer: t.solvency.footer,
    pageLabel: t.page,
    author: t.author,
    createdAt: now,
  };
}

/** "Informe del candidato": the offer and its history, the candidate's contact and checks, the solvency. */
export function candidateReport(f: OfferFacts, agentName: string, now: Date): Report {
  const o = f.offer;
  const sale = isSale(f.announcement.typeCode);
  const completeness = completenessOf(f.profile);
  const offerRows: (readonly [string, string])[] = [
    [t.fields.status, labelOf<OfferStatusCode>(offerStatusLabels, o.statusCode)],
    [t.fields.amount, offeredAmount(f)],
    [t.fields.createdAt, dateTime(o.createdAt)],
    [t.fields.updatedAt, dateTime(o.updatedAt)],
  ];
  if (sale && !o.isVisitRequest) {
    offerRows.push(
      [t.fields.payment, labelOf<OfferPaymentTypeCode>(offerPaymentTypeLabels, o.paymentType)],
      [t.fields.mortgage, o.mortgageAmount === null ? t.none : formatEuros(o.mortgageAmount)],
      [t.fields.mortgagePreApproved, yesNo(o.mortgagePreApproved)],
      [t.fields.reasonPurchase, labelIn(reasonsPurchase, o.reasonPurchaseCode)],
    );
  }
  if (o.decisionReasonCode) {
    offerRows.push([t.fields.decisionReason, labelOf(offerDecisionReasonLabels, o.decisionReasonCode)]);
  }
  if (o.description) offerRows.push([t.fields.note, o.description]);
  const sections: ReportSection[] = [
    announcementSection(f),
    { title: t.candidate.offer, blocks: [{ kind: 'fields', rows: offerRows }] },
    {
      title: t.candidate.timeline,
      blocks: [
        {
          kind: 'table',
          columns: [
            { title: t.fields.date, width: 0.26 },
            { title: t.fields.event, width: 0.44 },
            { title: t.fields.amount, width: 0.3 },
          ],
          rows: f.timeline.map((event) => [
            dateTime(new Date(event.at)),
            [
              t.events[event.kind] ?? event.kind,
              event.reasonCode ? labelOf(offerDecisionReasonLabels, event.reasonCode) : null,
            ]
              .filter(Boolean)
              .join(': '),
            event.amount === null ? t.none : formatEuros(event.amount, !sale),
          ]),
          empty: t.candidate.noEvents,
        },
      ],
    },
    {
      title: t.candidate.contact,
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t.fields.name, candidateName(f)],
            [t.fields.phone, f.candidate.phoneNumber ?? t.none],
            [t.fields.email, f.candidate.email ?? t.none],
            [t.fields.registeredAt, day(f.candidate.createdAt)],
            [t.fields.verified, yesNo(f.candidate.isVerified)],
            [t.fields.blocked, yesNo(f.candidate.isBlocked)],
            [t.fields.profileComplete, yesNo(profileCompleteFor(completeness, f.announcement))],
            [t.fields.documentsShared, o.documentsSharedAt ? t.sharedSince(day(o.documentsSharedAt)) : t.no],
          ],
        },
      ],
    },
    { title: t.candidate.solvency, blocks: verdictBlocks(f) },
  ];
  return {
    title: t.candidate.title,
    subtitle: [
      t.solvency.about(candidateName(f), announcementTitle(f.announcement)),
      t.generatedAt(dateTime(now), agentName),
      t.confidential,
    ],
    sections,
    footer: t.candidate.footer,
    pageLabel: t.page,
    author: t.author,
    createdAt: now,
  };
}
