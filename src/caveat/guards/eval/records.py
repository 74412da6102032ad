"""The eval guard's records: a primitive, a language's scanning rules, and a hit.

Hand-written immutable records, like ``caveat.event``'s: ``typing.NamedTuple`` would
cost the firing path more than the scan of a small file (``typing`` alone takes
about 3 ms to import). The meaning of each field is in ``caveat.guards.eval.primitives``.
"""

from __future__ import annotations

from _operator import itemgetter

from caveat.event import Record

TYPE_CHECKING = False

_set = object.__setattr__


class Primitive(tuple):  # type: ignore[type-arg]
    """One dynamic-evaluation or unsafe-deserialization primitive.

    A tuple with named fields, as ``namedtuple`` makes them: a language's table builds
    a few dozen of these on every firing call, and one tuple costs a twentieth of a
    record whose fields are set one by one."""

    __slots__ = ()

    if TYPE_CHECKING:
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

    def __new__(
        cls,
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
    ) -> Primitive:
        return tuple.__new__(cls, (
            id, family, triggers, pattern, alternative, literal_arg, name, template, view,
            in_strings, require, safe, sanitizer, literal_unless, argv_safe, first_string,
            file_requires, (before,) if isinstance(before, str) else before, group, words,
            judge,
        ))  # fmt: skip

    def replace(self, **changes: object) -> Primitive:
        """A copy with some fields changed."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise TypeError(f"unknown fields {sorted(unknown)}")
        values = (changes.get(f, v) for f, v in zip(_FIELDS, self, strict=True))
        return tuple.__new__(type(self), values)

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={v!r}" for f, v in zip(_FIELDS, self, strict=True))
        return f"Primitive({inner})"


# The fields, in order: the constructor's parameters.
_FIELDS = Primitive.__new__.__code__.co_varnames[1 : Primitive.__new__.__code__.co_argcount]

if not TYPE_CHECKING:
    for _index, _field in enumerate(_FIELDS):
        setattr(Primitive, _field, property(itemgetter(_index), doc=_field))
    del _index, _field


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


class Unread:
    """Where a scan stopped: the offset and line (1-based) of the first character not
    read, in a text of ``size`` characters and ``lines`` lines."""

    __slots__ = ("line", "lines", "offset", "size")

    def __init__(self, offset: int, line: int, size: int, lines: int) -> None:
        self.offset = offset
        self.line = line
        self.size = size
        self.lines = lines

    def words(self) -> str:
        """``lines 1,201–80,000`` (or characters, for one long line)."""
        if self.lines > 1:
            return f"lines {self.line:,}–{self.lines:,}"
        return f"characters {self.offset + 1:,}–{self.size:,}"
