"""Names a JavaScript file binds itself, which then are not the globals of the same
name (ESLint's no-eval, no-implied-eval and no-new-func valid cases).

``function setTimeout(s) {…}``, ``class Function {}``, ``const setInterval = …``,
``var window;`` or a parameter named ``self`` make a call through that name the
file's own function, not the global that evaluates a string. The file is read as one
scope: a name bound anywhere in it counts everywhere, which errs towards silence only
for a file that both shadows a global and calls the real one. ``eval`` bound as a
parameter still counts as eval, as ESLint reports it (``function f(eval) { eval(s) }``).
"""

from __future__ import annotations

from caveat.common import rx

# The names whose global a primitive means: the callee, or the object it is read from.
WATCHED = frozenset(
    {
        "eval",
        "Function",
        "setTimeout",
        "setInterval",
        "setImmediate",
        "execScript",
        "window",
        "self",
        "global",
        "globalThis",
    }
)
# The primitives a local binding of their head name turns into the file's own call.
SHADOWABLE = frozenset(
    {
        "js.eval",
        "js.eval-bracket",
        "js.eval-indirect",
        "js.function",
        "js.implied-eval",
        "js.implied-eval-bracket",
    }
)
_NAMES = "|".join(sorted(WATCHED))
_DECLARED = rx.compile(
    r"(?<![\w$.])(?:function\s*\*?|class|var|let|const)\s+(" + _NAMES + r")(?![\w$])"
)
# A parameter list: ``function f(a, window)``, ``(self) =>``, ``window =>``.
_PARAMS = rx.compile(
    r"(?<![\w$.])function\b[^(){};]{0,100}\(([^()]{0,400})\)|\(([^()]{0,400})\)\s*=>"
)
_ARROW_ONE = rx.compile(r"(?<![\w$.])(" + _NAMES + r")\s*=>")
_HEAD = rx.compile(r"(?:new\s+)?([A-Za-z_$][\w$]*)")


def declared(code: str) -> frozenset[str]:
    """The watched names ``code`` (a code view) binds."""
    if not any(name in code for name in WATCHED):
        return frozenset()
    found = {m.group(1) for m in _DECLARED.finditer(code)}
    found.update(m.group(1) for m in _ARROW_ONE.finditer(code))
    for match in _PARAMS.finditer(code):
        for item in (match.group(1) or match.group(2) or "").split(","):
            name = item.strip().lstrip(".").split("=", 1)[0].strip()
            if name in WATCHED and name != "eval":
                found.add(name)
    return frozenset(found)


def head(matched: str) -> str:
    """The first name of a match: the object or the callee a call starts from."""
    found = _HEAD.match(matched.lstrip("( \t"))
    return found.group(1) if found else ""
