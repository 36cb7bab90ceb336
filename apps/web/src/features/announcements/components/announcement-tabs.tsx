import { useSearchParams } from 'react-router';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { Tabs } from '../../../shared/ui/tabs';
import type { OwnerPropertySummary } from '../api/list-my-properties';
import { groupOf, groupOfSlug, groupOrder, groupSlugs } from '../status';
import type { StatusGroup } from '../status';
import { announcementTexts } from '../texts';
import { OwnerAnnouncementCard } from './announcement-card';
import { PropertyStepCard } from './property-step-card';

const t = announcementTexts.list;

export function groupAnnouncements(
  list: readonly OwnerAnnouncement[],
): Record<StatusGroup, OwnerAnnouncement[]> {
  const groups: Record<StatusGroup, OwnerAnnouncement[]> = { active: [], drafts: [], finished: [] };
  for (const announcement of list) groups[groupOf(announcement.statusCode)].push(announcement);
  return groups;
}

/**
 * The properties whose next step is their own (no announcement's card carries it), by the tab the API
 * gives each (issue 23): with the announcements' cards, every property is in Mis anuncios.
 */
export function groupPropertyCards(
  properties: readonly OwnerPropertySummary[],
): Record<StatusGroup, OwnerPropertySummary[]> {
  const groups: Record<StatusGroup, OwnerPropertySummary[]> = { active: [], drafts: [], finished: [] };
  for (const property of properties) {
    if (property.nextAnnouncementId === null) groups[property.tab].push(property);
  }
  return groups;
}

export interface AnnouncementTabsProps {
  announcements: readonly OwnerAnnouncement[];
  /** The owner's properties: those whose next step is their own get a card, first in their tab. */
  properties?: readonly OwnerPropertySummary[];
  onPropertyDiscarded?: (propertyId: string) => void | Promise<void>;
}

/**
 * Activos / Borradores / Finalizados, each with its count. The tab is kept in the URL (?tab=), so a
 * reload or the browser's Back opens it again; without one it opens on the first tab that has any.
 */
export function AnnouncementTabs({
  announcements,
  properties = [],
  onPropertyDiscarded = () => undefined,
}: AnnouncementTabsProps) {
  const groups = groupAnnouncements(announcements);
  const propertyCards = groupPropertyCards(properties);
  const count = (group: StatusGroup) => groups[group].length + propertyCards[group].length;
  const [search, setSearch] = useSearchParams();
  const selected = groupOfSlug(search.get('tab')) ?? groupOrder.find((group) => count(group) > 0) ?? 'active';
  const select = (id: string) => {
    const group = groupOrder.find((item) => item === id);
    if (!group) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', groupSlugs[group]);
        return next;
      },
      { replace: true },
    );
  };
  const items = groupOrder.map((group) => ({
    id: group,
    label: t.tabLabel(t.tabs[group], count(group)),
    content:
      count(group) === 0 ? (
        <p className="muted ann-empty-tab">{t.emptyTab[group]}</p>
      ) : (
        <>
          {propertyCards[group].length > 0 && (
            <ul className="plain-list ann-list" aria-label={announcementTexts.propertyStep.listLabel}>
              {propertyCards[group].map((property) => (
                <PropertyStepCard key={property.id} property={property} onDiscarded={onPropertyDiscarded} />
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
  return (
    <Tabs className="ann-tabs" label={t.tabsLabel} items={items} selectedId={selected} onSelect={select} />
  );
}
