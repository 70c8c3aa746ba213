import {
  ADDRESS_PLACEHOLDERS,
  BILLING_TEXT,
  US_STATES,
  type Address,
  type AddressErrors,
  type AddressField,
} from '@enq/contract';
import { useState, type Dispatch } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { AddressFormAction, AddressFormState } from './address-form-state';
import { formErrors, hasErrors, isDirty } from './address-form-state';
import { COUNTRY_OPTIONS } from './countries';

/** The street lines take the whole row. */
const span = (field: AddressField) => (field === 'line1' || field === 'line2' ? 'sm:col-span-2' : undefined);

function AddressBlock({
  prefix,
  legend,
  address,
  errors: allErrors,
  onEdit,
}: {
  prefix: string;
  legend: string;
  address: Address;
  errors: AddressErrors;
  onEdit: (field: AddressField, value: string) => void;
}) {
  // A required field speaks once the person has been in it, not on first view: an account without an
  // address would otherwise open on a wall of red (the page's banner already says what is missing).
  const [touched, setTouched] = useState<ReadonlySet<AddressField>>(new Set());
  const touch = (field: AddressField) =>
    setTouched((seen) => (seen.has(field) ? seen : new Set([...seen, field])));
  const errors: AddressErrors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => touched.has(field as AddressField)),
  );
  const edit = (field: AddressField, value: string) => {
    touch(field);
    // A switch to US drops a free-text state (address-form-state): say so at once.
    if (field === 'country') touch('state');
    onEdit(field, value);
  };
  const isUS = address.country === 'US';
  const input = (field: AddressField, required: boolean, autoComplete: string) => (
    <Field
      id={`${prefix}-${field}`}
      label={ADDRESS_PLACEHOLDERS[field]}
      required={required}
      error={errors[field]}
      className={span(field)}
    >
      {(aria) => (
        <Input
          {...aria}
          name={aria.id}
          placeholder={ADDRESS_PLACEHOLDERS[field]}
          autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} ${autoComplete}`}
          value={address[field]}
          onChange={(event) => edit(field, event.target.value)}
          onBlur={() => touch(field)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{legend}</legend>
      {input('line1', true, 'address-line1')}
      {input('line2', false, 'address-line2')}
      {input('city', true, 'address-level2')}
      <Field id={`${prefix}-state`} label={ADDRESS_PLACEHOLDERS.state} required={isUS} error={errors.state}>
        {(aria) =>
          isUS ? (
            <Select
              {...aria}
              value={address.state}
              onChange={(event) => edit('state', event.target.value)}
              onBlur={() => touch('state')}
            >
              <option value="">Select a state</option>
              {US_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          ) : (
            <Input
              {...aria}
              placeholder={ADDRESS_PLACEHOLDERS.state}
              value={address.state}
              onChange={(event) => edit('state', event.target.value)}
              onBlur={() => touch('state')}
            />
          )
        }
      </Field>
      {input('postal_code', true, 'postal-code')}
      <Field id={`${prefix}-country`} label={ADDRESS_PLACEHOLDERS.country} required error={errors.country}>
        {(aria) => (
          <Select
            {...aria}
            value={address.country}
            onChange={(event) => edit('country', event.target.value)}
            onBlur={() => touch('country')}
          >
            <option value="">Select a country</option>
            {COUNTRY_OPTIONS.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </fieldset>
  );
}

/** The service and billing address form (BILL-06..11, BILL-15..30). */
export function AddressForm({
  state,
  dispatch,
  saving,
  onSave,
}: {
  state: AddressFormState;
  dispatch: Dispatch<AddressFormAction>;
  saving: boolean;
  onSave: () => void;
}) {
  const errors = formErrors(state);
  const blocked = hasErrors(state);
  const dirty = isDirty(state);
  return (
    <form
      aria-label="Addresses"
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked && dirty) onSave();
      }}
    >
      <AddressBlock
        prefix="service"
        legend="Service Address"
        address={state.serviceAddress}
        errors={errors.service}
        onEdit={(field, value) => dispatch({ type: 'editService', field, value })}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="focus-ring size-4 rounded border-slate-300 text-brand-600"
          checked={state.sameBilling}
          onChange={(event) => dispatch({ type: 'setSameBilling', checked: event.target.checked })}
        />
        {BILLING_TEXT.sameBilling}
      </label>
      {state.sameBilling ? null : (
        <AddressBlock
          prefix="billing"
          legend="Billing Address"
          address={state.billingAddress}
          errors={errors.billing}
          onEdit={(field, value) => dispatch({ type: 'editBilling', field, value })}
        />
      )}
      {blocked && dirty ? (
        <p className="text-sm text-slate-600">Fill in the required fields (*) to save.</p>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" disabled={blocked || !dirty || saving} aria-busy={saving}>
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={blocked || !dirty || saving}
          onClick={() => dispatch({ type: 'cancel' })}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
