import { useState } from 'react';
import { saveFile } from '../../machines/saveFile';

/** What copying said, for the status line beside the buttons. */
type CopyOutcome = 'copied' | 'failed' | null;

/**
 * The recovery codes with Copy and Download: both are how people keep them (a password manager,
 * a file). Copying is the browser's clipboard; without it the codes stay selectable text.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<CopyOutcome>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  function download() {
    saveFile({ blob: new Blob([text], { type: 'text/plain;charset=utf-8' }), filename: 'recovery-codes.txt' });
  }

  return (
    <>
      <p id="recovery-codes-help">Each recovery code signs you in once if you lose your phone. Keep them somewhere safe.</p>
      <ul className="recovery-codes" aria-label="Recovery codes" aria-describedby="recovery-codes-help">
        {codes.map((recovery) => (
          <li key={recovery}>
            <code>{recovery}</code>
          </li>
        ))}
      </ul>
      <div className="account-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy recovery codes
        </button>
        <button type="button" className="button" onClick={download}>
          Download recovery codes
        </button>
      </div>
      <p role="status">
        {copied === 'copied' ? 'Recovery codes copied.' : copied === 'failed' ? 'Copying is not allowed here; select the codes and copy them.' : ''}
      </p>
    </>
  );
}
