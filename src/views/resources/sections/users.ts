import { nameOf, timestamps, type SectionConfig } from '../sectionConfig';

export const users: SectionConfig = {
  key: 'users',
  singular: 'User',
  titleOf: (r) => String(r.name ?? r.email ?? nameOf(r)),
  columns: [
    { key: 'name', label: 'Name', sort: 'name' },
    { key: 'email', label: 'Email', sort: 'email' },
    { key: 'isAdmin', label: 'Admin', format: 'boolean' },
    { key: 'email_verified_at', label: 'Verified', format: 'isSet' },
    ...timestamps,
  ],
  filters: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'theme_color', label: 'Theme colour', type: 'color' },
    { name: 'isAdmin', label: 'Administrator', type: 'checkbox' },
    { name: 'password', label: 'Password', type: 'password', required: true, createOnly: true },
    { name: 'password_confirmation', label: 'Confirm password', type: 'password', required: true, createOnly: true },
  ],
  tabs: [
    { key: 'roles', label: 'Roles', relation: 'users.roles' },
    { key: 'account', label: 'Account e-mails', panel: 'userActions' },
  ],
  refine: (values, mode): Record<string, string> =>
    mode === 'new' && values.password !== values.password_confirmation ? { password_confirmation: 'The passwords do not match.' } : {},
};
