import { ACQUISITION_TYPE } from './atom.ts';
import { absolute, SEARCH_PATH } from './links.ts';
import { SITE_NAME } from './feeds.ts';
import { XML_DECLARATION, element } from './xml.ts';

export const OPENSEARCH_MEDIA_TYPE = 'application/opensearchdescription+xml';

/** The OpenSearch 1.1 description e-readers read to build a search: one template, an OPDS feed back. */
export function openSearchDescription(base: string): string {
  // The template's braces are OpenSearch syntax: they are built here, not percent-encoded by URLSearchParams.
  const template = `${absolute(base, SEARCH_PATH)}?q={searchTerms}`;
  return XML_DECLARATION + element('OpenSearchDescription', { xmlns: 'http://a9.com/-/spec/opensearch/1.1/' }, [
    element('ShortName', {}, { text: SITE_NAME }),
    element('Description', {}, { text: `Search the books of ${SITE_NAME} by title, author or words of the description` }),
    element('InputEncoding', {}, { text: 'UTF-8' }),
    element('OutputEncoding', {}, { text: 'UTF-8' }),
    element('Url', { type: ACQUISITION_TYPE, template }),
  ]);
}
