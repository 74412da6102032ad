"""Dependency entries out of line-oriented manifests (requirements, go.mod, version
files, Dockerfiles, YAML sections, Gradle/sbt builds), with plain string code in
linear time."""

from __future__ import annotations

from caveat.guards.dependency.manifest_keys import quoted
from caveat.guards.dependency.manifest_keys import split_key
from caveat.guards.dependency.manifest_util import LOCAL
from caveat.guards.dependency.manifest_util import MAX_LINES
from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import lines
from caveat.guards.dependency.manifest_util import pep508


def requirements(text: str, exact: bool) -> dict[str, str]:
    """requirements.txt / constraints / .in: one requirement a line; options skipped."""
    deps: dict[str, str] = {}
    for raw in text.replace("\\\n", " ").splitlines()[:MAX_LINES]:
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("-e ", "--editable")):
            egg = line.find("#egg=")
            if egg > 0:
                add(deps, line[egg + 5 :].split("&")[0], line.split()[-1].split("#")[0])
            continue
        if line.startswith("-"):
            continue
        line = line.split(" --", 1)[0]
        # A URL first: ``git+https://…`` would read as a package named "git".
        if "://" in line.split("@", 1)[0] or line.startswith(("git+", "hg+", "svn+", "bzr+")):
            add(deps, line.split("#", 1)[0].split(";", 1)[0].strip(), "")  # fetched by URL
        elif (parsed := pep508(line)) and not parsed[1].startswith(("/", "\\", ":")):
            add(deps, *parsed)
        elif line[:1] in "./~\\" or "/" in line or "\\" in line:
            add(deps, line.split(";", 1)[0].strip(), LOCAL)  # a wheel, an sdist, a folder
    return deps


def gomod(text: str, exact: bool) -> dict[str, str]:
    """go.mod / go.work: require, replace, exclude and tool lines and blocks."""
    deps: dict[str, str] = {}
    block = "" if exact else "require"
    for raw in lines(text):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line == ")":
            block = ""
            continue
        word, _, rest = line.partition(" ")
        if word in ("require", "replace", "exclude", "tool", "go", "toolchain"):
            rest = rest.strip()
            if rest == "(":
                block = word
                continue
            _go_entry(deps, word, rest)
        elif block:
            _go_entry(deps, block, line)
    return deps


def _go_entry(deps: dict[str, str], directive: str, line: str) -> None:
    parts = line.split()
    if not parts:
        return
    if directive in ("go", "toolchain"):
        add(deps, directive, parts[0])
    elif directive == "replace":
        left, _, right = line.partition("=>")
        add(deps, left.split()[0] + " (replace)", " ".join(right.split()))
    elif directive == "exclude":
        add(deps, parts[0] + " (exclude)", " ".join(parts[1:]))
    elif directive == "tool":
        add(deps, parts[0] + " (tool)", "")
    elif len(parts) >= 2 or directive == "require":
        add(deps, parts[0], parts[1] if len(parts) > 1 else "")


def pin(text: str, exact: bool) -> dict[str, str]:
    """Version files: ``20.11``, ``nodejs 20.11.0`` or ``node = "20"`` lines."""
    deps: dict[str, str] = {}
    for raw in lines(text):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("["):
            continue
        for sep in ("=", " ", ":"):
            if sep in line:
                name, _, value = line.partition(sep)
                add(deps, name.strip(), value.strip().strip("\"'"))
                break
        else:
            add(deps, "version", line)
    return deps


def _repo_name(url: str) -> str:
    """``https://github.com/psf/black.git`` → ``github.com/psf/black``."""
    name = url.strip().strip("\"'")
    if name.startswith("git@"):
        name = name[4:].replace(":", "/", 1)
    name = name.split("://", 1)[-1]
    return name.removesuffix(".git").rstrip("/") or url


def precommit(text: str, exact: bool) -> dict[str, str]:
    """.pre-commit-config.yaml: each hook repository with its ``rev``, and each hook's
    ``additional_dependencies`` (packages installed into the hook's environment) as
    ``repo: package``. ``local`` and ``meta`` repositories are this repository's own."""
    deps: dict[str, str] = {}
    repo = ""
    extra_indent = -1  # indent of an ``additional_dependencies:`` block being read
    flow = False  # inside a ``[`` list that spans lines
    for raw in lines(text):
        line = raw.split(" #", 1)[0].rstrip()
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        if flow:
            flow = "]" not in body
            for item in body.split("]", 1)[0].split(","):
                _hook_dep(deps, repo, item)
            continue
        indent = len(line) - len(line.lstrip())
        if extra_indent >= 0 and indent > extra_indent and body.startswith("- "):
            _hook_dep(deps, repo, body[2:])
            continue
        extra_indent = -1
        pair = split_key(body)
        if pair is None:
            continue
        key, value = pair
        if key == "repo":
            repo = _repo_name(value)
            if repo not in ("local", "meta"):
                add(deps, repo, "")
        elif key == "rev" and repo not in ("", "local", "meta"):
            add(deps, repo, value)
        elif key == "additional_dependencies":
            if value.startswith("["):
                flow = "]" not in value
                for item in value.strip("[]").split(","):
                    _hook_dep(deps, repo, item)
            else:
                extra_indent = indent
    return deps


def _hook_dep(deps: dict[str, str], repo: str, item: str) -> None:
    item = item.strip().strip("\"'")
    at = item.rfind("@")
    if at > 0 and "/" not in item[at:] and " " not in item:  # npm: eslint@8, @scope/x@1
        add(deps, f"{repo or 'hook'}: {item[:at]}", item[at + 1 :])
        return
    parsed = pep508(item)
    if parsed:
        add(deps, f"{repo or 'hook'}: {parsed[0]}", parsed[1])


def _yaml_sections(text: str, sections: frozenset[str], exact: bool) -> dict[str, str]:
    """Entries one level under top-level YAML keys in ``sections``; a nested entry's
    spec is its inline value or its nested lines joined."""
    deps: dict[str, str] = {}
    inside = not exact
    entry_indent = -1
    name = ""
    nested: list[str] = []
    for raw in [*lines(text), "end:"]:
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            if name:
                add(deps, name, " ".join(nested))
            name, nested, entry_indent = "", [], -1
            inside = line.split(":", 1)[0].strip() in sections
            continue
        if not inside:
            continue
        if entry_indent < 0 or indent <= entry_indent:
            if name:
                add(deps, name, " ".join(nested))
            entry_indent = indent
            pair = split_key(line)
            name, nested = ("", []) if pair is None else (pair[0], [pair[1]] if pair[1] else [])
        else:
            nested.append(line.strip())
    return deps


def pubspec(text: str, exact: bool) -> dict[str, str]:
    return _yaml_sections(
        text, frozenset({"dependencies", "dev_dependencies", "dependency_overrides"}), exact
    )


def pnpm_workspace(text: str, exact: bool) -> dict[str, str]:
    return _yaml_sections(text, frozenset({"catalog", "catalogs", "overrides"}), exact)


def conda(text: str, exact: bool) -> dict[str, str]:
    """environment.yml: ``- numpy=1.26`` items and the ``- pip:`` sub-list."""
    deps: dict[str, str] = {}
    inside = not exact
    for raw in lines(text):
        line = raw.split(" #", 1)[0].rstrip()
        if line and not line[0].isspace() and not line.startswith("-"):
            inside = line.startswith("dependencies:")
            continue
        item = line.strip()
        if not inside or not item.startswith("- ") or item.endswith(":"):
            continue
        item = item[2:].strip().strip("\"'").split("::")[-1]
        cut = min((item.find(c) for c in "=<>! " if c in item), default=len(item))
        add(deps, item[:cut].lower(), item[cut:].replace(" ", ""))
    return deps


def gradle(text: str, exact: bool) -> dict[str, str]:
    """Gradle/sbt/kts: ``"group:artifact:version"`` strings, ``"g" % "a" % "v"``
    triples, plugin ids with versions and ``libs.x`` catalog references."""
    deps: dict[str, str] = {}
    for raw in lines(text):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        found = quoted(line)
        if "%" in line and len(found) >= 3:
            add(deps, f"{found[0]}:{found[1]}", found[2])
            continue
        for item in found:
            parts = item.split(":")
            if len(parts) >= 2 and " " not in item and all(parts[:2]) and "/" not in item:
                add(deps, f"{parts[0]}:{parts[1]}", ":".join(parts[2:]))
        if line.startswith(("id(", "id ", 'kotlin("')) and " version " in line and found:
            add(deps, found[0], found[-1])
        ref = line.find("libs.")
        if ref >= 0 and "(" in line[:ref]:
            end = ref
            while end < len(line) and (line[end].isalnum() or line[end] in "._-"):
                end += 1
            add(deps, line[ref:end], "")
    return deps
