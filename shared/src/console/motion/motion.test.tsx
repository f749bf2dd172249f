import { render } from '@testing-library/react';
import { useEntrance, useLanding, useStaggeredEntrance } from './motion';

/** Web Animations as jsdom lacks them: each call recorded, each animation finished at once. */
function installAnimate() {
  const calls: { element: Element; keyframes: Record<string, unknown>; options: KeyframeAnimationOptions }[] = [];
  const animate = jest.fn(function (this: Element, keyframes: Record<string, unknown>, options: KeyframeAnimationOptions) {
    calls.push({ element: this, keyframes, options });
    return {
      finished: Promise.resolve(),
      onfinish: null,
      cancel() {},
      play() {},
      pause() {},
      finish() {},
      commitStyles() {},
      currentTime: 0,
      startTime: 0,
      playbackRate: 1,
      playState: 'running',
      effect: { getComputedTiming: () => ({ duration: 180 }), updateTiming() {} },
    } as unknown as Animation;
  });
  Object.defineProperty(Element.prototype, 'animate', { value: animate, configurable: true, writable: true });
  return calls;
}

function reducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
}

afterEach(() => {
  delete (Element.prototype as { animate?: unknown }).animate;
  delete (window as { matchMedia?: unknown }).matchMedia;
});

function Entering({ at }: { at: string }) {
  const ref = useEntrance<HTMLDivElement>(at);
  return <div ref={ref} data-testid="screen" />;
}

function Landing({ move }: { move: number | null }) {
  const ref = useLanding<HTMLDivElement>(move);
  return <div ref={ref} />;
}

function Tiles() {
  const ref = useStaggeredEntrance<HTMLUListElement>('li');
  return (
    <ul ref={ref}>
      <li>a</li>
      <li>b</li>
      <li>c</li>
    </ul>
  );
}

const opacityOf = (keyframes: Record<string, unknown>) => JSON.stringify(keyframes.opacity);

describe('console motion', () => {
  it('plays an entrance when the element mounts and again each time its key changes, not on other renders', () => {
    reducedMotion(false);
    const calls = installAnimate();
    const { rerender, getByTestId } = render(<Entering at="/users" />);
    const entrances = () => calls.filter((call) => opacityOf(call.keyframes) === '[0,1]');
    expect(entrances()).toHaveLength(1);
    expect(entrances()[0].element).toBe(getByTestId('screen'));
    rerender(<Entering at="/users" />);
    expect(entrances()).toHaveLength(1);
    rerender(<Entering at="/roles" />);
    expect(entrances()).toHaveLength(2);
  });

  it('moves nothing when the person asks for reduced motion', () => {
    reducedMotion(true);
    const calls = installAnimate();
    const { rerender } = render(<Entering at="/users" />);
    rerender(<Entering at="/roles" />);
    render(<Tiles />);
    const landing = render(<Landing move={null} />);
    landing.rerender(<Landing move={1} />);
    expect(calls).toEqual([]);
  });

  it('renders as usual where the browser has no Web Animations', () => {
    reducedMotion(false);
    const { rerender, getByTestId } = render(<Entering at="/users" />);
    rerender(<Entering at="/roles" />);
    expect(getByTestId('screen')).toBeInTheDocument();
  });

  it('opens a panel item by item, each a little after the one before', () => {
    reducedMotion(false);
    const calls = installAnimate();
    render(<Tiles />);
    const items = calls.filter((call) => call.element.tagName === 'LI' && opacityOf(call.keyframes) === '[0,1]');
    expect(items.map((call) => call.element.textContent)).toEqual(['a', 'b', 'c']);
    const delays = items.map((call) => Number(call.options.delay ?? 0));
    expect(delays[0]).toBeLessThan(delays[1]);
    expect(delays[1]).toBeLessThan(delays[2]);
  });

  it('marks where a move landed each time a new move lands there, never on mount', () => {
    reducedMotion(false);
    const calls = installAnimate();
    const { rerender } = render(<Landing move={3} />);
    expect(calls).toEqual([]);
    rerender(<Landing move={4} />);
    expect(calls.length).toBeGreaterThan(0);
    const landed = calls.length;
    rerender(<Landing move={null} />);
    expect(calls).toHaveLength(landed);
  });
});
