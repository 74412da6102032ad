"""The manifest readers a file-name rule configures: ``words:`` (``gem "rails", "~> 7"``
calls of the listed names, Gemfile and friends) and ``keys:`` (lines whose key matches
a pattern), with the string helpers the line readers share.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import lines


def quoted(text: str) -> list[str]:
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            end = text.find(c, i + 1)
            if end < 0:
                break
            out.append(text[i + 1 : end])
            i = end
        i += 1
    return out


def _condition_cut(args: str) -> str:
    """The call's arguments without a trailing ``if``/``unless`` modifier (Ruby's
    ``gem "x", "~> 1" if RUBY_VERSION >= "3.0"``): the condition's strings are no
    versions. Only outside quotes."""
    quote = ""
    for i, c in enumerate(args):
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == " " and args.startswith((" if ", " unless "), i):
            return args[:i]
    return args


def words(keywords: str, text: str) -> dict[str, str]:
    """``gem "rails", "~> 7"``-style calls; ``keywords`` is a comma-separated list of
    call names (a receiver such as ``spec.`` before them is ignored)."""
    names = frozenset(keywords.split(","))
    deps: dict[str, str] = {}
    for raw in lines(text):
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        head = line.split(None, 1)[0].split("(", 1)[0]
        if head.rsplit(".", 1)[-1] not in names:
            continue
        args = _condition_cut(line[len(head) :].split(" #", 1)[0])
        found = quoted(args)
        if not found:  # paket.dependencies: nuget Name ~> 1.0
            found = args.split()
            if not found:
                continue
            found = [found[0], " ".join(found[1:])]
        extra = [s for s in found[1:] if s and s[0] in "0123456789<>=~!^"]
        source = [p.strip() for p in args.split(",") if p.strip().startswith(("git", "path"))]
        add(deps, found[0], " ".join(extra + source))
    return deps


def split_key(line: str) -> tuple[str, str] | None:
    s = line.strip()
    if s.startswith("- "):
        s = s[2:].lstrip()
    if not s:
        return None
    if s[0] in "\"'":
        end = s.find(s[0], 1)
        if end < 0:
            return None
        key, rest = s[1:end], s[end + 1 :].lstrip()
        if rest[:1] not in (":", "="):
            return key, ""
        rest = rest[1:]
    else:
        end = 0
        while end < len(s) and s[end] not in ":= (\t":
            end += 1
        key, rest = s[:end], s[end + 1 :]
    value = rest.split(" #", 1)[0].strip().rstrip(",{").strip()
    if value[:1] in "\"'" and value[-1:] == value[:1]:
        value = value[1:-1]
    return key, value


def _key_matches(key: str, pattern: str) -> bool:
    if pattern.startswith("*"):
        return key.endswith(pattern[1:])
    if pattern.endswith("*"):
        return key.startswith(pattern[:-1])
    return key == pattern


def split_ref(ref: str) -> tuple[str, str]:
    """``actions/checkout@v4`` → (actions/checkout, v4); ``python:3.12`` → (python, 3.12)."""
    at = ref.rfind("@")
    if at > 0 and "://" not in ref[at:]:
        if ":" in ref[:at] and "/" not in ref[:at] and "/" in ref[at:]:
            return split_ref(ref[at + 1 :])  # user:password@registry/image: never shown
        return ref[:at], ref[at + 1 :]
    colon = ref.rfind(":")
    if colon > ref.rfind("/") and "://" not in ref and colon > 0:
        return ref[:colon], ref[colon + 1 :]
    return ref, ""


def keys(patterns: str, text: str) -> dict[str, str]:
    """Lines whose key matches one of ``patterns`` (``*`` at either end allowed).
    A value that names an artefact (``x@v``, ``image:tag``) is keyed by the artefact;
    a key that itself names one (devcontainer features) likewise."""
    wanted = patterns.split(",")
    deps: dict[str, str] = {}
    for raw in lines(text):
        pair = split_key(raw)
        if pair is None or not any(_key_matches(pair[0], p) for p in wanted):
            continue
        key, value = pair
        if "/" in key and not value.strip("{} "):
            add(deps, *split_ref(key))
            continue
        name, version = split_ref(value.split()[0]) if value else (key, "")
        if version:
            add(deps, name, version)
        else:
            add(deps, key, value)
    return deps
