export interface SelectOption {
  value: string;
  label: string;
  /** For options named in their own language. */
  lang?: string;
}

/** A labelled <select> inside the form-field wrapper used across settings forms. */
export function SelectField(props: { id: string; name: string; label: string; options: SelectOption[]; selected: string }): JSX.Element {
  return (
    <div class="field">
      <label for={props.id} safe>
        {props.label}
      </label>
      <select id={props.id} name={props.name}>
        {props.options.map((option) => (
          <option value={option.value} lang={option.lang} selected={option.value === props.selected} safe>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
