"""Where internal planning identifiers do not belong, and look-alikes that are not
planning identifiers, as data. Read by ``caveat.guards.tracking_ids``.

The identifier pattern itself is configuration (``[tracking] pattern``, a regular
expression; default ``\\b(?:[A-Z]{2,5}-\\d{1,5}|Phase-[A-Z0-9]{1,3})\\b``).
"""

from __future__ import annotations

# Prefixes of identifiers that name standards, encodings, algorithms, licences and
# advisories: ``UTF-8``, ``SHA-256``, ``ISO-8601``, ``RFC-7231``, ``CVE-2024-1234``.
# Compared upper-cased with the text before the first "-". Kept to names that are not
# also plausible tracker keys (no "SP", "PM", "GO" …); a project whose tracker uses one
# of these keys can widen ``[tracking] pattern`` instead.
ALLOWED_PREFIXES = frozenset(
    {
        # encodings and character sets
        "UTF", "UCS", "ASCII", "ISO", "IEC", "KOI", "CP", "GB", "BIG", "EUC", "LATIN",
        # standards bodies and numbered documents
        "RFC", "BCP", "IEEE", "ECMA", "ANSI", "DIN", "JIS", "ITU", "NIST", "FIPS", "PKCS",
        "X", "WCAG", "PEP", "JSR", "JEP", "KEP", "EIP", "ERC", "BIP", "ES", "CSS", "HTML",
        "SQL", "POSIX",
        # security advisories and weaknesses
        "CVE", "CWE", "CAPEC", "GHSA", "OSV", "PYSEC", "RUSTSEC", "RHSA", "OWASP", "ASVS",
        # cryptography and hashing
        "SHA", "MD", "AES", "DES", "RSA", "ECDSA", "ED", "HMAC", "CRC", "PBKDF", "TLS", "SSL",
        "ECDH", "ARGON", "BLAKE",
        # protocols, media, hardware
        "HTTP", "HTTPS", "IP", "IPV", "TCP", "UDP", "OAUTH", "MPEG", "AAC", "HDR", "DDR",
        "GDDR", "USB", "PCIE", "SATA", "NVME", "WPA", "LTE",
        # licences
        "GPL", "LGPL", "AGPL", "MPL", "EPL", "CDDL", "EUPL", "OFL", "CC", "BSD",
        # time zones and well-known names
        "UTC", "GMT", "COVID", "SARS",
    }
)  # fmt: skip
