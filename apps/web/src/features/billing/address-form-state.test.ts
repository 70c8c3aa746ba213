import { emptyAddress, type Address } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import {
  addressFormReducer,
  formErrors,
  hasErrors,
  initialAddressForm,
  isDirty,
  type AddressFormState,
} from './address-form-state';

const HOME: Address = {
  line1: '1 Main St',
  line2: '',
  city: 'Portland',
  state: 'ME',
  postal_code: '04101',
  country: 'US',
};
const OFFICE: Address = { ...HOME, line1: '9 Dock Rd', city: 'Bangor', postal_code: '04401' };
const same = () => initialAddressForm({ service_address: HOME, billing_address: HOME });
const apart = () => initialAddressForm({ service_address: HOME, billing_address: OFFICE });

describe('address form transitions (BILL-14..23)', () => {
  it('BILL-14 loading sets the saved values; equal addresses start with sameBilling', () => {
    expect(same()).toMatchObject({ serviceAddress: HOME, billingAddress: HOME, sameBilling: true });
    expect(same().saved).toEqual({ serviceAddress: HOME, billingAddress: HOME, sameBilling: true });
    expect(apart().sameBilling).toBe(false);
    const blank = initialAddressForm({ service_address: null, billing_address: null });
    expect(blank).toMatchObject({ serviceAddress: emptyAddress(), sameBilling: false });
    expect(blank.serviceAddress.country).toBe('US');
  });
  it('BILL-14 a reload replaces a clean form but never edits in progress', () => {
    const reloaded = addressFormReducer(apart(), {
      type: 'load',
      data: { service_address: OFFICE, billing_address: OFFICE },
    });
    expect(reloaded.serviceAddress).toEqual(OFFICE);
    const edited = addressFormReducer(apart(), { type: 'editService', field: 'line2', value: 'Suite 2' });
    const kept = addressFormReducer(edited, {
      type: 'load',
      data: { service_address: OFFICE, billing_address: OFFICE },
    });
    expect(kept.serviceAddress.line2).toBe('Suite 2');
    expect(kept.saved.serviceAddress).toEqual(OFFICE);
  });
  it('BILL-15 BILL-20 editing marks the form dirty; editing back to the saved value makes it clean', () => {
    const state = apart();
    expect(isDirty(state)).toBe(false);
    const edited = addressFormReducer(state, { type: 'editService', field: 'city', value: 'Augusta' });
    expect(isDirty(edited)).toBe(true);
    const back = addressFormReducer(edited, { type: 'editService', field: 'city', value: 'Portland' });
    expect(isDirty(back)).toBe(false);
  });
  it('BILL-16 editing the billing address sets sameBilling to false', () => {
    const edited = addressFormReducer(same(), { type: 'editBilling', field: 'line2', value: 'Floor 3' });
    expect(edited.sameBilling).toBe(false);
    expect(edited.billingAddress.line2).toBe('Floor 3');
    expect(edited.serviceAddress.line2).toBe('');
  });
  it('BILL-17 while sameBilling, editing the service address copies it to billing', () => {
    const edited = addressFormReducer(same(), { type: 'editService', field: 'line1', value: '2 Elm St' });
    expect(edited.billingAddress).toEqual(edited.serviceAddress);
    expect(edited.billingAddress.line1).toBe('2 Elm St');
    // Not while it is off.
    const separate = addressFormReducer(apart(), { type: 'editService', field: 'line1', value: '2 Elm St' });
    expect(separate.billingAddress).toEqual(OFFICE);
  });
  it('BILL-18 ticking copies the service address to billing', () => {
    const ticked = addressFormReducer(apart(), { type: 'setSameBilling', checked: true });
    expect(ticked).toMatchObject({ sameBilling: true, billingAddress: HOME });
  });
  it('BILL-19 unticking clears billing to an empty address with country US', () => {
    const unticked = addressFormReducer(same(), { type: 'setSameBilling', checked: false });
    expect(unticked.sameBilling).toBe(false);
    expect(unticked.billingAddress).toEqual({
      line1: '',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
      country: 'US',
    });
  });
  it('BILL-20 unchanged only when all three equal the saved values', () => {
    // Toggling sameBilling alone makes it dirty even though it ends on the same addresses.
    const ticked = addressFormReducer(apart(), { type: 'setSameBilling', checked: true });
    expect(isDirty(ticked)).toBe(true);
    const state: AddressFormState = { ...same(), sameBilling: false };
    expect(isDirty(state)).toBe(true);
  });
  it('BILL-23 cancel resets to the saved values', () => {
    let state = addressFormReducer(apart(), { type: 'editService', field: 'city', value: 'X' });
    state = addressFormReducer(state, { type: 'setSameBilling', checked: true });
    state = addressFormReducer(state, { type: 'cancel' });
    expect(state).toEqual(apart());
  });
  it('BILL-22 a successful save makes the answer the saved values (clean, out of edit mode)', () => {
    let state = addressFormReducer(apart(), { type: 'editService', field: 'city', value: 'Augusta' });
    const saved = { ...HOME, city: 'Augusta' };
    state = addressFormReducer(state, { type: 'saved', service_address: saved, billing_address: OFFICE });
    expect(isDirty(state)).toBe(false);
    expect(state.saved.serviceAddress.city).toBe('Augusta');
  });
  it('BILL-24 BILL-25 BILL-26 BILL-27 BILL-28 BILL-30 blank required fields show their messages and block save', () => {
    let state = addressFormReducer(same(), { type: 'setSameBilling', checked: false });
    expect(formErrors(state).billing).toEqual({
      line1: 'Address Line 1 required',
      city: 'Town or City required',
      state: 'State required',
      postal_code: 'Postal code required',
    });
    expect(hasErrors(state)).toBe(true);
    state = addressFormReducer(state, { type: 'editBilling', field: 'country', value: '' });
    expect(formErrors(state).billing.country).toBe('Country required');
    expect(formErrors(state).billing.state).toBeUndefined();
    // The hidden billing block (same as service) is not validated.
    expect(hasErrors(same())).toBe(false);
  });
});
