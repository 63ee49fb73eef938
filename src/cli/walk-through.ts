import type { Config } from '../config.js';
import type { IssuedKey } from '../services/key-service.js';

/** The first-run text: the development key and a ready-to-paste curl session. */
export function walkThrough(config: Config, issued: IssuedKey): string {
  const base = config.baseUrl;
  return `
  agwx: no API key existed, so a development key was created for account '${issued.account}'.
  The secret is shown only now.

    KEY=${issued.key}
    SECRET=${issued.secret}

  Try it (paste into a shell once the server is listening):

    TOKEN=$(curl -s -X POST ${base}/oauth/token \\
      -u "$KEY:$SECRET" -d grant_type=client_credentials | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/')

    curl -s -X POST ${base}/v2/fields -H "Authorization: Bearer $TOKEN" \\
      -H 'Content-Type: application/json' \\
      -d '{"id":"north-40","name":"North40","farmId":"farm-1","acres":40,"centerPoint":{"latitude":41.99,"longitude":-93.62}}'

    curl -s ${base}/v2/fields -H "Authorization: Bearer $TOKEN"

  API reference: ${base}/docs

`;
}
