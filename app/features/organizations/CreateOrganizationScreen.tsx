import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { createOrganization } from './organizations';
import { usePermissions } from '../auth';
import { TextField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { organizationTypeLabel } from './org-labels';
import { ORGANIZATION_TYPES, createOrganizationFormSchema, createOrganizationRequest } from './org-form';
import '../tournaments/tournaments.css';

/** /organizations/create (org:manage): name, type, address and contact. */
export default function CreateOrganizationScreen() {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const typeId = useId();
  const { errors, pending, onSubmit } = useSchemaForm(createOrganizationFormSchema, async (values) => {
    try {
      const organization = await createOrganization(createOrganizationRequest(values));
      toast({ title: t`Organization created successfully`, variant: 'success' });
      await navigate(`/organizations/${organization.id}`);
    } catch (error) {
      toast({ title: t`Error`, description: messageFor(error, t`Failed to create organization`), variant: 'destructive' });
    }
  });
  if (permissions.ready && !permissions.has('org:manage')) {
    return (
      <div className="page not-found">
        <h1><Trans>Not allowed</Trans></h1>
        <p><Trans>Adding an organization needs the org:manage permission.</Trans></p>
        <Link to="/organizations" className="button"><Trans>Back to Organizations</Trans></Link>
      </div>
    );
  }
  return (
    <div className="page tournament-form">
      <header className="page__header">
        <Link to="/organizations" className="back-link"><Trans>Back to Organizations</Trans></Link>
        <h1><Trans>Add Organization</Trans></h1>
      </header>
      <form className="tournament-form__body" noValidate onSubmit={onSubmit}>
        <fieldset className="card tournament-form__section">
          <legend><h2><Trans>Organization</Trans></h2></legend>
          <TextField label={t`Organization name`} name="name" error={errors.name} />
          <div className="field">
            <label htmlFor={typeId} className="field__label"><Trans>Type</Trans></label>
            <select id={typeId} name="type" className="input" defaultValue="" aria-invalid={errors.type ? true : undefined}>
              <option value="" disabled><Trans>Choose a type</Trans></option>
              {ORGANIZATION_TYPES.map((type) => <option key={type} value={type}>{organizationTypeLabel(i18n, type)}</option>)}
            </select>
            {errors.type && <p className="field__error" role="alert">{errors.type}</p>}
          </div>
        </fieldset>
        <fieldset className="card tournament-form__section">
          <legend><h2><Trans>Address and contact</Trans></h2></legend>
          <TextField label={t`Address`} name="address" error={errors.address} />
          <div className="tournament-form__grid">
            <TextField label={t`City`} name="city" error={errors.city} />
            <TextField label={t`State`} name="state" error={errors.state} />
            <TextField label={t`Postal code`} name="zipCode" error={errors.zipCode} />
            <TextField label={t`Contact email`} name="contactEmail" type="email" error={errors.contactEmail} />
            <TextField label={t`Phone number`} name="phoneNumber" type="tel" error={errors.phoneNumber} />
          </div>
        </fieldset>
        <div className="tournament-form__actions">
          <Link to="/organizations" className="button"><Trans>Cancel</Trans></Link>
          <button type="submit" className="button button--primary" disabled={pending}>{pending ? t`Adding...` : t`Add Organization`}</button>
        </div>
      </form>
    </div>
  );
}
