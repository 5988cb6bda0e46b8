import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { TranscriptLine } from '../../../src/api/schemas/reporting';
import { TranscriptView } from '../../../src/views/reporting/conversation/TranscriptView';
import { withLayoutSizes } from '../../support/layoutSizes';

const time = (seconds: number) => `0:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;
const lines: TranscriptLine[] = Array.from({ length: 5000 }, (_, i) => ({
  position: i + 1,
  role: i % 2 ? 'user' : 'bot',
  time: time(i * 0.7),
  text: i % 1000 === 7 ? `Line ${i + 1} mentions a refund` : `Line ${i + 1} says nothing special`,
}));

withLayoutSizes();

describe('transcript', () => {
  test('5,000 lines: only those in view are in the DOM; each shows m:ss and SPEC §9 seconds', () => {
    render(<TranscriptView lines={lines} onSeek={() => {}} />);
    const list = screen.getByRole('list', { name: 'Transcript lines' });
    const shown = within(list).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toHaveAttribute('aria-setsize', '5000');
    const third = within(list).getByRole('button', { name: /Line 3 says/ });
    expect(third).toHaveTextContent('0:01');
    expect(third).toHaveTextContent('1.40 s');
    expect(third).toHaveTextContent('Bot');
    expect(screen.getByRole('status')).toHaveTextContent('5000 lines');
  });

  test('clicking a line seeks to it; the spoken line is marked; arrows move between lines and seek; Space plays', async () => {
    const user = userEvent.setup();
    const onSeek = vi.fn();
    const onTogglePlay = vi.fn();
    render(<TranscriptView lines={lines.slice(0, 20)} speakingIndex={1} onSeek={onSeek} onTogglePlay={onTogglePlay} />);
    await user.click(screen.getByRole('button', { name: /Line 3 says/ }));
    expect(onSeek).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: /Line 2 says/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Line 3 says/ })).not.toHaveAttribute('aria-current');
    await user.keyboard('{ArrowDown}');
    expect(onSeek).toHaveBeenLastCalledWith(3);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(onSeek).toHaveBeenLastCalledWith(1);
    await user.keyboard(' ');
    expect(onTogglePlay).toHaveBeenCalledTimes(1);
  });

  test('search counts matches, marks them and jumps between them (Enter, Shift+Enter, buttons); following pauses', async () => {
    const user = userEvent.setup();
    const onFollowChange = vi.fn();
    render(<TranscriptView lines={lines} following speakingIndex={0} onSeek={() => {}} onFollowChange={onFollowChange} />);
    const search = screen.getByRole('searchbox', { name: 'Search the transcript' });
    await user.type(search, 'REFUND');
    expect(screen.getByRole('status')).toHaveTextContent('Match 1 of 5');
    expect(onFollowChange).toHaveBeenLastCalledWith(false);
    expect(await screen.findByRole('button', { name: /Line 8 mentions a refund/ })).toBeInTheDocument();
    expect(screen.getByText('refund', { selector: 'mark' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Match 2 of 5');
    expect(await screen.findByRole('button', { name: /Line 1008 mentions a refund/ })).toBeInTheDocument();
    await user.keyboard('{Shift>}{Enter}{Enter}{/Shift}');
    expect(screen.getByRole('status')).toHaveTextContent('Match 5 of 5');
    expect(await screen.findByRole('button', { name: /Line 4008 mentions a refund/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByRole('status')).toHaveTextContent('Match 1 of 5');
    await user.clear(search);
    await user.type(search, 'no such words');
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();
  }, 20_000);

  test('following is a checkbox; scrolling by hand pauses it', async () => {
    const user = userEvent.setup();
    const onFollowChange = vi.fn();
    const { rerender } = render(<TranscriptView lines={lines} following speakingIndex={40} onSeek={() => {}} onFollowChange={onFollowChange} />);
    expect(screen.getByRole('checkbox', { name: 'Follow playback' })).toBeChecked();
    screen.getByRole('region', { name: 'Transcript' }).dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    expect(onFollowChange).toHaveBeenLastCalledWith(false);
    rerender(<TranscriptView lines={lines} following={false} speakingIndex={40} onSeek={() => {}} onFollowChange={onFollowChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Follow playback' }));
    expect(onFollowChange).toHaveBeenLastCalledWith(true);
  });
});
