"""JavaScript's and TypeScript's primitives (ESLint's no-eval, no-implied-eval and
no-new-func among them)."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

_GLOBAL = r"(?:(?:window|globalThis|global|self)\s*\??\.\s*)*"

TABLE = (
    Primitive(
        id="js.eval",
        family="CODE",
        triggers=("eval",),
        pattern=r"(?<![\w.$])" + _GLOBAL + r"eval\s*(?:\?\.\s*)?\(",
        group="js-eval",
        literal_arg=0,
        alternative="JSON.parse() for data, or a lookup such as obj[key]",
    ),
    Primitive(
        id="js.eval-bracket",
        family="CODE",
        triggers=("eval",),
        view="text",
        pattern=r"(?<![\w.$])" + _GLOBAL + r"(?:window|globalThis|global|self)\s*(?:\?\.)?\s*"
        r"\[\s*(?P<q>['\"`])eval(?P=q)\s*\]\s*\)?\s*\(",
        group="js-eval",
        literal_arg=0,
        name="eval",
        alternative="JSON.parse() for data, or a lookup such as obj[key]",
    ),
    Primitive(
        # ``const run = eval; run(src)``, ``(0, eval)(src)``: eval as a value is an
        # indirect eval whose argument cannot be seen here (ESLint no-eval).
        id="js.eval-indirect",
        family="CODE",
        triggers=("eval",),
        pattern=r"(?<![\w.$])" + _GLOBAL + r"eval(?![\w$])(?=\s*(?:[;,)\]]|\n|$))",
        group="js-eval",
        name="eval (indirect)",
        alternative="JSON.parse() for data, or a lookup such as obj[key]",
    ),
    Primitive(
        # ESLint no-new-func: the Function constructor is eval, whatever its arguments.
        id="js.function",
        family="CODE",
        triggers=(
            "Function(",
            "Function (",
            "Function.call",
            "Function.apply",
            "Function.bind",
            "Function?.",
        ),
        pattern=r"(?<![\w.$])(?:new\s+)?" + _GLOBAL + r"Function\s*"
        r"(?:\??\.\s*(?:call|apply|bind)\s*)?\(",
        name="new Function",
        alternative="an ordinary function or closure",
    ),
    Primitive(
        # ESLint no-implied-eval: a string given to a timer is evaluated, constant or not.
        id="js.implied-eval",
        family="CODE",
        triggers=("setTimeout", "setInterval", "setImmediate", "execScript"),
        pattern=r"(?<![\w.$])" + _GLOBAL + r"(?:setTimeout|setInterval|setImmediate|execScript)"
        r"\s*\)?\s*\(",
        group="implied-eval",
        first_string=True,
        alternative="pass a function, e.g. setTimeout(() => f(x), ms)",
    ),
    Primitive(
        id="js.implied-eval-bracket",
        family="CODE",
        triggers=("setTimeout", "setInterval", "setImmediate", "execScript"),
        view="text",
        pattern=r"(?<![\w.$])" + _GLOBAL + r"(?:window|globalThis|global|self)\s*(?:\?\.)?\s*"
        r"\[\s*(?P<q>['\"`])(?P<n>setTimeout|setInterval|setImmediate|execScript)(?P=q)\s*\]"
        r"\s*\)?\s*\(",
        group="implied-eval",
        first_string=True,
        alternative="pass a function, e.g. setTimeout(() => f(x), ms)",
    ),
    Primitive(
        id="js.vm",
        family="CODE",
        triggers=("vm.",),
        pattern=r"(?<![\w.$])(?:vm\s*\.\s*(?:runInContext|runInNewContext|runInThisContext"
        r"|compileFunction)|new\s+vm\s*\.\s*Script)\s*\(",
        literal_arg=0,
        alternative="plain functions; for untrusted code, a separate process or isolated-vm "
        "(node:vm is not a security boundary)",
    ),
    Primitive(
        id="js.child-exec",
        family="SHELL",
        triggers=("exec",),
        pattern=r"(?<![\w.$])(?:(?:child_process|childProcess|cp)\s*\.\s*)?"
        r"exec(?:Sync)?\s*\(",
        file_requires=("child_process",),
        literal_arg=0,
        alternative="execFile() or spawn() with an argument array (no shell)",
    ),
    Primitive(
        id="js.spawn-shell",
        family="SHELL",
        triggers=("shell:", "shell :"),
        pattern=r"(?<![\w.$])(?:(?:child_process|childProcess|cp)\s*\.\s*)?"
        r"(?:spawn|spawnSync|execFile|execFileSync|execa|execaSync)\s*\(",
        require=(r"\bshell\s*:\s*(?!false\b|undefined\b|null\b|0\b)[\w'\"`!]",),
        name="spawn {shell: true}",
        alternative="spawn()/execFile() with an argument array and {shell: false}",
    ),
    Primitive(
        # vm2 and the ``sandbox`` package run source text: ``new VM().run(src)``,
        # ``new VMScript(src)``, ``new Sandbox().run(src, cb)`` (neither is a boundary).
        id="js.sandbox-run",
        family="CODE",
        triggers=("vm2", "sandbox"),
        pattern=r"\.\s*run\s*\(|(?<![\w.$])new\s+(?P<n>VMScript)\s*\(",
        # the package imported, not a word: an iframe's 'sandbox' attribute is no sandbox
        file_requires=tuple(
            f"{verb}{q}{name}{q}"
            for verb in ("require(", "from ", "import(")
            for q in "'\""
            for name in ("vm2", "sandbox")
        ),
        literal_arg=0,
        name="vm2/sandbox run",
        alternative="plain functions; for untrusted code, a separate process or isolated-vm",
    ),
    Primitive(
        id="js.shelljs-exec",
        family="SHELL",
        triggers=("shelljs",),
        pattern=r"(?<![\w$])(?:shell|shelljs|sh)\s*\.\s*exec\s*\(",
        file_requires=("shelljs",),
        literal_arg=0,
        name="shelljs exec",
        alternative="execFile() or spawn() with an argument array (no shell)",
    ),
    Primitive(
        id="js.require",
        family="IMPORT",
        triggers=("require(", "require ("),
        pattern=r"(?<![\w.$])require\s*\(",
        literal_arg=0,
        name="require(non-literal)",
        alternative="static imports, or an allow-list mapping names to modules",
    ),
    Primitive(
        id="js.import",
        family="IMPORT",
        triggers=("import(", "import ("),
        pattern=r"(?<![\w.$])import\s*\(",
        literal_arg=0,
        name="import(non-literal)",
        alternative="static imports, or an allow-list mapping names to modules",
    ),
    Primitive(
        id="js.node-serialize",
        family="DESER",
        triggers=("serialize",),
        pattern=r"\b(?:unserialize|deserialize)\s*\(",
        file_requires=("node-serialize", "serialize-to-js"),
        alternative="JSON.parse() (node-serialize runs functions embedded in the data)",
    ),
    Primitive(
        id="js.page-evaluate",
        family="CODE",
        triggers=("evaluate", "addInitScript"),
        pattern=r"\.(?:evaluate|evaluateHandle|evaluateOnNewDocument|addInitScript)\s*\(",
        first_string=True,
        literal_arg=0,
        group="page-evaluate",
        name="page.evaluate(string)",
        alternative="pass a function and its arguments: page.evaluate((x) => ..., x)",
    ),
    Primitive(
        # In a browser-automation file any evaluated value that is not a function
        # literal or a constant string is code from elsewhere (Semgrep's rules).
        id="js.page-evaluate-value",
        family="CODE",
        triggers=("evaluate", "addInitScript"),
        pattern=r"\.(?:evaluate|evaluateHandle|evaluateOnNewDocument|addInitScript)\s*\(",
        file_requires=("puppeteer", "playwright"),
        safe=(r"^\s*(?:async\b|function\b|\([^()]*\)\s*=>|[\w$]+\s*=>|\{|\)|$)",),
        literal_arg=0,
        group="page-evaluate",
        name="page.evaluate(code)",
        alternative="pass a function and its arguments: page.evaluate((x) => ..., x)",
    ),
)
