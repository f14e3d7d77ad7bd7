import { useEffect, useState } from 'preact/hooks';

/** The time now, once a second: the loading screen's clock and the week's time left. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
