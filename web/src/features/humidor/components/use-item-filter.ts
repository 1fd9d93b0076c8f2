import { HUMIDOR_PAGE_SIZE } from '@torcedor/shared/constants';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { useEffect, useRef, useState } from 'react';

export type StatusFilter = 'all' | HumidorItem['status'];

/**
 * The items' text search and status filter, and how many of the matching items are drawn. `q` is the URL's text;
 * `onSearch` stores a new one there (and resolves once it is stored).
 */
export function useItemFilter(items: HumidorItem[], q: string, status: StatusFilter, onSearch: (q: string) => Promise<void>) {
  // The box filters as it is typed; the URL follows. It takes the URL's text only when that changes from
  // elsewhere (back and forward, a link), not while its own keystrokes are still on their way there.
  const [text, setText] = useState(q);
  const typing = useRef(0);
  useEffect(() => {
    if (!typing.current) setText(q);
  }, [q]);
  const changeText = (next: string) => {
    setText(next);
    typing.current += 1;
    void onSearch(next).finally(() => { typing.current -= 1; });
  };
  const needle = text.trim().toLowerCase();
  const shown = items.filter((i) => (status === 'all' || i.status === status)
    && (!needle || [i.brandName, i.cigarName, i.cigarVitola, i.location, i.notes].some((f) => f?.toLowerCase().includes(needle))));
  // The first HUMIDOR_PAGE_SIZE items are drawn, then as many more per 'Show more'; a new search or filter starts over.
  const filterKey = `${status}|${needle}`;
  const [more, setMore] = useState({ key: filterKey, limit: HUMIDOR_PAGE_SIZE });
  const limit = more.key === filterKey ? more.limit : HUMIDOR_PAGE_SIZE;
  const showMore = () => setMore({ key: filterKey, limit: limit + HUMIDOR_PAGE_SIZE });
  return { text, changeText, shown, limit, showMore };
}

export type ItemFilter = ReturnType<typeof useItemFilter>;
