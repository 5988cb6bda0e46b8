import { Link } from 'wouter';
import type { ResourceRecord } from '../../api/resources';
import { RelationPanel } from './RelationPanel';
import type { SectionConfig, Tab } from './sectionConfig';
import { SpecialPanel } from './special/SpecialPanel';
import { referenceId } from './listNames';

/** Tab links: `/{id}` for details, `/{id}/{tab}` for the rest (SPEC §2: the tab is the last segment). */
export function TabNav({ base, tabs, active }: { base: string; tabs: Tab[]; active: string }) {
  return (
    <nav aria-label="Record sections">
      <ul className="tabs">
        {[{ key: 'details', label: 'Details' }, ...tabs].map((tab) => (
          <li key={tab.key}>
            <Link href={tab.key === 'details' ? base : `${base}/${tab.key}`} aria-current={tab.key === active ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One tab's content: a relation panel or a section-specific panel. */
export function TabPanel({ tab, config, record, editable }: { tab: Tab; config: SectionConfig; record: ResourceRecord; editable: boolean }) {
  if (tab.relation) return <RelationPanel relationKey={tab.relation} ownerId={record.id} ownerAccountId={referenceId(record.account_id)} title={tab.label} editable={editable} />;
  if (tab.panel) return <SpecialPanel panel={tab.panel} section={config.key} record={record} />;
  return null;
}
