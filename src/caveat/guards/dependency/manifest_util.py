"""Small helpers shared by the manifest readers."""

from __future__ import annotations

_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
_VERSION_START = tuple("0123456789^~<>=*!")
_VERSION_PREFIXES = (
    "npm:", "jsr:", "workspace:", "file:", "link:", "git", "github:", "http", "catalog:",
    "portal:", "patch:", "latest", "next", "v0", "v1", "v2", "v3", "v4", "v5", "v6",
    "v7", "v8", "v9",
)  # fmt: skip
# Longer manifests are read only this far: the guard must stay within its budget.
MAX_LINES = 200_000

# The spec a reader gives a dependency it found as a path (a wheel, a folder).
LOCAL = "(local)"
# Spec words that make a dependency in-repo or local: a path (Cargo, Poetry, Pipfile,
# Gemfile, pubspec), the workspace's own (Cargo ``workspace = true``, npm
# ``workspace:``), a file URL or relative path (npm, Go ``replace``, PEP 508 ``@``),
# or the toolchain's own SDK (pubspec ``sdk: flutter``).
_LOCAL_WORDS = (
    "path=", "path:", "workspace=true", "workspace:", "file:", "link:", "portal:",
    "./", "../", ".\\", "..\\", "@file:", "@./", "@../", "@{root", "sdk:", LOCAL,
)  # fmt: skip


def lines(text: str) -> list[str]:
    return text.splitlines()[:MAX_LINES]


def scrub(text: str) -> str:
    """``text`` without URL credentials (``https://user:token@host`` → ``https://host``)."""
    out = []
    i = 0
    while True:
        scheme = text.find("://", i)
        if scheme < 0:
            out.append(text[i:])
            return "".join(out)
        start = end = scheme + 3
        while end < len(text) and text[end] not in "/ \t\"'?#":
            end += 1
        at = text.rfind("@", start, end)
        out.append(text[i:start])
        i = at + 1 if at >= 0 else start


def add(deps: dict[str, str], name: str, spec: str) -> None:
    """Record ``name`` with ``spec``; a name declared twice keeps both specs (an
    empty one, such as a ``bundleDependencies`` entry, adds nothing to a real one)."""
    name = name.strip()
    if not name or len(name) > 200:
        return
    spec = scrub(" ".join(spec.split()))[:200]
    old = deps.get(name)
    if old is None or old == spec or not old:
        deps[name] = spec
    elif not spec:
        return
    else:
        deps[name] = ", ".join(sorted({*old.split(", "), spec}))


def is_local(name: str, spec: str) -> bool:
    """Whether a dependency comes from this repository or this machine, not a registry
    (its spec names a path or the workspace, or its name is a path: a Terraform
    module's ``./modules/x``): nothing is fetched, so there is no name to verify."""
    if name.startswith(("./", "../", ".\\", "..\\")):
        return True
    return any(
        word.strip("\"'{}").startswith(_LOCAL_WORDS) for word in spec.replace(",", " ").split()
    )


def version_like(value: str) -> bool:
    """Whether a manifest value reads as a version range or a package source."""
    value = value.strip()
    return bool(value) and (value.startswith(_VERSION_START + _VERSION_PREFIXES))


def pep508(text: str) -> tuple[str, str] | None:
    """``(normalized name, rest)`` of a requirement string such as
    ``Flask[async]>=3; python_version>'3.8'``; None when it does not start with a name."""
    text = text.strip()
    i = 0
    while i < len(text) and text[i] in _NAME_CHARS:
        i += 1
    name = text[:i]
    if not name or not name[0].isalnum():
        return None
    rest = text[i:].strip()
    if rest.startswith("["):
        close = rest.find("]")
        rest = rest[close + 1 :].strip() if close > 0 else ""
    rest = rest.split(";", 1)[0].strip()
    if rest.startswith("(") and rest.endswith(")"):
        rest = rest[1:-1]
    return name.lower().replace("_", "-").replace(".", "-"), "".join(rest.split())
