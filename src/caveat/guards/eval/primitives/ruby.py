"""Ruby's primitives."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

TABLE = (
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
