/**
 * A labelled slider with its value shown beside it. The <output> holds the value as rendered;
 * public/js/settings.js keeps it in step while the slider moves (data-format names the format).
 */
export function RangeField(props: {
  id: string;
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  format: 'percent' | 'times';
  hint?: string;
}): JSX.Element {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div class="field field--range">
      <label for={props.id} safe>
        {props.label}
      </label>
      <div class="range">
        <input
          type="range"
          id={props.id}
          name={props.name}
          min={String(props.min)}
          max={String(props.max)}
          step={String(props.step)}
          value={String(props.value)}
          aria-describedby={hintId}
          aria-valuetext={props.shown}
          data-format={props.format}
        />
        <output for={props.id} class="range__value" data-output-for={props.id} safe>
          {props.shown}
        </output>
      </div>
      {props.hint ? (
        <p id={hintId} class="field__hint" safe>
          {props.hint}
        </p>
      ) : (
        ''
      )}
    </div>
  );
}
