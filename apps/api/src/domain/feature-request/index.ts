// The feature-request domain's entry: routes and other domain folders import from here, never a file inside.
export { insertFeatureRequest } from './feature-requests-repository';
export {
  FORM_TOKEN_FIELD,
  isValidFormToken,
  issueFormToken,
  loadFormTokenKey,
  spendFormToken,
} from './form-token';
