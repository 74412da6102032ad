"""Hostile git repositories, built for real in a temporary folder.

Each factory returns a ``Hostile``: a committed project whose ``.git`` attacks whoever
reads it, and a ``markers`` folder that stays empty unless some program the repository
names was run. The project holds what the guards' benchmark calls touch
(``package.json``, ``src/main.py``) and enough SPDX-tagged sources for the header guard
to infer a policy, so that its tracked-file scan (``git ls-files``) runs too.

- ``partial_clone``: a ``git clone --filter=blob:none`` of a ``file://`` remote whose
  every blob is missing locally; ``remote.origin.uploadpack`` is a command, so reading
  a committed file lazily fetches it and runs that command. The repository also
  allows every protocol in its configuration.
- ``fifo_index`` / ``fifo_head``: a FIFO where git and caveat expect ``.git/index`` or
  ``.git/HEAD``: a reader blocks until someone writes. ``fifo_refs``: the same for
  ``packed-refs``, the alternates list and ``info/exclude``; ``fifo_tree``: FIFOs at
  ``.gitignore`` files, ``REUSE.toml``, ``.caveat/config.toml`` and a tracked source.
- ``fifo_boilerplate``: a project whose CI checks a license block, with FIFOs at a
  template, a sampled source and a workflow the header guard reads while learning it.
- ``configured_programs``: fsmonitor, hooks, an external diff, filters, textconv,
  pagers, credential helper, askpass, ssh command, editors, gpg program, alternate-refs
  command, an ``ext::`` remote with an ``uploadpack`` command: every one a program that
  leaves a marker.
- ``planted_git``: a committed project holding an executable ``git`` at its top and in
  ``node_modules/.bin``, what an empty or relative ``PATH`` entry (``.``, ``::``, a
  trailing ``:``, ``node_modules/.bin``) would run; ``planted_paths`` gives such values.
"""

from __future__ import annotations

import os
import shlex
import subprocess

FILES = {
    "package.json": '{\n  "name": "demo",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n',
    "src/main.py": "# SPDX-License-Identifier: MIT\nprint('hello')\n",
    "src/app.py": "# SPDX-License-Identifier: MIT\n\n\ndef add(a, b):\n    return a + b\n",
    "README.md": "# Demo\n",
    **{f"src/m{i}.py": f"# SPDX-License-Identifier: MIT\nVALUE = {i}\n" for i in range(6)},
}

# Hook names git may run while reading or writing the index and refs.
HOOKS = (
    "post-index-change",
    "reference-transaction",
    "post-checkout",
    "pre-commit",
    "post-commit",
    "pre-auto-gc",
    "fsmonitor-watchman",
    "push-to-checkout",
    "post-merge",
)


class Hostile:
    """A hostile project: its folder, the folder markers appear in, and its FIFOs."""

    def __init__(self, project: str, markers: str, fifos: tuple[str, ...] = ()) -> None:
        self.project = project
        self.markers = markers
        self.fifos = fifos

    def marks(self) -> list[str]:
        """Names of the markers written: the programs that ran."""
        return sorted(os.listdir(self.markers))

    def release(self) -> None:
        """Unblock any reader still waiting on the FIFOs (a writer that opens and
        closes gives them end of file), so a test leaves no process behind."""
        for fifo in self.fifos:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader waiting
                continue
            os.close(fd)


def git(folder: str, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", folder, *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    return done.stdout


def put(root: str, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = os.path.join(root, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def committed(folder: str, files: dict[str, str] | None = None) -> str:
    os.makedirs(folder, exist_ok=True)
    put(folder, FILES if files is None else files)
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-qm", "init")
    return folder


def program(markers: str, name: str, passthrough: bool = True) -> str:
    """An executable script that leaves the marker ``name`` and, for filters and
    pagers, copies its input through."""
    folder = os.path.join(os.path.dirname(markers), "bin")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    body = f"#!/bin/sh\ntouch {shlex.quote(os.path.join(markers, name))}\n"
    body += "exec cat\n" if passthrough else "exit 0\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(body)
    os.chmod(path, 0o755)
    return path


def _layout(tmp_path: os.PathLike[str]) -> tuple[str, str]:
    base = os.fspath(tmp_path)
    markers = os.path.join(base, "markers")
    os.makedirs(markers, exist_ok=True)
    return os.path.join(base, "project"), markers


def partial_clone(tmp_path: os.PathLike[str]) -> Hostile:
    """A blob-less partial clone of a ``file://`` remote whose ``uploadpack`` leaves a
    marker: any lazy fetch of a missing blob runs it."""
    project, markers = _layout(tmp_path)
    base = os.path.dirname(project)
    source = committed(os.path.join(base, "source"))
    bare = os.path.join(base, "remote.git")
    subprocess.run(["git", "clone", "-q", "--bare", source, bare], check=True, timeout=60)
    git(bare, "config", "uploadpack.allowFilter", "true")
    url = "file://" + bare
    subprocess.run(
        ["git", "clone", "-q", "--filter=blob:none", "--no-checkout", url, project],
        check=True,
        timeout=60,
    )
    # The index from the trees alone (no blob needed), the files as the agent sees them.
    git(project, "read-tree", "HEAD")
    put(project, FILES)
    fetch = program(markers, "uploadpack", passthrough=False)
    git(project, "config", "remote.origin.uploadpack", f"{fetch}; git-upload-pack")
    for key in ("protocol.allow", "protocol.file.allow"):
        git(project, "config", key, "always")
    missing = git(project, "rev-list", "--objects", "--missing=print", "--all")
    assert missing.count("\n?") >= len(FILES), "the clone has its blobs: not a partial clone"
    return Hostile(project, markers)


def _fifo(path: str) -> str:
    os.unlink(path)
    os.mkfifo(path)
    return path


def fifo_index(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project whose ``.git/index`` is a FIFO."""
    project, markers = _layout(tmp_path)
    committed(project)
    return Hostile(project, markers, (_fifo(os.path.join(project, ".git", "index")),))


def fifo_head(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project whose ``.git/HEAD`` is a FIFO."""
    project, markers = _layout(tmp_path)
    committed(project)
    return Hostile(project, markers, (_fifo(os.path.join(project, ".git", "HEAD")),))


def fifo_tree(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project with FIFOs in its tree where readers look: the root and a
    nested ``.gitignore`` (git reads them to tell what it ignores), ``REUSE.toml``, a
    tracked source file (the header guard samples it) and ``.caveat/config.toml``."""
    project, markers = _layout(tmp_path)
    committed(project, {**FILES, ".gitignore": "*.pyc\n", "src/.gitignore": "*.tmp\n"})
    fifos = []
    for rel in (".gitignore", "src/.gitignore", "src/m0.py"):
        fifos.append(_fifo(os.path.join(project, *rel.split("/"))))
    for rel in ("REUSE.toml", ".caveat/config.toml"):
        path = os.path.join(project, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.mkfifo(path)
        fifos.append(path)
    return Hostile(project, markers, tuple(fifos))


_BLOCK = (
    "# Copyright The Demo Authors.\n#\n# Licensed under the Apache License, Version 2.0 (the\n"
    '# "License"); see the LICENSE file for the terms of use.\n'
)


def fifo_boilerplate(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project whose CI checks a long-form license block (no SPDX lines):
    FIFOs where the header guard reads while learning it: one template, one sampled
    source file and a workflow that may name the checker."""
    project, markers = _layout(tmp_path)
    files = {
        "package.json": FILES["package.json"],
        "README.md": "# Demo\n",
        "hack/boilerplate/boilerplate.py.txt": _BLOCK,
        "hack/boilerplate/boilerplate.go.txt": _BLOCK,
        "hack/verify-boilerplate.sh": "#!/bin/sh\nexit 0\n",
        ".github/workflows/ci.yml": "jobs: {}\n",
        **{f"src/b{i}.py": _BLOCK + f"VALUE = {i}\n" for i in range(8)},
        "src/main.py": _BLOCK + "print('hello')\n",
    }
    committed(project, files)
    fifos = []
    for rel in ("hack/boilerplate/boilerplate.go.txt", "src/b0.py", ".github/workflows/ci.yml"):
        fifos.append(_fifo(os.path.join(project, *rel.split("/"))))
    return Hostile(project, markers, tuple(fifos))


def fifo_refs(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project whose ``packed-refs``, alternates list and
    ``info/exclude`` in ``.git`` are FIFOs."""
    project, markers = _layout(tmp_path)
    committed(project)
    git(project, "pack-refs", "--all")
    gitdir = os.path.join(project, ".git")
    paths = [os.path.join(gitdir, "packed-refs"), os.path.join(gitdir, "info", "exclude")]
    alternates = os.path.join(gitdir, "objects", "info", "alternates")
    with open(alternates, "w"):
        pass
    return Hostile(project, markers, tuple(_fifo(p) for p in [*paths, alternates]))


def configured_programs(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project whose configuration and attributes name a marker-leaving
    program wherever git lets a repository name one."""
    project, markers = _layout(tmp_path)
    committed(project, {**FILES, ".gitattributes": "* filter=hostile diff=hostile\n"})
    hooks = os.path.join(project, ".git", "hostile-hooks")
    os.makedirs(hooks)
    for name in HOOKS:
        os.symlink(program(markers, f"hook-{name}"), os.path.join(hooks, name))
    settings = {
        "core.fsmonitor": program(markers, "fsmonitor", passthrough=False),
        "core.hooksPath": hooks,
        "core.pager": program(markers, "pager"),
        "pager.ls-files": program(markers, "pager-ls-files"),
        "pager.cat-file": program(markers, "pager-cat-file"),
        "pager.check-ignore": program(markers, "pager-check-ignore"),
        "diff.external": program(markers, "diff-external"),
        "filter.hostile.clean": program(markers, "filter-clean"),
        "filter.hostile.smudge": program(markers, "filter-smudge"),
        "filter.hostile.process": program(markers, "filter-process"),
        "diff.hostile.textconv": program(markers, "textconv"),
        "credential.helper": "!" + program(markers, "credential", passthrough=False),
        "core.askPass": program(markers, "askpass", passthrough=False),
        "core.sshCommand": program(markers, "ssh", passthrough=False),
        "core.editor": program(markers, "editor", passthrough=False),
        "sequence.editor": program(markers, "sequence-editor", passthrough=False),
        "gpg.program": program(markers, "gpg", passthrough=False),
        "core.alternateRefsCommand": program(markers, "alternate-refs", passthrough=False),
        "remote.origin.url": "ext::" + program(markers, "ext-remote", passthrough=False),
        "remote.origin.uploadpack": program(markers, "uploadpack", passthrough=False),
        "protocol.allow": "always",
        "core.untrackedCache": "true",
    }
    for key, value in settings.items():
        git(project, "config", key, value)
    return Hostile(project, markers)


def planted_git(tmp_path: os.PathLike[str]) -> Hostile:
    """A committed project with a marker-leaving ``git`` where a relative ``PATH``
    entry finds one: its top folder (``.``, an empty entry, when the project is the
    working folder) and ``node_modules/.bin``."""
    project, markers = _layout(tmp_path)
    committed(project, {**FILES, "node_modules/.bin/.keep": ""})
    for folder in (project, os.path.join(project, "node_modules", ".bin")):
        path = os.path.join(folder, "git")
        with open(path, "w", encoding="utf-8") as handle:
            marker = os.path.join(markers, "planted-git")
            handle.write(f"#!/bin/sh\ntouch {shlex.quote(marker)}\nexit 0\n")
        os.chmod(path, 0o755)
    return Hostile(project, markers)


def planted_paths(real: str) -> dict[str, str]:
    """``PATH`` values with a relative or empty entry ahead of (or, for a trailing
    ``:``, instead of) the folders in ``real``: id → value."""
    return {
        "dot": f".{os.pathsep}{real}",
        "empty-first": f"{os.pathsep}{real}",
        "empty-middle": f"/nonexistent{os.pathsep}{os.pathsep}{real}",
        "node-modules": f"node_modules/.bin{os.pathsep}{real}",
        "empty-last": f"/nonexistent{os.pathsep}",
    }


FACTORIES = {
    "partial-clone": partial_clone,
    "fifo-index": fifo_index,
    "fifo-head": fifo_head,
    "fifo-tree": fifo_tree,
    "fifo-boilerplate": fifo_boilerplate,
    "fifo-refs": fifo_refs,
    "configured-programs": configured_programs,
}


def processes_in(folder: str, wait: float = 2.0) -> list[str]:
    """``pid cmdline`` of the live processes (this one excepted) whose working folder
    is in ``folder`` or whose command line names it: what a call left behind. Waits up
    to ``wait`` seconds for them to go (a killed process dies when it next runs)."""
    import time

    end = time.monotonic() + wait
    while True:
        found = _processes_in(os.path.realpath(folder))
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.05)


def _processes_in(folder: str) -> list[str]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                if handle.read().rsplit(b")", 1)[-1].split()[0] == b"Z":
                    continue  # a zombie holds nothing; its parent reaps it
            cwd = os.readlink(f"/proc/{name}/cwd")
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if cwd == folder or cwd.startswith(folder + os.sep) or folder in cmdline:
            found.append(f"{name} {cmdline.strip()}")
    return found
