"""Where internal planning identifiers do not belong, and look-alikes that are not
planning identifiers, as data. Read by ``caveat.guards.tracking_ids``.

The identifier pattern itself is configuration (``[tracking] pattern``, a regular
expression; default ``\\b(?:[A-Z]{2,5}-\\d{1,5}|Phase-[A-Z0-9]{1,3})\\b``).
"""

from __future__ import annotations

# Files that are product code: source, templates, styles, build scripts. Prose,
# data and configuration files (.md, .txt, .json, .yaml, .toml …) are not checked.
CODE_EXTENSIONS = frozenset(
    {
        # Python, JavaScript / TypeScript and web frameworks
        ".py", ".pyi", ".pyx", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts",
        ".vue", ".svelte", ".astro",
        # JVM, .NET, native
        ".java", ".kt", ".kts", ".scala", ".groovy", ".gradle", ".cs", ".fs", ".vb",
        ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".m", ".mm", ".swift",
        ".go", ".rs", ".zig", ".d", ".nim",
        # scripting and functional
        ".rb", ".rake", ".php", ".pl", ".pm", ".lua", ".r", ".jl", ".dart", ".ex", ".exs",
        ".erl", ".hrl", ".hs", ".ml", ".mli", ".clj", ".cljs", ".elm", ".fsx", ".tcl",
        # shells and build files
        ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd", ".mk", ".cmake",
        # queries, schemas, styles, templates
        ".sql", ".graphql", ".gql", ".proto", ".css", ".scss", ".sass", ".less",
        ".html", ".htm", ".jinja", ".j2", ".erb", ".ejs", ".hbs", ".twig", ".liquid",
        # notebooks (only their code cells are read)
        ".ipynb",
    }
)  # fmt: skip
CODE_BASENAMES = frozenset(
    {"makefile", "gnumakefile", "dockerfile", "containerfile", "justfile", "rakefile"}
)

# Folders whose files are not product code: documentation, tests and fixtures (tests
# may name the ticket they cover), planning and agent folders.
SKIP_DIRS = frozenset(
    {
        "doc", "docs", "documentation", "wiki", "knowledge-base",
        "test", "tests", "testing", "__tests__", "spec", "specs", "e2e", "fixtures",
        "testdata", "test_data", "__snapshots__", "__mocks__",
        ".plans", ".caveat", ".claude", ".codex", ".gemini", ".cursor",
        "node_modules", "vendor", "third_party", "site-packages", ".venv", "venv",
    }
)  # fmt: skip

# Base names (lower-case, any extension) of release notes: ids there are references.
NOTES_PREFIXES = ("changelog", "changes", "history", "news", "release", "upgrading")

# Test files outside test folders: prefixes and suffixes of the lower-case stem,
# CamelCase suffixes of the stem as written (``UserServiceTest.java``), and infixes
# of the lower-case base name.
TEST_PREFIXES = ("test_", "tests_")
TEST_SUFFIXES = ("_test", "_tests", "_spec", "-test", "-spec")
CAMEL_TEST_SUFFIXES = ("Test", "Tests", "Spec")
TEST_INFIXES = (".test.", ".spec.", ".e2e.", ".stories.")
TEST_BASENAMES = frozenset({"conftest.py", "setup_tests.py", "jest.setup.js", "jest.setup.ts"})

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

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
