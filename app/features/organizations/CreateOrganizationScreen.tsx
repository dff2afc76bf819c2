import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../shared/components/Toast';
import { messageFor } from '../../shared/api';
import { createOrganization } from './organizations';
import { usePermissions } from '../auth';
import { TextField } from '../../shared/components/fields';
import { useSchemaForm } from '../../shared/components/form';
import { ORGANIZATION_TYPE_LABELS } from './org-labels';
import { ORGANIZATION_TYPES, createOrganizationFormSchema, createOrganizationRequest } from './org-form';
import '../tournaments/tournaments.css';

/** /organizations/create (org:manage): name, type, address and contact. */
export default function CreateOrganizationScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const typeId = useId();
  const { errors, pending, onSubmit } = useSchemaForm(createOrganizationFormSchema, async (values) => {
    try {
      const organization = await createOrganization(createOrganizationRequest(values));
      toast({ title: 'Organization created successfully', variant: 'success' });
      await navigate(`/organizations/${organization.id}`);
    } catch (error) {
      toast({ title: 'Error', description: messageFor(error, 'Failed to create organization'), variant: 'destructive' });
    }
  });
  if (permissions.ready && !permissions.has('org:manage')) {
    return (
      <div className="page not-found">
        <h1>Not allowed</h1>
        <p>Adding an organization needs the org:manage permission.</p>
        <Link to="/organizations" className="button">Back to Organizations</Link>
      </div>
    );
  }
  return (
    <div className="page tournament-form">
      <header className="page__header">
        <Link to="/organizations" className="back-link">Back to Organizations</Link>
        <h1>Add Organization</h1>
      </header>
      <form className="tournament-form__body" noValidate onSubmit={onSubmit}>
        <fieldset className="card tournament-form__section">
          <legend><h2>Organization</h2></legend>
          <TextField label="Organization name" name="name" error={errors.name} />
          <div className="field">
            <label htmlFor={typeId} className="field__label">Type</label>
            <select id={typeId} name="type" className="input" defaultValue="" aria-invalid={errors.type ? true : undefined}>
              <option value="" disabled>Choose a type</option>
              {ORGANIZATION_TYPES.map((type) => <option key={type} value={type}>{ORGANIZATION_TYPE_LABELS[type]}</option>)}
            </select>
            {errors.type && <p className="field__error" role="alert">{errors.type}</p>}
          </div>
        </fieldset>
        <fieldset className="card tournament-form__section">
          <legend><h2>Address and contact</h2></legend>
          <TextField label="Address" name="address" error={errors.address} />
          <div className="tournament-form__grid">
            <TextField label="City" name="city" error={errors.city} />
            <TextField label="State" name="state" error={errors.state} />
            <TextField label="Postal code" name="zipCode" error={errors.zipCode} />
            <TextField label="Contact email" name="contactEmail" type="email" error={errors.contactEmail} />
            <TextField label="Phone number" name="phoneNumber" type="tel" error={errors.phoneNumber} />
          </div>
        </fieldset>
        <div className="tournament-form__actions">
          <Link to="/organizations" className="button">Cancel</Link>
          <button type="submit" className="button button--primary" disabled={pending}>{pending ? 'Adding...' : 'Add Organization'}</button>
        </div>
      </form>
    </div>
  );
}
