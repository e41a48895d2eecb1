import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { pageWindowStep, useGrowingWindow } from './use-growing-window.ts';

/** The window alone (rendering hundreds of sortable rows in jsdom is slow): its size and its sentinel. */
function Probe({ total, mustShow, sectionId }: { total: number; mustShow: number; sectionId: string }) {
  const { shown, sentinel, more } = useGrowingWindow(total, mustShow, sectionId);
  return (
    <ul>
      <li data-testid="shown">{shown}</li>
      {more && <li ref={sentinel} data-testid="sentinel" aria-hidden="true" />}
    </ul>
  );
}

let reveal: (() => void) | null = null;
beforeEach(() => {
  reveal = null;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe() {
        reveal = () => this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const shown = () => Number(screen.getByTestId('shown').textContent);

it('shows the first rows of a long list and more each time its end comes near, up to all', () => {
  render(<Probe total={450} mustShow={0} sectionId="grows" />);
  expect(shown()).toBe(pageWindowStep);
  act(() => reveal?.());
  expect(shown()).toBe(2 * pageWindowStep);
  act(() => reveal?.());
  expect(shown()).toBe(450);
  expect(screen.queryByTestId('sentinel')).toBeNull();
});

it('always reaches the selected row, renders a short list whole, and starts again in another section', () => {
  const { rerender } = render(<Probe total={450} mustShow={300} sectionId="reaches" />);
  expect(shown()).toBe(300);
  rerender(<Probe total={450} mustShow={0} sectionId="reaches" />);
  expect(shown()).toBe(300);
  rerender(<Probe total={450} mustShow={0} sectionId="b" />);
  expect(shown()).toBe(pageWindowStep);
  rerender(<Probe total={12} mustShow={0} sectionId="c" />);
  expect(shown()).toBe(12);
  expect(screen.queryByTestId('sentinel')).toBeNull();
});

it('keeps its size when the list is mounted again on the same section (dnd-kit arriving re-mounts it)', () => {
  const first = render(<Probe total={450} mustShow={0} sectionId="remounted" />);
  act(() => reveal?.());
  expect(shown()).toBe(2 * pageWindowStep);
  first.unmount();
  render(<Probe total={450} mustShow={0} sectionId="remounted" />);
  expect(shown()).toBe(2 * pageWindowStep);
});
