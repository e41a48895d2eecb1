import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Switch,
  useLocation,
  useNavigationType,
  useSearchParams,
} from './router.tsx';

/** Shows the router's location and the last navigation's kind, for assertions. */
function WhereAmI() {
  const { pathname, search, hash, state } = useLocation();
  const type = useNavigationType();
  return <p data-testid="where">{`${type} ${pathname}${search}${hash} ${JSON.stringify(state)}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

/** Puts the address at `url` as Back/Forward would, so the router's details follow it. */
function arriveAt(url: string) {
  window.history.replaceState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

beforeEach(() => arriveAt('/'));
afterEach(() => arriveAt('/'));

/** The `token` parameter as a button; pressing it keeps only `keep`. */
function Token() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams((current) => ({ keep: current.get('keep') ?? '' }))}>
      {params.get('token') ?? 'none'}
    </button>
  );
}

describe('the router facade over wouter, on the browser address', () => {
  it('decodes a query parameter once, as the address has it, and sets parameters in place', () => {
    arriveAt('/auth/callback?token=a%2541b&keep=1');
    render(
      <BrowserRouter>
        <Token />
        <WhereAmI />
      </BrowserRouter>,
    );
    // wouter's own useSearch decodes first (decodeURI), which would turn `%2541` into `A` here.
    fireEvent.click(screen.getByRole('button', { name: 'a%41b' }));
    expect(where()).toBe('PUSH /auth/callback?keep=1 null');
  });

  it('follows a link with its navigation state, into the history entry too', () => {
    render(
      <BrowserRouter>
        <Link to="/app?x=1#top" state={{ from: '/landing' }}>
          Go
        </Link>
        <WhereAmI />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(where()).toBe('PUSH /app?x=1#top {"from":"/landing"}');
    expect(window.history.state).toEqual({ from: '/landing' });
  });

  it('runs the link onClick on a modified click but leaves the click to the browser', () => {
    const onClick = vi.fn();
    render(
      <BrowserRouter>
        <Link to="/terms" onClick={onClick}>
          Terms
        </Link>
        <WhereAmI />
      </BrowserRouter>,
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    fireEvent(screen.getByRole('link', { name: 'Terms' }), click);
    expect(onClick).toHaveBeenCalledOnce();
    expect(click.defaultPrevented).toBe(false);
    expect(where()).toBe('POP / null');
  });

  it('ignores history calls made outside the router, and takes Back/Forward as POP', () => {
    render(
      <BrowserRouter>
        <WhereAmI />
      </BrowserRouter>,
    );
    // As scrollToSection does: the #section goes into the address without a router navigation.
    act(() => window.history.replaceState(window.history.state, '', '#pricing'));
    expect(where()).toBe('POP / null');
    act(() => {
      window.history.replaceState({ step: 2 }, '', '/about#team');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { step: 2 } }));
    });
    expect(where()).toBe('POP /about#team {"step":2}');
  });

  it('redirects with replace, so the redirecting address leaves no history entry', () => {
    arriveAt('/old');
    const entries = window.history.length;
    render(
      <BrowserRouter>
        <Switch>
          <Route path="/old">
            <Navigate to="/new" replace state={{ reason: 'moved' }} />
          </Route>
          <Route>
            <WhereAmI />
          </Route>
        </Switch>
      </BrowserRouter>,
    );
    expect(where()).toBe('REPLACE /new {"reason":"moved"}');
    expect(window.history.length).toBe(entries);
  });
});
