import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { lazyPart, useOpenedOnce } from './lazy-part.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('shows the fallback built from the props while the code loads, then the part', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Part = lazyPart(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      ({ name }) => <p>Loading {name}</p>,
    );
    render(<Part name="Ann" />);
    expect(await screen.findByText('Loading Ann')).toBeInTheDocument();
    expect(Part.loaded()).toBe(false);
    arrive(Greeting);
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(Part.loaded()).toBe(true);
  });

  it('keeps the rest of the screen when the code fails to load, and Try Again fetches it again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    // React logs the error it caught; the boundary is what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <h1>Workspace</h1>
        <Part name="Ann" />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic);
    expect(screen.getByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('renders a new mount at once when the code is already here', async () => {
    const Part = lazyPart(
      async () => Greeting,
      () => <p>Loading</p>,
    );
    Part.preload();
    await vi.waitFor(() => expect(Part.loaded()).toBe(true));
    render(<Part name="Bo" />);
    // Synchronously, without a fallback: React.lazy would suspend once more.
    expect(screen.getByText('Hello Bo')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});

function Dialog({ load }: { load: () => Promise<typeof Greeting> }) {
  const [Part] = useState(() => lazyPart(load));
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>
        Toggle
      </button>
      {opened && <Part name={open ? 'open' : 'closed'} />}
    </>
  );
}

describe('useOpenedOnce', () => {
  it('downloads nothing until first opened, and keeps the part mounted after it closes', async () => {
    const load = vi.fn(async () => Greeting);
    render(<Dialog load={load} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Hello open')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(await screen.findByText('Hello closed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
