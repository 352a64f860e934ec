import { UNCLAIMED_PUBLISHER_ID } from '../../../lib/catalogue/unclaimed';
import { canonicalPackPath } from './pack-route';

describe('canonicalPackPath', () => {
  it('leaves /nodes/{id} and the right publisher URL alone', () => {
    expect(canonicalPackPath(undefined, { id: 'p', publisher: { id: 'acme' } })).toBeNull();
    expect(canonicalPackPath('acme', { id: 'p', publisher: { id: 'acme' } })).toBeNull();
  });

  it("sends a wrong publisher to the pack's own publisher", () => {
    expect(canonicalPackPath('other', { id: 'my pack', publisher: { id: 'acme' } })).toBe(
      '/publishers/acme/nodes/my%20pack',
    );
  });

  it('sends unclaimed packs to /nodes/{id}', () => {
    expect(canonicalPackPath('acme', { id: 'p', publisher: { id: UNCLAIMED_PUBLISHER_ID } })).toBe('/nodes/p');
    expect(canonicalPackPath('acme', { id: 'p' })).toBe('/nodes/p');
  });
});
