import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { Tabs } from '../../../shared/ui/tabs';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { groupOf, groupOrder } from '../status';
import type { StatusGroup } from '../status';
import { announcementTexts } from '../texts';
import { OwnerAnnouncementCard } from './announcement-card';
import { PropertyDraftCard } from './property-draft-card';

const t = announcementTexts.list;

export function groupAnnouncements(
  list: readonly OwnerAnnouncement[],
): Record<StatusGroup, OwnerAnnouncement[]> {
  const groups: Record<StatusGroup, OwnerAnnouncement[]> = { active: [], drafts: [], finished: [] };
  for (const announcement of list) groups[groupOf(announcement.statusCode)].push(announcement);
  return groups;
}

export interface AnnouncementTabsProps {
  announcements: readonly OwnerAnnouncement[];
  /** Properties never sent to validation, shown first under Borradores. */
  propertyDrafts?: readonly OwnerPropertySummary[];
  onPropertyDiscarded?: (propertyId: string) => void | Promise<void>;
}

/** Activos / Borradores / Finalizados, each with its count; opens on the first tab that has any. */
export function AnnouncementTabs({
  announcements,
  propertyDrafts = [],
  onPropertyDiscarded = () => undefined,
}: AnnouncementTabsProps) {
  const groups = groupAnnouncements(announcements);
  const count = (group: StatusGroup) =>
    groups[group].length + (group === 'drafts' ? propertyDrafts.length : 0);
  const first = groupOrder.find((group) => count(group) > 0) ?? 'active';
  const items = groupOrder.map((group) => ({
    id: group,
    label: t.tabLabel(t.tabs[group], count(group)),
    content:
      count(group) === 0 ? (
        <p className="muted ann-empty-tab">{t.emptyTab[group]}</p>
      ) : (
        <>
          {group === 'drafts' && propertyDrafts.length > 0 && (
            <ul className="plain-list ann-list" aria-label={announcementTexts.propertyDraft.listLabel}>
              {propertyDrafts.map((property) => (
                <PropertyDraftCard key={property.id} property={property} onDiscarded={onPropertyDiscarded} />
              ))}
            </ul>
          )}
          {groups[group].length > 0 && (
            <ul className="plain-list ann-list">
              {groups[group].map((announcement) => (
                <OwnerAnnouncementCard key={announcement.id} announcement={announcement} linkToProperty />
              ))}
            </ul>
          )}
        </>
      ),
  }));
  return <Tabs label={t.tabsLabel} items={items} defaultSelectedId={first} />;
}
