"""The eval guard: new dynamic evaluation, unsafe deserialization, shell strings and
downloaded scripts run unchecked (reference/guard-rules.md §2).

The silent path costs a dictionary lookup on the file name and a substring test per
trigger over the new text: no ``re``, no reading. Only when a trigger occurs does
``check`` import the analysis modules (``report`` → ``scan`` → ``mask``), which
mask comments and strings, match the language's primitives, judge each call's
arguments and compare against the text before the edit.

Decisions worth knowing:

- A CODE, SHELL, IMPORT or TMPL call whose code argument is a constant string
  (``eval("1+1")``, ``os.system("ls")``, ``require("x")``) is silent (F5): nothing
  outside the program reaches it. So is a deserializer given constant data
  (``pickle.loads(b"...")``, ``unserialize('a:0:{}')``); one given a path or a
  stream fires whatever it is. Three forms fire even with constants, as ESLint
  defines them: ``new Function(...)``, a string given to a timer, and eval reached
  indirectly (``const run = eval``), whose argument cannot be seen.
- Size never turns a finding into silence: a large text is scanned in windows around
  its trigger literals (``windows``), the hit cap counts judged hits only, and a scan
  that reaches ``SCAN_S`` stops, reports what it found and says which lines it did
  not read (the ``unread`` variants).
- Only what the change adds is reported: a primitive whose count does not rise from
  the text before the edit to the text after stays silent, even if its line moved.
- PostToolUse has no reliable "before" for a Write (the file on disk is already the
  new text), so the whole written file counts as new there; fragment edits compare
  their old and new fragments.
- The spelling the language runs is the one matched: Python identifiers in NFKC,
  JavaScript identifier escapes decoded (``spelling``); the cheap test for either is
  ``str.isascii`` or a substring test.
- Notebook cells (``CELL`` edits) are read as Python; a Write of a ``.ipynb`` file is
  read as its code cells, and lines are named as "cell N line M".
"""

from __future__ import annotations

import os
import time

from caveat.event import DELETE
from caveat.event import WHOLE
from caveat.event import Finding
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.guards.base import Context

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
# Prose and data files are never scanned (F6): text about eval is not eval.
SKIP_EXTENSIONS = frozenset(
    {".md", ".mdx", ".markdown", ".rst", ".txt", ".adoc", ".asciidoc", ".json", ".jsonc"}
)

EXTENSIONS = {
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".ipynb": "python",
    ".js": "js",
    ".jsx": "js",
    ".ts": "js",
    ".tsx": "js",
    ".mjs": "js",
    ".cjs": "js",
    ".mts": "js",
    ".cts": "js",
    ".vue": "js",
    ".svelte": "js",
    ".rb": "ruby",
    ".rake": "ruby",
    ".gemspec": "ruby",
    ".ru": "ruby",
    ".php": "php",
    ".phtml": "php",
    ".java": "java",
    ".kt": "java",
    ".kts": "java",
    ".groovy": "java",
    ".gradle": "java",
    ".scala": "java",
    ".cs": "cs",
    ".go": "go",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".ksh": "shell",
    ".dockerfile": "shell",
    ".ps1": "powershell",
    ".psm1": "powershell",
}

BASENAMES = {
    "Dockerfile": "shell",
    "Containerfile": "shell",
    ".bashrc": "shell",
    ".bash_profile": "shell",
    ".profile": "shell",
    ".zshrc": "shell",
    ".zprofile": "shell",
    ".envrc": "shell",
    "Gemfile": "ruby",
    "Rakefile": "ruby",
    "Jenkinsfile": "java",
    "action.yml": "gha",
    "action.yaml": "gha",
}

# First word of a ``#!`` line (after ``env``) → language, for files without extension.
SHEBANGS = {
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "ksh": "shell",
    "dash": "shell",
    "python": "python",
    "python3": "python",
    "node": "js",
    "ruby": "ruby",
    "php": "php",
    "pwsh": "powershell",
}

# Literal substrings (per language) without which no primitive can match: the
# cheap pre-filter. A test derives them from the primitives' tables and compares.
_SHELL_TRIGGERS = (
    "curl",
    "wget",
    "sh -",
    "iex",
    "Invoke-Expression",
    "invoke-expression",
    "eval",
)
TRIGGERS: dict[str, tuple[str, ...]] = {
    "python": (
        "eval",
        "exec(",
        "exec (",
        "__import__",
        "import_module",
        "pickle",
        "dill",
        "shelve",
        "jsonpickle",
        "marshal",
        "read_pickle",
        "joblib",
        "allow_pickle",
        "yaml.",
        "from yaml",
        "import yaml",
        "YAML(",
        "YAML (",
        "torch.load",
        "serialization.load",
        "shell=True",
        "shell = True",
        "system",
        "popen",
        "getoutput",
        "getstatusoutput",
        "getattr(os",
        "getattr(__import__",
        "globals()",
        "locals()",
        "__globals__",
        "subprocess_shell",
        "create_subprocess_shell",
        "exec_command",
        "render_template_string",
        "Interactive",
        "run_string",
        "run_in_subinterp",
        "config.listen",
        "import listen",
    ),
    "js": (
        "eval",
        "Function(",
        "Function (",
        "Function.call",
        "Function.apply",
        "Function.bind",
        "Function?.",
        "setTimeout",
        "setInterval",
        "setImmediate",
        "execScript",
        "vm.",
        "exec",
        "shell:",
        "shell :",
        "vm2",
        "sandbox",
        "shelljs",
        "require(",
        "require (",
        "import(",
        "import (",
        "serialize",
        "evaluate",
        "addInitScript",
    ),
    "ruby": (
        "eval",
        "_eval",
        "Marshal",
        "YAML.",
        "Psych.",
        "YAML::",
        "Psych::",
        "JSON.load",
        "JSON.restore",
        "Oj",
        "system",
        "exec",
        "spawn",
        "popen",
        "Open3",
        '"|',
        "'|",
        "`",
        "%x",
    ),
    "php": (
        "eval",
        "create_function",
        "unserialize",
        "exec",
        "passthru",
        "proc_open",
        "popen",
        "system",
        "assert",
        "_replace",
        "`",
        "include",
        "require",
    ),
    "java": (
        "ObjectInputStream",
        "XMLDecoder",
        "Yaml",
        "DefaultTyping",
        "LaissezFaire",
        "JsonTypeInfo",
        "eval",
        "GroovyShell",
        "GroovyClassLoader",
        "Eval.",
        "parseExpression",
        "createValueExpression",
        "createMethodExpression",
        "ConstraintViolationWithTemplate",
        "ognl",
        "Ognl",
        "sys.process",
        "getRuntime",
        "loadLibrary",
        "ProcessBuilder",
    ),
    "cs": (
        "Formatter",
        "NetDataContractSerializer",
        "TypeNameHandling",
        "JavaScriptSerializer",
        "FsPickler",
        "BadListTypeChecking",
        "TypeFilterLevel",
        "Process.Start",
        "ProcessStartInfo",
    ),
    "go": (
        "exec.Command",
        "otto",
        "goja",
    ),
    "shell": _SHELL_TRIGGERS,
    "powershell": (
        "iex",
        "invoke-expression",
    ),
    # A workflow's run: steps are shell scripts, and its ${{ }} contexts are inputs.
    "gha": ("github.event", "github.head_ref", *_SHELL_TRIGGERS),
}

# Languages whose primitives match case-insensitively.
CASE_INSENSITIVE = frozenset({"powershell"})


# Scanning stops this long after the guard starts and reports what it found, so that
# the findings are still written out within ``BUDGET_S``.
SCAN_S = 1.4

MAX_FINDINGS = 8
_SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
_MAKEFILES = frozenset({"makefile", "gnumakefile"})


def _triggered(language: str, texts: list[str]) -> bool:
    """The cheap pre-filter: some trigger of the language occurs in the new text."""
    words = TRIGGERS.get(language, ())
    lower = language in CASE_INSENSITIVE
    for text in texts:
        if lower:
            text = text.lower()
        if any(word in text for word in words):
            return True
    return False


def _shebang(first: str) -> str | None:
    words = first[2:].split()
    if words and os.path.basename(words[0]) == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    if not words:
        return None
    name = os.path.basename(words[0]).rstrip("0123456789.")
    return SHEBANGS.get(name) or SHEBANGS.get(name + "3")


def language_of(path: str, text: str, ctx: Context | None = None) -> str | None:
    """The language whose primitives apply to ``path``; None for prose, data and
    unknown files. ``text`` (the new text) gives the shebang of extensionless files."""
    base = os.path.basename(path)
    lower = base.lower()
    ext = os.path.splitext(lower)[1]
    if ext in SKIP_EXTENSIONS:
        return None
    if base in BASENAMES:
        return BASENAMES[base]
    if lower.startswith(("dockerfile", "containerfile")) or lower in _MAKEFILES:
        return "shell"
    if ext in (".yml", ".yaml"):
        workflow = "/.github/workflows/" in "/" + path.replace("\\", "/")
        return "gha" if workflow else None
    if ext == ".mk":
        return "shell"
    if ext:
        return EXTENSIONS.get(ext)
    if not text.startswith("#!") and ctx is not None:
        text = ctx.read_text(path) or ""
    if text.startswith("#!"):
        return _shebang(text.split("\n", 1)[0])
    return None


def _cap(findings: list[Finding]) -> list[Finding]:
    if len(findings) <= MAX_FINDINGS:
        return findings
    from caveat.guards.eval.report import capped

    return capped(findings, MAX_FINDINGS)


def _command(event: Event, deadline: float) -> list[Finding]:
    command = event.command
    if not command:
        return []
    powershell = event.shell == "powershell" or event.tool == "PowerShell"
    language = "powershell" if powershell else "shell"
    if not _triggered(language, [command]):
        return []
    from caveat.guards.eval import report

    return report.command_findings(command, language, deadline)


def check(event: Event, ctx: Context) -> list[Finding]:
    deadline = time.perf_counter() + SCAN_S
    if event.tool in _SHELL_TOOLS:
        return _cap(_command(event, deadline))
    findings: list[Finding] = []
    for path, edits in edits_by_path(event).items():
        news = [e.text for e in edits if e.kind != DELETE]
        if not news:
            continue
        # Fragments of an extensionless file: its shebang is on disk.
        disk = ctx if edits[0].kind != WHOLE else None
        language = language_of(path, news[0], disk)
        if language is None:
            continue
        # A spelling other than the one the language runs: NFKC, or a JavaScript escape.
        if (language == "python" and not all(t.isascii() for t in news)) or (
            language == "js" and any("\\u" in t for t in news)
        ):
            from caveat.guards.eval.spelling import canonical

            news = [canonical(text, language) for text in news]
        if not _triggered(language, news):
            continue
        from caveat.guards.eval import report

        findings.extend(report.file_findings(event, ctx, path, edits, language, deadline))
    return _cap(findings)
