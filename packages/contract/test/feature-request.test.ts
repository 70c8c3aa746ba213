import { describe, expect, it } from 'vitest';
import {
  FEATURE_REQUEST_MESSAGES,
  featureRequestFormUrl,
  validateFeatureRequest,
} from '../src/feature-request';

describe('the feature-request form address', () => {
  it('FEAT-02 carries email, phone, first and last name percent-encoded', () => {
    const url = featureRequestFormUrl('http://localhost:8080/site/feature-request', {
      email: 'dana.whitfield@harborpinetax.com',
      phone: '+15035550142',
      first_name: 'Dana & Jo',
      last_name: "O'Brien Núñez",
    });
    expect(url).toBe(
      'http://localhost:8080/site/feature-request?first_name=Dana+%26+Jo&last_name=O%27Brien+N%C3%BA%C3%B1ez&email=dana.whitfield%40harborpinetax.com&phone=%2B15035550142',
    );
    const params = new URL(url).searchParams;
    expect(params.get('phone')).toBe('+15035550142');
    expect(params.get('first_name')).toBe('Dana & Jo');
    expect(params.get('last_name')).toBe("O'Brien Núñez");
  });

  it("FEAT-02 keeps an external form's own parameters and leaves blank values out", () => {
    const url = featureRequestFormUrl('https://forms.example.com/f/abc?embed=1&email=old', {
      email: 'sam.ortiz@lakesidebooks.com',
      phone: '',
      first_name: 'Sam',
      last_name: '  ',
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://forms.example.com/f/abc');
    expect([...parsed.searchParams]).toEqual([
      ['embed', '1'],
      ['email', 'sam.ortiz@lakesidebooks.com'],
      ['first_name', 'Sam'],
    ]);
  });
});

describe('the local feature-request form rules', () => {
  const good = {
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana.whitfield@harborpinetax.com',
    phone: '+15035550142',
    title: 'Export calls to QuickBooks',
    details: 'Let us send call history straight to QuickBooks time tracking.',
  };

  it('accepts a complete request; names and phone are optional', () => {
    expect(validateFeatureRequest(good, 'production')).toEqual({});
    expect(
      validateFeatureRequest({ ...good, first_name: '', last_name: '', phone: '' }, 'production'),
    ).toEqual({});
  });

  it('requires email, title and details within their bounds', () => {
    expect(
      validateFeatureRequest({ ...good, email: 'dana', title: 'ab', details: 'too short' }, 'production'),
    ).toEqual({
      email: FEATURE_REQUEST_MESSAGES.email,
      title: 'Enter a title of 3 to 120 characters.',
      details: 'Describe your request in 10 to 5,000 characters.',
    });
    expect(validateFeatureRequest({ ...good, title: 'x'.repeat(121) }, 'production').title).toBeDefined();
    expect(
      validateFeatureRequest({ ...good, details: 'x'.repeat(5001) }, 'production').details,
    ).toBeDefined();
    expect(validateFeatureRequest({ ...good, phone: '1'.repeat(41) }, 'production').phone).toBe(
      'Phone can be at most 40 characters.',
    );
  });
});
