/**
 * The network bar (spec 1 §2.3: "A network bar lists 8 sister sites"). The list is configuration
 * in core/isomorphic/network.ts; this only lays it out, as a labelled navigation landmark.
 */
import { NETWORK_SITES, type SisterSite } from '../../core/isomorphic/network.js';

export const NETWORK_BAR_LABEL = 'Fox News Media network';

export function NetworkBar({ sites = NETWORK_SITES }: { sites?: readonly SisterSite[] }) {
  return (
    <nav className="network-bar" aria-label={NETWORK_BAR_LABEL}>
      <ul>
        {sites.map((site) => (
          <li key={site.url}>
            <a href={site.url}>{site.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
