export interface SelectOption {
  value: string;
  label: string;
  /** For options named in their own language. */
  lang?: string;
}

/** A labelled <select> inside the form-field wrapper used across settings forms. */
/** `confirmChange`: its change acts (reloads, saves) only once confirmed by the keyboard (public/js/confirm-change.js). */
export function SelectField(props: { id: string; name: string; label: string; options: SelectOption[]; selected: string; confirmChange?: boolean }): JSX.Element {
  return (
    <div class="field">
      <label for={props.id} safe>
        {props.label}
      </label>
      <select id={props.id} name={props.name} data-confirm-change={props.confirmChange ? '' : undefined}>
        {props.options.map((option) => (
          <option value={option.value} lang={option.lang} selected={option.value === props.selected} safe>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
