// The feature-request domain's entry: routes and other domain folders import from here, never a file inside.
export { saveFeatureRequest } from './feature-requests';
export {
  FORM_TOKEN_FIELD,
  isValidFormToken,
  issueFormToken,
  loadFormTokenKey,
  spendFormToken,
} from './form-token';
