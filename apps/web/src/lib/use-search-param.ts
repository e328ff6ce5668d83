import { useSearchParams } from 'react-router';

/**
 * One query-string parameter as state: its value and a setter that keeps the other parameters.
 * The router renders a URL change as a transition, so a second change made before that render
 * (a tab, then at once an organization) would start from the URL as it was and undo the first;
 * the setter renders at once (`flushSync`), so the next change starts from this one.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get(name),
    (value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true, flushSync: true },
      ),
  ];
}
