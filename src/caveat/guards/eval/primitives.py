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

_SHELLS = r"(?:/usr)?(?:/local)?(?:/bin/)?(?P<s>(?:ba|z|k|da|a|fi)?sh)(?![\w.-])"
_DOWNLOAD = r"(?<![\w.-])(?P<d>curl|wget)(?![\w.-])"
_SUDO = r"(?:sudo(?:\s+-[\w-]+)*\s+)?(?:env\s+)?"
_INTERPRETERS = (
    r"(?P<s>python[0-9.]*|pypy3?|node|nodejs|perl|ruby|php|pwsh|powershell|deno|bun)(?![\w.-])"
)
# Any shell or interpreter, without a named group (for ``before`` patterns).
_ANY_SHELL = (
    r"(?:/usr)?(?:/local)?(?:/bin/)?(?:(?:ba|z|k|da|a|fi)?sh|python[0-9.]*|pypy3?|node|nodejs"
    r"|perl|ruby|php|pwsh|powershell|deno|bun)(?![\w.-])"
)
# Only options follow (or a lone ``-``): the program comes from stdin.
_STDIN_PROGRAM = r"(?=(?:[ \t]+-[\w=.-]+)*(?:[ \t]+-(?![\w-])|[ \t]*(?:$|[;&|)\n])))"
_SH_C = (
    r'"(?:/bin/|/usr/bin/)?(?:env\s+)?(?:ba|z|k|da)?sh"\s*,\s*"-c"'
    r'|"cmd(?:\.exe)?"\s*,\s*"/[cC]"'
)

# ``loads(dumps(x))``: a copy of the program's own object, the deep-copy idiom (F10).
_ROUND_TRIP = r"^\s*(?:[\w.]+\.)?dumps?\s*\("

_PYTHON = (
    Primitive(
        id="py.eval",
        family="CODE",
        triggers=("eval",),
        pattern=r"(?<![\w.])(?:builtins\.)?eval\s*\(",
        literal_arg=0,
        alternative="ast.literal_eval() for Python literals, json.loads() for data, "
        "or an explicit parser or dispatch table",
    ),
    Primitive(
        id="py.exec",
        family="CODE",
        triggers=("exec(", "exec ("),
        pattern=r"(?<![\w.])(?:builtins\.)?exec\s*\(",
        literal_arg=0,
        alternative="ordinary code: a dispatch table or functions chosen by name "
        "from an explicit mapping",
    ),
    Primitive(
        id="py.import",
        family="IMPORT",
        triggers=("__import__", "import_module"),
        pattern=r"(?<![\w.])(?:__import__|importlib\s*\.\s*import_module)\s*\(",
        # A pytest fixture's own parameter (``params=[...]``) is one of the test's
        # constants.
        safe=(r"^\s*request\s*\.\s*param\s*(?:,|$)",),
        literal_arg=0,
        alternative="an allow-list mapping accepted names to modules",
    ),
    Primitive(
        id="py.pickle",
        family="DESER",
        triggers=("pickle", "dill"),
        pattern=r"(?<![\w.])(?:cPickle|pickle|_pickle|dill|cloudpickle)\s*\.\s*"
        r"(?:loads?|Unpickler)\b",
        safe=(_ROUND_TRIP,),
        judge="round-trip",
        literal_arg=0,
        alternative="JSON, msgspec or another schema-validated format "
        "(pickle runs code while loading)",
    ),
    Primitive(
        id="py.shelve",
        family="DESER",
        triggers=("shelve",),
        pattern=r"(?<![\w.])shelve\s*\.\s*(?:open|DbfilenameShelf)\s*\(",
        alternative="sqlite3 or JSON files (shelve is pickle-backed)",
    ),
    Primitive(
        id="py.jsonpickle",
        family="DESER",
        triggers=("jsonpickle",),
        pattern=r"(?<![\w.])jsonpickle\s*\.\s*(?:unpickler\s*\.\s*)?decode\s*\(",
        literal_arg=0,
        alternative="json.loads() into plain data, then build your objects explicitly",
    ),
    Primitive(
        id="py.marshal",
        family="DESER",
        triggers=("marshal",),
        pattern=r"(?<![\w.])marshal\s*\.\s*loads?\s*\(",
        safe=(_ROUND_TRIP,),
        judge="round-trip",
        literal_arg=0,
        alternative="JSON or another data-only format",
    ),
    Primitive(
        id="py.pickle-wrapper",
        family="DESER",
        triggers=("read_pickle", "joblib"),
        pattern=r"(?<![\w.])(?:(?:pd|pandas)\s*\.\s*read_pickle|joblib\s*\.\s*load)\s*\(",
        alternative="Parquet, CSV, JSON or safetensors for data and models "
        "(these loaders unpickle)",
    ),
    Primitive(
        id="py.numpy-pickle",
        family="DESER",
        triggers=("allow_pickle",),
        pattern=r"(?<![\w.])(?:np|numpy)\s*\.\s*load\s*\(",
        require=(r"\ballow_pickle\s*=\s*True\b",),
        alternative="np.load() with the default allow_pickle=False "
        "(store object arrays in another format)",
    ),
    Primitive(
        id="py.yaml",
        family="DESER",
        triggers=("yaml.", "from yaml", "import yaml"),
        pattern=r"(?<![\w.])yaml\s*\.\s*(?:load|load_all|unsafe_load|unsafe_load_all"
        r"|full_load|full_load_all)\s*\(",
        safe=(r"\bC?(?:Safe|Base)Loader\b",),
        # Constant YAML text is the program's own, unless an unsafe loader is named
        # (PyYAML 6 refuses load() without one).
        literal_arg=0,
        literal_unless=r"\bLoader\b|\b(?:unsafe|full)_load",
        alternative="yaml.safe_load() (or Loader=yaml.SafeLoader)",
    ),
    Primitive(
        id="py.ruamel-unsafe",
        family="DESER",
        triggers=("YAML(", "YAML ("),
        pattern=r"(?<!\w)YAML\s*\(",
        require=(r"\btyp\s*=\s*\[?\s*['\"](?:unsafe|base)['\"]",),
        name="YAML(typ='unsafe')",
        alternative="ruamel YAML() (round-trip) or YAML(typ='safe')",
    ),
    Primitive(
        id="py.torch-load",
        family="DESER",
        triggers=("torch.load", "serialization.load"),
        pattern=r"(?<![\w.])torch\s*\.\s*(?:serialization\s*\.\s*)?load\s*\(",
        safe=(r"\bweights_only\s*=\s*True\b",),
        judge="kwargs-default",
        alternative="torch.load(..., weights_only=True) or safetensors "
        "(the default is only safe from torch 2.6 on)",
    ),
    Primitive(
        id="py.shell-true",
        family="SHELL",
        triggers=("shell=True", "shell = True"),
        pattern=r"\b(?:run|call|check_call|check_output|Popen)\s*\(",
        require=(r"\bshell\s*=\s*True\b",),
        literal_arg=0,
        name="subprocess shell=True",
        alternative="subprocess.run([...]) with an argument list and shell=False",
    ),
    Primitive(
        id="py.os-system",
        family="SHELL",
        triggers=("system", "popen", "getoutput", "getstatusoutput"),
        pattern=r"(?<![\w.])(?:os\s*\.\s*(?:system|popen[234]?)"
        r"|(?:subprocess|commands)\s*\.\s*get(?:status)?output)\s*\(",
        literal_arg=0,
        alternative="subprocess.run([...]) with an argument list (no shell)",
    ),
    Primitive(
        id="py.import-system",
        family="SHELL",
        triggers=("__import__",),
        view="text",
        pattern=r"(?<![\w.])__import__\s*\(\s*(?P<q>['\"])(?P<m>os|subprocess|commands|pty)"
        r"(?P=q)\s*\)\s*\.\s*(?P<f>system|popen[234]?|getoutput|getstatusoutput|spawn\w*"
        r"|exec\w*|call|run|Popen|check_output|check_call)\b",
        group="by-name",
        template='__import__("{m}").{f}',
        alternative="import the module normally and call subprocess.run([...]) with an "
        "argument list (no shell)",
    ),
    Primitive(
        id="py.getattr-system",
        family="SHELL",
        triggers=("getattr(os", "getattr(__import__"),
        view="text",
        pattern=r"(?<![\w.])getattr\s*\(\s*(?:os|__import__\s*\(\s*['\"]os['\"]\s*\))\s*,"
        r"\s*(?P<q>['\"])(?P<f>system|popen)(?P=q)\s*\)",
        group="by-name",
        template='getattr(os, "{f}")',
        alternative="import the module normally and call subprocess.run([...]) with an "
        "argument list (no shell)",
    ),
    Primitive(
        id="py.globals",
        family="CODE",
        triggers=("globals()", "locals()", "__globals__"),
        # Dispatch: the looked-up value is called, or the key comes from a request,
        # the command line or the environment. Module ``__getattr__`` lookups, tables
        # of the module's own names and ``globals()[name] = value`` are not dispatch.
        pattern=r"(?:(?<![\w.])(?:globals|locals)\s*\(\s*\)\s*(?:\[|\.\s*get\s*\()"
        r"|\.__globals__\s*\[)(?=[^\[\]()\n]{1,200}[\])]\s*\(|[^\n]{0,200}?(?<!\w)"
        r"(?:request|argv|environ|input|params|form|query)\b)",
        literal_arg=0,
        name="globals()[name]",
        words="dynamic dispatch by name",
        alternative="an explicit dict mapping allowed names to functions",
    ),
    Primitive(
        id="py.subprocess-shell",
        family="SHELL",
        triggers=("subprocess_shell",),
        pattern=r"\.subprocess_shell\s*\(",
        literal_arg=-1,
        name="loop.subprocess_shell",
        alternative="loop.subprocess_exec() with an argument list",
    ),
    Primitive(
        id="py.shell-async",
        family="SHELL",
        triggers=("create_subprocess_shell",),
        pattern=r"\bcreate_subprocess_shell\s*\(",
        literal_arg=0,
        alternative="asyncio.create_subprocess_exec() with an argument list",
    ),
    Primitive(
        id="py.paramiko-exec",
        family="SHELL",
        triggers=("exec_command",),
        pattern=r"\.exec_command\s*\(",
        literal_arg=0,
        name="exec_command",
        alternative="a fixed remote command with each argument quoted by shlex.quote()",
    ),
    Primitive(
        id="py.template-string",
        family="TMPL",
        triggers=("render_template_string",),
        pattern=r"\brender_template_string\s*\(",
        literal_arg=0,
        alternative="render_template() with a template file, passing data as variables",
    ),
    Primitive(
        # ``code.InteractiveConsole().push(src)``: the stdlib REPL runs what it is given.
        id="py.code-interact",
        family="CODE",
        triggers=("Interactive",),
        pattern=r"\.(?P<n>push|runsource|runcode)\s*\("
        r"|(?<![\w.])code\s*\.\s*(?P<c>compile_command)\s*\(",
        file_requires=("InteractiveConsole", "InteractiveInterpreter"),
        group="code-interact",
        literal_arg=0,
        template="code: {n}{c}",
        alternative="ordinary code: a dispatch table or functions chosen by name "
        "from an explicit mapping",
    ),
    Primitive(
        # A subinterpreter runs source text: ``run_string(id, src)``, ``run_in_subinterp(src)``.
        id="py.subinterpreter",
        family="CODE",
        triggers=("run_string", "run_in_subinterp"),
        pattern=r"(?<![\w.])(?:(?:_xxsubinterpreters|_?interpreters)\s*\.\s*(?P<n>run_string)"
        r"|(?:_testcapi|_testinternalcapi|support)\s*\.\s*"
        r"(?P<m>run_in_subinterp(?:_with_config)?))\s*\(",
        literal_arg=-1,
        template="{n}{m}",
        alternative="ordinary code, or a separate process given fixed source",
    ),
    Primitive(
        id="py.logging-listen",
        family="CODE",
        triggers=("config.listen", "import listen"),
        pattern=r"\blogging\s*\.\s*config\s*\.\s*listen\s*\(",
        alternative="a static logging configuration (the listener can run code)",
    ),
)

_GLOBAL = r"(?:(?:window|globalThis|global|self)\s*\??\.\s*)*"

_JS = (
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

_RUBY = (
    Primitive(
        id="rb.eval",
        family="CODE",
        triggers=("eval",),
        pattern=r"(?<![\w.:@$])(?:(?:Kernel|binding)\s*\.\s*)?eval"
        r"(?:\s*\(|[ \t]+(?=[\w@$\"'`:]))",
        literal_arg=0,
        alternative="public_send with an allow-list of method names, or a parser",
    ),
    Primitive(
        id="rb.instance-eval",
        family="CODE",
        triggers=("_eval",),
        pattern=r"(?<![\w@$])(?:instance|class|module)_eval"
        r"(?:\s*\((?!\s*&)|[ \t]+(?!do\b)(?=[\w@$\"'`:]))",
        literal_arg=0,
        alternative="the block form (class_eval do ... end) or define_method",
    ),
    Primitive(
        id="rb.marshal",
        family="DESER",
        triggers=("Marshal",),
        pattern=r"\bMarshal\s*\.\s*(?:load|restore)\b",
        safe=(r"Marshal\s*\.\s*dump",),
        alternative="JSON.parse() into plain data",
    ),
    Primitive(
        id="rb.yaml",
        family="DESER",
        triggers=("YAML.", "Psych.", "YAML::", "Psych::"),
        pattern=r"\b(?:YAML|Psych)\s*(?:\.|::)\s*(?:load|unsafe_load|load_file|unsafe_load_file"
        r"|load_stream|load_documents)\b",
        # ``safe: true`` is the safe loader; a file named by a constant path is the
        # program's own (Semgrep's bad-deserialization-yaml).
        safe=(
            r"\bsafe\s*:\s*true\b",
            r"^\s*(?:ERB\s*\.\s*new\s*\(\s*)?File\s*\.\s*read\s*\(\s*(?:[\"']|File\s*\.\s*join\b)",
        ),
        literal_arg=0,
        alternative="YAML.safe_load (with permitted_classes: only if needed)",
    ),
    Primitive(
        id="rb.json-load",
        family="DESER",
        triggers=("JSON.load", "JSON.restore"),
        pattern=r"\bJSON\s*\.\s*(?:load|restore)\b",
        alternative="JSON.parse()",
    ),
    Primitive(
        id="rb.oj-load",
        family="DESER",
        triggers=("Oj",),
        pattern=r"\bOj\s*\.\s*(?:load|object_load)\b",
        safe=(r"\bmode\s*:\s*:(?:strict|compat|null|json|rails)\b",),
        alternative="Oj.load(json, mode: :strict) or JSON.parse()",
    ),
    Primitive(
        id="rb.shell",
        family="SHELL",
        triggers=("system", "exec", "spawn", "popen", "Open3"),
        pattern=r"(?<![\w.:@$])(?:system|exec|spawn|Process\s*\.\s*(?:spawn|exec)"
        r"|IO\s*\.\s*popen|Open3\s*\.\s*(?:capture2e?|capture3|popen2e?|popen3))"
        r"(?:\s*\(|[ \t]+(?=[\w@$\"'`:]))",
        # An array or %w[] first argument is the argument-list form: no shell.
        safe=(r"^\s*(?:\[|%[wWiI]\s*[\[({<|!])",),
        argv_safe=True,
        literal_arg=0,
        alternative='the argument-list form, e.g. system("git", "log", path)',
    ),
    Primitive(
        # Each argument of a pipeline is a command: a string one goes to the shell.
        id="rb.open3-pipeline",
        family="SHELL",
        triggers=("Open3",),
        pattern=r"\bOpen3\s*\.\s*(?P<n>pipeline(?:_rw?|_w|_start)?)(?:\s*\(|[ \t]+(?=[\w@$\"'`:]))",
        safe=(r"^\s*(?:\[|%[wWiI]\s*[\[({<|!])",),
        literal_arg=0,
        template="Open3.{n}",
        alternative='array commands, e.g. Open3.pipeline(["sort", file], ["uniq"])',
    ),
    Primitive(
        # ``open("|cmd")`` (Kernel#open, IO.read and friends) runs a command through the
        # shell when the name starts with a pipe.
        id="rb.open-pipe",
        family="SHELL",
        triggers=('"|', "'|"),
        view="text",
        pattern=r"(?<![\w.:@$])(?:(?:Kernel|IO|URI)\s*(?:\.|::)\s*)?"
        r"(?:open|read|readlines|foreach|binread|write)(?:\s*\(\s*|[ \t]+)"
        r"(?:(?:Kernel\s*(?:\.|::)\s*)?(?:sprintf|format)\s*\(\s*)?(?P<q>[\"'])\|",
        # A constant command (``open("|date")``) is the program's own.
        require=(r"#\{|%|\+",),
        name='open("|command")',
        alternative="Open3.capture2 with an argument list, or File.open for a file",
    ),
    Primitive(
        id="rb.backticks",
        family="SHELL",
        triggers=("`", "%x"),
        view="text",
        pattern=r"`[^`\n]{0,400}?#\{|%x[({\[|!][^\n]{0,400}?#\{",
        name="backticks with interpolation",
        alternative="Open3.capture2 with an argument list",
    ),
)

_PHP = (
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

_JAVA = (
    Primitive(
        id="java.object-input-stream",
        family="DESER",
        triggers=("ObjectInputStream",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>ObjectInputStream)\s*\(",
        alternative="JSON with typed binding, or an ObjectInputFilter allow-list",
    ),
    Primitive(
        id="java.xml-decoder",
        family="DESER",
        triggers=("XMLDecoder",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>XMLDecoder)\s*\(",
        literal_arg=0,
        alternative="a data-only parser (JAXB, Jackson) bound to concrete types",
    ),
    Primitive(
        id="java.snakeyaml",
        family="DESER",
        triggers=("Yaml",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>Yaml)\s*\(",
        # SafeConstructor, or a Constructor bound to one root class.
        safe=(r"\bSafeConstructor\b", r"\bnew\s+Constructor\s*\(\s*[\w.]"),
        name="new Yaml()",
        alternative="new Yaml(new SafeConstructor(new LoaderOptions()))",
    ),
    Primitive(
        id="java.jackson-typing",
        family="DESER",
        triggers=("DefaultTyping", "LaissezFaire", "JsonTypeInfo"),
        pattern=r"\b(?:enableDefaultTyping(?:AsProperty)?\s*\(|LaissezFaireSubTypeValidator\b"
        r"|JsonTypeInfo\s*\.\s*Id\s*\.\s*(?:CLASS|MINIMAL_CLASS)\b)",
        alternative="concrete target types, or a PolymorphicTypeValidator allow-list",
    ),
    Primitive(
        id="java.script-engine",
        family="CODE",
        triggers=("eval",),
        pattern=r"\.eval\s*\(",
        file_requires=("ScriptEngine",),
        literal_arg=0,
        name="ScriptEngine.eval",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.groovy-shell",
        family="CODE",
        triggers=("GroovyShell", "GroovyClassLoader"),
        pattern=r"\.(?P<n>evaluate|parse|parseClass)\s*\(",
        file_requires=("GroovyShell", "GroovyClassLoader"),
        literal_arg=0,
        template="GroovyShell.{n}",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.groovy-eval",
        family="CODE",
        triggers=("Eval.",),
        pattern=r"(?<![\w.])Eval\s*\.\s*(?P<n>me|x|xy|xyz)\s*\(",
        literal_arg=-1,
        template="Eval.{n}",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.spel",
        family="TMPL",
        triggers=("parseExpression",),
        pattern=r"\.parseExpression\s*\(",
        literal_arg=0,
        name="parseExpression",
        alternative="a constant expression evaluated with SimpleEvaluationContext",
    ),
    Primitive(
        # Unified EL: an expression built from outside text runs with the page's beans.
        id="java.el",
        family="TMPL",
        triggers=("createValueExpression", "createMethodExpression"),
        pattern=r"\.(?P<n>createValueExpression|createMethodExpression)\s*\(",
        # the expression is the second argument
        require=(r"^[^,()]*,\s*(?![\"\s])",),
        template="{n}",
        alternative="a constant expression; pass outside values in as variables",
    ),
    Primitive(
        # Bean Validation message templates are EL.
        id="java.el-template",
        family="TMPL",
        triggers=("ConstraintViolationWithTemplate",),
        pattern=r"\.buildConstraintViolationWithTemplate\s*\(",
        literal_arg=0,
        name="buildConstraintViolationWithTemplate",
        alternative="a constant message template; pass outside values as message parameters",
    ),
    Primitive(
        id="java.ognl",
        family="TMPL",
        triggers=("ognl", "Ognl"),
        pattern=r"\.(?P<n>getGetMethod|getSetMethod|getField|getValue|setValue|setProperties"
        r"|setProperty|translateVariables|callMethod|findValue|parseExpression|evaluate)\s*\(",
        file_requires=("ognl", "Ognl"),
        literal_arg=0,
        template="OGNL {n}",
        alternative="a constant OGNL expression, or plain getters and setters",
    ),
    Primitive(
        # Scala sys.process: ``Seq("sh", "-c", cmd).!`` runs a shell script.
        id="java.scala-shell",
        family="SHELL",
        triggers=("sys.process",),
        # run on the same line: ``.!``, ``.!!``, ``.lazyLines``, ``.run``
        pattern=r"(?<![\w.])(?:Seq|List|Process)\s*\("
        r"(?=[^\n]*\)\s*\.?\s*(?:!|lazyLines|lineStream|run\b))",
        file_requires=("sys.process",),
        require=(_SH_C,),
        literal_arg=-1,
        name='Seq(shell, "-c", ...)',
        alternative="Seq(program, arg1, ...) without a shell",
    ),
    Primitive(
        # A string run as a command line (``cmd.!``, ``cmd !!``, ``cmd.lazyLines``).
        id="java.scala-string-run",
        family="SHELL",
        triggers=("sys.process",),
        pattern=r"(?<=\w)(?:\s*\.\s*(?:!!?|lazyLines(?:_!)?|lineStream(?:_!)?)(?![\w!=])"
        r"|[ \t]+!!?(?=[ \t]*(?:$|[)};\n])))",
        file_requires=("sys.process",),
        name="command string .!",
        alternative="Seq(program, arg1, ...).! with each argument its own element",
    ),
    Primitive(
        id="java.runtime-exec",
        family="SHELL",
        triggers=("getRuntime",),
        pattern=r"\b(?:Runtime\s*\.\s*getRuntime\s*\(\s*\)|\w+)\s*\.\s*exec\s*\(",
        file_requires=("getRuntime",),
        group="runtime-exec",
        safe=(
            r'^\s*(?:new\s+String\s*\[\s*\]\s*\{|(?:arrayOf|listOf)\s*\()\s*"'
            r'(?!(?:/bin/|/usr/bin/)?(?:ba|z|k|da)?sh"|cmd(?:\.exe)?")',
        ),
        literal_arg=0,
        name="Runtime.exec",
        alternative='new ProcessBuilder(List.of("cmd", arg1, ...)) without a shell',
    ),
    Primitive(
        id="java.runtime-exec-shell",
        family="SHELL",
        triggers=("getRuntime",),
        pattern=r"\b(?:Runtime\s*\.\s*getRuntime\s*\(\s*\)|\w+)\s*\.\s*exec\s*\(",
        file_requires=("getRuntime",),
        group="runtime-exec",
        require=(_SH_C,),
        literal_arg=-1,
        name="Runtime.exec",
        alternative='new ProcessBuilder(List.of("cmd", arg1, ...)) without a shell',
    ),
    Primitive(
        # A native library named by a formatted string: whoever shapes the name
        # chooses the code loaded (Semgrep's formatted-runtime-call).
        id="java.load-library",
        family="CODE",
        triggers=("loadLibrary",),
        pattern=r"\.\s*loadLibrary\s*\(",
        require=(r"\bString\s*\.\s*format\s*\(|\+|\$\{?\w",),
        name="loadLibrary(formatted name)",
        words="native code loaded by a computed name",
        alternative="a constant library name, or an allow-list of names",
    ),
    Primitive(
        id="java.process-builder-shell",
        family="SHELL",
        triggers=("ProcessBuilder",),
        pattern=r"(?<![\w.])(?:new\s+)?ProcessBuilder\s*\(|\.command\s*\(",
        file_requires=("ProcessBuilder",),
        require=(_SH_C,),
        literal_arg=-1,
        name='ProcessBuilder(shell, "-c", ...)',
        alternative="ProcessBuilder with the program and its arguments, no sh -c",
    ),
)

_CSHARP = (
    Primitive(
        id="cs.formatter",
        family="DESER",
        triggers=("Formatter", "NetDataContractSerializer"),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>BinaryFormatter|SoapFormatter|LosFormatter"
        r"|ObjectStateFormatter|NetDataContractSerializer)\s*\(",
        alternative="System.Text.Json or DataContractSerializer with known types",
    ),
    Primitive(
        id="cs.type-name-handling",
        family="DESER",
        triggers=("TypeNameHandling",),
        pattern=r"\bTypeNameHandling\s*\.\s*(?:All|Auto|Objects|Arrays)\b",
        alternative="TypeNameHandling.None (the default) with concrete types",
    ),
    Primitive(
        id="cs.javascript-serializer",
        family="DESER",
        triggers=("JavaScriptSerializer",),
        # Its only argument is a type resolver: any resolver lets the data name types.
        pattern=r"\bnew\s+JavaScriptSerializer\s*\((?=\s*[^\s)])",
        name="JavaScriptSerializer(type resolver)",
        alternative="new JavaScriptSerializer() without a type resolver, or System.Text.Json",
    ),
    Primitive(
        id="cs.fspickler",
        family="DESER",
        triggers=("FsPickler",),
        pattern=r"\bFsPickler\s*\.\s*Create(?:Json|Binary|Xml|Bson)Serializer\s*\(",
        name="FsPickler",
        alternative="System.Text.Json with concrete types",
    ),
    Primitive(
        id="cs.fastjson",
        family="DESER",
        triggers=("BadListTypeChecking",),
        pattern=r"\bJSON\s*\.\s*ToObject\b",
        require=(r"\bBadListTypeChecking\s*=\s*false\b",),
        name="JSON.ToObject (BadListTypeChecking = false)",
        alternative="fastJSON with BadListTypeChecking left on, or System.Text.Json",
    ),
    Primitive(
        id="cs.typefilter-full",
        family="DESER",
        triggers=("TypeFilterLevel",),
        pattern=r"\bTypeFilterLevel\s*\.\s*Full\b",
        alternative="TypeFilterLevel.Low (the default) for .NET Remoting",
    ),
    Primitive(
        id="cs.process-shell",
        family="SHELL",
        triggers=("Process.Start", "ProcessStartInfo"),
        pattern=r"(?:\bProcess\s*\.\s*Start|\bnew\s+ProcessStartInfo)\s*\(",
        require=(
            r'"(?:cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|(?:/bin/)?(?:ba)?sh)"'
            r'\s*,\s*\$?@?"(?:/[cC]|-[cC](?:ommand)?)\b',
        ),
        literal_arg=-1,
        name="Process.Start(shell, command)",
        alternative="ProcessStartInfo with FileName set to the program and "
        "ArgumentList for each argument",
    ),
)

_GO = (
    Primitive(
        id="go.exec-shell",
        family="SHELL",
        triggers=("exec.Command",),
        pattern=r"\bexec\s*\.\s*Command(?:Context)?\s*\(",
        require=(_SH_C,),
        literal_arg=-1,
        name='exec.Command(shell, "-c", ...)',
        alternative="exec.Command(program, arg1, arg2) without a shell",
    ),
    Primitive(
        id="go.js-vm",
        family="CODE",
        triggers=("otto", "goja"),
        pattern=r"\.(?:Run|RunString|RunScript)\s*\(",
        file_requires=("robertkrimen/otto", "dop251/goja"),
        literal_arg=0,
        name="vm.Run (embedded JavaScript)",
        alternative="a fixed script, with outside values passed in",
    ),
)

_SHELL = (
    Primitive(
        id="sh.pipe-shell",
        family="DLEXEC",
        triggers=("curl", "wget"),
        # Anchored on the literal ``|`` (a fast search), then the download looked up
        # earlier in the statement: linear on long pipelines.
        pattern=r"\|(?<!\|\|)(?!\|)\s*" + _SUDO + _SHELLS,
        before=_DOWNLOAD,
        template="{d} | {s}",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        # An interpreter reads its program from stdin when it gets no script, or ``-``:
        # ``curl … | python3 -``. With ``-c``/``-e``/``-m`` or a script file the pipe
        # is data (``curl … | python3 -m json.tool``).
        id="sh.pipe-interpreter",
        family="DLEXEC",
        triggers=("curl", "wget"),
        # Anchored on the interpreter's name (rarer than ``|``); the pipe and the
        # download are looked up before it.
        pattern=_INTERPRETERS + _STDIN_PROGRAM,
        before=(_DOWNLOAD, r"\|(?<!\|\|)\s*" + _SUDO + r"(?:/usr)?(?:/local)?(?:/bin/)?$"),
        template="{d} | {s}",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        id="sh.process-substitution",
        family="DLEXEC",
        triggers=("curl", "wget"),
        pattern=r"<\(\s*(?P<d>curl|wget)(?![\w.-])",
        before=r"(?<![\w.-])(?P<e>(?:sudo\s+)?" + _ANY_SHELL + r"|source|\.)\s+$",
        template="{e} <({d} ...)",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        id="sh.eval-download",
        family="DLEXEC",
        triggers=("curl", "wget"),
        view="text",
        in_strings=True,
        pattern=r"(?:\$\(|`)\s*(?P<d>curl|wget)(?![\w.-])",
        before=r"(?<![\w.-])(?P<e>eval|" + _ANY_SHELL + r"\s+-[a-z]*[ce])\s+[\"']?$",
        template='{e} "$({d} ...)"',
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        # ``sh -c "$CMD"``: the whole script is a variable's value. Anchored on the
        # option (a fast literal search); the shell is looked up just before it.
        id="sh.shell-c-variable",
        family="SHELL",
        triggers=("sh -",),
        view="text",
        pattern=r"-[a-zA-Z]*c[ \t]+(?P<v>\"\$\{?[\w@*#?]+\}?\"|\$\{?[\w@*#?]+\}?)(?=[\s;&|)]|$)",
        before=r"(?<![\w.$/-])" + _SHELLS + r"(?:[ \t]+-[a-zA-Z]+)*[ \t]+$",
        template="{s} -c {v}",
        alternative='run the command directly with its arguments ("$@", an array) '
        "instead of a script held in a variable",
    ),
    Primitive(
        id="sh.iex-download",
        family="DLEXEC",
        triggers=("iex", "Invoke-Expression", "invoke-expression"),
        view="text",
        in_strings=True,
        pattern=r"(?i:(?<![\w-])(?:iwr|irm|invoke-webrequest|invoke-restmethod"
        r"|\.downloadstring)(?![\w-])[^\n;]{0,400}?\|\s*(?:iex|invoke-expression)(?![\w-])"
        r"|(?<![\w$-])(?:iex|invoke-expression)[\s(]{0,8}(?:iwr|irm|invoke-webrequest"
        r"|invoke-restmethod|new-object\s+(?:system\.)?net\.webclient)(?![\w-]))",
        before=r"(?i:(?<![\w-])(?:pwsh|powershell)(?:\.exe)?(?![\w-]))",
        name="iex (downloaded script)",
        alternative="save the script to a file, verify its signature or hash, then run it",
    ),
    Primitive(
        # ``eval "$cmd"``, ``eval $@``: the shell parses a value as code. Command
        # substitutions are left out (``eval "$(ssh-agent -s)"``, ``eval "$(pyenv init -)"``
        # run a local tool's own setup output), and so is getopt's quoted output
        # (``eval set -- "$OPTS"``). Make's ``$(eval ...)`` is not the shell's.
        id="sh.eval-variable",
        family="SHELL",
        triggers=("eval",),
        view="text",
        pattern=r"(?<![\w.$/-])(?<!\$\()eval(?=[ \t]+[^\s#;&|])",
        # an expansion before the statement ends; ``\$`` and ``$$`` are stepped over
        require=(r"^(?:[^$;&|\n\\]|\\[\s\S]|\$\([^()\n]*\)|\$\$)*\$(?:[{@*#?!0-9]|[A-Za-z_])",),
        safe=(r"^\s+set\s+--\s",),
        name="eval of expanded text",
        alternative='run the command directly with its arguments ("$@", an array); '
        "never eval a value",
    ),
    Primitive(
        # ``curl -L <release> -o /usr/local/bin/tool``: a program installed as downloaded,
        # with no sha256sum/shasum/gpg/cosign check in the same command.
        id="sh.download-install",
        family="DLINSTALL",
        triggers=("curl", "wget"),
        view="text",
        # Anchored on the output option naming a bin folder (rare), the download looked
        # up earlier in the same command; the checksum is looked for by ``judge``.
        pattern=r"(?<![\w-])(?:-[a-zA-Z]*[oO][ \t]*|--output(?:-document)?[= \t]+)['\"]?"
        r"(?P<p>(?:/usr(?:/local)?|/opt(?:/[\w.-]+)*)?/s?bin/[\w.+-]+)",
        before=_DOWNLOAD,
        judge="checksum",
        template="{d} into {p}",
        alternative="download to a temporary file, check it against the checksum the "
        "project publishes (sha256sum -c), then install it",
    ),
)

_POWERSHELL = (
    Primitive(
        id="ps.iex-download",
        family="DLEXEC",
        triggers=("iex", "invoke-expression"),
        pattern=r"(?:(?<![\w-])(?:iwr|irm|curl|wget|invoke-webrequest|invoke-restmethod)"
        r"(?![\w-])|\.downloadstring\s*\()[^\n;]{0,400}?\|\s*(?:iex|invoke-expression)"
        r"(?![\w-])|(?<![\w$-])(?:iex|invoke-expression)[\s(]{0,8}(?:iwr|irm"
        r"|invoke-webrequest|invoke-restmethod|new-object\s+(?:system\.)?net\.webclient)"
        r"(?![\w-])",
        group="iex",
        name="iex (downloaded script)",
        alternative="save the script to a file, verify its signature or hash "
        "(Get-AuthenticodeSignature, Get-FileHash), then run it",
    ),
    Primitive(
        id="ps.invoke-expression",
        family="CODE",
        triggers=("iex", "invoke-expression"),
        pattern=r"(?<![\w$-])(?:iex|invoke-expression)(?![\w-])",
        group="iex",
        literal_arg=0,
        name="Invoke-Expression",
        alternative="call the command directly (& $command @arguments)",
    ),
)

# Contexts an attacker can write (GitHub's script-injection guidance and actionlint's
# untrusted inputs): everything else in ``github.*`` (event_name, sha, run ids, URLs
# of the repository's own artifacts) is set by GitHub or the repository.
_UNTRUSTED = (
    r"github\.head_ref"
    r"|github\.event\.(?:"
    r"(?:issue|pull_request|discussion)\.(?:title|body)"
    r"|(?:comment|review|review_comment)\.body"
    r"|pull_request\.head\.(?:ref|label|repo\.default_branch)"
    r"|pages(?:\.\*|\[\d+\])\.page_name"
    r"|commits(?:\.\*|\[\d+\]|\.[\w-]+)\.(?:message|author\.(?:email|name))"
    r"|head_commit\.(?:message|author\.(?:email|name))"
    r")"
)

_GHA = (
    Primitive(
        id="gha.expression-injection",
        family="SHELL",
        triggers=("github.event", "github.head_ref"),
        view="text",
        in_strings=True,
        # contains()/startsWith()/endsWith() give a boolean: nothing is spliced.
        pattern=r"\$\{\{(?:(?!\}\}|(?i:contains|startswith|endswith)\s*\()[^\n]){0,300}?"
        r"(?<![\w.])(?P<n>" + _UNTRUSTED + r")(?![\w-])",
        words="untrusted workflow input spliced into a script",
        alternative="pass the value through env: (e.g. TITLE: ${{ github.event.issue.title "
        '}}) and use "$TITLE" in the script',
    ),
)

PRIMITIVES = {
    "python": _PYTHON,
    "js": _JS,
    "ruby": _RUBY,
    "php": _PHP,
    "java": _JAVA,
    "cs": _CSHARP,
    "go": _GO,
    "shell": _SHELL,
    "powershell": _POWERSHELL,
    "gha": _GHA + _SHELL,
}

# Python names a primitive can be imported under: (module, function) → primitive id.
# ``import pickle as p`` makes ``p.loads`` the primitive, ``from pickle import loads
# as l`` makes ``l(...)`` it (``caveat.guards.eval.aliases``).
PY_ALIASES = {
    **{
        (module, name): "py.pickle"
        for module in ("pickle", "cPickle", "_pickle", "dill", "cloudpickle")
        for name in ("load", "loads", "Unpickler")
    },
    ("marshal", "load"): "py.marshal",
    ("marshal", "loads"): "py.marshal",
    ("shelve", "open"): "py.shelve",
    ("jsonpickle", "decode"): "py.jsonpickle",
    ("yaml", "load"): "py.yaml",
    ("yaml", "load_all"): "py.yaml",
    ("yaml", "unsafe_load"): "py.yaml",
    ("yaml", "unsafe_load_all"): "py.yaml",
    ("yaml", "full_load"): "py.yaml",
    ("os", "system"): "py.os-system",
    ("os", "popen"): "py.os-system",
    ("subprocess", "getoutput"): "py.os-system",
    ("subprocess", "getstatusoutput"): "py.os-system",
    ("importlib", "import_module"): "py.import",
    ("logging.config", "listen"): "py.logging-listen",
    ("torch", "load"): "py.torch-load",
    ("joblib", "load"): "py.pickle-wrapper",
    ("pandas", "read_pickle"): "py.pickle-wrapper",
}
