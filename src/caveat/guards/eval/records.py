"""The eval guard's records: a primitive, a language's scanning rules, and a hit.

Hand-written immutable records, like ``caveat.event``'s: ``typing.NamedTuple`` would
cost the firing path more than the scan of a small file (``typing`` alone takes
about 3 ms to import). The meaning of each field is in ``caveat.guards.eval.primitives``.
"""

from __future__ import annotations

from caveat.event import Record

_set = object.__setattr__


class Primitive(Record):
    """One dynamic-evaluation or unsafe-deserialization primitive."""

    __slots__ = (
        "alternative", "argv_safe", "before", "family", "file_requires", "first_string",
        "group", "id", "in_strings", "judge", "literal_arg", "literal_unless", "name",
        "pattern", "require", "safe", "sanitizer", "template", "triggers", "view", "words",
    )  # fmt: skip

    id: str
    family: str
    triggers: tuple[str, ...]
    pattern: str
    alternative: str
    literal_arg: int | None
    name: str
    template: str
    view: str
    in_strings: bool
    require: tuple[str, ...]
    safe: tuple[str, ...]
    sanitizer: str
    literal_unless: str
    argv_safe: bool
    first_string: bool
    file_requires: tuple[str, ...]
    before: tuple[str, ...]
    group: str
    words: str
    judge: str

    def __init__(
        self,
        id: str,
        family: str,
        triggers: tuple[str, ...],
        pattern: str,
        alternative: str,
        literal_arg: int | None = None,
        name: str = "",
        template: str = "",
        view: str = "code",
        in_strings: bool = False,
        require: tuple[str, ...] = (),
        safe: tuple[str, ...] = (),
        sanitizer: str = "",
        literal_unless: str = "",
        argv_safe: bool = False,
        first_string: bool = False,
        file_requires: tuple[str, ...] = (),
        before: str | tuple[str, ...] = (),
        group: str = "",
        words: str = "",
        judge: str = "",
    ) -> None:
        for field, value in (
            ("id", id), ("family", family), ("triggers", triggers), ("pattern", pattern),
            ("alternative", alternative), ("literal_arg", literal_arg), ("name", name),
            ("template", template), ("view", view), ("in_strings", in_strings),
            ("require", require), ("safe", safe), ("sanitizer", sanitizer),
            ("literal_unless", literal_unless), ("argv_safe", argv_safe),
            ("first_string", first_string), ("file_requires", file_requires),
            ("before", (before,) if isinstance(before, str) else before),
            ("group", group), ("words", words), ("judge", judge),
        ):  # fmt: skip
            _set(self, field, value)


class Language(Record):
    """How a language's text is masked and what makes a string literal not constant."""

    __slots__ = ("brace_def", "ci", "interp", "interp_in_code", "mask", "parens")

    mask: str
    interp: str
    brace_def: bool
    parens: bool
    interp_in_code: bool
    ci: bool

    def __init__(
        self,
        mask: str,
        interp: str,
        brace_def: bool = False,
        parens: bool = False,
        interp_in_code: bool = False,
        ci: bool = False,
    ) -> None:
        for field, value in (
            ("mask", mask), ("interp", interp), ("brace_def", brace_def),
            ("parens", parens), ("interp_in_code", interp_in_code), ("ci", ci),
        ):  # fmt: skip
            _set(self, field, value)


class Hit(Record):
    """A primitive found at a line: its id, the line number, its name as shown, and
    the line's text (to tell an old use from a new one)."""

    __slots__ = ("line", "name", "pid", "text")

    pid: str
    line: int
    name: str
    text: str

    def __init__(self, pid: str, line: int, name: str, text: str) -> None:
        _set(self, "pid", pid)
        _set(self, "line", line)
        _set(self, "name", name)
        _set(self, "text", text)
