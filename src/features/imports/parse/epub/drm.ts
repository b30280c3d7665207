import type { Archive } from './archive.ts';
import { list, xml, type Package } from './opf.ts';

/**
 * DRM: META-INF/encryption.xml listing content documents (or the package) as encrypted; Adobe's
 * rights.xml and Apple's sinf.xml come only with DRM. Obfuscated fonts are listed there too and
 * are harmless, as is any other encrypted resource: the text stays readable.
 */
export function hasDrm(archive: Archive, pkg: Package): boolean {
  if (archive.has('META-INF/rights.xml') || archive.has('META-INF/sinf.xml')) return true;
  if (!archive.has('META-INF/encryption.xml')) return false;
  const encryption = xml.parse(archive.text('META-INF/encryption.xml'))?.encryption;
  const content = new Set([...pkg.spine.map((i) => i.path), pkg.opfPath]);
  return list(encryption?.EncryptedData).some((data) => {
    const reference = ((data.CipherData as Record<string, unknown>)?.CipherReference ?? {}) as Record<string, string>;
    let uri = String(reference['@URI'] ?? '');
    try {
      uri = decodeURIComponent(uri);
    } catch {}
    // URIs are relative to the container's root.
    return content.has(uri.replace(/^\.?\//, ''));
  });
}
