"""The tracking-ids guard: the project's own planning identifiers (``TM-10``,
``Phase B``) written into product code, where they mean nothing to the next reader.

What counts as a planning id is learned, never guessed: the ids that the project's
plans folder defines (``[plans] folder``, default ``.caveat/plans`` under the git
root; plan ids, task ids, phase labels — see ``learn``), and what the guard's own
setting ``[tracking] pattern`` names (a regular expression, e.g. ``PROJ-[0-9]+``;
none by default). With no plans folder and no pattern the guard stays silent: a
look-alike in someone else's code (``GH-47701``, ``GPT-4``, ``ORA-00942``) is not
this project's plan. Public references (``rules.PUBLIC_PREFIXES``, ``#123``) never
count, even when a plan mentions them or a pattern matches them.

Only what the change introduces is reported: an id already in the file before the
edit (or in the replaced fragment) stays silent. The guard does not search the rest
of the tracked code for the id: what it looks for is the project's own plan
vocabulary, which has no business in code wherever else it already slipped in.
Files that are checked: source, templates, styles and build scripts
(``CODE_EXTENSIONS``; notebooks by their code cells). Files that are not: prose,
data and configuration files; release notes (``CHANGELOG*``, ``HISTORY*`` …);
anything under documentation, test, fixture, vendored or agent folders, and test
files elsewhere (``test_x.py``, ``x.test.ts``, ``FooTest.java``) — tests may rightly
name the ticket they cover; and the plans folder itself.

Each tool has its own message: Write → ``pretooluse-write``, Edit/MultiEdit →
``pretooluse-edit``, NotebookEdit → ``pretooluse-notebookedit``.

The silent path is a suffix test on the file name and one ``stat`` of the plans
folder. When it exists, its listing is compared with the cached stamp and the
vocabulary read from the cache (``learn``), then the new text is searched for the
vocabulary's words as plain substrings; only then is a pattern compiled (``scan``).
A configured pattern has no such pre-filter: code files are then always scanned.
"""

from __future__ import annotations

import os

from caveat.event import DELETE
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
CAMEL_TEST_SUFFIXES = ("Test", "Tests", "Spec")

CODE_BASENAMES = frozenset(
    {"makefile", "gnumakefile", "dockerfile", "containerfile", "justfile", "rakefile"}
)

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

# Base names (lower-case, any extension) of release notes: ids there are references.
NOTES_PREFIXES = ("changelog", "changes", "history", "news", "release", "upgrading")

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

TEST_BASENAMES = frozenset({"conftest.py", "setup_tests.py", "jest.setup.js", "jest.setup.ts"})

TEST_INFIXES = (".test.", ".spec.", ".e2e.", ".stories.")

# Test files outside test folders: prefixes and suffixes of the lower-case stem,
# CamelCase suffixes of the stem as written (``UserServiceTest.java``), and infixes
# of the lower-case base name.
TEST_PREFIXES = ("test_", "tests_")

TEST_SUFFIXES = ("_test", "_tests", "_spec", "-test", "-spec")


# Larger texts are not analysed: the guard must stay within its budget.
MAX_TEXT = 16 * 1024 * 1024
_BY_TOOL = {"Write": "pretooluse-write", "NotebookEdit": "pretooluse-notebookedit"}


def is_code(path: str) -> bool:
    """True for a file whose text is product code (by its name alone)."""
    base = os.path.basename(path.replace("\\", "/"))
    lower = base.lower()
    ext = os.path.splitext(lower)[1]
    if ext not in CODE_EXTENSIONS and lower not in CODE_BASENAMES:
        return lower.startswith(("dockerfile", "containerfile"))
    return True


def is_test(base: str) -> bool:
    lower = base.lower()
    stem = os.path.splitext(base)[0]
    return (
        lower in TEST_BASENAMES
        or lower.startswith(TEST_PREFIXES)
        or stem.lower().endswith(TEST_SUFFIXES)
        or stem.endswith(CAMEL_TEST_SUFFIXES)
        or any(infix in lower for infix in TEST_INFIXES)
    )


def plans_dir(ctx: Context, path: str) -> str:
    """The absolute plans folder of the project holding ``path`` ("" when there is
    none to know: no setting, or a relative one outside every git root)."""
    value = ctx.config.get("plans", "folder")
    if not isinstance(value, str) or not value.strip("/\\ ."):
        return ""
    value = os.path.expanduser(value.strip()) if value.startswith("~") else value.strip()
    if os.path.isabs(value):
        return os.path.normpath(value)
    root = ctx.git_root(path)
    return os.path.normpath(os.path.join(root, value)) if root else ""


def exempt(ctx: Context, path: str, plans: str) -> bool:
    """True for documentation, tests, release notes, vendored code and plans."""
    rel = ctx.relative(path)
    folder, _, base = rel.rpartition("/")
    if base.lower().startswith(NOTES_PREFIXES) or is_test(base):
        return True
    parts = {p.lower() for p in folder.split("/")}
    if parts & SKIP_DIRS:
        return True
    return bool(plans) and os.path.normpath(path).startswith(plans + os.sep)


def message_for(tool: str) -> str:
    return _BY_TOOL.get(tool, "pretooluse-edit")


def check(event: Event, ctx: Context) -> list[Finding]:
    pattern = ctx.config.get("tracking", "pattern")
    pattern = pattern if isinstance(pattern, str) else ""
    findings: list[Finding] = []
    for path, edits in edits_by_path(event).items():
        news = [e.text for e in edits if e.kind != DELETE]
        if not is_code(path) or not any(news) or any(len(t) > MAX_TEXT for t in news):
            continue
        plans = plans_dir(ctx, path)
        vocabulary = None
        if plans and os.path.isdir(plans):
            from caveat.guards.tracking_ids.learn import vocabulary as learned

            vocabulary = learned(ctx.env, plans) or None
        if not pattern and (vocabulary is None or not any(map(vocabulary.may_occur, news))):
            continue
        if exempt(ctx, path, plans):
            continue
        from caveat.guards.tracking_ids import scan

        findings.extend(
            scan.file_findings(
                event, ctx, path, edits, pattern, vocabulary, message_for(event.tool)
            )
        )
    return findings
