"""Dependency entries out of XML manifests (MSBuild, NuGet, Maven) and Bazel modules,
with bounded string searches so that odd input stays linear."""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add


def _attr(tag: str, names: tuple[str, ...]) -> str:
    for name in names:
        for quote in "\"'":
            start = tag.find(f"{name}={quote}")
            if start >= 0:
                start += len(name) + 2
                end = tag.find(quote, start)
                return tag[start:end] if end > 0 else ""
    return ""


def _element(block: str, name: str) -> str:
    start = block.find(f"<{name}>")
    end = block.find(f"</{name}>", start)
    return block[start + len(name) + 2 : end].strip() if start >= 0 and end > 0 else ""


def msbuild(text: str, exact: bool) -> dict[str, str]:
    """``<PackageReference Include="X" Version="1" />`` and its relatives."""
    deps: dict[str, str] = {}
    for tag in ("<PackageReference", "<PackageVersion", "<GlobalPackageReference", "<package "):
        start = text.find(tag)
        while start >= 0:
            end = text.find(">", start)
            if end < 0:
                break
            head = text[start : end + 1]
            name = _attr(head, ("Include", "Update", "id"))
            version = _attr(head, ("Version", "VersionOverride", "version"))
            if not version and not head.endswith("/>"):
                close = text.find("</", end, end + 4096)  # bounded: linear on odd input
                version = _element(text[end : close + 40], "Version") if close > 0 else ""
            if name:
                add(deps, name, version)
            start = text.find(tag, end)
    for dep in _blocks(text, "dependency"):  # .nuspec
        add(deps, _attr(dep, ("id",)), _attr(dep, ("version",)))
    return deps


def _blocks(text: str, name: str) -> list[str]:
    """``<name …>…</name>`` and ``<name …/>`` elements (not ``<names>``); searches are
    bounded so that unclosed tags cannot make the scan quadratic."""
    out: list[str] = []
    opening, closing = f"<{name}", f"</{name}>"
    next_close = -2  # the next closing tag, searched forward only once
    start = text.find(opening)
    while start >= 0 and len(out) < 20_000:
        head = text.find(">", start, start + 4096)
        if head < 0:
            break
        follow = text[start + len(opening) : start + len(opening) + 1]
        stop = -1
        if follow in (">", "/", " ", "\t", "\r", "\n"):
            if text[head - 1] == "/":
                stop = head + 1
            else:
                if next_close != -1 and next_close < head:
                    next_close = text.find(closing, head)
                stop = next_close
        if stop >= 0:
            out.append(text[start:stop])
        start = text.find(opening, max(stop, head))
    return out


def pom(text: str, exact: bool) -> dict[str, str]:
    """Maven: dependency/plugin/parent coordinates and ``*.version`` properties."""
    deps: dict[str, str] = {}
    for kind in ("dependency", "plugin", "parent", "extension"):
        for block in _blocks(text, kind):
            artifact = _element(block, "artifactId")
            if artifact:
                group = _element(block, "groupId")
                add(deps, f"{group}:{artifact}" if group else artifact, _element(block, "version"))
    props = _element(text, "properties")
    for line in props.splitlines():
        line = line.strip()
        if line.startswith("<") and ">" in line and "</" in line:
            name = line[1 : line.find(">")]
            if name.lower().endswith("version"):
                add(deps, f"${{{name}}}", _element(line, name))
    return deps


def bazel(text: str, exact: bool) -> dict[str, str]:
    """MODULE.bazel: ``bazel_dep(name = "x", version = "1")`` calls."""
    deps: dict[str, str] = {}
    start = text.find("bazel_dep(")
    while start >= 0:
        end = text.find(")", start, start + 1024)
        call = text[start : end if end > 0 else start + 1024].replace(" ", "")
        name = _attr(call, ("name",))
        if name:
            add(deps, name, _attr(call, ("version",)))
        start = text.find("bazel_dep(", start + 1)
    return deps
