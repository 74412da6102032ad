"""Linear time: each guard's ``check`` on adversarial content of 1, 4 and 16 MB.

The report gives the ratio of the 16 MB time to the 1 MB time (linear: 16; target
≤ 20). ``tests/test_scaling.py`` loads this module and asserts a generous bound on the
same cases, so that a catastrophic regular expression cannot land.

Times are the process's CPU time, not wall time: a 16 MB case can take 10 s, and on
shared cores a wall-clock sample that long soaks up other processes' work while the
1 MB one (under a second) often does not: the same linear case measured 15 on a quiet
machine and 21.8 on a busy one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from collections.abc import Mapping

MB = 1024 * 1024
SIZES = (1, 4, 16)
_RULE = (
    "---\ntools: [Write, Bash]\ncontent: 'TODO\\(caveat-bench\\)'\n---\n# bench\n\n"
    "## Advisory\nmatch={match} in {path}\n\n## Procedure\nx\n"
)


def _fill(unit: str, size: int) -> str:
    """``unit`` repeated to ``size`` characters."""
    return (unit * (size // len(unit) + 1))[:size]


def _middle(size: int, ext: str) -> str:
    """One eval line between two halves of ordinary code: found wherever it sits."""
    unit, line = (
        ("x = f(a)  # c\n", "y = eval(s)\n")
        if ext == ".py"
        else (
            "const x = f('b');\n",
            "eval(s);\n",
        )
    )
    half = _fill(unit, size // 2)
    return half[: half.rfind("\n") + 1] + line + half


def _package_json(size: int) -> str:
    entry = '    "pkg-{0:07d}": "^1.0.{0}",\n'
    count = max(1, size // len(entry.format(0)))
    body = "".join(entry.format(i) for i in range(count)).rstrip(",\n")
    return '{\n  "name": "x",\n  "dependencies": {\n' + body + "\n  }\n}\n"


def _requirements(size: int) -> str:
    return _fill("pkg-a==1.0 ; python_version >= '3' \\\n", size)


# (guard id, case name, tool, relative path or "" for a command, content of n characters)
CASES: tuple[tuple[str, str, str, str, Callable[[int], str]], ...] = (
    ("dependency", "package.json 100k+ keys", "Write", "package.json", _package_json),
    ("dependency", "requirements continuations", "Write", "requirements.txt", _requirements),
    ("dependency", "pip install × N", "Bash", "", lambda n: _fill("pip install a ; ", n)),
    ("dependency", "quote storm", "Bash", "", lambda n: "npm i " + _fill('"', n)),
    ("eval", "eval( × N", "Write", "src/x.py", lambda n: _fill("eval(", n)),
    ("eval", "unterminated triple quote", "Write", "src/x.py", lambda n: '"""' + _fill("a", n)),
    ("eval", "nested brackets", "Write", "src/x.js", lambda n: _fill("([{", n)),
    ("eval", "$( × N", "Bash", "", lambda n: "eval " + _fill("$(", n)),
    ("eval", "one eval( mid-file", "Write", "src/x.py", lambda n: _middle(n, ".py")),
    ("eval", "one eval( mid-bundle", "Write", "src/x.js", lambda n: _middle(n, ".js")),
    ("eval", "curl | sh × N", "Bash", "", lambda n: _fill("curl x | sh; ", n)),
    ("conformity", "settings.json (((", "Write", ".claude/settings.json", lambda n: _fill("(", n)),
    ("conformity", "CLAUDE.md token-ish", "Write", "CLAUDE.md", lambda n: _fill("token: ", n)),
    ("conformity", "CLAUDE.md token: sk-", "Write", "CLAUDE.md", lambda n: _fill("token: sk-", n)),
    ("conformity", "SKILL.md front matter", "Write", ".claude/skills/s/SKILL.md",
     lambda n: "---\n" + _fill("name: a\n", n)),
    ("git", "git words × N", "Bash", "", lambda n: _fill("git ", n)),
    ("git", "push --force × N", "Bash", "", lambda n: _fill("git push --force origin main && ", n)),
    ("git", "unterminated string", "Bash", "", lambda n: "git commit -m '" + _fill("a", n)),
    ("plan", "plan markers", "Write", "PLAN.md", lambda n: _fill("## Phase 1\n- [ ] step\n", n)),
    ("plan", "long line", "Write", "docs/plan.md", lambda n: _fill("x", n)),
    ("plan-bash", "heredoc storm", "Bash", "", lambda n: "cat > PLAN.md " + _fill("<<EOF\n", n)),
    ("plan-bash", "redirect storm", "Bash", "", lambda n: _fill("echo a > PLAN.md; ", n)),
    ("tracking-ids", "ids × N", "Write", "src/x.py", lambda n: _fill("# ABC-123 Phase-A1\n", n)),
    ("tracking-ids", "upper dash storm", "Write", "src/x.py", lambda n: _fill("ABCDE-", n)),
    ("header", "comment storm", "Write", "src/x.py", lambda n: _fill("# ", n)),
    ("header", "block comment open", "Write", "src/x.c", lambda n: "/*" + _fill("*", n)),
    ("custom", "near-miss rule matches", "Write", "src/x.py", lambda n: _fill("TODO(", n)),
    ("custom", "near-miss in command", "Bash", "", lambda n: _fill("TODO(caveat ", n)),
    ("askuser", "huge question", "AskUserQuestion", "", lambda n: _fill("Which one? (", n)),
)  # fmt: skip


def project(root: str) -> str:
    """A git root with one custom rule (so the custom guard has something to match) and a
    plan that defines ``ABC-<n>`` and ``Phase A`` (so the tracking-ids guard has ids)."""
    folder = os.path.join(root, "project")
    os.makedirs(os.path.join(folder, ".git"), exist_ok=True)
    os.makedirs(os.path.join(folder, ".caveat", "rules"), exist_ok=True)
    os.makedirs(os.path.join(folder, ".caveat", "plans"), exist_ok=True)
    with open(os.path.join(folder, ".caveat", "rules", "bench.md"), "w") as handle:
        handle.write(_RULE)
    with open(os.path.join(folder, ".caveat", "plans", "bench.md"), "w") as handle:
        handle.write("## Phase A\n- [ ] ABC-123 first step\n")
    return folder


def payload(folder: str, tool: str, rel: str, content: str) -> dict[str, object]:
    if tool == "Bash":
        tool_input: dict[str, object] = {"command": content}
    elif tool == "AskUserQuestion":
        options = [{"label": "a", "description": "x"}, {"label": "b (Recommended)"}]
        tool_input = {"questions": [{"question": content, "header": "h", "options": options}]}
    else:
        tool_input = {"file_path": os.path.join(folder, rel), "content": content}
    return {
        "session_id": "bench",
        "cwd": folder,
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    }


def time_check(guard_id: str, data: dict[str, object], env: Mapping[str, str]) -> float:
    """CPU seconds one ``check`` of guard ``guard_id`` takes on ``data`` (in-process,
    with the conformity checks' own budgets off: this measures what the work costs,
    not where a budget cuts it); the result must be a list."""
    from caveat.guards import REGISTRY
    from caveat.guards.base import Context
    from caveat.guards.conformity import checks as _conformity
    from caveat.harnesses import claude

    guard = next(spec for spec in REGISTRY if spec.id == guard_id).load()
    event = claude.normalize(data, "", env)
    if event is None:
        raise ValueError(f"not an event: {data!r:.200}")
    _conformity.ENFORCE_BUDGETS = False
    try:
        start = time.process_time()
        found = guard.check(event, Context(event, env))
        elapsed = time.process_time() - start
    finally:
        _conformity.ENFORCE_BUDGETS = True
    if not isinstance(found, list):
        raise TypeError(f"{guard_id}.check returned {type(found).__name__}")
    return elapsed


def measure(
    folder: str,
    env: Mapping[str, str],
    case: tuple[str, str, str, str, Callable[[int], str]],
    rounds: int = 2,
) -> list[float]:
    """Best time at each size in SIZES over ``rounds`` rounds through all of them (so
    that a busy spell on the machine hits every size alike)."""
    guard_id, _, tool, rel, make = case
    data = [payload(folder, tool, rel, make(size * MB)) for size in SIZES]
    best = [float("inf")] * len(SIZES)
    for _ in range(rounds):
        for index, one in enumerate(data):
            best[index] = min(best[index], time_check(guard_id, one, env))
    return best
