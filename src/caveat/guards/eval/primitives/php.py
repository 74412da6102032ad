"""PHP's primitives."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

TABLE = (
    Primitive(
        id="php.eval",
        family="CODE",
        triggers=("eval",),
        pattern=r"(?<![\w$>:\\])eval\s*\(",
        literal_arg=0,
        alternative="explicit code paths or a lookup table",
    ),
    Primitive(
        id="php.create-function",
        family="CODE",
        triggers=("create_function",),
        pattern=r"(?<![\w$>:\\])create_function\s*\(",
        literal_arg=-1,
        alternative="an anonymous function (function () { ... } or fn() => ...)",
    ),
    Primitive(
        id="php.unserialize",
        family="DESER",
        triggers=("unserialize",),
        pattern=r"(?<![\w$>:\\])unserialize\s*\(",
        safe=(r"['\"]allowed_classes['\"]\s*=>\s*(?:false\b|\[)",),
        literal_arg=0,
        alternative="json_decode(), or unserialize($s, ['allowed_classes' => false])",
    ),
    Primitive(
        id="php.shell",
        family="SHELL",
        triggers=("exec", "passthru", "proc_open", "popen", "system"),
        pattern=r"(?<![\w$>:\\])(?:exec|passthru|proc_open|popen|shell_exec|system"
        r"|pcntl_exec)\s*\(",
        safe=(r"^\s*\[",),
        # Every variable passed through escapeshellarg()/escapeshellcmd(): quoted.
        sanitizer=r"\bescapeshell(?:arg|cmd)\s*\((?:[^()]|\([^()]*\))*\)",
        literal_arg=0,
        alternative="proc_open() with an argument array, or escapeshellarg() on every argument",
    ),
    Primitive(
        # ``assert($code)``: PHP before 8 evaluates a string given to assert.
        id="php.assert",
        family="CODE",
        triggers=("assert",),
        pattern=r"(?<![\w$>:\\])assert\s*\((?=\s*\$\w+\s*\))",
        name="assert(string)",
        alternative="assert() of a boolean expression, never of a string",
    ),
    Primitive(
        # The ``e`` modifier evaluates the replacement as PHP code.
        id="php.eval-modifier",
        family="CODE",
        triggers=("_replace",),
        view="text",
        pattern=r"(?<![\w$>:\\])(?:preg_replace\s*\(\s*(?P<q>['\"])(?P<d>[^\w\s\\])"
        r"[^\n]{0,300}?(?P=d)[a-zA-Z]*e[a-zA-Z]*(?P=q)"
        r"|mb_(?:ereg|eregi)_replace\s*\((?:[^,;()]{0,200},){3}\s*(?:\$|['\"][a-zA-Z]*e))",
        name="replace with the e modifier",
        alternative="preg_replace_callback() with a function",
    ),
    Primitive(
        id="php.backticks",
        family="SHELL",
        triggers=("`",),
        view="text",
        pattern=r"`[^`\n]{0,400}?\$",
        name="backtick operator",
        alternative="proc_open() with an argument array",
    ),
    Primitive(
        id="php.include-input",
        family="CODE",
        triggers=("include", "require"),
        pattern=r"(?<![\w$>:])(?:include|require)(?:_once)?\b[^;\n]{0,200}?"
        r"\$_(?:GET|POST|REQUEST|COOKIE|FILES|SERVER)\b",
        name="include of request data",
        alternative="an allow-list mapping request values to fixed file paths",
    ),
)
