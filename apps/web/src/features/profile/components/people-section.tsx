import { useState } from 'react';
import { MAX_PEOPLE_PER_ROLE } from '@casaoferta/domain/rules/tenant-profile';
import type { HouseholdPerson, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { QueryProvider } from '../../../shared/api/query-client';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfoIcon, UserIcon } from '../../../shared/ui/icons';
import { showToast } from '../../../shared/ui/toast-store';
import { deletePerson, useProfileCache } from '../api/tenant-api';
import { labelOf, type ProfileLists } from '../lists';
import { maskNif } from '../mask-nif';
import { profileTexts, type PersonRole } from '../texts';
import { ProfileWizard } from '../wizard/profile-wizard';
import { SectionLayout } from './section-layout';

const t = profileTexts.people;

const fullName = (person: HouseholdPerson) => `${person.name} ${person.surname}`;

/** SPEC 2.3 info dialogs: what a co-holder or a guarantor is, and why they strengthen an application. */
function InfoButton({ role }: { role: PersonRole }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button profile-info" onClick={() => setOpen(true)}>
        <InfoIcon size={18} />
        {t.info.open[role]}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t.info.open[role]}
        footer={
          <Button onClick={() => setOpen(false)} data-autofocus>
            {t.info.close}
          </Button>
        }
      >
        <div className="stack">
          {t.info.body[role].map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Dialog>
    </>
  );
}

/** The confirmation before a person is deleted; focus starts on 'Cancelar', the safe choice. */
function DeletePerson({ role, person }: { role: PersonRole; person: HouseholdPerson }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cache = useProfileCache();
  const name = fullName(person);
  const close = () => {
    if (!busy) setOpen(false);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await deletePerson(role, person.id);
      setOpen(false);
      cache.removePerson(role, person.id);
      showToast(profileTexts.toasts.personDeleted[role], 'success');
      void cache.reload();
    } catch {
      // The API client has shown the error.
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t.deleteLabel(name)} onClick={() => setOpen(true)}>
        {t.delete}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t.deleteTitle(name)}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy} data-autofocus>
              {t.cancel}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void confirm()}>
              {t.confirmDelete}
            </Button>
          </>
        }
      >
        <p>{t.deleteBody[role]}</p>
      </Dialog>
    </>
  );
}

function PersonCard({
  role,
  person,
  lists,
  onEdit,
}: {
  role: PersonRole;
  person: HouseholdPerson;
  lists: ProfileLists;
  onEdit: () => void;
}) {
  const name = fullName(person);
  return (
    <Card as="li" className="profile-person">
      <h2 className="profile-person__name">{name}</h2>
      <dl className="profile-person__facts">
        <div>
          <dt>{t.nif}</dt>
          <dd>{maskNif(person.nif)}</dd>
        </div>
        <div>
          <dt>{t.contract}</dt>
          <dd>{labelOf(lists.typeContract, person.typeContractCode)}</dd>
        </div>
        <div>
          <dt>{t.salary}</dt>
          <dd>{labelOf(lists.salaryRange, person.salaryRangeCode)}</dd>
        </div>
      </dl>
      <div className="cluster profile-person__actions">
        <Button variant="secondary" size="sm" aria-label={t.editLabel(name)} onClick={onEdit}>
          {t.edit}
        </Button>
        <DeletePerson role={role} person={person} />
      </div>
    </Card>
  );
}

type Editing = { person: HouseholdPerson | null } | null;

function People({ role, profile, lists }: { role: PersonRole; profile: TenantProfile; lists: ProfileLists }) {
  const [editing, setEditing] = useState<Editing>(null);
  const people = role === 'coHolder' ? profile.coTitulars : profile.guarantors;
  const full = people.length >= MAX_PEOPLE_PER_ROLE;
  return (
    <>
      <div className="stack">
        <div className="actions profile-people__add">
          <Button size="lg" disabled={full} onClick={() => setEditing({ person: null })}>
            {t.add[role]}
          </Button>
        </div>
        {full && <p className="muted text-sm">{t.limit(MAX_PEOPLE_PER_ROLE, role)}</p>}
      </div>
      {people.length === 0 ? (
        <EmptyState title={t.empty[role]} icon={<UserIcon size={32} />} />
      ) : (
        <ul className="plain-list stack" aria-label={t.listLabel[role]}>
          {people.map((person) => (
            <PersonCard
              key={person.id}
              role={role}
              person={person}
              lists={lists}
              onEdit={() => setEditing({ person })}
            />
          ))}
        </ul>
      )}
      {editing && (
        <ProfileWizard
          subject={{ kind: 'person', role, person: editing.person }}
          profile={profile}
          lists={lists}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** /profile/co-titulars and /profile/guarantors: the list, add and edit (the 2-step wizard), delete. */
export function PeopleSection({ role }: { role: PersonRole }) {
  return (
    <QueryProvider>
      <SectionLayout title={t.titles[role]} intro={t.intro[role]} aside={<InfoButton role={role} />}>
        {({ profile, lists }) => <People role={role} profile={profile} lists={lists} />}
      </SectionLayout>
    </QueryProvider>
  );
}
