// Helpers of the observability component tests.
import { screen } from '@testing-library/react';
import { vi } from 'vitest';

/** The card of a widget, found by its h2 title. */
export const widget = async (title: string): Promise<HTMLElement> =>
  (await screen.findByRole('heading', { name: title, level: 2 })).closest('section') as HTMLElement;

/** Captures the files the CSV helper downloads (jsdom has no object URLs or downloads). */
export function captureDownloads(): { name: string; text: () => Promise<string> }[] {
  const files: { name: string; text: () => Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${(next += 1)}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, text: async () => (await blob.text()).replace(/^\uFEFF/, '') });
  });
  return files;
}

/** The bars a recharts chart drew (each drills down on click). */
export const barsOf = (chart: HTMLElement): Element[] => [...chart.querySelectorAll('.recharts-bar-rectangle')];

/** The texts of a table row's cells. */
export const cellTexts = (row: HTMLElement): (string | null)[] => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);
