import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { UserAvatar } from './UserAvatar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('without an image the initials show at once', () => {
  render(<UserAvatar name="ada king lovelace" />);
  expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^AK$/);
});

test('with an image that has not loaded, the initials appear only after 600 ms', () => {
  // jsdom never loads images, so the picture stays pending.
  render(<UserAvatar name="Ada Lovelace" image="https://images.example.com/ada.png" />);
  const avatar = screen.getByTestId('user-avatar');
  expect(avatar).toHaveTextContent(/^$/);

  act(() => vi.advanceTimersByTime(599));
  expect(avatar).toHaveTextContent(/^$/);

  act(() => vi.advanceTimersByTime(1));
  expect(avatar).toHaveTextContent(/^AL$/);
});

test('a loaded image replaces the initials', () => {
  const images: HTMLImageElement[] = [];
  const RealImage = window.Image;
  vi.stubGlobal(
    'Image',
    class extends RealImage {
      constructor() {
        super();
        images.push(this);
      }
    },
  );
  render(<UserAvatar name="Ada Lovelace" image="https://images.example.com/ada.png" />);
  act(() => images[0]?.onload?.(new Event('load')));

  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'https://images.example.com/ada.png');
  act(() => vi.advanceTimersByTime(1000));
  expect(screen.getByTestId('user-avatar')).not.toHaveTextContent('AL');
  vi.unstubAllGlobals();
});
