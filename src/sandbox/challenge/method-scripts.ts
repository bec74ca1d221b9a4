import { METHOD_NOTIFIED_MESSAGE } from '../../core/three-ds-method';

/**
 * The two scripts of the 3DS Method pages, small enough to serve as text (no bundle): the pages'
 * CSP allows no inline script. The method page posts its form on; the notification page tells
 * its parent, the SDK's page, which method ended. That message holds nothing secret (the SDK
 * checks its origin and source, and the server decides the indicator), so it may go to any origin.
 */
export const METHOD_SCRIPTS: Readonly<Record<string, string>> = {
  'method.js': 'document.forms[0].submit();\n',
  'method-notified.js':
    `parent.postMessage({ type: ${JSON.stringify(METHOD_NOTIFIED_MESSAGE)}, ` +
    "threeDSServerTransID: document.documentElement.dataset.transId }, '*');\n",
};
