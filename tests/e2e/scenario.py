"""The scripted session every harness plays, and the project it plays in.

Steps (the issue's list): (a) change package.json to add a dependency, (b) write a
Python file that calls ``pickle.loads`` on request data, (c) run ``pip install
requests``, (d) write a harmless file; (e), the session start, comes first on its own.
Each step names the caveat message that must answer it (``""``: nothing may).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

DEPENDENCY = "pretooluse-dependency-guard"
EVAL = "pretooluse-eval-guard"

PROMPT = (
    "Add left-pad to package.json, add a Flask handler that restores the session, "
    "install requests, write notes.md, then reply done."
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
APP = """import pickle

from flask import request


def load_session():
    return pickle.loads(request.data)
"""
REQUIREMENTS = "flask==3.0.3\n"
NOTES = "# Notes\n\nThe demo keeps its session in a signed cookie.\n"
PIP = "pip install requests"


@dataclass(frozen=True)
class Step:
    id: str
    message: str  # the caveat message expected in answer; "" for none
    marker: str  # a string only this step's tool call carries, to find it in a request
    variant: str = ""  # the message's variant ("command" for a shell command)
    path: str = ""  # the file written, relative to the project
    content: str = ""  # its whole new content
    command: str = ""  # or the shell command run


MANIFEST = Step("a", DEPENDENCY, "left-pad", path="package.json", content=PACKAGE_AFTER)
PICKLE = Step("b", EVAL, "pickle.loads", path="app.py", content=APP)
INSTALL = Step("c", DEPENDENCY, PIP, "command", command=PIP)
HARMLESS = Step("d", "", "signed cookie", path="notes.md", content=NOTES)

# Gemini CLI refuses every file tool on package.json when it runs headless (see
# clients.py); there the manifest step writes requirements.txt, a manifest it allows.
REQUIREMENTS_STEP = Step(
    "a", DEPENDENCY, "flask==3.0.3", path="requirements.txt", content=REQUIREMENTS
)


def make_project(root: str) -> None:
    """A git project with package.json committed, so that a change to it is a change
    against HEAD for the guards that look after the fact."""
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "package.json"), "w", encoding="utf-8") as fh:
        fh.write(PACKAGE_BEFORE)
    git = ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": root}
    for argv in (
        ["git", "init", "-q", "-b", "main"],
        ["git", "add", "package.json"],
        [*git, "commit", "-q", "-m", "start"],
    ):
        subprocess.run(argv, cwd=root, env=env, check=True, capture_output=True)


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
