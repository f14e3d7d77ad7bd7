import { useEffect, useState } from 'preact/hooks';

/**
 * What an admin card shows, read on mount and again on `load()`: null until the first answer;
 * `loadFailed` when the last read failed (the card offers a retry while it has nothing to show);
 * `loading` while a read runs.
 */
export function useAdminData<T>(read: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoadFailed(false);
    setLoading(true);
    try {
      setData(await read());
    } catch {
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: load is new on every render
  useEffect(() => {
    void load();
  }, []);
  return { data, setData, loadFailed, loading, load };
}
