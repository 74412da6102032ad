"""A name the file binds once, to a constant string, is that constant.

``code = "print(1)"`` then ``exec(code)``: what runs is fixed in the file, as if the
string were written in the call. The name counts as constant only when nothing else in
the file could rebind it: it is assigned exactly once, before the call, to a string
with no interpolation, and it never appears where a name is bound (a parameter list, a
loop or ``with``/``except``/``catch`` target, an ``as`` clause, a destructuring, a
Ruby block's ``|…|``). One file, one scope: any doubt leaves the call unsafe.

Read on the code view (strings blanked, quotes kept), so a literal is its quotes
around blanks, and on the plain view for what the literal holds.
"""

from __future__ import annotations

from caveat.common import rx

# A string literal (blank inside) ending its statement: optional prefix, quotes.
_STRING = r"""\s*(?:[rRbBuU]{0,2})("{3}|'{3}|"|')[ \t\n]*\1\s*(?:;|$|\n)"""
_INTERPOLATED = ("${", "#{", "{$", "$")
_NAME = r"([A-Za-z_$][\w$]*)"
# ``name = …`` / ``name := …`` / ``name: str = …`` / ``name += …``, not ``==``, not an
# attribute (``self.name``) and not part of a longer name.
_ASSIGNED = rf"(?<![\w$.]){_NAME}\s*(?::\s*[\w.\[\], ]{{1,40}}\s*)?(?::=|[-+*/%.|&^]?=)(?!=)"
# Where a name is bound other than by assignment; group 1 is the name, or the text
# that holds it (``_holds`` then looks for it as a word).
_BOUND_NAMES = (
    rf"\bas\s+{_NAME}",
    rf"(?<![\w$.]){_NAME}\s*,[^\n=]*=(?!=)",  # name, other = …
    rf",\s*{_NAME}\s*=(?!=)",  # other, name = …
    rf"(?<![\w$.]){_NAME}\s*\)?\s*=>",  # an arrow's parameter
)
_BINDING_TEXTS = (
    r"(?m)^([^\n]*\b(?:def|function|func|fn|sub|lambda|for|foreach|catch|except|with)\b"
    r"[^\n]*)",
    r"\|([^|\n]*)\|",  # a Ruby block's parameters
)


_WORD = r"[A-Za-z_$][\w$]*"


class _Bindings:
    """Every assignment in one code view, and the names found where a name is bound
    otherwise: read once per text, however many calls in it are judged."""

    __slots__ = ("assigned", "bound", "code")

    def __init__(self, code: str) -> None:
        self.code = code
        self.assigned: dict[str, list[int]] = {}
        for m in rx.finditer(_ASSIGNED, code):
            self.assigned.setdefault(m.group(1), []).append(m.end())
        self.bound = {m.group(1) for p in _BOUND_NAMES for m in rx.finditer(p, code)}
        for p in _BINDING_TEXTS:
            for m in rx.finditer(p, code):
                self.bound.update(w.group() for w in rx.finditer(_WORD, m.group(1)))


_last: list[_Bindings] = []


def _bindings(code: str) -> _Bindings:
    if not _last or _last[0].code is not code:
        _last[:] = [_Bindings(code)]
    return _last[0]


def constant(code: str, plain: str, start: int, name: str) -> bool:
    """``name`` (an argument of the call at ``start``) is bound by the file once, before
    the call, to a constant string."""
    bindings = _bindings(code)
    ends = bindings.assigned.get(name, ())
    if len(ends) != 1 or ends[0] > start or name in bindings.bound:
        return False
    value = rx.compile(_STRING).match(code, ends[0])
    if value is None:
        return False
    literal = plain[ends[0] : value.end()]
    # "$x", "#{x}" and "${x}" are filled in at run time
    return not ('"' in literal and any(mark in literal for mark in _INTERPOLATED))


def named(which: int, code: str, plain: str, start: int, arg: str) -> bool:
    """The argument that ``literal_arg`` (``which``) names, in the call at ``start``, is
    a name bound once to a constant string."""
    # A name is short and holds no bracket, so only the argument list's end is read.
    part = arg[:256] if which == 0 else arg[-256:]
    comma = part.find(",") if which == 0 else part.rfind(",")
    if comma < 0 and len(arg) > len(part):
        return False
    name = (part[:comma] if which == 0 and comma >= 0 else part[comma + 1 :]).strip()
    if not name.replace("$", "_").isidentifier() or not _assigned_before(code, name, start):
        return False
    return constant(code, plain, start, name)


def _assigned_before(code: str, name: str, start: int) -> bool:
    """``name =`` (or ``:=``, ``: type =``) occurs before ``start``: string searches that
    spare most calls the regular expressions below. The first such offset is kept per text, so a
    file of a million such calls reads it once per name."""
    if _assigned_in[0] is not code:
        _assigned_in[0] = code
        _assigned_at.clear()
    found = _assigned_at.get(name)
    if found is None:
        found = -1
        at = code.find(name)
        while at >= 0:
            rest = code[at + len(name) : at + len(name) + 48].lstrip(" \t")
            if rest[:1] == ":" or (rest[:1] == "=" and rest[1:2] != "="):
                found = at
                break
            at = code.find(name, at + 1)
        _assigned_at[name] = found
    return 0 <= found < start


_assigned_in = [""]  # the text _assigned_at is about
_assigned_at: dict[str, int] = {}
