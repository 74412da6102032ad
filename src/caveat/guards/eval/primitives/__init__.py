"""Dynamic-evaluation and unsafe-deserialization primitives, as data
(reference/guard-rules.md §2).

Records, not dicts: the type checker knows every field. The guard imports this
module only once a primitive's trigger is in the text.

A language entry in ``LANGUAGES`` names its masking style (``caveat.guards.eval.mask``),
``interp``, a regex that marks a string literal as interpolated (so not a constant;
with ``interp_in_code`` the match must start outside a string, as Python's ``f``
prefix does), ``brace_def``: a call whose closing parenthesis is followed by ``{`` is a
method definition, not a call (C-like languages), and ``parens``: calls always take
parentheses, so a match without them is a reference whose arguments are unseen.

A primitive (``caveat.guards.eval.records.Primitive``):

- ``id``: stable key (findings are deduplicated on it); ``family``: CODE, DESER, SHELL,
  DLEXEC, IMPORT or TMPL; ``alternative``: the safe alternative shown to the model.
- ``triggers``: literal substrings; the pattern is tried only when one occurs in the raw
  text (lower-cased first for case-insensitive languages). This is the cheap pre-filter,
  so triggers are as specific as a real match allows (spacing such as ``os . system``,
  which no one writes, may go unseen).
- ``pattern``: regex, searched over the *code* view (comments and string contents
  blanked) or, with ``view: "text"``, over the comment-free view whose string contents
  are kept; a text-view match must start in code unless ``in_strings`` is set.
  ``name`` names the primitive, else ``template`` (``str.format`` over the named
  groups), else ``(?P<n>…)``, else the match itself with whitespace removed.
- The call's argument span is found by bracket matching from the ``(`` that ends the
  pattern or follows it; without one it runs to the end of the line (Ruby, shell).
  ``require``: regexes that must all occur in the span (string contents kept);
  ``safe``: regexes of which any exempts the call (F12 safe modes); ``sanitizer``: a
  regex of quoting calls (``escapeshellarg(...)``): with them removed, no ``$``
  variable left means the call is safe;
  ``literal_arg``: 0 (first) or -1 (last) — when that argument is a constant string the
  call is silent (F5), unless ``literal_unless`` matches the call (an unsafe loader
  named); ``argv_safe``: two or more arguments mean argv form, no shell;
  ``first_string``: fire only when the first argument is a string, a literal or one
  joined with ``+`` (implied eval, ``page.evaluate``); ``file_requires``: substrings
  of which one must occur in the file (F4: ``exec(`` counts only where
  ``child_process`` is imported);
  ``before``: a regex (or a tuple of regexes, each required) that must occur earlier in
  the same shell statement; its named groups join the match's for ``template``.
  Anchoring the pattern on a rare literal (``| sh``, ``<(``, the interpreter's name)
  and looking back for ``curl`` keeps the scan linear and fast.
- ``group``: of two primitives in one group on the same line only the first listed
  counts; ``words``: the family in words when the family's general wording does not
  fit; ``judge``: a judgment of the lines above the call that can exempt it
  (``caveat.guards.eval.judge``: ``round-trip``, ``kwargs-default``).

``PY_ALIASES`` maps (module, function) to the Python primitive it is, for names bound
by ``import … as`` and ``from … import`` (``caveat.guards.eval.aliases``).
"""

from __future__ import annotations

from caveat.guards.eval.records import Language

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.eval.records import Primitive

FAMILY_WORDS = {
    "CODE": "dynamic code evaluation",
    "DESER": "unsafe deserialization",
    "SHELL": "shell command string",
    "DLEXEC": "downloaded script executed",
    "IMPORT": "dynamic module loading",
    "TMPL": "template or expression-language injection",
    "DLINSTALL": "downloaded program installed without a checksum",
}

LANGUAGES: dict[str, Language] = {
    "python": Language(
        mask="python",
        # an f-string with a field; a triple-quoted one counts whatever it holds
        interp=r"(?<![\w])[rR]?[fF][rR]?(?:\"{3}|'{3}|\"[^\"\n]*\{(?!\{)|'[^'\n]*\{(?!\{))",
        # an ``f"`` inside another string is not a prefix: the match must start in code
        interp_in_code=True,
        parens=True,
        brace_def=False,
    ),
    "js": Language(mask="c", interp=r"\$\{", brace_def=True, parens=True),
    "ruby": Language(mask="ruby", interp=r"#\{", brace_def=False),
    "php": Language(mask="php", interp=r"\$\w|\{\$", brace_def=True, parens=True),
    "java": Language(mask="c", interp=r"\$[\w{]", brace_def=True, parens=True),
    "cs": Language(mask="c", interp="", brace_def=True, parens=True),
    "go": Language(mask="go", interp="", brace_def=False, parens=True),
    "shell": Language(mask="shell", interp=r"\$", brace_def=False),
    "powershell": Language(mask="powershell", interp=r"\$", brace_def=False, ci=True),
    "gha": Language(mask="shell", interp=r"\$", brace_def=False),
}

# Language → the module of this package that holds its table. Only the table of the
# language being scanned is built: a firing Write of one Python file builds one.
_MODULES = {
    "python": "python",
    "js": "js",
    "ruby": "ruby",
    "php": "php",
    "java": "java",
    "cs": "csharp",
    "go": "go",
    "shell": "shell",
    "powershell": "powershell",
    "gha": "gha",
}
_tables: dict[str, tuple[Primitive, ...]] = {}


def table(language: str) -> tuple[Primitive, ...]:
    """The primitives of ``language``, in order; () for a language without a table."""
    found = _tables.get(language)
    if found is None:
        module = _MODULES.get(language)
        if module is None:
            return ()
        # __import__, not importlib: it is loaded already, importlib is not.
        loaded = __import__(f"{__name__}.{module}", fromlist=("TABLE",))
        found = _tables[language] = loaded.TABLE
    return found


def tables() -> dict[str, tuple[Primitive, ...]]:
    """Every language's table (for tests and tools: it builds them all)."""
    return {language: table(language) for language in _MODULES}
