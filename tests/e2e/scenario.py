"""The scripted session every harness plays, and the project it plays in.

Steps, one per guard a harness's tool calls reach: (a) change package.json to add a
dependency, (b) write a Python file that calls ``pickle.loads`` on request data, (c) run
``pip install requests``, (e) write a source file without the SPDX line in a project
whose source files carry one, (f) write a plan outside the plans folder, (g) write a
skill whose front matter has no description, (h) force-push, which fails (the project
has no remote), (i) write code that carries a task id of the project's plan, and
last (d) write a harmless file. The session start comes first on
its own. Each step names the caveat message that must answer it (``""``: nothing may).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

DEPENDENCY = "pretooluse-dependency-guard"
EVAL = "pretooluse-eval-guard"
HEADER = "pretooluse-write-header-guard"
PLAN = "pretooluse-write-plan-guard"
CONFORMITY = "pretooluse-conformity"
GIT = "pretooluse-bash"
TRACKING = "pretooluse-write"

PROMPT = (
    "Add left-pad to package.json, add a Flask handler that restores the session, "
    "install requests, add a text helper, a cache plan and a release-notes skill, "
    "publish the branch, write notes.md, then reply done."
)
FINAL_TEXT = "done"

PACKAGE_BEFORE = """{
  "name": "demo",
  "version": "1.0.0",
  "private": true,
  "dependencies": {}
}
"""
PACKAGE_AFTER = """{
  "name": "demo",
  "version": "1.0.0",
  "private": true,
  "dependencies": {
    "left-pad": "^1.3.0"
  }
}
"""
# The same change as an apply_patch hunk (Codex edits files only by patch).
PACKAGE_PATCH = """*** Begin Patch
*** Update File: package.json
@@
   "private": true,
-  "dependencies": {}
+  "dependencies": {
+    "left-pad": "^1.3.0"
+  }
 }
*** End Patch
"""
SPDX = "# SPDX-License-Identifier: MIT\n"
APP = (
    SPDX
    + """import pickle

from flask import request


def load_session():
    return pickle.loads(request.data)
"""
)
REQUIREMENTS = "flask==3.0.3\n"
NOTES = "# Notes\n\nThe demo keeps its session in a signed cookie.\n"
PIP = "pip install requests"
# The project's source files carry SPDX lines (make_project); this one has none.
TEXT_HELPER = """def slugify(title):
    return "-".join(title.lower().split())
"""
CACHE_PLAN = """---
plan: cache-layer
phases: 2
---
# Cache layer

Add a read-through cache in front of the session store.
"""
SKILL = """---
name: release-notes
---
Write the release notes from the merged pull requests.
"""
FORCE_PUSH = "git push --force origin main"
# The project's plan (in its plans folder, make_project) names a task id; product code
# that carries it gets the tracking-ids advice.
PLAN_FILE = ".caveat/plans/cache-layer.md"
PLAN_TEXT = "# Cache layer\n\n## Phase A\n\n- [ ] CL-7 read-through cache for sessions\n"
SESSION_CODE = (
    SPDX + "\n\n# CL-7: cache the session lookup\ndef session_key(user):\n    return user\n"
)


@dataclass(frozen=True)
class Step:
    id: str
    message: str  # the caveat message expected in answer; "" for none
    marker: str  # a string only this step's tool call carries, to find it in a request
    variant: str = ""  # the message's variant ("command" for a shell command)
    path: str = ""  # the file written, relative to the project
    content: str = ""  # its whole new content
    command: str = ""  # or the shell command run
    fails: bool = False  # the tool call fails (the command exits non-zero)
    channel: str = ""  # what the step proves: its column in the lane's report


MANIFEST = Step(
    "a", DEPENDENCY, "left-pad", path="package.json", content=PACKAGE_AFTER, channel="dependency"
)
PICKLE = Step("b", EVAL, "pickle.loads", path="app.py", content=APP, channel="eval")
INSTALL = Step("c", DEPENDENCY, PIP, "command", command=PIP, channel="dependency (shell)")
HARMLESS = Step("d", "", "signed cookie", path="notes.md", content=NOTES, channel="harmless")
UNLICENSED = Step(
    "e", HEADER, "def slugify", path="src/demo/text.py", content=TEXT_HELPER, channel="header"
)
STRAY_PLAN = Step(
    "f", PLAN, "plan: cache-layer", path="docs/cache.md", content=CACHE_PLAN, channel="plan"
)
BAD_SKILL = Step(
    "g",
    CONFORMITY,
    "name: release-notes",
    path="skills/release-notes/SKILL.md",
    content=SKILL,
    channel="conformity",
)
PUSH = Step(
    "h", GIT, FORCE_PUSH, "force-push", command=FORCE_PUSH, fails=True, channel="git (failing)"
)
PLAN_ID = Step(
    "i",
    TRACKING,
    "def session_key",
    path="src/demo/session.py",
    content=SESSION_CODE,
    channel="tracking ids",
)
# The steps every harness plays after its own first three, before HARMLESS.
MORE = (UNLICENSED, STRAY_PLAN, BAD_SKILL, PUSH, PLAN_ID)

# Gemini CLI refuses every file tool on package.json when it runs headless (see
# clients.py); there the manifest step writes requirements.txt, a manifest it allows.
REQUIREMENTS_STEP = Step(
    "a",
    DEPENDENCY,
    "flask==3.0.3",
    path="requirements.txt",
    content=REQUIREMENTS,
    channel="dependency",
)


# Tracked source files with SPDX lines: enough for the header guard to see the policy.
LICENSED = {
    f"src/demo/{name}.py": f"{SPDX}\n\ndef {name}():\n    return {index}\n"
    for index, name in enumerate(("alpha", "beta", "gamma", "delta", "epsilon"))
}


CHANGES = "CHANGES.md"  # the second commit's file (a reset to HEAD~1 removes it)


def make_project(root: str) -> None:
    """A git project with package.json and SPDX-tagged sources committed, so that a
    change to package.json is a change against HEAD for the guards that look after the
    fact, and the project evidently follows SPDX; a second commit adds CHANGES.md, so
    that ``git reset --hard HEAD~1`` has somewhere to go."""
    files = {"package.json": PACKAGE_BEFORE, PLAN_FILE: PLAN_TEXT, **LICENSED}
    for rel, text in {**files, CHANGES: "# Changes\n"}.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    git = ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": root}
    for argv in (
        ["git", "init", "-q", "-b", "main"],
        ["git", "add", *files],
        [*git, "commit", "-q", "-m", "start"],
        ["git", "add", CHANGES],
        [*git, "commit", "-q", "-m", "changes"],
    ):
        subprocess.run(argv, cwd=root, env=env, check=True, capture_output=True)


def head(root: str) -> str:
    """The project's HEAD commit."""
    done = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


# The main session shows advice in every channel; holds (an irreversible command
# blocked once before it runs) have a session of their own, "hold".
MAIN_CONFIG = '[hold]\nmode = "off"\n'


def write_main_config(home: str) -> None:
    folder = os.path.join(home, ".config", "caveat")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.toml"), "w", encoding="utf-8") as fh:
        fh.write(MAIN_CONFIG)


def pip_shim(home: str) -> str:
    """A ``pip`` in ``$HOME/bin`` that only reports success; returns that folder.

    The client runs in a namespace with no route out, and what is tested is the hook's
    answer to the command, not pip. ``~/.profile`` puts the folder first again for
    clients whose shell tool starts a login shell (Codex: ``bash -lc``), which resets
    PATH from /etc/profile.
    """
    bin_dir = os.path.join(home, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    path = os.path.join(bin_dir, "pip")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("#!/bin/sh\necho 'Successfully installed requests-2.32.3'\n")
    os.chmod(path, 0o755)
    with open(os.path.join(home, ".profile"), "w", encoding="utf-8") as fh:
        fh.write('PATH="$HOME/bin:$PATH"\n')
    return bin_dir


# Sessions other than the main one, each a run of its own (run_case.py --session NAME),
# with the user's own caveat configuration and rules in the case's HOME.
COMPACTION = "posttooluse-proactive-compaction"
ENV_RULE = """---
event: PreToolUse
tools: [Write, Edit]
paths: [".env", "**/.env"]
strict: true
---
# No environment files in the repository

## Advisory
{path} would keep environment settings, often secrets, in the repository. Put them in
the user's secret store or a file that git ignores, and tell the user.

## Procedure
1. Do not write the file.
2. Ask the user where the settings belong.
"""
ENV_FILE = Step(
    "s",
    "env-file",  # the user's rule, rules/env-file.md
    "API_TOKEN",
    path=".env",
    content="API_TOKEN=dev-only-token\n",
    channel="strict deny",
)
# Small, so that the harness's own compaction (near its model's window) stays far off.
THRESHOLD = 20_000
FIRST_NOTE = Step("k", "", "first note", path="notes-1.md", content="# The first note\n")
SECOND_NOTE = Step(
    "l",
    COMPACTION,
    "second note",
    path="notes-2.md",
    content="# The second note\n",
    channel="compaction",
)
# Claude Code writes its transcript as it goes: the record of the answer that made a
# call is not always on disk yet when that call's PostToolUse hook runs, so the advice
# may come one call later (seen in this lane). The third call reports the same size.
THIRD_NOTE = Step("m", "", "third note", path="notes-3.md", content="# The third note\n")


# In plan mode, a change to the code rather than to a plan.
PLAN_MODE_WRITE = Step(
    "p",
    PLAN,
    "def cache_key",
    "plan-mode",
    path="src/demo/cache.py",
    content=SPDX + '\n\ndef cache_key(user):\n    return f"session:{user}"\n',
    channel="plan mode",
)


# A project rule: what a team writes in .caveat/rules/ (caveat applies it once the
# user trusts the project's policy).
PRINT_RULE = """---
event: [PreToolUse, PostToolUse]
tools: [Write, Edit]
paths: ["src/**/*.py"]
content: 'print\\('
---
# No print debugging

## Advisory
{path} gains a `print(` call at line {line}. Use the project's logger instead.

## Procedure
1. Replace the print call with a logger call.
"""
PRINT_CALL = Step(
    "r",
    "no-print",  # the project's rule, .caveat/rules/no-print.md
    "def debug_session",
    path="src/demo/debug.py",
    content=SPDX + "\n\ndef debug_session(user):\n    print(user)\n",
    channel="custom rule",
)


# The hold session: a reset that would discard a commit, run twice (held once, then
# it goes ahead), and a download piped into a shell (held: its script never runs).
RESET = "git reset --hard HEAD~1"
HOLD_RESET = Step("x", GIT, RESET, "discard", command=RESET, channel="hold: git reset --hard")
RESET_AGAIN = Step("y", "", RESET, command=RESET, channel="hold: the same command again")
# Served in the case's own network namespace, where every port is free.
INSTALL_PORT = 8765
MARKER = "curl-script-ran"
INSTALL_SCRIPT = f"#!/bin/sh\ntouch {MARKER}\n"
CURL_SH = f"curl -fsS http://127.0.0.1:{INSTALL_PORT}/install.sh | sh"
HOLD_CURL = Step(
    "z", EVAL, "install.sh", "command", command=CURL_SH, channel="hold: curl piped to sh"
)


# What the scripted Agent call asks of the subagent; its conversation opens with it.
SUBAGENT_TASK = "e2e-subagent-task: write app.py and notes.md as given, then reply done."


@dataclass(frozen=True)
class Session:
    name: str
    steps: tuple[Step, ...]
    plan_mode: bool = False  # the CLI runs in its plan mode
    project_rules: tuple[tuple[str, str], ...] = ()  # .caveat/rules/ files: (name, text)
    trusted: bool = False  # the user ran `caveat trust` on the project
    config: str = ""  # the user's config.toml
    rules: tuple[tuple[str, str], ...] = ()  # the user's rule files: (name, text)
    tokens: tuple[tuple[str, int], ...] = ()  # (step id, context size the model reports)
    # (path, body) a plain HTTP server on 127.0.0.1:INSTALL_PORT serves during the run
    serves: tuple[tuple[str, str], ...] = ()
    # caveat is installed from a venv that is then replaced by another Python's (moved.py)
    moved: bool = False
    # The model hands the steps to a subagent (Claude Code's Agent tool) and waits.
    delegated: bool = False

    def context_tokens(self, step: Step) -> int:
        return dict(self.tokens).get(step.id, 1)

    def write_project_rules(self, project: str) -> None:
        for name, text in self.project_rules:
            path = os.path.join(project, ".caveat", "rules", name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)

    def write_user_config(self, home: str) -> None:
        """The user's caveat configuration and rules, where caveat looks for them
        (``~/.config/caveat``)."""
        folder = os.path.join(home, ".config", "caveat")
        files = [("config.toml", self.config)] if self.config else []
        files += [(os.path.join("rules", name), text) for name, text in self.rules]
        for rel, text in files:
            path = os.path.join(folder, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)


SESSIONS = {
    # Holds, as ``caveat install --project`` writes them and with the defaults.
    "hold": Session(
        "hold", (HOLD_RESET, RESET_AGAIN, HOLD_CURL), serves=(("/install.sh", INSTALL_SCRIPT),)
    ),
    # The project ships a rule: applied once the user trusts the project, not before.
    "rule-trusted": Session(
        "rule-trusted", (PRINT_CALL,), project_rules=(("no-print.md", PRINT_RULE),), trusted=True
    ),
    "rule-untrusted": Session(
        "rule-untrusted", (PRINT_CALL,), project_rules=(("no-print.md", PRINT_RULE),)
    ),
    "plan-mode": Session("plan-mode", (PLAN_MODE_WRITE,), plan_mode=True),
    # A subagent plays the steps: what its tool calls send to caveat (Claude Code).
    "subagent": Session("subagent", (PICKLE, HARMLESS), delegated=True),
    # caveat moved after it was installed: every tool call must still run.
    "moved": Session("moved", (PICKLE, INSTALL, HARMLESS), moved=True),
    # The user turned strict mode on for custom rules, and has one strict rule.
    "strict": Session(
        "strict",
        (ENV_FILE,),
        config="[strict]\ncustom = true\n",
        rules=(("env-file.md", ENV_RULE),),
    ),
    # The model reports a small context, then one over the user's threshold.
    "compaction": Session(
        "compaction",
        (FIRST_NOTE, SECOND_NOTE, THIRD_NOTE),
        config=f"[compaction]\nthreshold_tokens = {THRESHOLD}\n",
        tokens=(("k", 1_000), ("l", THRESHOLD + 5_000), ("m", THRESHOLD + 5_000)),
    ),
}
