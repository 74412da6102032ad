"""Find the primitives of one language in one text (imported only after the pre-filter).

``scan(text, language, ids)`` returns ``Hit`` records (primitive id, line, name,
line text) in text order. Work is bounded so that multi-megabyte or adversarial
input stays linear: every regex is free of nested or ambiguous quantifiers, at most
``MAX_HITS`` hits of a primitive are kept per text (counted after judging, so that
harmless matches never crowd out a real one), an argument span is at most
``MAX_SPAN`` characters, and bracket matching steps over closing brackets only.
"""

from __future__ import annotations

from caveat.common import rx
from caveat.guards.eval.literal import matches
from caveat.guards.eval.mask import mask
from caveat.guards.eval.primitives import LANGUAGES
from caveat.guards.eval.primitives import table
from caveat.guards.eval.records import Hit
from caveat.guards.eval.records import Language

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterable

    from caveat.guards.eval.records import Primitive

MAX_HITS = 500
# A text up to this size is scanned whole; a larger one in windows around its triggers
# (``caveat.guards.eval.windows``).
WHOLE = 512 * 1024
MAX_SPAN = 64 * 1024
MAX_LINE_SPAN = 4 * 1024
_DEFINERS = ("def", "function", "func", "fn", "sub")
_LITERAL = r"""(?:\s|\+|[rRbBuUfF@]{1,2}(?=["'`])|"[^"]*"|'[^']*'|`[^`]*`)*"""
_STATEMENT_START = r"(?<!\\)\n|;|&&|\|\|"
_BEFORE = 2048
_compiled: dict[str, re.Pattern[str]] = {}


def _rx(source: str) -> re.Pattern[str]:
    """Compiled on first use: most scans need few of these, and compiling costs more
    than the scan itself on a short text."""
    found = _compiled.get(source)
    if found is None:
        found = _compiled[source] = rx.compile(source)
    return found


def primitives(language: str) -> tuple[Primitive, ...]:
    return table(language)


def present(text: str, words: Iterable[str]) -> set[str]:
    """The ``words`` that occur in ``text``, each searched once, shortest first: a word
    that holds an absent one (``read_pickle`` holds ``pickle``) is absent unsearched."""
    found: set[str] = set()
    absent: list[str] = []
    for word in sorted(set(words), key=len):
        if any(a in word for a in absent):
            continue
        if word in text:
            found.add(word)
        else:
            absent.append(word)
    return found


def triggered(language: str, text: str) -> list[str]:
    """Ids of the primitives whose trigger occurs in ``text``."""
    if language in LANGUAGES and LANGUAGES[language].ci:
        text = text.lower()
    prims = primitives(language)
    found = present(text, (t for p in prims for t in p.triggers))
    return [p.id for p in prims if any(t in found for t in p.triggers)]


def _close(code: str, open_at: int, budget: list[int]) -> int:
    """Index of the ``)`` closing the ``(`` at ``open_at``, or -1 (unclosed within
    ``MAX_SPAN``, or the shared step budget is spent)."""
    limit = min(len(code), open_at + MAX_SPAN)
    depth = 1
    pos = open_at + 1
    while budget[0] > 0:
        budget[0] -= 1
        nxt = code.find(")", pos, limit)
        if nxt < 0:
            return -1
        depth += code.count("(", pos, nxt) - 1
        if depth <= 0:
            return nxt
        pos = nxt + 1
    return -1


def _span(code: str, end: int, budget: list[int]) -> tuple[int, int]:
    """The argument span after a match ending at ``end``: inside the call's brackets
    when a ``(`` ends or follows the match, else the rest of the line."""
    open_at = end - 1 if end and code[end - 1] == "(" else -1
    if open_at < 0:
        probe = end
        while probe < len(code) and code[probe] in " \t":
            probe += 1
        if probe < len(code) and code[probe] == "(":
            open_at = probe
    if open_at >= 0:
        close = _close(code, open_at, budget)
        if close >= 0:
            return open_at + 1, close
        end = open_at + 1
    limit = min(len(code), end + MAX_LINE_SPAN)
    stop = code.find("\n", end, limit)
    return end, limit if stop < 0 else stop


def _top_level_comma(arg: str) -> int:
    """Offset of the first comma outside brackets in a code-view span, or -1."""
    depth = 0
    for m in rx.finditer(r"[,()\[\]{}]", arg):
        ch = m.group()
        if ch == "," and depth == 0:
            return m.start()
        depth += 1 if ch in "([{" else -1
        if depth < 0:
            return -1
    return -1


def _first_is_literal(arg: str) -> bool:
    """The first argument of a code-view span is a constant string (or empty)."""
    head = arg.lstrip()
    opens = head[:1] in ("+", '"', "'", "`") or (
        head[:1] in "rRbBuUfF@" and any(q in head[1:3] for q in "\"'`")
    )
    if head and not opens:  # no string opens it: no regex needed
        return head[0] in ",;|]" or head.startswith(("&&", "if ", "unless "))
    end = _rx(_LITERAL).match(arg)
    stop = end.end() if end is not None else 0
    rest = arg[stop:].lstrip()
    return not rest or rest[0] in ",;|]" or rest.startswith(("&&", "if ", "unless "))


def _first_is_string(arg: str) -> bool:
    """The first argument of a code-view span is a string: a literal, or an expression
    joining one with ``+`` (not a function)."""
    comma = _top_level_comma(arg)
    first = (arg if comma < 0 else arg[:comma]).strip()
    if first[:1] in ("'", '"', "`"):
        return True
    return "+" in first and any(q in first for q in "'\"`") and "=>" not in first


def _last_is_literal(arg: str) -> bool:
    """The last argument of a code-view span is a constant string (strings are blank
    inside, so each opening quote is the previous quote of the same kind)."""
    rest = arg.rstrip()
    seen = False
    while rest and rest[-1] in "\"'`":
        start = rest.rfind(rest[-1], 0, len(rest) - 1)
        if start < 0:
            return False
        seen = True
        rest = rest[:start].rstrip("rRbBuU@").rstrip(" \t\n+")
    return seen and (not rest or rest[-1] in "(,")


def _literal(
    prim: Primitive, code_arg: str, plain_arg: str, interp: str, in_code: bool = False
) -> bool:
    """The argument that ``literal_arg`` names is a constant (F5: silent)."""
    which = prim.literal_arg
    if which is None:
        return False
    # Each language's ``interp`` needs one of these characters (the f prefix, ``$``).
    if interp and not any(c in plain_arg for c in "fF$#"):
        interp = ""
    for found in rx.finditer(interp, plain_arg) if interp else ():
        if not in_code or code_arg[found.start()] != " ":
            return False
    if which == 0:
        return _first_is_literal(code_arg)
    return _last_is_literal(code_arg) or (not code_arg.strip())


def _defines(code: str, start: int) -> bool:
    """A definition keyword (``def``, ``function`` …) and blanks stand just before
    ``start``: the match names a function being defined, not a call (string tests,
    where a regex would cost its compiling on every firing run)."""
    before = code[max(0, start - 12) : start]
    word = before.rstrip()
    if len(word) == len(before):
        return False
    for name in _DEFINERS:
        if word.endswith(name):
            at = len(word) - len(name)
            if at > 0:
                return not (before[at - 1].isalnum() or before[at - 1] in "_$")
            return start == len(before)  # the keyword opens the text
    return False


def _judge(
    prim: Primitive,
    lang: Language,
    views: tuple[str, str],
    at: tuple[int, int],
    budget: list[int],
) -> bool:
    """Whether a match at ``at`` (start, end) is a real, unsafe use."""
    code, plain = views
    start, end = at
    if _defines(code, start):
        return False
    lo, hi = _span(code, end, budget)
    code_arg, plain_arg = code[lo:hi], plain[lo:hi]
    after = code[hi + 1 : hi + 64].lstrip(" \t\n") if code[hi : hi + 1] == ")" else ""
    if lang.brace_def and after.startswith("{"):
        return False  # a method definition such as ``eval(x) {``
    if not all(rx.search(r, plain_arg) for r in prim.require):
        return False
    if any(rx.search(r, plain_arg) for r in prim.safe):
        return False
    if prim.sanitizer and "$" not in rx.sub(prim.sanitizer, "", plain_arg):
        return False  # every variable passes through the sanitizer
    if prim.first_string and not _first_is_string(code_arg):
        return False
    if prim.argv_safe and _top_level_comma(code_arg) >= 0:
        return False
    if lang.parens and code[lo - 1 : lo] != "(":
        return True  # a reference (``map(pickle.loads, xs)``): its arguments are unseen
    unless = prim.literal_unless
    if unless and rx.search(unless, plain[start:end] + " " + plain_arg):
        return True  # no constant exempts this form
    if _literal(prim, code_arg, plain_arg, lang.interp, lang.interp_in_code):
        return False
    if prim.literal_arg is not None and _named_constant(
        prim.literal_arg, code, plain, at, code_arg
    ):
        return False
    return not (prim.judge and _exempt(prim.judge, plain, start, plain_arg))


def _named_constant(which: int, code: str, plain: str, at: tuple[int, int], arg: str) -> bool:
    from caveat.guards.eval.constants import named

    return named(which, code, plain, at[0], arg)


def _exempt(kind: str, plain: str, start: int, arg: str) -> bool:
    """The lines above the call make it safe (``caveat.guards.eval.judge``)."""
    from caveat.guards.eval.judge import exempt

    return exempt(kind, plain, start, arg)


def _before(prim: Primitive, code: str, start: int) -> dict[str, str] | None:
    """Named groups of the ``before`` regex (or of each of a tuple of them) found
    earlier in the statement that holds ``start`` (None: one is not found); ``{}``
    when the primitive has no ``before``."""
    patterns = prim.before
    if not patterns:
        return {}
    window = code[max(0, start - _BEFORE) : start]
    cuts = [m.end() for m in _rx(_STATEMENT_START).finditer(window)]
    statement = window[cuts[-1] if cuts else 0 :]
    groups: dict[str, str] = {}
    for pattern in patterns:
        found = None
        for hit in _rx(pattern).finditer(statement):
            found = hit  # the nearest one names the primitive
        if found is None:
            return None
        groups.update({k: v or "" for k, v in found.groupdict().items()})
    return groups


def _name(prim: Primitive, match: re.Match[str], extra: dict[str, str]) -> str:
    template = prim.template
    if template:
        groups = {**extra, **{k: v or "" for k, v in match.groupdict().items()}}
        return template.format_map({k: " ".join(v.split()) for k, v in groups.items()})
    if prim.name:
        return prim.name
    named = match.groupdict().get("n")
    if named:
        return named
    spaced = " ".join(match.group().split())
    return spaced.replace(" .", ".").replace(". ", ".").rstrip("( ")


def views(text: str, language: str) -> tuple[str, str]:
    """The (code, plain) views of ``text``, workflow files reduced to their scripts."""
    lang = LANGUAGES.get(language)
    if language == "gha":
        from caveat.guards.eval.workflow import workflow_scripts

        text = mask(text, "yaml")[0]
        text = workflow_scripts(text)
    return mask(text, lang.mask if lang else "")


MAX_ROW = 1024


def _row(text: str, start: int) -> str:
    """The stripped line of ``text`` that holds offset ``start`` (its first
    ``MAX_ROW`` characters: a 16 MB one-line command is not copied whole)."""
    begin = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", start, begin + MAX_ROW)
    return text[begin : stop if stop >= 0 else begin + MAX_ROW].strip()


def scan(
    text: str,
    language: str,
    ids: list[str],
    out: list[Hit] | None = None,
    first: bool = False,
    aliases: list[Primitive] | None = None,
) -> list[Hit]:
    """Every unsafe use, in ``text``, of the primitives named by ``ids``, in line order.

    Hits are appended to ``out`` as they are found, so that a caller whose deadline
    interrupts the scan still has them; ``first`` stops each primitive at its first
    hit (a command names each primitive once). ``aliases``: the Python import aliases
    of the whole file, when ``text`` is a window of it (else read from ``text``)."""
    hits: list[Hit] = [] if out is None else out
    lang = LANGUAGES.get(language)
    wanted = set(ids)
    chosen = [p for p in primitives(language) if p.id in wanted]
    if not chosen or not text or lang is None:
        return hits
    code, plain = views(text, language)
    if aliases is not None:
        chosen.extend(aliases)
    elif language == "python" and "import" in code and (" as " in code or "from " in code):
        from caveat.guards.eval.aliases import expand

        chosen.extend(expand(code, wanted))
    flags = rx.IGNORECASE if lang.ci else 0
    budget = [1 << 18]  # closing brackets stepped over, shared by all matches
    own: frozenset[str] = frozenset()
    if language == "js":
        from caveat.guards.eval import bindings

        if any(p.id in bindings.SHADOWABLE for p in chosen):
            own = bindings.declared(code)
    claimed: set[tuple[str, int]] = set()
    lowered: dict[bool, str] = {}  # the views lower-cased, for a case-insensitive language
    for prim in chosen:
        needs = prim.file_requires
        if needs and not any(n in plain for n in needs):
            continue
        on_text = prim.view == "text"
        view = plain if on_text else code
        hay = None
        if flags:
            hay = lowered.get(on_text)
            if hay is None:
                hay = lowered[on_text] = view.lower()
        line, last, judged = 0, 0, 0
        for match in matches(prim.pattern, view, flags, hay):
            if judged >= MAX_HITS:
                break  # counted after judging: harmless matches never use the cap up
            start = match.start()
            if on_text and not prim.in_strings and code[start] != plain[start]:
                continue  # starts inside a string
            if own and prim.id in bindings.SHADOWABLE and bindings.head(match.group()) in own:
                continue  # the file's own binding of that name, not the global
            extra = _before(prim, code, start)
            if extra is None or not _judge(prim, lang, (code, plain), match.span(), budget):
                continue
            name = _name(prim, match, extra)
            line += code.count("\n", last, start)
            last = start
            group = prim.group
            if group:
                if (group, line) in claimed:
                    continue
                claimed.add((group, line))
            hits.append(Hit(prim.id, line + 1, name, _row(text, start)))
            judged += 1
            if first:
                break
    hits.sort(key=lambda hit: hit.line)
    return hits
