import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { Tabs } from '../../../shared/ui/tabs';
import { groupOf, groupOrder } from '../status';
import type { StatusGroup } from '../status';
import { announcementTexts } from '../texts';
import { OwnerAnnouncementCard } from './announcement-card';

const t = announcementTexts.list;

export function groupAnnouncements(
  list: readonly OwnerAnnouncement[],
): Record<StatusGroup, OwnerAnnouncement[]> {
  const groups: Record<StatusGroup, OwnerAnnouncement[]> = { active: [], drafts: [], finished: [] };
  for (const announcement of list) groups[groupOf(announcement.statusCode)].push(announcement);
  return groups;
}

/** Activos / Borradores / Finalizados, each with its count; opens on the first tab that has any. */
export function AnnouncementTabs({ announcements }: { announcements: readonly OwnerAnnouncement[] }) {
  const groups = groupAnnouncements(announcements);
  const first = groupOrder.find((group) => groups[group].length > 0) ?? 'active';
  const items = groupOrder.map((group) => ({
    id: group,
    label: t.tabLabel(t.tabs[group], groups[group].length),
    content:
      groups[group].length === 0 ? (
        <p className="muted ann-empty-tab">{t.emptyTab[group]}</p>
      ) : (
        <ul className="plain-list ann-list">
          {groups[group].map((announcement) => (
            <OwnerAnnouncementCard key={announcement.id} announcement={announcement} linkToProperty />
          ))}
        </ul>
      ),
  }));
  return <Tabs label={t.tabsLabel} items={items} defaultSelectedId={first} />;
}
