"""What a Dockerfile pulls in: each ``FROM`` image read through the ``ARG`` and
``ENV`` values before it (``ARG BASE=python:3.12`` then ``FROM ${BASE}``), version
build arguments and ``ENV *_VERSION`` values, and the packages that ``RUN`` lines
install with the package managers the dependency guard knows (``apt-get install``,
``apk add``, ``pip install`` …), read as data with the shell lexer.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_keys import split_ref
from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import lines
from caveat.guards.dependency.manifest_util import pep508

_VERSION_NAMES = ("VERSION", "IMAGE", "TAG")
# Words of a RUN line without which it installs nothing (the lexer is not started).
_INSTALL_HINTS = ("install", "add ", "-S ")
_MAX_RUN = 20_000  # a longer RUN line is not lexed


def _instructions(text: str) -> list[tuple[str, str]]:
    """``(INSTRUCTION, arguments)`` with continuation lines joined and comments (and
    the blank or comment lines inside a continuation) dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in lines(text):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        head, _, rest = line.partition(" ")
        out.append((head.upper(), rest.strip()))
    if pending:
        head, _, rest = pending.strip().partition(" ")
        out.append((head.upper(), rest.strip()))
    return out


def _expand(word: str, values: dict[str, str], used: set[str]) -> str:
    """``word`` with ``$NAME``, ``${NAME}`` and ``${NAME:-default}`` replaced by the
    values known so far (an unknown name stays as written); the names read go to
    ``used``."""
    out: list[str] = []
    i, n = 0, len(word)
    while i < n:
        c = word[i]
        if c != "$" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        if word[i + 1] == "{":
            close = word.find("}", i + 2)
            if close < 0:
                out.append(word[i:])
                break
            inner = word[i + 2 : close]
            name, sep, default = inner.partition(":-")
            if not sep:
                name, _, _ = inner.partition(":")
            end = close + 1
        else:
            end = i + 1
            while end < n and (word[end].isalnum() or word[end] == "_"):
                end += 1
            name, default, sep = word[i + 1 : end], "", ""
        if name in values:
            used.add(name)
            out.append(values[name] or default)
        elif sep:
            out.append(default)
        else:
            out.append(word[i:end])
        i = end
    return "".join(out)


def _pairs(rest: str) -> list[tuple[str, str]]:
    """``A=1 B="x y"`` (or the legacy ``ENV A 1``) as pairs."""
    words = _split(rest)
    if words and "=" not in words[0]:
        return [(words[0], " ".join(words[1:]))]
    return [(w.partition("=")[0], w.partition("=")[2]) for w in words if "=" in w]


def _split(rest: str) -> list[str]:
    """Whitespace-separated words, a quoted run kept whole (quotes removed)."""
    words: list[str] = []
    word, quote = "", ""
    for c in rest:
        if quote:
            if c == quote:
                quote = ""
            else:
                word += c
        elif c in "\"'":
            quote = c
        elif c.isspace():
            if word:
                words.append(word)
            word = ""
        else:
            word += c
    if word:
        words.append(word)
    return words


def dockerfile(text: str, exact: bool) -> dict[str, str]:
    deps: dict[str, str] = {}
    values: dict[str, str] = {}  # ARG defaults and ENV values, as the build reads them
    used: set[str] = set()  # names a FROM reads: its image already says their change
    versions: dict[str, str] = {}
    # ``FROM build`` names an earlier stage, and ``FROM scratch`` no image at all.
    stages: set[str] = set()
    for head, rest in _instructions(text):
        if head == "FROM":
            words = [w for w in rest.split() if not w.startswith("--")]
            image = _expand(words[0], values, used) if words else ""
            if image and image.lower() not in stages and image != "scratch":
                add(deps, *split_ref(image))
            if len(words) >= 3 and words[1].upper() == "AS":
                stages.add(words[2].lower())
        elif head == "ARG":
            # ``ARG NAME`` alone is supplied by the build, or re-declares a global
            # argument in a stage (which keeps the global default): no new value.
            for word in _split(rest):
                name, sep, value = word.partition("=")
                if sep:
                    values[name] = _expand(value, values, set())
                    if name.upper().endswith(_VERSION_NAMES):
                        versions[name] = values[name]
        elif head == "ENV":
            for name, value in _pairs(rest):
                values[name] = _expand(value, values, set())
                if name.upper().endswith("VERSION"):
                    versions[name] = values[name]
        elif head == "RUN" and any(h in rest for h in _INSTALL_HINTS):
            _run(deps, _expand(rest[:_MAX_RUN], values, set()))
    for name, value in versions.items():
        if name not in used:
            add(deps, name, value)
    return deps


def _run(deps: dict[str, str], script: str) -> None:
    """The packages a RUN line installs, as ``name (ecosystem)`` → pinned version."""
    from caveat.common.shell import simple_commands
    from caveat.guards.packages import classify
    from caveat.guards.packages import unwrap

    for cmd in simple_commands(script, "bash")[:200]:
        for argv, _ in unwrap(cmd.argv, 0, False):
            hit = classify(argv)
            if hit is None or not hit[1].endswith((":install", ":add")):
                continue
            ecosystem = hit[2]
            for word in hit[3]:
                if "$" in word:
                    continue  # a name the build supplies: nothing to read here
                name, version = _package(word, ecosystem)
                if name:
                    add(deps, f"{name} ({ecosystem})", version)


def _package(word: str, ecosystem: str) -> tuple[str, str]:
    if ecosystem == "PyPI":
        return pep508(word) or ("", "")
    at = word.rfind("@")
    if at > 0:  # npm, Cargo, Go: name@version
        return word[:at], word[at + 1 :]
    name, _, version = word.partition("=")  # apt-get: curl=7.88.1-10; apk: curl=8.5.0-r0
    return name, version.lstrip("=")
