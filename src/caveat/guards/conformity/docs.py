"""Checks of markdown configuration: skills (``SKILL.md``), sub-agents, slash commands
and memory files (``CLAUDE.md``, ``AGENTS.md``, ``GEMINI.md``).

``SKILL.md`` limits follow the Agent Skills specification (agentskills.io): ``name``
1–64 characters of lowercase letters, digits and hyphens, no leading, trailing or
doubled hyphen, equal to the skill's folder name; ``description`` 1–1024 characters;
``compatibility`` at most 500. Sub-agents need ``name`` and ``description`` (Claude
Code's sub-agent documentation); slash-command front matter is optional, but when
present it must parse. Every function takes a ``Doc`` and returns ``(problem, fix)``
pairs.
"""

from __future__ import annotations

from caveat.guards.conformity import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.conformity.doc import Doc

    Issues = list[tuple[str, str]]

_FENCE = "wrap the front matter in '---' lines at the very top of the file"


def _front_matter(doc: Doc, required: bool) -> tuple[dict[str, object] | None, Issues]:
    """The parsed front matter, or None with the issue that stops the reading."""
    status, data, errors = doc.front_matter()
    if status == "unclosed":
        return None, [
            (
                "the front matter opened with '---' on line 1 is never closed",
                "add a closing '---' line after the last key",
            )
        ]
    if data is None:
        if required:
            return None, [
                ("there is no YAML front matter (the file must start with a '---' line)", _FENCE)
            ]
        return None, []
    if errors:
        line, message = errors[0]
        more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
        return None, [
            (
                f"the front matter would not parse: line {line}: {message}{more}",
                "fix the YAML; quote values that contain ': ' or start with a special character",
            )
        ]
    return data, []


def _text(data: dict[str, object], key: str) -> str | None:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else None


def _name_problem(name: str) -> str:
    if len(name) > rules.SKILL_NAME_MAX:
        return f"is {len(name)} characters (at most {rules.SKILL_NAME_MAX})"
    bad = sorted({c for c in name if c not in rules.NAME_CHARACTERS})
    if bad:
        shown = "".join(bad)[:10]
        return f"has characters other than lowercase letters, digits and hyphens ({shown!r})"
    if name.startswith("-") or name.endswith("-"):
        return "starts or ends with a hyphen"
    if "--" in name:
        return "contains a double hyphen"
    return ""


def _folder(doc: Doc) -> str:
    norm = doc.path.replace("\\", "/")
    parent = norm[: norm.rfind("/")]
    return parent[parent.rfind("/") + 1 :]


def skill_front_matter(doc: Doc) -> Issues:
    data, issues = _front_matter(doc, required=True)
    if data is None:
        return issues
    name = data.get("name")
    if name is None or (isinstance(name, str) and not name.strip()):
        issues.append(
            ("the front matter has no `name`", f"add `name: {_folder(doc) or 'my-skill'}`")
        )
    elif not isinstance(name, str):
        issues.append(("`name` is not a plain string", "write `name: my-skill`"))
    else:
        problem = _name_problem(name.strip())
        if problem:
            issues.append(
                (f"`name` {problem}", "use 1-64 lowercase letters, digits and single hyphens")
            )
    description = data.get("description")
    if description is None or (isinstance(description, str) and not description.strip()):
        issues.append(
            (
                "the front matter has no `description`",
                "add `description:` saying what the skill does and when to use it",
            )
        )
    elif not isinstance(description, str):
        issues.append(("`description` is not a string", "write the description as one string"))
    elif len(description.strip()) > (limit := rules.SKILL_DESCRIPTION_MAX):
        issues.append(
            (
                f"`description` is {len(description.strip())} characters (at most {limit})",
                "shorten the description; move detail into the body",
            )
        )
    compatibility = _text(data, "compatibility")
    most = rules.SKILL_COMPATIBILITY_MAX
    if compatibility is not None and len(compatibility) > most:
        issues.append(
            (
                f"`compatibility` is {len(compatibility)} characters (at most {most})",
                "shorten `compatibility`",
            )
        )
    return issues


def skill_name_matches_folder(doc: Doc) -> Issues:
    data, issues = _front_matter(doc, required=True)
    name = _text(data, "name") if data is not None else None
    folder = _folder(doc)
    if issues or not name or _name_problem(name) or not folder or name == folder:
        return []
    parent = doc.path.replace("\\", "/").rsplit("/", 1)[0]
    if doc.root and parent == doc.root.replace("\\", "/").rstrip("/"):
        return []  # a one-skill repository: its folder name is wherever it was cloned
    return [
        (
            f"`name: {name}` does not match the skill's folder `{folder}`",
            f"set `name: {folder}` or rename the folder to `{name}`",
        )
    ]


def skill_description_near_limit(doc: Doc) -> Issues:
    data, issues = _front_matter(doc, required=True)
    description = _text(data, "description") if data is not None else None
    if issues or description is None:
        return []
    size = len(description)
    limit = rules.SKILL_DESCRIPTION_MAX
    if rules.SKILL_DESCRIPTION_NEAR < size <= limit:
        return [
            (
                f"`description` is {size} characters, close to the {limit}-character limit",
                "keep it to what the skill does and when to use it; move detail into the body",
            )
        ]
    return []


def agent_front_matter(doc: Doc) -> Issues:
    data, issues = _front_matter(doc, required=True)
    if data is None:
        return issues
    for key, fix in (
        ("name", "add `name:` (lowercase letters and hyphens, unique)"),
        ("description", "add `description:` saying when to delegate to this agent"),
    ):
        value = data.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            issues.append((f"the sub-agent's front matter has no `{key}`", fix))
        elif not isinstance(value, str):
            issues.append((f"`{key}` is not a string", f"write `{key}` as one string"))
    return issues


def command_front_matter(doc: Doc) -> Issues:
    if doc.kind == "command-toml":
        value, error = doc.toml()
        if error or not isinstance(value, dict):
            return []  # config-toml-parses reports it
        prompt = value.get("prompt")
        if not isinstance(prompt, str) or not prompt.strip():
            return [
                (
                    "the command file has no `prompt` string",
                    'add prompt = """…""" with the text the command sends',
                )
            ]
        return []
    data, issues = _front_matter(doc, required=False)
    if data is None:
        return issues
    for key in ("description", "model"):
        if key in data and data[key] is not None and not isinstance(data[key], str):
            issues.append((f"`{key}` is not a string", f"write `{key}` as one string"))
    return issues


def memory_size(doc: Doc) -> Issues:
    name = doc.path.replace("\\", "/").rsplit("/", 1)[-1]
    budget = rules.MEMORY_BUDGETS.get(name)
    if budget is None:
        return []
    limit, unit, source = budget
    size = len(doc.text.encode("utf-8")) if unit == "bytes" else len(doc.text)
    if size <= limit:
        return []
    grew = ""
    if doc.before:
        old = len(doc.before.encode("utf-8")) if unit == "bytes" else len(doc.before)
        if size < old:
            return []  # the write shrinks an oversized file: the right direction
        grew = f", was {old:,}"
    return [
        (
            f"{name} would be {size:,} {unit}{grew} (budget {limit:,}, from {source})",
            "move detail into files the agent reads on demand and link to them",
        )
    ]
