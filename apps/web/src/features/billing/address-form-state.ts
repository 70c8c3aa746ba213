import {
  normalizeAddress,
  sameAddress,
  validateAddress,
  emptyAddress,
  US_STATES,
  type Address,
  type AddressErrors,
  type AddressField,
  type BillingData,
} from '@enq/contract';

/** The form's values: serviceAddress, billingAddress, sameBilling. */
export interface AddressValues {
  serviceAddress: Address;
  billingAddress: Address;
  sameBilling: boolean;
}

export interface AddressFormState extends AddressValues {
  saved: AddressValues;
}

export type AddressFormAction =
  | { type: 'load'; data: Pick<BillingData, 'service_address' | 'billing_address'> }
  | { type: 'editService'; field: AddressField; value: string }
  | { type: 'editBilling'; field: AddressField; value: string }
  | { type: 'setSameBilling'; checked: boolean }
  | { type: 'cancel' }
  | { type: 'saved'; service_address: Address; billing_address: Address };

/** The saved values from the server; sameBilling when both addresses exist and are equal. */
function savedValues(data: Pick<BillingData, 'service_address' | 'billing_address'>): AddressValues {
  const serviceAddress = normalizeAddress(data.service_address);
  const billingAddress = normalizeAddress(data.billing_address);
  return {
    serviceAddress,
    billingAddress,
    sameBilling:
      !!data.service_address && !!data.billing_address && sameAddress(serviceAddress, billingAddress),
  };
}

export function initialAddressForm(data: Pick<BillingData, 'service_address' | 'billing_address'>) {
  const saved = savedValues(data);
  return { ...saved, saved };
}

/** BILL-20: unchanged only when service address, billing address and sameBilling all equal the saved values. */
export function isDirty(state: AddressFormState): boolean {
  return !(
    sameAddress(state.serviceAddress, state.saved.serviceAddress) &&
    sameAddress(state.billingAddress, state.saved.billingAddress) &&
    state.sameBilling === state.saved.sameBilling
  );
}

/** Errors of both blocks (the billing block only when shown); shown as soon as a field is blank. */
export function formErrors(state: AddressValues): { service: AddressErrors; billing: AddressErrors } {
  return {
    service: validateAddress(state.serviceAddress),
    billing: state.sameBilling ? {} : validateAddress(state.billingAddress),
  };
}

export function hasErrors(state: AddressValues): boolean {
  const { service, billing } = formErrors(state);
  return Object.keys(service).length + Object.keys(billing).length > 0;
}

const US_STATE_CODES = new Set(US_STATES.map(([code]) => code));

/**
 * One field's new value. A US address picks its state from the list, so a free-text state typed for
 * another country ("Ontario") is dropped on the switch to US: 'State required' shows instead of a
 * value the dropdown cannot show and Save would store.
 */
function withField(address: Address, field: AddressField, value: string): Address {
  const next = { ...address, [field]: value };
  if (field === 'country' && value.trim().toUpperCase() === 'US' && !US_STATE_CODES.has(next.state.trim()))
    next.state = '';
  return next;
}

/**
 * Every transition of the address form (BILL-14..23). A reducer rather than react-hook-form:
 * the form's rules are transitions between both blocks (the billing block mirrors the service block
 * while "same" is ticked, a switch to US drops a free-text state, a refetch replaces only an unedited
 * form), each one case here with its own test, where a form library would hold the values and these
 * rules would still be written by hand around it.
 */
export function addressFormReducer(state: AddressFormState, action: AddressFormAction): AddressFormState {
  switch (action.type) {
    case 'load': {
      // A refetch never overwrites edits in progress.
      const saved = savedValues(action.data);
      return isDirty(state) ? { ...state, saved } : { ...saved, saved };
    }
    case 'editService': {
      const serviceAddress = withField(state.serviceAddress, action.field, action.value);
      return {
        ...state,
        serviceAddress,
        billingAddress: state.sameBilling ? { ...serviceAddress } : state.billingAddress,
      };
    }
    case 'editBilling':
      return {
        ...state,
        billingAddress: withField(state.billingAddress, action.field, action.value),
        sameBilling: false,
      };
    case 'setSameBilling':
      return action.checked
        ? { ...state, sameBilling: true, billingAddress: { ...state.serviceAddress } }
        : { ...state, sameBilling: false, billingAddress: emptyAddress() };
    case 'cancel':
      return { ...state.saved, saved: state.saved };
    case 'saved': {
      const saved: AddressValues = {
        serviceAddress: normalizeAddress(action.service_address),
        billingAddress: normalizeAddress(action.billing_address),
        sameBilling: state.sameBilling,
      };
      return { ...saved, saved };
    }
  }
}
