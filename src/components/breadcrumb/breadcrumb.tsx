import './breadcrumb.css';

interface BreadcrumbProps<T extends object> {
  items: readonly T[];
  /** key of the shown name (default `name`) */
  labelKey?: string;
  /** key of the emitted value (default `value`) */
  valueKey?: string;
  onSelect: (value: unknown, index: number) => void;
}

/** Spec §2: a home icon on the first item, arrows between items; a click emits the item's value and index. */
export function Breadcrumb<T extends object>({
  items,
  labelKey = 'name',
  valueKey = 'value',
  onSelect,
}: BreadcrumbProps<T>) {
  const field = (item: T, key: string) => (item as Record<string, unknown>)[key];
  return (
    <nav className="breadcrumb" aria-label="层级导航">
      <ol className="breadcrumb-list">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${String(field(item, valueKey))}-${index}`} className="breadcrumb-item">
              {index > 0 && (
                <svg className="breadcrumb-arrow" viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
                  <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              )}
              <button
                type="button"
                className={last ? 'breadcrumb-link breadcrumb-current' : 'breadcrumb-link'}
                aria-current={last ? 'location' : undefined}
                onClick={() => onSelect(field(item, valueKey), index)}
              >
                {index === 0 && (
                  <svg
                    className="breadcrumb-home"
                    viewBox="0 0 24 24"
                    width="14"
                    height="14"
                    aria-hidden="true"
                    data-testid="breadcrumb-home"
                  >
                    <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" fill="currentColor" />
                  </svg>
                )}
                {String(field(item, labelKey) ?? '')}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
