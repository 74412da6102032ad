"""Public references that are never planning identifiers, as data. Read by
``caveat.guards.tracking_ids`` (what the plans folder defines, and what a configured
``[tracking] pattern`` matches, are both filtered through ``public``).
"""

from __future__ import annotations

# Prefixes of identifiers that name public things: standards, encodings, algorithms,
# licences, advisories, public issue trackers, products and models, error codes
# (``UTF-8``, ``SHA-256``, ``RFC-7231``, ``CVE-2024-1234``, ``GH-47701``, ``GPT-4``,
# ``ORA-00942``). Compared upper-cased with the text before the first "-".
PUBLIC_PREFIXES = frozenset(
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
        # public issue and change trackers: GitHub, GitLab, CPython, OpenJDK, distributions
        "GH", "GL", "PR", "MR", "BPO", "ISSUE", "JDK", "MSRC", "DSA", "DLA", "USN", "ALAS",
        "ELSA",
        # more standards, classifications and compliance names
        "SOC", "PCI", "DSS", "HIPAA", "GDPR", "ISBN", "ISSN", "DOI", "RS", "ICD", "EN",
        "ASTM", "MIL", "IETF", "W3C", "OASIS", "IATA", "ICAO", "SAE", "NFPA", "JEDEC",
        "ARINC", "NEMA", "ETSI", "JTC", "ATSC", "DVB",
        # error and message codes of public products
        "ORA", "PLS", "TNS", "SQLSTATE", "HRESULT", "PGRST", "LNK", "MSB",
        # products, models and hardware
        "GPT", "RTX", "GTX", "RX", "TPU", "IPHONE", "PIXEL", "GALAXY", "XBOX", "PS", "WII",
        "ARMV", "AVX", "SSE", "RISC", "WIN", "WINDOWS", "MACOS", "IOS", "ANDROID", "LLAMA",
        "CLAUDE", "GEMINI", "MISTRAL", "PHI", "QWEN", "BERT", "T5", "YOLO", "RESNET", "VGG",
        "VIT", "DVD", "UHD", "OLED", "LCD", "LPDDR", "RJ", "HDMI",
    }
)  # fmt: skip


def public(value: str) -> bool:
    """True for a public reference: a public prefix before the first "-", an issue
    number (``#123``), a lower-case tracker reference (``bpo-12345``, ``gh-99``)."""
    value = value.strip()
    if not value or value.startswith("#"):
        return True
    head = value.split("-", 1)[0].strip().upper()
    return head in PUBLIC_PREFIXES
