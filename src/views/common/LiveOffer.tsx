import './live.css';

/**
 * "3 new conversations — show" (issue 30's live lists): what changed elsewhere, offered instead of
 * moved in under the user's pointer. The line's place is kept while empty (no layout shift when it
 * appears); it is announced politely.
 */
export interface Offered {
  created: readonly string[];
  changed: readonly string[];
  more: boolean;
}

/** "3 new conversations", "1 new conversation, 2 changed", "50+ new conversations", or '' for nothing. */
export function offerText(offered: Offered | undefined, singular: string, plural: string): string {
  if (!offered) return '';
  const more = offered.more ? '+' : '';
  const created = offered.created.length;
  const changed = offered.changed.length;
  if (created > 0) return `${created}${more} new ${created === 1 && !more ? singular : plural}${changed > 0 ? `, ${changed} changed` : ''}`;
  if (changed > 0) return `${changed}${more} ${changed === 1 && !more ? singular : plural} changed`;
  return offered.more ? `${plural[0]!.toUpperCase()}${plural.slice(1)} changed` : '';
}

export function LiveOffer({ offered, singular, plural, onShow }: { offered: Offered | undefined; singular: string; plural: string; onShow: () => void }) {
  const text = offerText(offered, singular, plural);
  return (
    <div className="live-offer" aria-live="polite">
      {text && (
        <p className="live-offer-line">
          <span>{text}</span>
          {' — '}
          <button type="button" className="live-offer-button" aria-label={`Show ${text}`} onClick={onShow}>
            show
          </button>
        </p>
      )}
    </div>
  );
}
