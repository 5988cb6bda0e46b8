import { Link, useLocation } from 'wouter';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import type { ResourceActor } from '../../machines/resource';
import { activeTab, type RouteViewProps } from '../../route';
import { LoadingState } from '../common/LoadingState';
import { useArrivalFocus } from '../common/arrivalFocus';
import { RecordLoadError } from './RecordLoadError';
import { useCan, useNavigate } from '../PortalContext';
import { DeleteRecordButton, useLeaveWhenDeleted } from './DeleteRecordButton';
import { BackButton } from '../common/BackButton';
import { useListHref } from '../common/useListHref';
import { DisplayValue } from './display';
import { ConversationLink } from './ConversationLink';
import { ReferenceValue } from './ReferenceValue';
import { useShowsAccount } from './useShowsAccount';
import { useReferenceNames } from './useReferences';
import { TabNav, TabPanel } from './RecordTabs';
import type { SectionConfig } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { recordIdOf, useRecord } from './useRecord';
import './resources.css';

export function RecordFields({ config, record }: { config: SectionConfig; record: ResourceRecord }) {
  const known = new Set(config.fields.map((f) => f.name));
  const showsAccount = useShowsAccount(config.key) && record.account_id !== undefined;
  // Linked records by name: one lookup per referenced section.
  const lookup = useReferenceNames([
    ...config.fields.filter((f) => f.choicesFrom).map((f) => ({ section: f.choicesFrom!, ids: [record[f.name]] })),
    ...(showsAccount ? [{ section: 'accounts' as const, ids: [record.account_id] }] : []),
    ...config.fields.filter((f) => f.type === 'conversation').map((f) => ({ section: 'conversations' as const, ids: [record[f.name]] })),
  ]);
  return (
    <dl className="record-fields">
      {showsAccount && (
        <div style={{ display: 'contents' }}>
          <dt>Account</dt>
          <dd>
            <ReferenceValue section="accounts" value={record.account_id} lookup={lookup} />
          </dd>
        </div>
      )}
      {config.fields
        .filter((f) => f.type !== 'password')
        .map((field) => (
          <div key={field.name} style={{ display: 'contents' }}>
            <dt>{field.label}</dt>
            <dd>
              {field.choicesFrom ? (
                <ReferenceValue section={field.choicesFrom} value={record[field.name]} lookup={lookup} />
              ) : field.name === 'conversation_uuid' ? (
                <ConversationLink uuid={record[field.name]} lookup={lookup} />
              ) : (
                <DisplayValue
                  value={field.type === 'checkbox' ? record[field.name] === true : record[field.name]}
                  format={field.name === 'phone_number' ? 'phone' : field.type === 'checkbox' ? 'boolean' : field.type === 'json' ? 'json' : 'text'}
                  choices={field.choices}
                />
              )}
            </dd>
          </div>
        ))}
      {['created_at', 'updated_at'].filter((k) => !known.has(k) && record[k]).map((k) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k === 'created_at' ? 'Created' : 'Updated'}</dt>
          <dd>
            <DisplayValue value={record[k]} format="timestamp" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** THE detail page of every standard section, with tabs from the last path segment; `resource` is the section's actor (the route's). */
export default function DetailPage({ route, params, actor: resource }: RouteViewProps<ResourceActor>) {
  const key = route.section!.key as ResourceKey;
  const config = SECTION_CONFIGS[key];
  const model = route.section!.model;
  const id = recordIdOf(route, params);
  const { record, loading, error, reload } = useRecord(resource, id);
  const [location] = useLocation();
  const navigate = useNavigate();
  const canEdit = useCan(model, 'edit') && !config.readOnly;
  const canDelete = useCan(model, 'delete') && !config.readOnly;
  const hasTabRoutes = route.section!.tabs;
  const tabKeys = ['details', ...config.tabs.map((t) => t.key)];
  const active = hasTabRoutes ? activeTab(location, tabKeys, 'details') : 'details';
  const base = `/${key}/${id}`;
  const listHref = useListHref(key);
  useLeaveWhenDeleted(resource, id, listHref, navigate.go);
  // After create or save the record's heading takes focus (the toast says what was done).
  const heading = useArrivalFocus<HTMLHeadingElement>(base, record !== null);

  if (error && !record) return <RecordLoadError section={key} error={error} onRetry={reload} />;
  if (!record) return <LoadingState label={loading ? 'Loading record…' : 'Loading…'} />;
  const tab = config.tabs.find((t) => t.key === active);
  const title = config.titleOf(record);

  return (
    <section className="page">
      <BackButton fallback={listHref} />
      <div className="page-header">
        <h1 ref={heading} tabIndex={-1}>{title}</h1>
        <div className="page-actions">
          {canEdit && (
            <Link href={`${base}/edit`} className="button" aria-label={`Edit ${title}`}>
              Edit
            </Link>
          )}
          {canDelete && <DeleteRecordButton resource={resource} record={record} title={title} singular={config.singular} />}
        </div>
      </div>
      {hasTabRoutes && config.tabs.length > 0 && <TabNav base={base} tabs={config.tabs} active={active} />}
      {tab ? (
        <TabPanel tab={tab} config={config} record={record} editable={canEdit} />
      ) : (
        <>
          <RecordFields config={config} record={record} />
          {/* Sections without tab routes show their extra views as panels below the details. */}
          {!hasTabRoutes && config.tabs.map((t) => <TabPanel key={t.key} tab={t} config={config} record={record} editable={canEdit} />)}
        </>
      )}
    </section>
  );
}
