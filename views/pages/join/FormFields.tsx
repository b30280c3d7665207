import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '../../../src/features/accounts/credentials/password-rules.ts';
import type { FieldProblem } from './types.ts';

interface FieldSpec {
  name: FieldProblem['field'];
  label: string;
  type: 'text' | 'password' | 'email';
  autocomplete: string;
  hint?: string;
  value?: string;
  required?: boolean;
  /** Length and pattern rules the browser checks before sending (the server checks them again). */
  rules?: { minlength?: string; maxlength: string; pattern?: string };
}

/** One labelled input; a refusal about it marks it invalid, points at the reason and takes the focus. */
function Field({ spec, problem }: { spec: FieldSpec; problem?: FieldProblem }): JSX.Element {
  const id = `account-${spec.name}`;
  const invalid = problem?.field === spec.name;
  const described = [invalid ? 'account-problem' : '', spec.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label class="field__label" for={id} safe>
        {spec.label}
      </label>
      <input
        id={id}
        name={spec.name}
        type={spec.type}
        autocomplete={spec.autocomplete}
        required={spec.required ?? true}
        value={spec.value}
        {...spec.rules}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={described || undefined}
        autofocus={invalid ? true : undefined}
      />
      {spec.hint ? (
        <span class="field__hint" id={`${id}-hint`} safe>
          {spec.hint}
        </span>
      ) : (
        ''
      )}
    </div>
  );
}

/** The reason a form was refused, announced to screen readers. */
export function ProblemNotice({ problem }: { problem?: FieldProblem }): JSX.Element {
  return problem ? (
    <p class="notice notice--error" role="alert" id="account-problem" safe>
      {problem.message}
    </p>
  ) : (
    ''
  );
}

export function UsernameField({ ctx, value, problem }: { ctx: PageContext; value?: string; problem?: FieldProblem }): JSX.Element {
  const spec: FieldSpec = {
    name: 'username',
    label: ctx.t('signin.username'),
    type: 'text',
    autocomplete: 'username',
    hint: ctx.t('signin.usernameHint'),
    value: value ?? '',
    rules: { minlength: '2', maxlength: '32', pattern: '[A-Za-z0-9_\\-]{2,32}' },
  };
  return <Field spec={spec} problem={problem} />;
}

export function EmailField({ ctx, value, problem }: { ctx: PageContext; value?: string; problem?: FieldProblem }): JSX.Element {
  const spec: FieldSpec = { name: 'email', label: ctx.t('joining.signup.email'), type: 'email', autocomplete: 'email', hint: ctx.t('joining.signup.emailHint'), value: value ?? '', required: false, rules: { maxlength: '254' } };
  return <Field spec={spec} problem={problem} />;
}

/** A new password typed twice, with its rules said beside it. */
export function NewPasswordFields({ ctx, problem }: { ctx: PageContext; problem?: FieldProblem }): JSX.Element {
  const rules = { minlength: String(NEW_PASSWORD_MIN), maxlength: String(NEW_PASSWORD_MAX) };
  const password: FieldSpec = { name: 'password', label: ctx.t('signin.password'), type: 'password', autocomplete: 'new-password', hint: ctx.t('joining.passwordHint', { min: NEW_PASSWORD_MIN }), rules };
  const confirm: FieldSpec = { name: 'password_confirm', label: ctx.t('signin.passwordConfirm'), type: 'password', autocomplete: 'new-password', rules };
  return (
    <>
      <Field spec={password} problem={problem} />
      <Field spec={confirm} problem={problem} />
    </>
  );
}
