"""Python's primitives, and the names they can be imported under."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

# ``loads(dumps(x))``: a copy of the program's own object, the deep-copy idiom (F10).
_ROUND_TRIP = r"^\s*(?:[\w.]+\.)?dumps?\s*\("

TABLE = (
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

# Python names a primitive can be imported under: (module, function) → primitive id.
# ``import pickle as p`` makes ``p.loads`` the primitive, ``from pickle import loads
# as l`` makes ``l(...)`` it (``caveat.guards.eval.aliases``).
ALIASES = {
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
