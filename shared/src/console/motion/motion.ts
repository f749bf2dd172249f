import { stagger } from 'framer-motion';
import { useAnimate } from 'framer-motion/mini';
import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The console's motion (docs/adr/0032): framer-motion's WAAPI animator, short and on the
 * compositor (opacity and transform only), so a person sees what replaced what. Nothing moves
 * where the person asked for reduced motion, or where the browser has no Web Animations.
 */
export const MOTION = {
  /** seconds: long enough to follow, short enough not to wait for */
  enter: 0.18,
  flash: 0.6,
  stagger: 0.025,
} as const;

/** Whether motion may play now: the browser animates and the person has not asked for less. */
export function motionAllowed(element: Element | null | undefined): element is Element {
  if (!element || typeof element.animate !== 'function') return false;
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : undefined;
  return !media?.matches;
}

const ENTER_KEYFRAMES = { opacity: [0, 1], transform: ['translateY(6px)', 'none'] };

/**
 * Plays an entrance on the element each time `key` changes (and when it mounts): what replaced
 * the previous screen, card or tab fades and rises into place. Runs before paint, so the new
 * content is never seen still before it moves; the element is not remounted.
 */
export function useEntrance<T extends Element = HTMLElement>(key: unknown): RefObject<T | null> {
  const [scope, animate] = useAnimate<T>();
  useLayoutEffect(() => {
    if (motionAllowed(scope.current)) animate(scope.current, ENTER_KEYFRAMES, { duration: MOTION.enter, ease: 'easeOut' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entrance replays when the key changes
  }, [key]);
  return scope as RefObject<T | null>;
}

/**
 * Plays the entrance on the element's items (`selector` inside it) one after another when it
 * mounts: a panel of tiles opening, read in order.
 */
export function useStaggeredEntrance<T extends Element = HTMLElement>(selector: string): RefObject<T | null> {
  const [scope, animate] = useAnimate<T>();
  useLayoutEffect(() => {
    const items = scope.current?.querySelectorAll(selector);
    if (!items?.length || !motionAllowed(items[0])) return;
    animate(items, { opacity: [0, 1], transform: ['scale(0.92)', 'none'] }, { duration: MOTION.enter, delay: stagger(MOTION.stagger) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);
  return scope as RefObject<T | null>;
}

/**
 * Marks the element where a change landed each time `key` changes to a new value (not when it
 * mounts): a moved or dropped row lifts and settles, so the eye follows it to its new place.
 */
export function useLanding<T extends Element = HTMLElement>(key: unknown): RefObject<T | null> {
  const [scope, animate] = useAnimate<T>();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current || key == null) {
      first.current = false;
      return;
    }
    if (motionAllowed(scope.current)) {
      animate(
        scope.current,
        { transform: ['scale(1.02)', 'none'], boxShadow: ['0 2px 10px rgba(0,0,0,0.18)', '0 0 0 rgba(0,0,0,0)'] },
        { duration: MOTION.flash, ease: 'easeOut' },
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- plays when the key changes
  }, [key]);
  return scope as RefObject<T | null>;
}
