import { useLocation } from 'react-router-dom';

/**
 * The current location, readable by tests: the pathname in <output aria-label="location">, and
 * with `state` the JSON of the navigation state in <output aria-label="state">.
 */
export function Where({ state = false }: { state?: boolean }) {
  const location = useLocation();
  return (
    <>
      <output aria-label="location">{location.pathname}</output>
      {state && <output aria-label="state">{JSON.stringify(location.state ?? null)}</output>}
    </>
  );
}
