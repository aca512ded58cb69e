import { onTestFinished, vi } from 'vitest';

/**
 * Replaces window.location.assign (a full browser navigation jsdom cannot do) with a spy for one test.
 * Everything else still reads the real location, so the router and the 401 rule see the same path.
 */
export function stubLocationAssign() {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'location');
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  // An empty target: jsdom's Location has non-configurable members a proxy may not answer differently for.
  const stub = new Proxy({} as Location, {
    get(_target, property) {
      if (property === 'assign') return assign;
      const value: unknown = Reflect.get(real, property, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    set(_target, property, value) {
      return Reflect.set(real, property, value, real);
    },
  });
  Object.defineProperty(window, 'location', { configurable: true, get: () => stub });
  onTestFinished(() => {
    if (descriptor) Object.defineProperty(window, 'location', descriptor);
  });
  return assign;
}
