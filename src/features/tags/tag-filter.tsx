import { FilterInput } from '../../components/ui/filter-input.tsx';

type TagFilterProps = {
  /** The filter as the URL keeps it: `key` or `key:value` ('' for none). */
  value: string;
  onValueChange(value: string): void;
  /** What is filtered, for the label ("Filter practitioners by tag"). */
  noun: string;
};

/**
 * A list's tag filter (`tag=key` or `tag=key:value` in the list's URL and API query): drop it in a
 * RecordList's `filters`. Debounced like the text filter; Enter applies it at once.
 */
export function TagFilter({ value, onValueChange, noun }: TagFilterProps) {
  return <FilterInput label={`Filter ${noun} by tag`} placeholder="key or key:value" value={value} onValueChange={onValueChange} className="[&_input]:w-56" />;
}
