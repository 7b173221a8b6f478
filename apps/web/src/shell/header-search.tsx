import { useId, useState, type KeyboardEvent } from 'react';
import { CloseButton, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEADER_SUGGESTION_COUNT, SEARCH_SUGGESTION_DEBOUNCE_MS } from '@stockpot/domain';
import { api } from '../lib/api-client';
import { useItemListStore } from '../lib/item-list-store';
import { useSession } from '../lib/session-store';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { TOUR_TARGET_ATTRIBUTE } from './tour-store';
import classes from './header.module.css';
import { queryKeys } from '../lib/query-keys';

/** A row of GET items/search-suggestions (doc 1 §7, §9: 10 of them). */
export interface SearchSuggestion {
  itemDistributorId: number;
  name: string;
  brand: string;
  distributor: string;
  packSize: string;
}

function useSearchSuggestions(text: string, isEnabled: boolean) {
  const locationId = useSession((s) => s.activeLocation?.id ?? null);
  const search = useDebouncedValue(text.trim(), SEARCH_SUGGESTION_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.items.searchSuggestions(locationId, search),
    queryFn: ({ signal }) =>
      api.get<SearchSuggestion[]>('items/search-suggestions', {
        query: { search, limit: HEADER_SUGGESTION_COUNT },
        signal,
        isBackground: true,
      }),
    enabled: isEnabled && search.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  // Suggestions for an older text stay until the new ones arrive, but never for an emptied box.
  return search.length > 0 && text.trim().length > 0 ? (query.data ?? []) : [];
}

function describeSuggestion(s: SearchSuggestion): string {
  return [s.brand, s.distributor, s.packSize].filter(Boolean).join(' · ');
}

/**
 * The header search of doc 1 §2 as an ARIA combobox: suggestions after a debounce in a listbox,
 * arrow keys to move, Enter or a click to search. Built by hand rather than with Mantine's
 * Combobox so the floating-position library stays out of the first load.
 */
export function HeaderSearch({ isEnabled }: { isEnabled: boolean }) {
  const appliedSearch = useItemListStore((s) => s.search);
  const setSearch = useItemListStore((s) => s.setSearch);
  const [text, setText] = useState(appliedSearch);
  const [shownSearch, setShownSearch] = useState(appliedSearch);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // Enter takes the highlighted suggestion only when the arrow keys chose it: a row that merely
  // appears under a resting pointer must not replace the typed text.
  const [isChosenByKeyboard, setIsChosenByKeyboard] = useState(false);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  // The list can change the search too (a reset, another location): the box follows it.
  if (appliedSearch !== shownSearch) {
    setShownSearch(appliedSearch);
    setText(appliedSearch);
  }

  const suggestions = useSearchSuggestions(text, isEnabled && isOpen);
  const isExpanded = isEnabled && isOpen && suggestions.length > 0;

  const apply = (value: string) => {
    setText(value);
    setSearch(value);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      if (suggestions.length === 0) return;
      const count = suggestions.length;
      setIsChosenByKeyboard(true);
      setActiveIndex((index) => (event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = isExpanded && isChosenByKeyboard && activeIndex >= 0 ? suggestions[activeIndex] : undefined;
      apply(chosen ? chosen.name : text);
    } else if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault();
        setIsOpen(false);
        setActiveIndex(-1);
      }
    }
  };

  return (
    <div className={classes.searchCombo} {...{ [TOUR_TARGET_ATTRIBUTE]: 'search' }}>
      <TextInput
        label="Search items"
        placeholder={isEnabled ? 'Name, brand or DIN' : 'Search is on the list view'}
        disabled={!isEnabled}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setIsOpen(true)}
        onBlur={() => {
          setIsOpen(false);
          setActiveIndex(-1);
        }}
        role="combobox"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          isEnabled && text ? (
            <CloseButton
              aria-label="Clear search"
              size="sm"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply('')}
            />
          ) : undefined
        }
        classNames={{ root: classes.searchRoot, label: classes.searchLabel, wrapper: classes.searchWrapper }}
        size="sm"
      />
      <ul id={listId} role="listbox" aria-label="Search suggestions" className={classes.suggestions} hidden={!isExpanded}>
        {isExpanded &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.itemDistributorId}
              id={optionId(index)}
              role="option"
              aria-label={`${suggestion.name}, ${describeSuggestion(suggestion)}`}
              aria-selected={index === activeIndex}
              className={classes.suggestion}
              // Keep the focus in the box so the click lands before the blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => {
                setActiveIndex(index);
                setIsChosenByKeyboard(false);
              }}
              onClick={() => apply(suggestion.name)}
            >
              <span className={classes.suggestionName}>{suggestion.name}</span>
              <span className={classes.suggestionMeta}>{describeSuggestion(suggestion)}</span>
            </li>
          ))}
      </ul>
      <VisuallyHidden role="status" aria-live="polite">
        {isExpanded ? `${suggestions.length} suggestions available` : ''}
      </VisuallyHidden>
    </div>
  );
}
