import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { ROLES } from '../../../../src/features/accounts/admin/model.ts';
import type { Role } from '../../../../src/platform/db/schema.ts';
import { roleName } from './labels.ts';

/** The role chooser of the Users page's forms (create, invite, change role), posted as `role`. */
export function RoleField({ ctx, id, label, selected }: { ctx: PageContext; id: string; label: string; selected: Role }): JSX.Element {
  return (
    <div class="field">
      <label for={id} safe>
        {label}
      </label>
      <select id={id} name="role">
        {ROLES.map((role) => (
          <option value={role} selected={role === selected} safe>
            {roleName(ctx, role)}
          </option>
        ))}
      </select>
    </div>
  );
}
