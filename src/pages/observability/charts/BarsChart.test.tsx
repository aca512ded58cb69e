import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { BarsChart } from './BarsChart';

const DATA = [
  { label: '10:00', blocked: 3, allowed: 7 },
  { label: '11:00', blocked: 0, allowed: 12 },
];
const BARS = [
  { key: 'blocked', name: 'Blocked', color: '#c62828' },
  { key: 'allowed', name: 'Allowed', color: '#2e7d32' },
];

describe('BarsChart', () => {
  test('shows its data as a table on request, and a value there drills down as a click on its bar does', async () => {
    const onSelect = vi.fn();
    render(<BarsChart label="Prompts over time" data={DATA} bars={BARS} onSelect={onSelect} />);
    expect(screen.getByRole('img', { name: 'Prompts over time' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show as table: Prompts over time' }));
    const table = screen.getByRole('table', { name: 'Prompts over time (data)' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Blocked', 'Allowed']);
    expect(within(table).getByRole('rowheader', { name: '11:00' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Allowed, 11:00: 12 — show these prompts' }));
    expect(onSelect).toHaveBeenCalledWith(1, 'allowed');

    await userEvent.click(screen.getByRole('button', { name: 'Show as chart: Prompts over time' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('without a drill-down the values are plain text, with their unit', async () => {
    render(<BarsChart label="Latency" data={[{ label: 'p50', value: 1.5 }]} bars={[{ key: 'value', name: 'Seconds', color: '#000' }]} unit="s" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table: Latency' }));
    expect(screen.getByRole('cell', { name: '1.5 s' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('button')).toBeNull();
  });
});
