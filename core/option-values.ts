/**
 * Option-value collection (SPEC §3 variant, §5): the distinct values of each product option across variants,
 * for the option pickers. Values lacking an id or a label are skipped.
 */

export interface VariantOptionValue {
  id?: number | string | null;
  label?: string | null;
}

export interface VariantOption {
  id?: number | string | null;
  option_display_name?: string | null;
  values?: readonly (VariantOptionValue | null | undefined)[] | null;
}

export interface VariantLike {
  option_values?: readonly (VariantOption | null | undefined)[] | null;
}

export interface CollectedOption {
  id: number | string | null;
  displayName: string;
  values: Array<{ id: number | string; label: string }>;
}

/** Options keep the order they first appear in, values likewise; duplicates (same id) are listed once. */
export function collectOptionValues(
  variants: readonly (VariantLike | null | undefined)[],
): CollectedOption[] {
  const options = new Map<string, CollectedOption>();
  for (const variant of variants) {
    for (const option of variant?.option_values ?? []) {
      if (!option) continue;
      const displayName = option.option_display_name ?? '';
      const key = `${option.id ?? ''}|${displayName}`;
      let collected = options.get(key);
      if (!collected) {
        collected = { id: option.id ?? null, displayName, values: [] };
        options.set(key, collected);
      }
      for (const value of option.values ?? []) {
        const id = value?.id;
        const label = value?.label;
        if (id === null || id === undefined || id === '' || !label) continue;
        if (collected.values.some((existing) => String(existing.id) === String(id))) continue;
        collected.values.push({ id, label });
      }
    }
  }
  return [...options.values()];
}
