"""Score the eval guard on the test files of Semgrep's rules (semgrep/semgrep-rules).

    .venv/bin/python -I scripts/eval_suite.py PATH [--rule SUBSTRING] [--show] [--with-argv]

PATH is a semgrep-rules checkout or a bare git directory of one. Each test file of a
rule listed in ``RULES`` is given to the eval guard as a Write of a new file (its own
name, so its own language), and the lines the guard names are compared with the
file's annotations: a line after ``ruleid: ID`` (ID a rule of that file) should be
named, a line after ``ok: ID`` should not. ``todoruleid``/``todook`` lines (Semgrep's
own known misses) are left out. Nothing from the ruleset is kept in this repository.

In scope are the rules of the classes the guard claims (dynamic evaluation, dynamic
import, unsafe deserialization, shell command strings, downloaded scripts run) that
decide on the call alone: no ``mode: taint`` rule, and none whose verdict needs a value
followed from elsewhere (those are in ``DATAFLOW``, each with why). A ruleid line
counts as found when the guard names it or one of the next lines of the same
statement (a call that Semgrep marks on its first line and caveat on its callee).

Prints recall (ruleid lines found / ruleid lines) and precision (found / everything
the guard named on an annotated line), per rule with ``--show``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "src"))

# Rule files (without ``.yaml``) in scope: the call decides, no dataflow.
RULES = (
    # Python
    "python/lang/security/audit/eval-detected",
    "python/lang/security/audit/exec-detected",
    "python/lang/security/audit/dangerous-code-run-audit",
    "python/lang/security/audit/dangerous-subinterpreters-run-string-audit",
    "python/lang/security/audit/dangerous-testcapi-run-in-subinterp-audit",
    "python/lang/security/audit/dangerous-system-call-audit",
    "python/lang/security/audit/dangerous-asyncio-shell-audit",
    "python/lang/security/audit/subprocess-shell-true",
    "python/lang/security/audit/non-literal-import",
    "python/lang/security/audit/marshal",
    "python/lang/security/audit/paramiko/paramiko-exec-command",
    "python/lang/security/audit/logging/listeneval",
    "python/lang/security/dangerous-globals-use",
    "python/lang/security/deserialization/avoid-jsonpickle",
    "python/lang/security/deserialization/avoid-pyyaml-load",
    "python/lang/security/deserialization/avoid-unsafe-ruamel",
    "python/lang/security/deserialization/pickle",
    "python/flask/security/audit/render-template-string",
    # JavaScript and TypeScript
    "javascript/browser/security/eval-detected",
    "javascript/lang/security/audit/spawn-shell-true",
    "javascript/vm2/security/audit/vm2-code-injection",
    "javascript/sandbox/security/audit/sandbox-code-injection",
    "javascript/shelljs/security/shelljs-exec-injection",
    "javascript/puppeteer/security/audit/puppeteer-evaluate-code-injection",
    "javascript/playwright/security/audit/playwright-evaluate-code-injection",
    "javascript/playwright/security/audit/playwright-addinitscript-code-injection",
    # Ruby
    "ruby/lang/security/bad-deserialization-yaml",
    "ruby/lang/security/dangerous-subshell",
    "ruby/lang/security/dangerous-open3-pipeline",
    "ruby/lang/security/dangerous-open",
    # PHP
    "php/lang/security/eval-use",
    "php/lang/security/exec-use",
    "php/lang/security/backticks-use",
    "php/lang/security/unserialize-use",
    "php/lang/security/assert-use",
    "php/lang/security/mb-ereg-replace-eval",
    # JVM: Java, Scala
    "java/lang/security/audit/object-deserialization",
    "java/lang/security/audit/xml-decoder",
    "java/lang/security/audit/script-engine-injection",
    "java/lang/security/audit/dangerous-groovy-shell",
    "java/lang/security/audit/command-injection-formatted-runtime-call",
    "java/lang/security/audit/command-injection-process-builder",
    "java/lang/security/audit/el-injection",
    "java/lang/security/audit/ognl-injection",
    "java/lang/security/use-snakeyaml-constructor",
    "java/spring/security/audit/spel-injection",
    "scala/lang/security/audit/dangerous-shell-run",
    "scala/lang/security/audit/dangerous-seq-run",
    "scala/lang/security/audit/scala-dangerous-process-run",
    # C#
    "csharp/lang/security/insecure-deserialization/binary-formatter",
    "csharp/lang/security/insecure-deserialization/soap-formatter",
    "csharp/lang/security/insecure-deserialization/los-formatter",
    "csharp/lang/security/insecure-deserialization/net-data-contract",
    "csharp/lang/security/insecure-deserialization/newtonsoft",
    "csharp/lang/security/insecure-deserialization/javascript-serializer",
    "csharp/lang/security/insecure-deserialization/fs-pickler",
    "csharp/lang/security/insecure-deserialization/fast-json",
    "csharp/lang/security/insecure-deserialization/insecure-typefilterlevel-full",
    "csharp/lang/security/injections/os-command",
    # Go
    "go/lang/security/audit/dangerous-exec-command",
    "go/lang/security/audit/dangerous-exec-cmd",
    "go/lang/security/audit/dangerous-syscall-exec",
    "go/otto/security/audit/dangerous-execution",
    # Shell
    "bash/curl/security/curl-pipe-bash",
)

# Rules of those classes left out, and why: their verdict follows a value from
# elsewhere in the program (a source, a sanitiser, a constant bound earlier).
DATAFLOW = {
    "python/lang/security/audit/dangerous-subprocess-use-audit": "argv calls judged by "
    "whether each element is a constant bound anywhere",
    "python/lang/security/audit/dangerous-os-exec-audit": "argv exec judged by whether "
    "the program path is a constant bound anywhere",
    "python/lang/security/audit/dangerous-spawn-process-audit": "as dangerous-os-exec",
    "java/lang/security/audit/unsafe-reflection": "Class.forName of a value traced to input",
    "ruby/lang/security/no-eval": "taint mode",
    "ruby/lang/security/bad-deserialization": "taint mode",
    "java/lang/security/jackson-unsafe-deserialization": "readValue judged by the "
    "annotations of the target class, declared elsewhere",
    "go/lang/security/audit/dangerous-command-write": "a write to the stdin of a shell "
    "started elsewhere",
}

# Rules of other classes whose names suggest this one.
OTHER_CLASS = {
    "javascript/serialize-javascript/security/audit/unsafe-serialize-javascript": "output "
    "escaping (XSS), no evaluation",
    "javascript/phantom/security/audit/phantom-injection": "navigation and page content "
    "(SSRF, XSS)",
    "ruby/lang/security/dangerous-syscall": "a raw system call, no code or command string",
}

# Items of in-scope rules left out, each matched on its test file and its line's text,
# with why: the verdict needs a value followed from another line (dataflow), or the
# item is of a class the guard does not claim.
ITEMS_LEFT_OUT: tuple[tuple[str, str, str], ...] = (
    # serialising is not loading: only the load side runs code
    (r"\.py$", r"\b(?:marshal|pickle|_pickle|cPickle|dill)\s*\.\s*dumps\s*\(", "a dumps call"),
    # a name bound to the looked-up table or module on an earlier line
    (r"dangerous-globals-use", r"\bglobs\.get\(", "dataflow: globs = globals()"),
    (r"dangerous-system-call-audit", r"__import__\(\"os\"\)$", "dataflow: an os alias"),
    (
        r"bad-deserialization-yaml",
        r"YAML(?:\.|::)load\((?:filename|template)",
        "dataflow: the argument was read from a constant path earlier",
    ),
    (r"dangerous-groovy-shell", r"hardcodedScript", "dataflow: a constant bound earlier"),
    (r"sandbox-code-injection", r"s\.run\(code, cb\)", "dataflow: code bound to a constant or not"),
    (r"dangerous-exec-command", r"someCommand", "dataflow: a constant bound earlier"),
    (
        r"os-command\.cs$",
        r"process\.Start\(\)|Process\.Start\(processStartInfo\)",
        "dataflow: StartInfo set on earlier lines",
    ),
    (r"typefilterlevel", r"SinkProvider\(dict", "dataflow: the level set in a dictionary"),
    (r"ognl-injection", r"safeOgnlReflectionProvider", "dataflow: a constant bound in the body"),
    (r"xml-decoder", r"handleXml2", "dataflow: a constant bound in the body"),
    (r"script-engine-injection", r"scriptingSafe", "dataflow: a constant bound in the body"),
    (
        r"dangerous-shell-run",
        r'Seq\("bash", "-c", message\)\.!!$',
        "scope: sys.process is imported in the other functions of the file, not this one",
    ),
    # argv execution of a program named at run time: no shell parses anything, and the
    # guard claims shell command strings
    (r"os-command\.cs$", r"Process\.Start\(command", "argv: program named by a variable"),
    (
        r"dangerous-exec-command\.go$",
        r"exec\.Command(?:Context)?\((?:ctx, )?(?:userInput|execPath)",
        "argv: program named by a variable",
    ),
    (r"dangerous-exec-cmd\.go$", r"exec\.Cmd", "argv: program named by a variable"),
    (r"dangerous-syscall-exec\.go$", r"syscall\.Exec", "argv: program named by a variable"),
    (r"dangerous-seq-run\.scala$", r"Seq\(command", "argv: program named by a variable"),
    (
        r"command-injection-process-builder",
        r"ProcessBuilder\(cmd\)|command\(userInput\)",
        "argv: a command list from a variable",
    ),
    (
        r"command-injection-formatted-runtime-call",
        r'exec\("bash", envp, input\)',
        "argv: arguments from a variable",
    ),
    (r"dangerous-open3-pipeline", r"Open3\.pipeline\(\[", "argv: each command an array"),
)

_ANNOTATION = re.compile(r"(?:#|//|/\*|<!--|--)\s*(todoruleid|todook|ruleid|ok)\s*:\s*([\w.,\s-]+)")
_ID = re.compile(r"^\s*-\s*id:\s*['\"]?([\w.-]+)", re.M)


class Source:
    """Files of a checkout, or of a bare git directory read with ``git``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.bare = not os.path.isdir(os.path.join(path, "python"))
        self._names: list[str] = []
        if self.bare:
            out = subprocess.run(
                ["git", "--git-dir", path, "ls-tree", "-r", "--name-only", "HEAD"],
                capture_output=True,
                text=True,
                check=True,
            )
            self._names = out.stdout.splitlines()
        else:
            for folder, _, files in os.walk(path):
                rel = os.path.relpath(folder, path)
                self._names.extend(os.path.normpath(os.path.join(rel, f)) for f in files)

    def names(self) -> list[str]:
        return self._names

    def read(self, name: str) -> str:
        if self.bare:
            out = subprocess.run(
                ["git", "--git-dir", self.path, "show", f"HEAD:{name}"],
                capture_output=True,
                check=True,
            )
            return out.stdout.decode("utf-8", "replace")
        with open(os.path.join(self.path, name), encoding="utf-8", errors="replace") as f:
            return f.read()


def marked_lines(text: str, ids: set[str]) -> tuple[set[int], set[int]]:
    """(ruleid lines, ok lines), 1-based: the line an annotation applies to is the
    annotation's own line when code precedes it, else the next line that is not one."""
    lines = text.split("\n")
    wanted: set[int] = set()
    fine: set[int] = set()
    pending: list[str] = []
    for number, line in enumerate(lines, 1):
        found = _ANNOTATION.search(line)
        if found:
            kinds = {i.strip() for i in found.group(2).split(",")}
            if kinds & ids:
                code_before = line[: found.start()].strip()
                if code_before:
                    _mark(found.group(1), number, wanted, fine)
                else:
                    pending.append(found.group(1))
            continue
        if pending and line.strip():
            for kind in pending:
                _mark(kind, number, wanted, fine)
            pending = []
    return wanted, fine - wanted


def _mark(kind: str, number: int, wanted: set[int], fine: set[int]) -> None:
    if kind == "ruleid":
        wanted.add(number)
    elif kind == "ok":
        fine.add(number)


def _left_out(test: str, row: str) -> bool:
    return any(
        re.search(where, test) and re.search(what, row.strip()) for where, what, _ in ITEMS_LEFT_OUT
    )


def _extent(rows: list[str], line: int, block_only: bool = False) -> range:
    """The lines an annotation covers: the statement that starts at ``line`` (to the next
    blank or annotation line, at most six), or a whole block that opens on it (a
    method Semgrep marks on its signature). An ok line covers only itself or its block:
    the statement after it may be the one a ruleid line marks."""
    first = rows[line - 1].split("//")[0].rstrip()
    if first.endswith("{") and "(" in first:
        depth, stop = 0, line
        while stop <= len(rows) and stop < line + 60:
            depth += rows[stop - 1].count("{") - rows[stop - 1].count("}")
            if depth <= 0:
                break
            stop += 1
        return range(line, stop + 1)
    stop = line
    while not block_only and stop < line + 6 and stop < len(rows) and rows[stop].strip():
        if _ANNOTATION.search(rows[stop]):
            break
        stop += 1
    return range(line, stop + 1)


def named_lines(path: str, text: str) -> set[int]:
    """The lines the eval guard names for a Write of ``text`` to a new file."""
    from caveat import guards as _  # noqa: F401  (the registry, for Finding stamps)
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards import eval as guard
    from caveat.guards import texts
    from caveat.guards.base import Context

    # Every line named, not the first few: the limits are lifted for this call only
    # (they are module globals the guards read, and a test process goes on after it).
    limits = guard.MAX_FINDINGS, texts.MAX_LINES
    guard.MAX_FINDINGS = texts.MAX_LINES = 10**6
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, text),), cwd="/")
    out: set[int] = set()
    try:
        findings = guard.check(event, Context(event, env={}))
    finally:
        guard.MAX_FINDINGS, texts.MAX_LINES = limits
    for finding in findings:
        for part in finding.value_map().get("lines", "").split(","):
            part = part.strip()
            if part.isdigit():
                out.add(int(part))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path")
    parser.add_argument("--rule", default="")
    parser.add_argument("--show", action="store_true", help="per rule, and every miss")
    parser.add_argument(
        "--with-argv", action="store_true", help="count argv items (a program named at run time)"
    )
    args = parser.parse_args()
    global ITEMS_LEFT_OUT
    if args.with_argv:
        ITEMS_LEFT_OUT = tuple(item for item in ITEMS_LEFT_OUT if not item[2].startswith("argv"))
    source = Source(args.path)
    names = source.names()
    total_want = total_found = total_named = 0
    workdir = tempfile.mkdtemp(prefix="eval-suite-")
    for rule in RULES:
        if args.rule not in rule:
            continue
        yaml = rule + ".yaml"
        if yaml not in names:
            print(f"{rule}: not in this checkout", file=sys.stderr)
            continue
        ids = set(_ID.findall(source.read(yaml)))
        folder, stem = os.path.split(rule)
        tests = [
            n
            for n in names
            if os.path.dirname(n) == folder
            and os.path.basename(n).startswith(stem + ".")
            and ".fixed" not in os.path.basename(n)
            and not n.endswith((".yaml", ".yml"))
        ]
        want = found = named = left_out = 0
        misses: list[str] = []
        alarms: list[str] = []
        for test in tests:
            text = source.read(test)
            ruleid, ok = marked_lines(text, ids)
            rows = text.split("\n")
            hits = named_lines(os.path.join(workdir, os.path.basename(test)), text)
            for line in sorted(ruleid):
                if _left_out(test, rows[line - 1]):
                    left_out += 1
                    continue
                want += 1
                if any(n in hits for n in _extent(rows, line)):
                    found += 1
                    named += 1
                else:
                    misses.append(f"  miss {test}:{line}: {rows[line - 1].strip()[:100]}")
            for line in sorted(ok):
                if _left_out(test, rows[line - 1]):
                    left_out += 1
                    continue
                if any(n in hits for n in _extent(rows, line, block_only=True)):
                    named += 1
                    alarms.append(f"  false {test}:{line}: {rows[line - 1].strip()[:100]}")
        total_want += want
        total_found += found
        total_named += named
        if args.show:
            print(f"{rule}: {found}/{want} found, {named - found} false, {left_out} left out")
            print("\n".join(misses + alarms))
    recall = total_found / total_want if total_want else 0.0
    precision = total_found / total_named if total_named else 1.0
    print(
        f"ruleid lines {total_want}, found {total_found}, false alarms "
        f"{total_named - total_found}: recall {recall:.3f}, precision {precision:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
